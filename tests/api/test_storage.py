"""The store's file under the server's feet (issue 26 A and B).

A database file deleted or replaced while the server runs: every later call answers 503
``storage_unavailable`` (Korean and English, no server path), the event is logged as critical, and no
turn whose write could not be made durable ends in ``done``. Before, the server went on answering
``done`` into the deleted file and a restart lost every one of those turns.

A full disk (a small tmpfs, as root): 507 ``storage_full`` for a new user's chat, prompt create, eval
start and list, the alerts check and a confirm (which said "too many concurrent requests"); never a
500, never the server's path, and nothing committed before is lost.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest
from fastapi.testclient import TestClient

from agents.core.session import Session, runtime_store
from agents.core.store import reset_shared_store
from agents.http.api import create_api
from tests.api.conftest import parse_sse

pytestmark = pytest.mark.duckdb_only("a deleted, replaced or full DuckDB file: PostgreSQL is a server, not a file")

CHAT = "/api/v1/agents/notes/chat"
HANGUL = re.compile(r"[가-힣]")


def _refusal(answer, status: int, code: str, server_dir: Path) -> str:
    """A JSON error answer with this status and code, in Korean and English, not naming the server's files."""
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error["code"] == code
    assert HANGUL.search(error["message"]) and re.search(r"\(The [a-z' ]+", error["message"])
    assert str(server_dir) not in answer.text and ".duckdb" not in answer.text
    return error["message"]


def _unlink_database(path: Path) -> None:
    path.unlink()
    path.with_name(path.name + ".wal").unlink(missing_ok=True)


def test_deleting_the_database_file_stops_every_write_with_503_and_no_done(local, store, caplog):
    path = Path(store.path)
    first = [parse_sse(local.post(CHAT, json={"message": f"list my notes {i}"}).text) for i in range(3)]
    assert [events[-1].type for events in first] == ["done"] * 3
    conversation = first[0][-1].conversation_id
    caplog.set_level(logging.CRITICAL, logger="agents.core.store.health")
    _unlink_database(path)

    # A new conversation, a follow-up, and the other writes and reads: all refused, none `done`.
    new_chat = local.post(CHAT, json={"message": "add water plants"})
    message = _refusal(new_chat, 503, "storage_unavailable", path.parent)
    assert "deleted" in message and "restart" in message
    follow_up = local.post(CHAT, json={"message": "list my notes", "conversation_id": conversation})
    _refusal(follow_up, 503, "storage_unavailable", path.parent)
    _refusal(local.post("/api/v1/prompts/notes", json={"content": "Be brief."}), 503, "storage_unavailable", path.parent)
    _refusal(local.delete(f"/api/v1/conversations/{conversation}"), 503, "storage_unavailable", path.parent)
    _refusal(local.get("/api/v1/conversations"), 503, "storage_unavailable", path.parent)
    # Said once, loudly, to the operator (with the path, which only the log carries).
    critical = [r for r in caplog.records if r.levelno == logging.CRITICAL]
    assert len(critical) == 1 and str(path) in critical[0].getMessage() and "DELETED" in critical[0].getMessage()
    assert not path.exists()  # nothing re-created a file at the path behind the operator's back


def test_a_file_deleted_during_a_turn_ends_that_turn_in_an_error_not_done(store):
    path = Path(store.path)
    session = Session("notes", user_id="demo")
    events = []
    for event in session.send("list my notes"):
        events.append(event)
        if len(events) == 1:  # the user's message is saved; the reply is on its way
            _unlink_database(path)
    assert events[-1].type == "error" and events[-1].code == "storage_unavailable"
    assert events[-1].retryable is False and not [e for e in events if e.type == "done"]


def test_a_replaced_file_is_refused_and_left_as_it_is(local, store, tmp_path):
    path = Path(store.path)
    assert parse_sse(local.post(CHAT, json={"message": "list my notes"}).text)[-1].type == "done"
    other = tmp_path / "other.duckdb"
    with duckdb.connect(str(other)) as con:
        con.execute("CREATE TABLE marker AS SELECT 'restored from a backup' AS note")
    os.replace(other, path)
    message = _refusal(local.post(CHAT, json={"message": "list my notes"}), 503, "storage_unavailable", path.parent)
    assert "replaced" in message
    reset_shared_store()  # the server stops: it must neither write into the new file nor remove its WAL
    with duckdb.connect(str(path)) as con:
        assert con.execute("SELECT note FROM marker").fetchall() == [("restored from a backup",)]
        assert con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'messages'").fetchone() == (0,)


def test_the_watcher_notices_a_deleted_file_while_nobody_writes(local, store, caplog):
    caplog.set_level(logging.CRITICAL, logger="agents.core.store.health")
    path = Path(store.path)
    assert local.get("/api/v1/conversations").status_code == 200
    _unlink_database(path)
    deadline = time.monotonic() + 30  # the watcher looks once a second; generous for a loaded machine
    while store.db.watch.problem is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert store.db.watch.problem == "deleted"
    assert [r.levelname for r in caplog.records] == ["CRITICAL"]
    _refusal(local.get("/api/v1/conversations"), 503, "storage_unavailable", path.parent)  # reads stop too


# --- a full disk -------------------------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path, monkeypatch):
    """A 64 MB tmpfs holding the database (mounting needs root; skipped otherwise)."""
    if os.geteuid() != 0:
        pytest.skip("filling a disk safely needs a small tmpfs, and mounting one needs root")
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", str(disk)], capture_output=True,
                             text=True)
    if mounted.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    monkeypatch.setenv("PLAYGROUND_DB", str(disk / "playground.duckdb"))
    reset_shared_store()
    try:
        yield disk
    finally:
        (disk / "filler").unlink(missing_ok=True)
        reset_shared_store()
        subprocess.run(["umount", "-l", str(disk)], check=False)


