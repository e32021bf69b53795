"""The PostgreSQL connection (``PLAYGROUND_DATABASE_URL=postgresql://…``): a psycopg 3 pool shared by the
process's threads, one pooled connection per transaction, and the same calls as the DuckDB ``Database``
(``execute``, ``fetchall``, ``transaction``, ``write``...), so the repositories run on either.

The repositories write DuckDB's ``?`` placeholders; ``translate`` turns them into psycopg's ``%s`` once per
statement text. Values are bound client-side (``ClientCursor``: psycopg quotes and casts each one): the
statements test parameters with ``? IS NULL``, whose type PostgreSQL cannot infer from a server-side
parameter. Many processes share one database, so what must hold across them takes a row lock or an
advisory lock here (``advisory``), never only a ``threading.Lock``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

import psycopg
from psycopg import errors as pg_errors
from psycopg.abc import Buffer
from psycopg.rows import TupleRow
from psycopg.types.numeric import NumericLoader
from psycopg.types.string import TextLoader
from psycopg_pool import ConnectionPool, PoolTimeout

from agents.core.errors import DatabaseUnusable, StorageUnavailable
from agents.core.messages import say
from agents.core.store.db import display_target
from agents.core.store.health import FileWatch

if TYPE_CHECKING:
    import pandas as pd

T = TypeVar("T")
POOL_MAX = 16  # connections per process for statements and transactions; a turn holds one only while it writes
# Held locks (a turn's conversation, a migration, an eval run, the alert timer) each keep a connection of their
# own for as long as they are held: from a pool of their own, so that holders never starve the writers (20
# turns at once holding 20 locks, each waiting for a connection to write with, was a deadlock).
LOCK_POOL_MAX = 24
_TOKENS = re.compile(r"('(?:[^']|'')*')|(\?)|(%)")


# PostgreSQL's text and jsonb cannot hold U+0000 (DuckDB's can): a NUL in what a person sent, raw or as JSON's
# \u0000 escape, is stored as U+FFFD instead of failing the write. Even runs of backslashes before the escape are
# escaped backslashes, not the escape's own.
_JSON_NUL = re.compile(r"(?<!\\)((?:\\\\)*)\\u0000")


def no_nul(value: object) -> object:
    if not isinstance(value, str):
        return value
    if "\x00" in value:
        value = value.replace("\x00", "\ufffd")
    if "\\u0000" in value and value[:1] in "{[":  # JSON text (a jsonb value): its escape for NUL
        value = _JSON_NUL.sub(lambda m: m.group(1) + "\\ufffd", value)
    return value


def pool_size(name: str, default: int) -> int:
    """A pool size from the environment: a whole number from 1 to 1,000, else refused by name."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or not 1 <= int(raw) <= 1_000:
        raise DatabaseUnusable(say("pg_bad_size", name=name, raw=raw[:40]))
    return int(raw)


@lru_cache(maxsize=4096)
def translate(sql: str) -> str:
    """``?`` placeholders to ``%s``, and a literal ``%`` to ``%%`` (string literals keep their ``?``)."""
    def sub(match: re.Match[str]) -> str:
        if match.group(1):
            return match.group(1).replace("%", "%%")
        return "%s" if match.group(2) else "%%"

    return _TOKENS.sub(sub, sql)


