"""One writer at a time per conversation.

DuckDB reports concurrent updates of the same row as conflicts and, under load, two
turns of one conversation (two tabs, a double click) could each read the session
state before the other wrote it. Only one process may open a DuckDB file, so an
in-process lock per conversation serialises them exactly. On PostgreSQL many processes
share the database: the holder also takes an advisory lock named after the conversation
(``PgDatabase.advisory``), so a turn in another process waits for it or answers busy.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agents.core.store import Store
    from agents.core.store.db import AnyDatabase

TIMEOUT_SECONDS = 60.0
# On PostgreSQL other processes may be running the turns and actions a restarted process finds open: it
# closes only those untouched for this long (a live turn or action finishes well within it).
RECOVERY_GRACE = timedelta(minutes=15)
_locks: dict[str, threading.Lock] = {}
_guard = threading.Lock()


def conversation_lock(conversation_id: str) -> threading.Lock:
    with _guard:
        return _locks.setdefault(conversation_id, threading.Lock())


@contextmanager
def holding(conversation_id: str, timeout: float = TIMEOUT_SECONDS, db: AnyDatabase | None = None) -> Iterator[bool]:
    """Yields whether the lock was taken; the body runs either way (callers decide). With the store's
    ``db`` on PostgreSQL the lock holds across processes too, within the same ``timeout``."""
    lock = conversation_lock(conversation_id)
    started = time.monotonic()
    taken = lock.acquire(timeout=timeout)
    try:
        if taken and db is not None and db.dialect != "duckdb":
            left = max(0.0, timeout - (time.monotonic() - started))
            with db.advisory(f"conversation:{conversation_id}", wait=left) as across:
                yield across
        else:
            yield taken
    finally:
        if taken:
            lock.release()


def recovery_cutoff(store: Store, now: datetime) -> datetime | None:
    """What start-up recovery may close: everything on DuckDB (one process per file), on PostgreSQL only
    what is older than RECOVERY_GRACE."""
    return None if store.db.dialect == "duckdb" else now - RECOVERY_GRACE
