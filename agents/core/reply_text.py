"""A turn's reply as one text. A turn may write more than one block of text ("이번 주 성과를 분석해봤습니다.",
a tool call, then the summary); each block is its own stored message, but a consumer that reads the reply
as one stream (Streamlit's live bubble, the seed's SSE client, an eval's reply, the Lab's trace) must not
glue "...봤습니다." to "최근 7일...". ``Joiner`` says what to add before each text delta; ``joined`` gives the
whole reply."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from agents.core.events import Event

BREAK = "\n\n"  # a paragraph break in markdown
_NOT_A_BREAK = frozenset({"thinking", "intent"})  # progress, not content: the same block goes on


class Joiner:
    """Feed it every event of a stream in order; ``text`` is a text delta's content as the joined reply
    shows it (with a paragraph break in front when it opens a new block after earlier text)."""

    def __init__(self) -> None:
        self._said = False  # some text was written already
        self._broken = False  # a non-text event came since

    def text(self, kind: str, content: str) -> str:
        if kind != "text_delta":
            if kind not in _NOT_A_BREAK:
                self._broken = self._said
            return ""
        if not content:
            return ""
        if self._broken and content.strip():
            self._broken = False
            return BREAK + content.lstrip()
        if content.strip():
            self._said = True
        return content

    def feed(self, event: Event) -> str:
        return self.text(event.type, getattr(event, "content", "") or "")


def joined(events: Iterable[Event | Mapping[str, object]]) -> str:
    """The reply of these events (objects or their dumped dicts) as one text."""
    joiner, parts = Joiner(), []
    for event in events:
        if isinstance(event, Mapping):
            parts.append(joiner.text(str(event.get("type") or ""), str(event.get("content") or "")))
        else:
            parts.append(joiner.feed(event))
    return "".join(parts)