def _fill(disk: Path) -> None:
    with open(disk / "filler", "ab", buffering=0) as filler:
        for size in (1 << 20, 1 << 12, 1):
            try:
                while True:
                    filler.write(b"\0" * size)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC


def _snapshot(store) -> dict[str, list[tuple]]:
    return {table: store.db.fetchall(f"SELECT * FROM {table} ORDER BY ALL")
            for table in ("conversations", "messages", "pending_actions", "prompts")}


def test_a_full_disk_answers_507_storage_full_everywhere_and_loses_nothing(small_disk):
    store = runtime_store()
    client = TestClient(create_api("local", burst_limit=1000))
    proposed = parse_sse(client.post(CHAT, json={"message": "add water plants", "user": "alice"}).text)
    action_id = next(e for e in proposed if e.type == "action_confirmation").action_id
    assert parse_sse(client.post(CHAT, json={"message": "list my notes", "user": "alice"}).text)[-1].type == "done"
    conversation = proposed[-1].conversation_id
    before = _snapshot(store)
    store.db.execute("CHECKPOINT")  # no half-used page left in the WAL: the very next write needs new space
    _fill(small_disk)

    new_user = client.post("/api/v1/agents/marketing/chat", json={"message": "이번 주 성과 어때?", "user": "newbie"})
    message = _refusal(new_user, 507, "storage_full", small_disk)
    assert "disk is full" in message and "intact" in message
    # The turn's usage claim is its first write, so a full disk refuses the follow-up before its stream starts.
    _refusal(client.post(CHAT, json={"message": "list my notes", "user": "alice", "conversation_id": conversation}),
             507, "storage_full", small_disk)
    _refusal(client.post("/api/v1/prompts/notes", json={"content": "Be brief.", "user": "alice"}), 507,
             "storage_full", small_disk)
    _refusal(client.post("/api/v1/evals/runs", json={"suite": "marketing", "user": "alice"}), 507, "storage_full",
             small_disk)
    _refusal(client.get("/api/v1/evals/runs", params={"user": "alice"}), 507, "storage_full", small_disk)
    _refusal(client.post("/api/v1/alerts/check", params={"user": "newbie"}), 507, "storage_full", small_disk)
    confirm = client.post(f"/api/v1/actions/{action_id}/confirm", json={"user": "alice"})
    message = _refusal(confirm, 507, "storage_full", small_disk)
    assert "concurrent" not in message and "동시에" not in message
    # Reads still answer, and nothing changed: every refusal wrote nothing, and lost nothing.
    listed = client.get("/api/v1/conversations", params={"user": "alice"})
    assert listed.status_code == 200 and listed.json()["total"] == 2
    assert _snapshot(store) == before

    (small_disk / "filler").unlink()  # the operator frees space: the same requests work again
    assert client.post(f"/api/v1/actions/{action_id}/confirm", json={"user": "alice"}).json()["status"] == "COMPLETED"
    after = _snapshot(store)
    reset_shared_store()  # a restart keeps all of it
    assert _snapshot(runtime_store()) == after
    for table, rows in before.items():
        assert {row[0] for row in rows} <= {row[0] for row in after[table]}, table


def test_the_cli_on_a_full_disk_says_so_in_one_line(small_disk):
    Session("marketing", user_id="someone").run("이번 주 성과 어때?")
    reset_shared_store()  # the CLI needs the file to itself
    _fill(small_disk)
    done = subprocess.run([sys.executable, "-m", "agents.cli.main", "chat", "marketing", "이번 주 성과 어때?", "--user",
                           "newbie"], capture_output=True, text=True, timeout=300, env={**os.environ})
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and lines[0].startswith("error (storage_full): "), done.stderr
    assert "Traceback" not in done.stderr


def test_no_answer_quotes_the_servers_database_path(local, store, monkeypatch):
    """Any message built from an exception (not only the storage errors above) is scrubbed of the path."""
    from agents.core import runner
    from agents.core.errors import PlaygroundError
    from agents.http import conversations

    def broken_write(turn, *, status):
        raise RuntimeError(f'IO Error: Could not fsync "{store.path}.wal"')

    monkeypatch.setattr(runner, "_persist_turn", broken_write)
    events = parse_sse(local.post(CHAT, json={"message": "list my notes"}).text)
    assert events[-1].type == "error" and events[-1].code == "store_error"
    assert "Could not fsync" in events[-1].message and store.path not in events[-1].message
    assert "(the server's database file).wal" in events[-1].message

    def refuse(*args, **kwargs):
        raise PlaygroundError(f"The database file {store.path} is busy.", code="database_locked")

    monkeypatch.setattr(conversations, "runtime_store", refuse)
    answer = local.get("/api/v1/conversations")
    assert answer.json()["error"]["message"] == "The database file (the server's database file) is busy."


def test_a_relative_path_survives_a_change_of_directory(tmp_path, monkeypatch):
    from agents.core.store import open_store

    monkeypatch.chdir(tmp_path)
    store = open_store("relative.duckdb")
    try:
        monkeypatch.chdir("/")  # the watcher and the write checks look at the file opened, not at ./relative.duckdb
        store.db.write(lambda: store.db.execute("INSERT INTO app_settings VALUES ('k', 'v')"))
        assert store.db.watch.problem is None
    finally:
        store.close()
