"""One DuckDB instance per process; every database file this process opens is attached to it.

Why: a new DuckDB instance loads its built-in extensions (core functions, icu, json, parquet: ~3,300 functions)
into a catalogue of its own, about 15 ms of CPU per ``duckdb.connect(path)``. Attaching a file to an instance
that is already up costs about 0.5 ms (tests/bench/bench_store.py prints both). A process that opens many
files (the test suite, one per test; a ``db copy``) pays the first cost once.

Each :class:`~agents.core.store.db.Database` gets connections of its own to the instance, each pointed at its
file with ``USE``; a file opened twice in one process is attached once and shared, as ``duckdb.connect`` shared
its instance, and detached when the last of them closes. Locks, crash recovery (the write-ahead log is replayed
by ATTACH) and the checkpoint on close (by DETACH) behave as with a file's own instance.
"""

from __future__ import annotations

import itertools
import os
import threading
from dataclasses import dataclass

import duckdb


@dataclass
class Attachment:
    """One file attached to an instance, and how many open Databases hold it."""

    host: duckdb.DuckDBPyConnection
    alias: str
    key: str  # the file's absolute path
    holders: int = 0


_lock = threading.Lock()
_host: duckdb.DuckDBPyConnection | None = None
_attached: dict[str, Attachment] = {}  # absolute path -> its attachment to _host
_serial = itertools.count(1)


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _instance(first_path: str) -> duckdb.DuckDBPyConnection:
    """The instance, started on first use; a new one when a fatal error left the old one serving nothing (a
    checkpoint that found the disk full invalidates a whole instance: that file's Database refuses everything
    from then on, see health.py, and the files opened later move to the new one)."""
    global _host
    if _host is not None:
        try:
            _host.execute("SELECT 1")
        except duckdb.Error:
            _host = None
            _attached.clear()  # each old Attachment still detaches from its own instance
    if _host is None:
        # Spills go beside the database, as a file's own instance put them (an in-memory instance's default is
        # ./.tmp, in whatever folder the process runs from, which a Space's app folder may not allow).
        _host = duckdb.connect(":memory:", config={"temp_directory": f"{first_path}.tmp"})
    return _host


def attach(path: str) -> tuple[Attachment, duckdb.DuckDBPyConnection]:
    """The file's attachment and a new connection whose default database it is. Raises what
    ``duckdb.connect(path)`` raised for the same file: IOException for a lock another process holds or a
    damaged file."""
    key = os.path.abspath(path)
    with _lock:
        host = _instance(key)
        attachment = _attached.get(key)
        if attachment is None:
            alias = f"file_{next(_serial)}"
            host.execute(f"ATTACH {_literal(path)} AS {alias}")
            attachment = _attached[key] = Attachment(host, alias, key)
        attachment.holders += 1
        conn = attachment.host.cursor()
    return attachment, use(conn, attachment)


def use(conn: duckdb.DuckDBPyConnection, attachment: Attachment) -> duckdb.DuckDBPyConnection:
    """``conn`` reading and writing the attached file by default (a new connection starts on the instance's own
    empty in-memory database)."""
    conn.execute(f"USE {attachment.alias}")
    return conn


def detach(attachment: Attachment, *, checkpoint: bool) -> None:
    """One holder is done; the last one detaches the file, writing the log into it unless ``checkpoint`` is False
    (the log then stays beside it, replayed by the next open)."""
    with _lock:
        attachment.holders -= 1
        if attachment.holders > 0:
            return
        if not checkpoint:  # an instance-wide setting: set and reset under the lock that every detach holds
            attachment.host.execute("PRAGMA disable_checkpoint_on_shutdown")
        try:
            attachment.host.execute(f"DETACH {attachment.alias}")
        finally:
            if not checkpoint:
                attachment.host.execute("PRAGMA enable_checkpoint_on_shutdown")
        # Only once detached: a failed DETACH (its checkpoint found the disk full, say) leaves the file attached,
        # and so still ours. An open of the same file then shares this attachment instead of attaching it a second
        # time (which DuckDB refuses, and which would read as a damaged file), and its close tries again.
        if _attached.get(attachment.key) is attachment:
            del _attached[attachment.key]


def attached() -> dict[str, str]:
    """Absolute path -> alias of every file attached now (for tests)."""
    with _lock:
        return {key: attachment.alias for key, attachment in _attached.items()}
