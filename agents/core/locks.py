"""One writer at a time per conversation.

DuckDB reports concurrent updates of the same row as conflicts and, under load, two
turns of one conversation (two tabs, a double click) could each read the session
state before the other wrote it. Only one process may open the database file, so an
in-process lock per conversation serialises them exactly.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

TIMEOUT_SECONDS = 60.0
_locks: dict[str, threading.Lock] = {}
_guard = threading.Lock()


def conversation_lock(conversation_id: str) -> threading.Lock:
    with _guard:
        return _locks.setdefault(conversation_id, threading.Lock())


@contextmanager
def holding(conversation_id: str, timeout: float = TIMEOUT_SECONDS) -> Iterator[bool]:
    """Yields whether the lock was taken; the body runs either way (callers decide)."""
    lock = conversation_lock(conversation_id)
    taken = lock.acquire(timeout=timeout)
    try:
        yield taken
    finally:
        if taken:
            lock.release()
