"""The shape every chat endpoint shares (``/api/v1/agents/{id}/chat`` and the seeds' own routes,
``/api/v1/english/chat`` and ``/api/v1/tutor/chat``): each validates its own body first, then
hands the turn here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool

from agents.core.events import Event, to_sse
from agents.core.session import Session
from agents.http.sse import EventStreamResponse, stream_turn, wait_until_idle
from agents.services.access import BurstLimiter


async def stream_agent_turn(
    agent_id: str, message: str, extra: dict[str, Any] | None, *, user: str, provider: str, model: str | None,
    conversation_id: str | None, limiter: BurstLimiter | None, format_event: Callable[[Event], str] = to_sse,
) -> EventStreamResponse:
    """Open the session, wait briefly for a busy conversation (409 if it stays busy), count the request
    against the user's burst limit and stream the turn. The limit is counted only after the checks, so a
    refused request (unknown conversation, busy) does not use it up."""
    settings = {"model": model} if model else None
    # Opening a session reads the store: keep that off the event loop.
    session = await run_in_threadpool(Session, agent_id, user_id=user, provider=provider,
                                      conversation_id=conversation_id, provider_settings=settings)
    await wait_until_idle(conversation_id)
    if limiter is not None:
        limiter.hit(user)
    return await stream_turn(lambda: session.send(message, extra), name=agent_id, format_event=format_event)
