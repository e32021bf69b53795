"""The store: one DuckDB file (or one PostgreSQL database for many processes: ``PLAYGROUND_DATABASE_URL``),
numbered migrations, one repository per table group."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path

from agents.core.errors import DatabaseUnusable, PlaygroundError, StorageUnavailable
from agents.core.store.actions import PendingActionRepo
from agents.core.store.alerts import AlertRepo
from agents.core.store.comparisons import ComparisonRepo
from agents.core.store.conversations import ConversationRepo, MessageRepo
from agents.core.store.db import (
    AnyCursor,
    AnyDatabase,
    Database,
    damaged_message,
    default_db_path,
    default_target,
    is_url,
)
from agents.core.store.feedback import FeedbackRepo
from agents.core.store.health import truncated, watch
from agents.core.store.lab import LabRepo
from agents.core.store.limits import LimitRepo
from agents.core.store.migrations import CORE_MIGRATIONS, Migration, migrate
from agents.core.store.models import (
    ActionStatus,
    AlertRow,
    ConversationRow,
    MessageRow,
    NewMessage,
    PendingActionRow,
    TraceRow,
)
from agents.core.store.prompts import PromptRepo
from agents.core.store.review import ReviewRepo
from agents.core.store.settings import SettingsRepo
from agents.core.store.telemetry import TraceRepo, UsageRepo
from agents.core.store.tokens import ApiTokenRepo, ApiTokenRow

__all__ = [
    "ActionStatus",
    "AlertRow",
    "ApiTokenRow",
    "ConversationRow",
    "Database",
    "MessageRow",
    "Migration",
    "NewMessage",
    "PendingActionRow",
    "Store",
    "TraceRow",
    "default_db_path",
    "default_target",
    "open_store",
    "reset_shared_store",
    "shared_store",
]


class Store:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db
        self.path = db.path
        self.conversations = ConversationRepo(db)
        self.messages = MessageRepo(db)
        self.actions = PendingActionRepo(db)
        self.alerts = AlertRepo(db)
        self.usage = UsageRepo(db)
        self.limits = LimitRepo(db)
        self.traces = TraceRepo(db)
        self.prompts = PromptRepo(db)
        self.settings = SettingsRepo(db)
        self.tokens = ApiTokenRepo(db)
        self.feedback = FeedbackRepo(db)
        self.lab = LabRepo(db)
        self.comparisons = ComparisonRepo(db)
        self.review = ReviewRepo(db)
        # Per-store memo for facts that only change through this process (one process per file).
        self.memo: dict[str, object] = {}  # each key's owner knows its value's type

    def transaction(self) -> AbstractContextManager[AnyCursor]:
        return self.db.transaction()

    def close(self, *, checkpoint: bool = True) -> None:
        """``checkpoint=False``: the file is thrown away next (a test's teardown), so DuckDB need not write its
        log into it (~5-10 ms for an agent's seeded sandbox); what was committed stays in the log all the same."""
        if isinstance(self.db, Database):
            self.db.close(checkpoint=checkpoint)
        else:
            self.db.close()


def open_store(path: str | Path | None = None, migrations: Sequence[Migration] = ()) -> Store:
    """Open (or create) the file, refuse a damaged one with one clear message, migrate it, and watch it.
    A ``postgresql://`` URL opens that database instead (a pool of connections), and migrates it."""
    target = path if path is not None else default_target()
    if is_url(target):
        from agents.core.store.pg import PgDatabase

        pg = PgDatabase(str(target))
        try:
            migrate(pg, [*CORE_MIGRATIONS, *migrations])
        except BaseException:
            pg.close()
            raise
        return Store(pg)
    db = Database(target)
    try:
        if db.watch.enabled:
            # used, not total: the total counts free blocks, which a checkpoint cuts off the file's end
            size = db.fetchone("SELECT block_size, used_blocks FROM pragma_database_size() "
                               "WHERE database_name = current_database()")
            if size is not None and truncated(db.path, *size):
                raise DatabaseUnusable(damaged_message(db.path, detail=f"{Path(db.path).stat().st_size} bytes, "
                                                       f"shorter than the {size[1]} blocks in use its header counts"))
        migrate(db, [*CORE_MIGRATIONS, *migrations])
    except PlaygroundError as exc:
        if isinstance(exc, StorageUnavailable | DatabaseUnusable):
            db.watch.fail("unreadable", exc.message)  # closed without a checkpoint: the file is left as it was
        db.close()
        if isinstance(exc, StorageUnavailable):  # DuckDB could not read its own file: cut off or damaged
            raise DatabaseUnusable(damaged_message(db.path, exc.__cause__)) from exc
        raise
    watch(db.watch)
    return Store(db)


# DuckDB lets one process hold the file, so the process keeps one Store per path.
_shared: dict[str, Store] = {}
_shared_lock = threading.Lock()


def shared_store(path: str | Path | None = None, migrations: Sequence[Migration] = ()) -> Store:
    key = str(path if path is not None else default_target())
    with _shared_lock:
        store = _shared.get(key)
        if store is None:
            store = _shared[key] = open_store(key, migrations)
        else:
            # Every front end opens the store through here: a file deleted or replaced since it was opened
            # is noticed now (a stat), not after a read answered from the file's ghost.
            store.db.watch.check()
            migrate(store.db, [*CORE_MIGRATIONS, *migrations])
        return store


def reset_shared_store(*, checkpoint: bool = True) -> None:
    """Close every shared store (tests point PLAYGROUND_DB somewhere new each time; ``checkpoint=False`` when
    the files go away next, see Store.close)."""
    with _shared_lock:
        for store in _shared.values():
            store.close(checkpoint=checkpoint)
        _shared.clear()
