"""Drive a turn on a thread of its own, whatever its consumer does.

A turn is a generator that holds the conversation lock while it runs. When a consumer
(an SSE client, a browser tab) goes away mid-stream, a generator it was pulling from is
left suspended at a ``yield`` until the garbage collector finds it, keeping the lock for
minutes. ``TurnPump`` pulls the generator itself, on a thread that always runs to the
end: cancelling just asks it to stop at the next event boundary, and it then closes the
generator in place, so the partial reply and trace are saved and the lock is released
deterministically (within one event of the cancel). A server that is told to stop (SIGTERM,
Ctrl+C) does the same to every running turn (``stop_all``), so each is saved as interrupted.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class _End:
    """Marks the end of the stream; carries the exception that ended it, if any."""

    def __init__(self, error: BaseException | None = None) -> None:
        self.error = error


class TurnPump(Generic[T]):
    """Runs ``events`` on a daemon thread and hands each item to ``deliver``.

    ``deliver`` is called on the pump thread (use ``loop.call_soon_threadsafe`` for asyncio);
    it receives every event, then exactly one ``_End``.
    """

    def __init__(self, events: Iterator[T], deliver: Callable[[T | _End], None], *, name: str = "turn") -> None:
        self._events = events
        self._deliver = deliver
        self._stop = threading.Event()
        self.finished = threading.Event()
        self.shutdown = False  # stopped because the server is stopping, not by its consumer
        with _live_lock:
            _live.add(self)
        self._thread = threading.Thread(target=self._run, name=f"pump-{name}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        error: BaseException | None = None
        try:
            for event in self._events:
                if self._stop.is_set():
                    break
                self._deliver(event)
                if self._stop.is_set():
                    break
        except BaseException as exc:  # noqa: BLE001 - handed to the consumer, who decides what to show
            error = exc
        finally:
            close = getattr(self._events, "close", None)
            if close is not None:
                try:
                    close()  # GeneratorExit in the turn: partial reply saved, lock released
                except Exception as exc:  # noqa: BLE001 - reported like any other failure
                    error = error or exc
            with _live_lock:
                _live.discard(self)
            self.finished.set()
            self._deliver(_End(error))

    def cancel(self) -> None:
        """Stop after the event in progress; the turn is closed on the pump thread."""
        self._stop.set()

    def join(self, timeout: float | None = None) -> bool:
        return self.finished.wait(timeout)


_live: set[TurnPump[Any]] = set()  # every pump still running, for stop_all
_live_lock = threading.Lock()


def stop_all(wait_seconds: float = 0.0) -> int:
    """Server shutdown: interrupt every running turn as Stop does (the partial reply is saved as
    ``interrupted``) and wait up to ``wait_seconds`` for them to finish saving. Safe in a signal handler
    with ``wait_seconds=0``. Returns how many turns were running."""
    with _live_lock:
        pumps = list(_live)
    for pump in pumps:
        pump.shutdown = True
        pump.cancel()
    deadline = time.monotonic() + wait_seconds
    for pump in pumps:
        pump.join(max(0.0, deadline - time.monotonic()))
    return len(pumps)


def is_end(item: object) -> bool:
    return isinstance(item, _End)


def end_error(item: object) -> BaseException | None:
    return item.error if isinstance(item, _End) else None


class _Quiet:
    """Yielded by ``pumped`` after a quiet spell (see ``quiet_after``)."""

    def __repr__(self) -> str:
        return "QUIET"


QUIET = _Quiet()


def pumped(events: Iterator[T], *, name: str = "turn", quiet_after: float | None = None) -> Iterator[T | _Quiet]:
    """``events`` re-iterated through a pump, for a synchronous consumer that may be abandoned
    (a Gradio handler whose browser went away): the turn still finishes on its own thread and
    releases its lock; closing this iterator (Stop) interrupts the turn at the next event.

    ``quiet_after``: ``QUIET`` is yielded whenever no event came for that many seconds, so a
    consumer that holds back a repaint (waiting to draw the typed message together with the
    reply's first words) is never kept waiting on a slow model."""
    import queue

    items: queue.SimpleQueue[object] = queue.SimpleQueue()
    pump = TurnPump(events, items.put, name=name)
    try:
        while True:
            try:
                item = items.get(timeout=quiet_after)
            except queue.Empty:
                yield QUIET
                continue
            if isinstance(item, _End):
                if item.error is not None:
                    raise item.error
                return
            yield item  # type: ignore[misc]
    finally:
        pump.cancel()
