"""A reply's mention of the workspace ("작업 공간", "the workspace") as a link to it.

Replies name the workspace rather than a side (the right-hand one), which a phone does not have; the link makes the mention
actionable. Every front end links to the same fragment: the Gradio page scrolls its tab's workspace column into
view on a click (``pages/gradio/page.js``), the Streamlit page puts an anchor of that id at the top of its
workspace panel. Code spans, links and HTML tags are left as they are.
"""

from __future__ import annotations

import html
import re
from typing import Literal

ANCHOR = "pg-workspace"
LINK_CLASS = "pg-workspace-link"

_MENTION = re.compile(r"작업\s?공간|\b[Ww]orkspace\b")
# what is never rewritten: a code span or block, a markdown link (its text and target), an HTML tag
_KEEP = re.compile(r"```.*?```|`[^`\n]*`|\[[^\]\n]*\]\([^)\n]*\)|<[^>\n]*>", re.S)


def link_workspace(text: str, markup: Literal["markdown", "html"] = "markdown") -> str:
    """``text`` with each mention of the workspace as a link to it: a markdown link, or an ``<a>`` for text
    that sits inside an HTML block (where markdown is not read)."""
    if not text or not _MENTION.search(text):
        return text

    def link(match: re.Match[str]) -> str:
        words = match.group()
        if markup == "html":
            return f'<a href="#{ANCHOR}" class="{LINK_CLASS}">{html.escape(words)}</a>'
        return f"[{words}](#{ANCHOR})"

    out, at = [], 0
    for kept in _KEEP.finditer(text):
        out.append(_MENTION.sub(link, text[at:kept.start()]))
        out.append(kept.group())
        at = kept.end()
    out.append(_MENTION.sub(link, text[at:]))
    return "".join(out)
