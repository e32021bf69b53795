"""The notes agent's view model, neutral (no UI framework): its board card as HTML and the pinned panel's
text, which both front ends show."""

from __future__ import annotations

import html
from typing import Any

from agents.view.render import CardView
from agents.view.texts import Lang, t


def board_html(card: CardView) -> str:
    """``notes_board``: one sticky note per note, pinned ones marked, #tags under the text."""
    notes: list[dict[str, Any]] = card.data.get("notes") or []
    if not notes:
        return '<div class="pg-notes-board pg-notes-empty">🗒️ No notes yet.</div>'
    items = []
    for note in notes:
        tags = "".join(f'<span class="pg-note-tag">#{html.escape(str(tag))}</span>' for tag in note.get("tags") or [])
        pin = "📌 " if note.get("pinned") else ""
        items.append(f'<li class="pg-note{" pg-note-pinned" if note.get("pinned") else ""}">{pin}'
                     f'{html.escape(str(note.get("text", "")))}{tags}</li>')
    return f'<ul class="pg-notes-board">{"".join(items)}</ul>'


def pinned_text(pinned: list[str], lang: Lang) -> str:
    """The workspace panel: the pinned notes, as markdown (each note's text escaped)."""
    if not pinned:
        return f"📌 **{t('notes_pinned', lang)}** · {t('notes_none_pinned', lang)}"
    lines = "\n".join(f"- {html.escape(text)}" for text in pinned)
    return f"📌 **{t('notes_pinned', lang)}** · {len(pinned)}\n\n{lines}"
