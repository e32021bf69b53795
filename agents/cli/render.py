"""The CLI's readable mode, drawn with ``rich``: the reply as markdown, cards as tables and
tiles, tool steps as one dim line each, a confirmation as a panel with the command to run."""

from __future__ import annotations

import json
from typing import TextIO

from rich.console import Console, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.table import Table

from agents.core.cards import CardJson
from agents.core.events import Event
from agents.view.registry import card_ui


class ReadableRenderer:
    """Feed it events; text deltas are gathered and printed as markdown when the text block ends."""

    def __init__(self, out: TextIO, width: int | None = None) -> None:
        self.console = Console(file=out, width=width or 100, soft_wrap=False, highlight=False,
                               emoji=False, force_terminal=None)
        self.text: list[str] = []

    def flush_text(self) -> None:
        text = "".join(self.text).strip()
        self.text = []
        if text:
            self.console.print(Markdown(text))

    def __call__(self, event: Event) -> None:
        if event.type == "text_delta":
            self.text.append(event.content)
            return
        if event.type == "thinking":
            return  # progress is for live UIs; the terminal prints the result
        self.flush_text()
        c = self.console
        match event.type:
            case "intent":
                c.print(f"🧭 {event.name} ({event.confidence:.0%}) "
                        f"{json.dumps(event.args, ensure_ascii=False) if event.args else ''}", markup=False, style="dim")
            case "tool_call":
                c.print(f"🛠 {event.name} {json.dumps(event.args, ensure_ascii=False)} · {event.status}", markup=False,
                        style="dim")
            case "tool_result":
                first = (event.summary.strip().splitlines() or [""])[0].lstrip("# ")[:120]
                c.print(f"  {'✓' if event.ok else '✗'} {first}", markup=False, style="dim")
            case "data_card":
                c.print(card_renderable(event.card_type, event.title, event.data))
            case "action_confirmation":
                body = "\n".join(f"{d.label}: {d.value}{' (changed)' if d.changed else ''}" for d in event.details)
                body += "".join(f"\n! {w}" for w in event.warnings)
                body += f"\n\nconfirm: playground actions confirm {event.action_id}"
                c.print(f"[confirm?] {event.summary}  (action {event.action_id}, expires {event.expires_at:%H:%M} UTC)",
                        markup=False)
                c.print(Panel(body, border_style="yellow"))
            case "action_result":
                c.print(f"{'✅' if event.ok else '❌'} {event.message}", markup=False)
            case "ui_action":
                c.print(f"[ui] {event.action_id} {json.dumps(event.params, ensure_ascii=False)} risk={event.risk}",
                        markup=False)
            case "clarification":
                pass  # the question itself arrives as text; its options follow as suggestions
            case "suggested_questions":
                c.print("[suggested] " + " | ".join(event.questions), markup=False, style="cyan")
            case "alert":
                c.print(f"[alert {event.severity}] {event.title}: {event.message}", markup=False)
            case "done":
                c.print(f"[done] {event.provider}/{event.model} {event.latency_ms:.0f} ms, "
                        f"{event.usage.input_tokens}+{event.usage.output_tokens} tokens", markup=False, style="dim")
            case "error":
                c.print(f"[error {event.code}] {event.message}", markup=False, style="red")

    def close(self) -> None:
        self.flush_text()


def card_renderable(card_type: str, title: str, data: CardJson) -> RenderableType:
    """A card as rich renderables: the card's agent's own drawing (``AgentSpec.ui.cards``), else tiles and
    rows as tables, else its text."""
    own = card_ui(card_type).cli
    if own is not None:
        drawn: RenderableType = own(title, {**data})
        return drawn
    table = Table(title=f"{title}", title_justify="left", show_lines=False, expand=False)
    tiles, columns, rows = data.get("tiles"), data.get("columns"), data.get("rows")
    if tiles and isinstance(tiles, list):
        shown = [tile for tile in tiles if isinstance(tile, dict)]
        for tile in shown:
            table.add_column(str(tile["label"]))
        table.add_row(*[f"{t['value']} {t.get('delta') or ''}".strip() for t in shown])
        return table
    if columns and isinstance(columns, list) and isinstance(rows, list):
        for column in columns:
            table.add_column(str(column))
        for row in rows:
            table.add_row(*["" if v is None else str(v) for v in (row if isinstance(row, list) else [row])])
        return table
    body = data.get("markdown") or data.get("message") or ""
    return Panel(Markdown(str(body)) if body else "", title=title, title_align="left")
