"""The little markdown that tool texts carry (bold, code, "- " items), as HTML, for the places that show
HTML rather than markdown (a card drawn into the chat, a hint in an HTML block): there a ``**`` reached
the person as it was (issue 28). Everything else is escaped. No UI framework import."""

from __future__ import annotations

import html
import re

_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")
_CODE = re.compile(r"`([^`]+)`")
_ITEM = re.compile(r"^\s*[-*]\s+")


def inline_html(text: str) -> str:
    """One line: escaped, with ``**bold**`` / ``__bold__`` as <b> and ```code``` as <code>."""
    out = html.escape(text, quote=False)
    out = _CODE.sub(lambda m: f"<code>{m.group(1)}</code>", out)
    return _BOLD.sub(lambda m: f"<b>{m.group(1) or m.group(2)}</b>", out)


def lines_html(text: str) -> str:
    """Several lines: runs of ``- item`` lines become one list, other lines one block each."""
    parts: list[str] = []
    items: list[str] = []
    for line in text.splitlines():
        if _ITEM.match(line):
            items.append(f"<li>{inline_html(_ITEM.sub('', line, count=1))}</li>")
            continue
        if items:
            parts.append(f"<ul>{''.join(items)}</ul>")
            items = []
        if line.strip():
            parts.append(f"<div>{inline_html(line.strip())}</div>")
    if items:
        parts.append(f"<ul>{''.join(items)}</ul>")
    return "".join(parts)


_CODE_SPANS = re.compile(r"(```.*?```|`[^`\n]*`)", re.S)
_LONE_TILDE = re.compile(r"(?<![~\\])~(?!~)")


def literal_tildes(text: str) -> str:
    """Markdown renderers with GitHub's extensions (Streamlit's) strike through text between two single ``~``: a
    date range "07-27~10-30" came out struck through. A lone ``~`` is escaped; ``~~strike~~`` (the english tutor's
    corrections) and code spans are kept as they are."""
    if "~" not in text:
        return text
    parts = _CODE_SPANS.split(text)
    return "".join(part if i % 2 else _LONE_TILDE.sub(r"\\~", part) for i, part in enumerate(parts))
