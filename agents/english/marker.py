"""The session marker (seed §3): a ``system`` message whose text is ``SYSTEM_ARTICLE:`` + the analysis JSON.

Its presence in the conversation means the session has its article, so News and Analysis are not
called again. It is stored in the conversation (role ``system``, never shown as a bubble), streamed
first as the ``article`` card, and held by stateless clients in their ``history``."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from agents.core.errors import InvalidArgs
from agents.english.models import ArticleMarker, ChatMessage

PREFIX = "SYSTEM_ARTICLE:"


class BadMarker(InvalidArgs):
    code = "invalid_marker"

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def encode(marker: ArticleMarker) -> str:
    return PREFIX + marker.model_dump_json(exclude_none=True)


def decode(text: str, where: str = "marker") -> ArticleMarker:
    if not text.startswith(PREFIX):
        raise BadMarker(f"{where} does not start with {PREFIX!r}.", where)
    try:
        return ArticleMarker.model_validate_json(text[len(PREFIX):])
    except ValidationError as exc:
        first = exc.errors()[0]
        place = ".".join(str(p) for p in first.get("loc", ())) or "JSON"
        raise BadMarker(f"기사 표식({where})을 읽을 수 없습니다: {place} — {first.get('msg')}. 받은 그대로의 "
                        f"SYSTEM_ARTICLE 메시지를 보내거나 빼서 새 기사로 시작하세요. (The article marker in {where} is "
                        f"not valid: {place}: {first.get('msg')}. Send the SYSTEM_ARTICLE message exactly as you "
                        "received it, or leave it out to start with a new article.)", where) from exc


def is_marker(sender: str, text: str | None) -> bool:
    return sender == "system" and bool(text) and str(text).startswith(PREFIX)


def find_in_history(history: Sequence[ChatMessage]) -> tuple[int, ArticleMarker] | None:
    """The last marker a client holds, with its index (for naming it in an error)."""
    for index in range(len(history) - 1, -1, -1):
        message = history[index]
        if is_marker(message.sender, message.text):
            return index, decode(message.text, f"history[{index}].text")
    return None


def system_message(marker_text: str, timestamp: str) -> dict[str, object]:
    """The seed's ChatMessage a client keeps in its history (our ``SYSTEM_MESSAGE::`` line)."""
    return ChatMessage(sender="system", timestamp=timestamp, text=marker_text).model_dump(mode="json",
                                                                                         exclude_none=True)
