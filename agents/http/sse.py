"""Server-sent events for a turn: a client that hangs up never keeps its conversation locked.

The turn runs on a ``TurnPump`` thread and reaches the event loop through an asyncio
queue, so no worker thread is held while the client reads. The response always listens
for ``http.disconnect`` (Starlette skips that for ASGI spec 2.4 servers and would only
notice at the next write): on a disconnect the body iterator is cancelled, its
``finally`` cancels the pump, and the turn is closed on its own thread at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Iterator
from typing import TYPE_CHECKING, Protocol, TypeVar

import anyio
from starlette.requests import ClientDisconnect
from starlette.responses import StreamingResponse
from starlette.types import Receive, Scope, Send
from typing_extensions import TypeIs

from agents.core.errors import ConversationBusy
from agents.core.events import Error
from agents.core.locks import conversation_lock
from agents.core.messages import say
from agents.core.store.health import scrub
from agents.core.streaming import TurnPump, end_error, is_end
from agents.http.texts import HTTP_MESSAGES  # noqa: F401 -- registers the words said here

if TYPE_CHECKING:
    from agents.core.streaming import _End

log = logging.getLogger(__name__)


class StreamItem(Protocol):
    """What a stream carries: a turn's events, or the Lab's side-by-side frames; ``type`` names the SSE event."""

    @property
    def type(self) -> str: ...


Item = TypeVar("Item", bound=StreamItem)


def _ended(item: object) -> TypeIs[_End]:
    return is_end(item)

SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
# How long a request for a busy conversation waits, asleep on the event loop (no thread).
BUSY_WAIT_SECONDS = 1.0
SHUTDOWN_MESSAGE = say("http_shutdown")


class EventStreamResponse(StreamingResponse):
    media_type = "text/event-stream"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def listen() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass
            group.cancel_scope.cancel()

        try:
            async with anyio.create_task_group() as group:
                group.start_soon(listen)
                await self.stream_response(send)
                group.cancel_scope.cancel()
        except OSError as exc:  # the socket went away between two writes
            raise ClientDisconnect() from exc
        finally:
            aclose = getattr(self.body_iterator, "aclose", None)
            if aclose is not None:
                await aclose()


async def wait_until_idle(conversation_id: str | None, seconds: float = BUSY_WAIT_SECONDS) -> None:
    """Raise ConversationBusy if the conversation is still locked after a short async wait."""
    if conversation_id is None:
        return
    lock = conversation_lock(conversation_id)
    deadline = asyncio.get_running_loop().time() + seconds
    while lock.locked():
        if asyncio.get_running_loop().time() >= deadline:
            raise ConversationBusy(say("conversation_busy"))
        await asyncio.sleep(0.02)


async def stream_turn(events: Callable[[], Iterator[Item]], *, format_event: Callable[[Item | Error], str],
                      name: str = "turn",
                      headers: dict[str, str] | None = None) -> EventStreamResponse:
    """Start the turn and answer with its event stream.

    A turn that is refused as busy before it starts raises ``ConversationBusy`` (HTTP 409)
    instead of opening a stream."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[Item | _End] = asyncio.Queue()

    def deliver(item: Item | _End) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is gone (shutting down): nobody listens
            loop.call_soon_threadsafe(queue.put_nowait, item)

    pump = TurnPump(events(), deliver, name=name)
    first = await queue.get()
    if isinstance(first, Error) and first.code == "conversation_busy":
        raise ConversationBusy(first.message)

    async def body() -> AsyncIterator[str]:
        item, last = first, first
        try:
            while not _ended(item):
                if isinstance(item, Error):  # a message that quotes an exception never shows the server's path
                    item = item.model_copy(update={"message": scrub(item.message)})
                yield format_event(item)
                last, item = item, await queue.get()
            error = end_error(item)
            if error is not None:
                log.error("turn stream %s failed", name, exc_info=error)
                yield format_event(Error(turn_id="", seq=0, code="internal_error", retryable=True,
                                         message=f"The reply stream failed ({type(error).__name__}); "
                                                 "your message was saved. Send it again."))
            elif pump.shutdown:  # the server is stopping: still end the stream with one error, not silence
                yield format_event(Error(turn_id=getattr(last, "turn_id", ""), seq=getattr(last, "seq", -1) + 1,
                                         code="interrupted", retryable=True, message=SHUTDOWN_MESSAGE))
        finally:
            pump.cancel()

    return EventStreamResponse(body(), headers={**SSE_HEADERS, **(headers or {})})