def lock_key(name: str) -> int:
    """A stable signed 64-bit advisory-lock key for a name (the same in every process)."""
    return int.from_bytes(hashlib.blake2b(name.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big",
                          signed=True)


class _NumberLoader(NumericLoader):
    """PostgreSQL's ``sum()`` of integers is NUMERIC (a Decimal); DuckDB's is an integer. The repositories do
    arithmetic with floats, so a whole number comes back as int and any other as float, as from DuckDB."""

    def load(self, data: Buffer) -> Any:  # int or float where NumericLoader says Decimal: psycopg's Loader is Any
        value: Decimal = super().load(data)
        if not value.is_finite():
            return float(value)
        return int(value) if value == value.to_integral_value() else float(value)


def _configure(conn: psycopg.Connection[TupleRow]) -> None:
    conn.adapters.register_loader("numeric", _NumberLoader)
    # JSON as its text, as DuckDB returns it: the repositories decode it themselves (a JSON string scalar
    # decoded here would reach them as a bare str they could not tell from JSON text).
    for name in ("json", "jsonb"):
        conn.adapters.register_loader(name, TextLoader)


class Result:
    """A statement's rows, read in full before the connection went back to the pool."""

    def __init__(self, cur: psycopg.Cursor[TupleRow]) -> None:
        self.description = cur.description
        self._rows: list[TupleRow] = list(cur.fetchall()) if cur.description is not None else []
        self._next = 0

    def fetchall(self) -> list[TupleRow]:
        rows, self._next = self._rows[self._next:], len(self._rows)
        return rows

    def fetchone(self) -> TupleRow | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def df(self) -> pd.DataFrame:
        import pandas as pd

        names = [d[0] for d in self.description or []]
        return pd.DataFrame.from_records(self.fetchall(), columns=names)


class Cursor:
    """What ``Database.cursor()`` gives on PostgreSQL: the thread's transaction, or one autocommitted
    statement at a time outside one."""

    dialect = "postgres"

    def __init__(self, db: PgDatabase) -> None:
        self.db = db

    def execute(self, sql: str, params: Sequence[object] | None = None) -> Result:
        return self.db.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        with self.db.transaction() as cur:
            for row in rows:
                cur.execute(sql, row)


class PgDatabase:
    dialect = "postgres"
    # Errors a retry may cure: another transaction won the row (serialisation) or a deadlock was broken.
    conflict: tuple[type[BaseException], ...] = (pg_errors.SerializationFailure, pg_errors.DeadlockDetected)
    constraint: tuple[type[BaseException], ...] = (pg_errors.IntegrityError,)
    missing: tuple[type[BaseException], ...] = (pg_errors.UndefinedTable,)

    def __init__(self, url: str, *, max_size: int | None = None, lock_max_size: int | None = None,
                 timeout: float = 30.0) -> None:
        # Per process: N processes open up to N × (both sizes) connections, and PostgreSQL's default
        # max_connections is 100, so a team running several processes sizes them down.
        max_size = max_size or pool_size("PLAYGROUND_PG_POOL_MAX", POOL_MAX)
        lock_max_size = lock_max_size or pool_size("PLAYGROUND_PG_LOCK_POOL_MAX", LOCK_POOL_MAX)
        self.url = url
        self.path = display_target(url)
        self.watch = FileWatch(":memory:")  # a server, not a file: nothing to watch
        self._local = threading.local()
        self.pool = ConnectionPool(url, min_size=1, max_size=max_size, timeout=timeout, open=False,
                                   kwargs={"autocommit": True, "cursor_factory": psycopg.ClientCursor},
                                   configure=_configure, name="playground")
        self.locks = ConnectionPool(url, min_size=0, max_size=lock_max_size, timeout=timeout, open=False,
                                    kwargs={"autocommit": True}, name="playground-locks")
        try:
            self.pool.open(wait=True, timeout=timeout)
            self.locks.open()
        except PoolTimeout as exc:
            self.pool.close()
            raise DatabaseUnusable(say("pg_unreachable", path=self.path, seconds=f"{timeout:.0f}")) from exc

    # --- transactions ----------------------------------------------------------------------------------------

    def cursor(self) -> Cursor:
        return Cursor(self)

    @contextmanager
    def transaction(self) -> Iterator[Cursor]:
        """BEGIN/COMMIT on one pooled connection kept by this thread; nested blocks join the outer one."""
        local = self._local
        if getattr(local, "conn", None) is not None:
            local.depth += 1
            try:
                yield Cursor(self)
            finally:
                local.depth -= 1
            return
        with self._connection() as conn:
            conn.execute("BEGIN")
            local.conn, local.depth = conn, 1
            try:
                yield Cursor(self)
            except BaseException:
                local.conn, local.depth = None, 0
                if not conn.closed:
                    conn.execute("ROLLBACK")
                raise
            local.conn, local.depth = None, 0
            conn.execute("COMMIT")

    @contextmanager
    def _connection(self, pool: ConnectionPool[psycopg.Connection[TupleRow]] | None = None,
                    ) -> Iterator[psycopg.Connection[TupleRow]]:
        try:
            with (pool or self.pool).connection() as conn:
                yield conn
        except PoolTimeout as exc:
            raise StorageUnavailable(say("pg_pool_timeout"), retryable=True) from exc
        except psycopg.OperationalError as exc:
            raise StorageUnavailable(say("pg_lost"), retryable=True) from exc

    def write(self, fn: Callable[[], T], attempts: int = 10) -> T:
        """Run ``fn`` in one transaction, retried after a serialisation failure or a broken deadlock."""
        for attempt in range(attempts):
            try:
                with self.transaction():
                    return fn()
            except self.conflict:
                if attempt == attempts - 1 or getattr(self._local, "depth", False):
                    raise
                time.sleep(min(0.1, 0.004 * 2**attempt))
        raise AssertionError("unreachable")

    # --- statements ------------------------------------------------------------------------------------------

    def execute(self, sql: str, params: Sequence[object] | None = None) -> Result:
        query = translate(sql)
        values = [no_nul(v) for v in params or []]
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            with conn.cursor() as cur:
                cur.execute(query, values)
                return Result(cur)
        with self._connection() as conn, conn.cursor() as cur:
            cur.execute(query, values)
            return Result(cur)

    def fetchall(self, sql: str, params: Sequence[object] | None = None) -> list[TupleRow]:
        return self.execute(sql, params).fetchall()

    def fetchone(self, sql: str, params: Sequence[object] | None = None) -> TupleRow | None:
        return self.execute(sql, params).fetchone()

    def fetch_dicts(self, sql: str, params: Sequence[object] | None = None) -> list[dict[str, Any]]:
        result = self.execute(sql, params)
        names = [d[0] for d in result.description or []]
        return [dict(zip(names, row, strict=True)) for row in result.fetchall()]

    def copy_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
        """Bulk-load ``rows`` with COPY, in this thread's transaction (or one of its own)."""
        with self.transaction():
            conn = self._local.conn
            names = ", ".join(columns)
            with conn.cursor() as cur, cur.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row([no_nul(v) for v in row])

    # --- locks that hold across processes --------------------------------------------------------------------

    @contextmanager
    def advisory(self, name: str, *, wait: float | None = None) -> Iterator[bool]:
        """Hold the session advisory lock ``name`` on a connection of its own while the block runs; yields
        whether it was taken (``wait=None`` waits as long as it takes; else tries until ``wait`` seconds
        passed). The lock goes with the connection if the process dies, so a crash never leaves it held."""
        key = lock_key(name)
        with self._connection(self.locks) as conn:
            if wait is None:
                conn.execute("SELECT pg_advisory_lock(%s)", [key])
                taken = True
            else:
                deadline = time.monotonic() + wait
                while True:
                    row = conn.execute("SELECT pg_try_advisory_lock(%s)", [key]).fetchone()
                    taken = bool(row and row[0])
                    if taken or time.monotonic() >= deadline:
                        break
                    time.sleep(0.02)
            try:
                yield taken
            finally:
                if taken and not conn.closed:
                    # A connection the pool or the server already closed took the lock with it.
                    with contextlib.suppress(psycopg.Error):
                        conn.execute("SELECT pg_advisory_unlock(%s)", [key])

    def close(self, wait_seconds: float = 10.0) -> None:
        self.pool.close(timeout=wait_seconds)
        self.locks.close(timeout=wait_seconds)
