"""The shape every chat endpoint shares (``/api/v1/agents/{id}/chat`` and the seeds' own routes,
``/api/v1/english/chat`` and ``/api/v1/tutor/chat``): each validates its own body first, then
hands the turn here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypedDict

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from agents.core.events import Event, to_sse
from agents.core.session import Session
from agents.core.turn import TurnSettings
from agents.http.body_limit import document_route
from agents.http.errors import COMMON, documented
from agents.http.sse import EventStreamResponse, stream_turn, wait_until_idle
from agents.services.access import BurstLimiter


class RouteOptions(TypedDict):
    """Keyword arguments of ``router.post`` for a streamed chat route."""

    summary: str
    response_class: type[Response]
    responses: dict[int | str, dict[str, object]]
    openapi_extra: dict[str, object]


def chat_route(path: str, summary: str, description: str, example: str) -> RouteOptions:
    """The options of an agent's own streamed chat route (``@router.post(path, **chat_route(...))``):
    the event-stream 200 with the agent's ``description`` and an ``example`` event, the common
    errors, and the body cap documented for ``path``."""
    ok: dict[str, object] = {"description": description, "content": {"text/event-stream": {
        # Each item is one SSE event: its `event:` name and its `data:` line (JSON text with `type` inside).
        "schema": {"type": "object", "required": ["data"], "properties": {"event": {"type": "string"},
                                                                          "data": {"type": "string"}}},
        "example": example}}}
    return {"summary": summary, "response_class": EventStreamResponse,
            "responses": {200: ok, **documented(*COMMON, 429, stream=True)}, "openapi_extra": document_route(path)}


async def stream_agent_turn(
    agent_id: str, message: str, extra: Mapping[str, object] | None, *, user: str, provider: str, model: str | None,
    conversation_id: str | None, limiter: BurstLimiter | None, format_event: Callable[[Event], str] = to_sse,
) -> EventStreamResponse:
    """Open the session, wait briefly for a busy conversation (409 if it stays busy), count the request
    against the user's burst limit and stream the turn. The limit is counted only after the checks, so a
    refused request (unknown conversation, busy) does not use it up."""
    settings: dict[str, object] | None = {"model": model} if model else None
    # Opening a session reads the store: keep that off the event loop.
    session = await run_in_threadpool(Session, agent_id, user_id=user, provider=provider,
                                      conversation_id=conversation_id, provider_settings=settings,
                                      settings=TurnSettings(origin="api"))
    await wait_until_idle(conversation_id)
    if limiter is not None:
        limiter.hit(user)
    given = dict(extra) if extra is not None else None
    return await stream_turn(lambda: session.send(message, given), name=agent_id, format_event=format_event)
