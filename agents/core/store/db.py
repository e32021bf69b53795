"""The DuckDB connection: one per process (its file attached to the process's one instance, duck_host.py), a cursor
per thread, explicit transactions."""

from __future__ import annotations

import contextlib
import os
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar
from urllib.parse import urlsplit, urlunsplit

import duckdb

from agents.core.errors import DatabaseLocked, DatabaseUnusable
from agents.core.messages import say
from agents.core.store import duck_host
from agents.core.store.health import FileWatch, unwatch

# Statements that never write: only these skip the file check outside a transaction.
_READS = ("SELECT", "WITH", "PRAGMA", "DESCRIBE", "SHOW", "EXPLAIN", "SUMMARIZE", "FROM")

T = TypeVar("T")

if TYPE_CHECKING:
    from agents.core.store.pg import Cursor, PgDatabase

# What a repository is given: the DuckDB file or the PostgreSQL pool (the same calls on both).
AnyDatabase: TypeAlias = "Database | PgDatabase"
# What a migration and a transaction write through: a DuckDB cursor or the PostgreSQL one (the same calls).
AnyCursor: TypeAlias = "duckdb.DuckDBPyConnection | Cursor"


def default_db_path() -> Path:
    """``PLAYGROUND_DB``; else Spaces' persistent ``/data``; else the user's data dir."""
    env = os.environ.get("PLAYGROUND_DB")
    if env:
        return Path(env).expanduser()
    data = Path("/data")
    if data.is_dir() and os.access(data, os.W_OK):
        return data / "agent-playground.duckdb"
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "agent-playground" / "agent-playground.duckdb"


URL_SCHEMES = ("postgresql://", "postgres://")


