"""Every DuckDB file a process opens is attached to one DuckDB instance (agents/core/store/duck_host.py): the same
file opened twice is one attachment, detached by the last close; the checkpoint on close and the log left by
``checkpoint=False`` behave as with a file's own instance; a quote in a path is no syntax; a dead instance is
replaced."""

from __future__ import annotations

import os
from pathlib import Path

import duckdb
import pytest

from agents.core.store import duck_host
from agents.core.store.db import Database

pytestmark = pytest.mark.duckdb_only("the one-instance arrangement is DuckDB's alone")


def test_one_file_opened_twice_is_one_attachment_until_the_last_close(tmp_path: Path) -> None:
    path = tmp_path / "shared.duckdb"
    first, second = Database(path), Database(path)
    key = os.path.abspath(path)
    assert list(duck_host.attached()).count(key) == 1
    first.execute("CREATE TABLE notes (body VARCHAR)")
    first.execute("INSERT INTO notes VALUES ('one')")
    assert second.fetchall("SELECT body FROM notes") == [("one",)]
    first.close()
    assert key in duck_host.attached()  # the second still reads and writes it
    second.execute("INSERT INTO notes VALUES ('two')")
    second.close()
    assert key not in duck_host.attached()
    with duckdb.connect(str(path)) as con:  # detached: its own instance may open it now, and sees both rows
        assert con.execute("SELECT body FROM notes ORDER BY body").fetchall() == [("one",), ("two",)]


def test_each_file_is_the_default_database_of_its_own_connections(tmp_path: Path) -> None:
    """Two files with the same table: each Database reads its own, from every thread's cursor."""
    import threading

    a, b = Database(tmp_path / "a.duckdb"), Database(tmp_path / "b.duckdb")
    try:
        for db, word in ((a, "alpha"), (b, "beta")):
            db.execute("CREATE TABLE t (word VARCHAR)")
            db.execute("INSERT INTO t VALUES (?)", [word])
        seen: list[object] = []
        thread = threading.Thread(target=lambda: seen.extend([a.fetchall("SELECT word FROM t"),
                                                              b.fetchall("SELECT word FROM t")]))
        thread.start()
        thread.join()
        assert seen == [[("alpha",)], [("beta",)]]
        assert a.fetchall("SELECT word FROM t") == [("alpha",)]
    finally:
        a.close()
        b.close()


def test_close_writes_the_log_into_the_file_and_checkpoint_false_leaves_it(tmp_path: Path) -> None:
    kept, thrown = tmp_path / "kept.duckdb", tmp_path / "thrown.duckdb"
    for path in (kept, thrown):
        db = Database(path)
        db.execute("CREATE TABLE t (n INTEGER)")
        db.execute("INSERT INTO t SELECT range FROM range(100)")
        assert Path(f"{path}.wal").exists()
        db.close(checkpoint=path == kept)
    assert not Path(f"{kept}.wal").exists()
    assert Path(f"{thrown}.wal").exists()
    again = Database(thrown)  # the log is replayed by the next open
    try:
        assert again.fetchone("SELECT count(*) FROM t") == (100,)
    finally:
        again.close()
    # and the instance-wide "no checkpoint" was only for that one detach
    later = Database(tmp_path / "later.duckdb")
    later.execute("CREATE TABLE t (n INTEGER)")
    later.close()
    assert not Path(f"{tmp_path / 'later.duckdb'}.wal").exists()


def test_a_quote_in_the_path_is_part_of_the_name(tmp_path: Path) -> None:
    folder = tmp_path / "it's here"
    db = Database(folder / "x'); DROP TABLE t; --.duckdb")
    try:
        db.execute("CREATE TABLE t (n INTEGER)")
        assert db.fetchone("SELECT count(*) FROM t") == (0,)
    finally:
        db.close()
    assert (folder / "x'); DROP TABLE t; --.duckdb").is_file()


def test_an_invalidated_instance_is_replaced_for_the_next_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    """A fatal error (a checkpoint that found the disk full) leaves an instance serving nothing: the next open
    starts a new one instead of failing for good."""

    class Invalidated:
        def execute(self, *_: object) -> None:
            raise duckdb.FatalException("FATAL Error: database has been invalidated because of a previous fatal error")

    monkeypatch.setattr(duck_host, "_host", Invalidated())
    monkeypatch.setattr(duck_host, "_attached", {})  # this process's real instance and files come back after
    db = Database(tmp_path / "after.duckdb")
    try:
        db.execute("CREATE TABLE t (n INTEGER)")
        assert db.fetchone("SELECT count(*) FROM t") == (0,)
    finally:
        db.close()


def test_a_failed_detach_keeps_the_file_attached_and_the_next_open_shares_it(tmp_path: Path) -> None:
    """DETACH writes the log into the file; when that fails (a full disk), the file stays attached. It stays this
    process's too: opening it again shares the attachment (a second ATTACH of the file is refused by DuckDB, and
    read as a damaged file), and the next close detaches it."""
    path = tmp_path / "kept.duckdb"
    key = os.path.abspath(path)
    db = Database(path)
    db.execute("CREATE TABLE t (n INTEGER)")
    db.execute("INSERT INTO t VALUES (7)")
    attachment = db._attachment
    assert attachment is not None
    real = attachment.host

    class DetachFails:
        def execute(self, sql: str, *args: object) -> object:
            if sql.startswith("DETACH"):
                raise duckdb.IOException("IO Error: Could not write file: No space left on device")
            return real.execute(sql, *args)

    attachment.host = DetachFails()  # type: ignore[assignment]
    with pytest.raises(duckdb.IOException, match="No space left"):
        db.close()
    attachment.host = real
    assert duck_host.attached().get(key) == attachment.alias
    again = Database(path)
    try:
        assert again.fetchone("SELECT n FROM t") == (7,)
        assert duck_host.attached().get(key) == attachment.alias  # shared, not attached twice
    finally:
        again.close()
    assert key not in duck_host.attached()
    with duckdb.connect(str(path)) as con:
        assert con.execute("SELECT n FROM t").fetchall() == [(7,)]
