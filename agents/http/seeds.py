"""What every seed adapter shares (issue 30): the router under ``/seeds/<nnn>`` with the "seed interfaces"
tag, camelCase names at this edge only, bare ``data:`` frames, and refusals of a bad body that name the
field in Korean and English. Each seed's own mapping lives in its agent's folder (``seed_http.py``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine, Mapping
from typing import Annotated, overload

from fastapi import APIRouter, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field, JsonValue

from agents.core.events import Event
from agents.core.reply_text import Joiner
from agents.http.errors import error_response, validation_refusal
from agents.http.models import ID_PATTERN, Text, UserId

SEED_TAG = "seed interfaces"
# One SSE event as OpenAPI 3.2 describes a text/event-stream item: the seeds send `data:` lines only.
SSE_EVENT = {"type": "object", "required": ["data"], "properties": {"event": {"type": "string"},
                                                                    "data": {"type": "string"}}}


def camel_key(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


@overload
def camel(value: dict[str, JsonValue]) -> dict[str, JsonValue]: ...
@overload
def camel(value: JsonValue) -> JsonValue: ...


def camel(value: JsonValue) -> JsonValue:
    """Our snake_case keys as the seeds' camelCase, all the way down (values are left alone)."""
    if isinstance(value, dict):
        return {camel_key(k) if isinstance(k, str) else k: camel(v) for k, v in value.items()}
    if isinstance(value, list):
        return [camel(v) for v in value]
    return value


def data_frame(payload: Mapping[str, object]) -> str:
    """One SSE frame as the seeds write it: a single ``data:`` line, no ``event:`` line."""
    return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n"


def chunk_frames(to_chunk: Callable[[Event], Mapping[str, object] | None]) -> Callable[[Event], str]:
    """A seed's event formatter: its chunk as one ``data:`` frame, nothing for an event it has no chunk for."""
    joiner = Joiner()  # a second block of text opens with a paragraph break: the client appends every chunk

    def frame(event: Event) -> str:
        chunk, text = to_chunk(event), joiner.feed(event)
        if chunk is not None and event.type == "text_delta" and "content" in chunk:
            chunk = {**chunk, "content": text}
        return "" if chunk is None else data_frame(chunk)

    return frame


class SeedChatBody(BaseModel):
    """A seed chat request (seeds 000 and 001): the message and the ``conversationId`` to continue."""

    model_config = ConfigDict(extra="forbid")
    message: Annotated[Text, Field(description="사용자 메시지 (what the user types)")]
    conversationId: Annotated[Text, Field(pattern=ID_PATTERN)] | None = Field(
        None, description="기존 대화 이어가기 (continue this chat: the `conversationId` of a `done` chunk); "
                          "omit to start one")
    user: UserId | None = Field(None, description="local mode only: who is asking (default demo)")


def _korean(kind: str, field: str) -> str:
    match kind:
        case "extra_forbidden":
            return f"'{field}'은(는) 이 경로가 받지 않는 항목입니다. 빼고 보내세요."
        case "missing":
            return f"'{field}' 항목이 필요합니다." if field != "body" else "JSON 본문이 필요합니다."
    return f"'{field}' 값이 올바르지 않습니다."


def seed_refusal(exc: RequestValidationError) -> Response:
    """The API's own refusal (status, code, field), its message prefixed with the same in Korean."""
    english = validation_refusal(exc)
    detail = json.loads(bytes(english.body))["error"]
    errors = list(exc.errors())
    kind = errors[0].get("type", "") if errors else ""
    field = detail.get("field") or "body"
    korean = "본문이 JSON이 아닙니다." if detail["code"] == "invalid_json" else _korean(kind, field)
    return error_response(english.status_code, detail["code"], f"{korean} ({detail['message']})", detail.get("field"))


class SeedRoute(APIRoute):
    """A route whose bad body is refused in Korean and English (the API's own refusals are English)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[object, object, Response]]:
        handler = super().get_route_handler()

        async def guarded(request: Request) -> Response:
            try:
                return await handler(request)
            except RequestValidationError as exc:
                return seed_refusal(exc)

        return guarded


def seed_router(number: str) -> APIRouter:
    """The router for seed ``number`` ("000"), its own paths below ``/seeds/<number>``."""
    return APIRouter(prefix=f"/seeds/{number}", tags=[SEED_TAG], route_class=SeedRoute)
