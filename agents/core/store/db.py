"""The DuckDB connection: one per process, a cursor per thread, explicit transactions."""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import duckdb

from agents.core.errors import DatabaseLocked, DatabaseUnusable

T = TypeVar("T")


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


class Database:
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        fix = "Set PLAYGROUND_DB to a writable file path (its folder is created if missing)."
        if self.path != ":memory:":
            if Path(self.path).is_dir():
                raise DatabaseUnusable(f"데이터베이스 경로 {self.path}는 폴더입니다. (The database path {self.path} is "
                                       f"a directory, not a file.) {fix}")
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DatabaseUnusable(f"데이터베이스 폴더를 만들 수 없습니다: {Path(self.path).parent} ({exc.strerror}). "
                                       f"(Cannot create the database folder {Path(self.path).parent}: "
                                       f"{exc.strerror}.) {fix}") from exc
        try:
            self._conn = duckdb.connect(self.path)
        except duckdb.IOException as exc:
            if "lock" in str(exc).lower():
                raise DatabaseLocked(
                    f"The database file {self.path} is already open in another process "
                    f"({_holder(str(exc))}). DuckDB allows one process per file: stop the other "
                    f"playground process, or set PLAYGROUND_DB to a different file."
                ) from exc
            raise DatabaseUnusable(
                f"데이터베이스 파일 {self.path}을(를) 열 수 없습니다. (The database file {self.path} cannot be opened: "
                f"{str(exc).removeprefix('IO Error: ')}) If it is not an Agent Playground database, move it away; "
                f"or {fix[0].lower()}{fix[1:]}") from exc
        except duckdb.Error as exc:
            raise DatabaseUnusable(f"The database file {self.path} cannot be opened ({type(exc).__name__}: {exc}). "
                                   f"{fix}") from exc
        self._local = threading.local()
        self._lock = threading.Lock()

    # A cursor is a connection of its own to the same database instance; each thread
    # keeps one so its transactions never interleave with another thread's.
    def cursor(self) -> duckdb.DuckDBPyConnection:
        cur = getattr(self._local, "cursor", None)
        if cur is None:
            with self._lock:
                cur = self._conn.cursor()
            self._local.cursor = cur
            self._local.depth = 0
        return cur

    @contextmanager
    def transaction(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """BEGIN/COMMIT on this thread's cursor; nested blocks join the outer one."""
        cur = self.cursor()
        if self._local.depth:
            self._local.depth += 1
            try:
                yield cur
            finally:
                self._local.depth -= 1
            return
        cur.execute("BEGIN TRANSACTION")
        self._local.depth = 1
        try:
            yield cur
        except BaseException:
            self._local.depth = 0
            cur.execute("ROLLBACK")
            raise
        self._local.depth = 0
        cur.execute("COMMIT")

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

    def execute(self, sql: str, params: Sequence[Any] | None = None) -> duckdb.DuckDBPyConnection:
        return self.cursor().execute(sql, params or [])

    def fetchall(self, sql: str, params: Sequence[Any] | None = None) -> list[tuple[Any, ...]]:
        return self.execute(sql, params).fetchall()

    def fetchone(self, sql: str, params: Sequence[Any] | None = None) -> tuple[Any, ...] | None:
        return self.execute(sql, params).fetchone()

    def fetch_dicts(self, sql: str, params: Sequence[Any] | None = None) -> list[dict[str, Any]]:
        cur = self.execute(sql, params)
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]

    def close(self, wait_seconds: float = 10.0) -> None:
        """Close the file. A turn still streaming on another thread (a client that went away mid-answer)
        keeps its cursor busy for a moment, and DuckDB refuses to close under it instead of waiting:
        wait for it, briefly."""
        deadline = time.monotonic() + wait_seconds
        while True:
            try:
                self._conn.close()
                return
            except duckdb.Error as exc:
                if "busy" not in str(exc) or time.monotonic() >= deadline:
                    raise
                time.sleep(0.02)


def _holder(message: str) -> str:
    marker = "Conflicting lock is held in "
    if marker in message:
        return "held by " + message.split(marker, 1)[1].split(". See", 1)[0]
    return "file is locked"