def is_url(target: object) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a DuckDB file."""
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


def display_target(target: str) -> str:
    """A DuckDB path as it is; a URL without its password, for logs and messages."""
    if not is_url(target):
        return target
    parts = urlsplit(target)
    if parts.password is None:
        return target
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def default_target() -> str | Path:
    """``PLAYGROUND_DATABASE_URL`` (``postgresql://…``: PostgreSQL, for many processes); else the DuckDB file."""
    url = os.environ.get("PLAYGROUND_DATABASE_URL", "").strip()
    return url or default_db_path()


class Database:
    dialect = "duckdb"
    # A concurrent transaction touched the same rows: DuckDB fails the later one instead of waiting.
    conflict: tuple[type[BaseException], ...] = (duckdb.TransactionException,)
    constraint: tuple[type[BaseException], ...] = (duckdb.ConstraintException,)
    missing: tuple[type[BaseException], ...] = (duckdb.CatalogException,)  # no such table

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            if Path(self.path).is_dir():
                raise DatabaseUnusable(say("db_path_is_folder", path=self.path))
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DatabaseUnusable(say("db_folder_failed", folder=Path(self.path).parent,
                                           why=exc.strerror)) from exc
        self._attachment: duck_host.Attachment | None = None  # to the process's one DuckDB instance (duck_host.py)
        try:
            if self.path == ":memory:":
                self._conn = duckdb.connect(self.path)
            else:
                self._attachment, self._conn = duck_host.attach(self.path)
        except duckdb.IOException as exc:
            if "could not set lock" in str(exc).lower():
                raise DatabaseLocked(say("db_locked", path=self.path, holder=_holder(str(exc)))) from exc
            if _damaged(exc):
                raise DatabaseUnusable(damaged_message(self.path, exc)) from exc
            raise DatabaseUnusable(say("db_cannot_open", path=self.path,
                                       why=str(exc).removeprefix("IO Error: ").rstrip("."))) from exc
        except duckdb.Error as exc:  # a file whose header reads as DuckDB but whose content does not
            raise DatabaseUnusable(damaged_message(self.path, exc)) from exc
        self._local = threading.local()
        self._lock = threading.Lock()
        self._named: dict[str, threading.Lock] = {}
        # Deleted, replaced or unreadable under us: every call refuses (see health.py).
        self.watch = FileWatch(self.path)

    # A cursor is a connection of its own to the same database instance; each thread
    # keeps one so its transactions never interleave with another thread's.
    def cursor(self) -> duckdb.DuckDBPyConnection:
        cur = getattr(self._local, "cursor", None)
        if cur is None:
            with self._lock:
                cur = self._conn.cursor()
            if self._attachment is not None:
                duck_host.use(cur, self._attachment)
            self._local.cursor = cur
            self._local.depth = 0
        return cur

    @contextmanager
    def transaction(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """BEGIN/COMMIT on this thread's cursor; nested blocks join the outer one.

        The outer block checks the file before BEGIN and after COMMIT: a commit that landed in a
        deleted or replaced file is refused (the caller sees StorageUnavailable, never success)."""
        cur = self.cursor()
        if self._local.depth:
            self._local.depth += 1
            try:
                yield cur
            finally:
                self._local.depth -= 1
            return
        self.watch.check()
        with self._storage_errors():
            cur.execute("BEGIN TRANSACTION")
        self._local.depth = 1
        try:
            yield cur
        except BaseException as exc:
            self._local.depth = 0
            with contextlib.suppress(duckdb.Error):  # e.g. an engine invalidated by a fatal error
                cur.execute("ROLLBACK")
            mapped = self.watch.classify(exc) if isinstance(exc, duckdb.Error) else None
            if mapped is not None:
                raise mapped from exc
            raise
        self._local.depth = 0
        with self._storage_errors():
            cur.execute("COMMIT")
        self.watch.check(committed=True)

    @contextmanager
    def _storage_errors(self) -> Iterator[None]:
        """DuckDB's errors about the file or the disk become StorageFull / StorageUnavailable."""
        try:
            yield
        except duckdb.Error as exc:
            mapped = self.watch.classify(exc)
            if mapped is None:
                raise
            raise mapped from exc

    def write(self, fn: Callable[[], T], attempts: int = 10) -> T:
        """Run ``fn`` in one transaction, retried when a concurrent transaction touched the
        same rows (DuckDB reports a write-write conflict instead of waiting)."""
        for attempt in range(attempts):
            try:
                with self.transaction():
                    return fn()
            except duckdb.TransactionException:
                if attempt == attempts - 1 or self._local.depth:
                    raise
                # Jittered, capped backoff: many writers retrying in lock-step would conflict again.
                time.sleep(random.uniform(0.5, 1.0) * min(0.1, 0.004 * 2**attempt))
        raise AssertionError("unreachable")

    def execute(self, sql: str, params: Sequence[object] | None = None) -> duckdb.DuckDBPyConnection:
        watch = self.watch
        if watch.problem is not None:  # reads too: a deleted file's data is no longer the truth
            raise watch.error()
        cur = self.cursor()
        # A write outside a transaction commits by itself: check the file around it like transaction().
        autocommit = not self._local.depth and not sql.lstrip()[:9].upper().startswith(_READS)
        if autocommit:
            watch.check()
        with self._storage_errors():
            result = cur.execute(sql, params or [])
        if autocommit:
            watch.check(committed=True)
        return result

    def copy_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
        """Bulk-insert ``rows``, in order, in this thread's transaction (or one of its own): PgDatabase's
        COPY for DuckDB. One statement with one list parameter per column, zipped back into rows by
        unnest(); DuckDB's executemany runs a statement per row (297 gazetteer places: ~60 ms, this ~3 ms)
        and a DataFrame needs pandas imported (seconds of CPU in a process that had not)."""
        if not rows:
            return
        values = [list(column) for column in zip(*rows, strict=True)]
        if len(values) != len(columns):
            raise ValueError(f"{len(columns)} columns named, rows of {len(values)} given")
        with self.transaction():
            self.execute(f"INSERT INTO {table} ({', '.join(columns)}) SELECT {', '.join(['unnest(?)'] * len(columns))}",
                         values)

    def fetchall(self, sql: str, params: Sequence[object] | None = None) -> list[tuple[Any, ...]]:
        return self.execute(sql, params).fetchall()

    def fetchone(self, sql: str, params: Sequence[object] | None = None) -> tuple[Any, ...] | None:
        return self.execute(sql, params).fetchone()

    def fetch_dicts(self, sql: str, params: Sequence[object] | None = None) -> list[dict[str, Any]]:
        cur = self.execute(sql, params)
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]

    @contextmanager
    def advisory(self, name: str, *, wait: float | None = None) -> Iterator[bool]:
        """Hold the lock ``name`` while the block runs (see PgDatabase.advisory). One process holds a DuckDB
        file, so a lock of this process is a lock of the database."""
        with self._lock:
            lock = self._named.setdefault(name, threading.Lock())
        taken = lock.acquire(timeout=-1 if wait is None else wait)
        try:
            yield taken
        finally:
            if taken:
                lock.release()

    def close(self, wait_seconds: float = 10.0, *, checkpoint: bool = True) -> None:
        """Close the file. A turn still streaming on another thread (a client that went away mid-answer)
        keeps its cursor busy for a moment, and DuckDB refuses to close under it instead of waiting:
        wait for it, briefly. ``checkpoint=False`` leaves the write-ahead log beside the file (replayed
        by the next open) instead of writing it into the file."""
        unwatch(self.watch)
        # The path may hold another file now, or ours is damaged (or it is thrown away next): no checkpoint.
        checkpoint = checkpoint and self.watch.may_checkpoint()
        if not checkpoint and self._attachment is None:
            with contextlib.suppress(duckdb.Error), self._lock:
                self._conn.execute("PRAGMA disable_checkpoint_on_shutdown")
        deadline = time.monotonic() + wait_seconds
        while True:
            try:
                self._conn.close()
                break
            except duckdb.Error as exc:
                if "busy" not in str(exc) or time.monotonic() >= deadline:
                    raise
                time.sleep(0.02)
        if self._attachment is not None:
            try:
                duck_host.detach(self._attachment, checkpoint=checkpoint)
            except duckdb.Error:
                if checkpoint:
                    raise  # the log could not be written into the file: the caller hears of it
                # a replaced or damaged file (or one thrown away next): nothing was to be written


_DAMAGED = ("not a valid duckdb database", "could not read enough bytes", "corrupt", "checksum", "truncated")


def _damaged(exc: BaseException) -> bool:
    text = str(exc).lower()
    return any(marker in text for marker in _DAMAGED)


def damaged_message(path: str, exc: BaseException | None = None, *, detail: str | None = None) -> str:
    """For the operator at start-up (CLI, ``python app.py``): names the file, the problem and the two ways out."""
    if exc is not None and detail is None:
        text = str(exc).split("\n", 1)[0].removeprefix("IO Error: ")
        detail = text.replace(f'file "{path}"', "file").replace(f'"{path}"', "it").replace(path, "it")
    detail = f" ({detail[:160]})" if detail else ""
    return say("db_damaged", path=path, detail=detail)


def _holder(message: str) -> str:
    marker = "Conflicting lock is held in "
    if marker in message:
        return "held by " + message.split(marker, 1)[1].split(". See", 1)[0]
    return "file is locked"
