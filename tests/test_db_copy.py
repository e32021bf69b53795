"""`playground db copy` (issue 32): a used DuckDB store copied to PostgreSQL and back, row for row in every
table, through the real CLI; a target that holds conversations is refused unless --replace; bad names named."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from agents.cli import main as cli
from agents.core.agent import all_migrations
from agents.core.session import Session
from agents.core.store import open_store
from agents.core.store.copy import counts
from tests.support.postgres import TempPostgres


def _used_duckdb(path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """A store with conversations, a pending action, a trace, feedback and a token in it."""
    from agents.core.store import reset_shared_store

    monkeypatch.setenv("PLAYGROUND_DB", str(path))
    reset_shared_store()
    session = Session("marketing", user_id="ann")
    session.run("이번 주 성과 어때?")
    session.run("봄 시즌 세일 예산 20% 늘려줘")
    Session("travel", user_id="ann").run("도쿄 여행 일정 짜줘")
    assert cli.main(["tokens", "create", "--user", "ann", "--label", "ci"], io.StringIO()) == 0
    reset_shared_store()
    store = open_store(path, all_migrations())
    try:
        return counts(store)
    finally:
        store.close()


def _copy(*argv: str) -> tuple[int, dict]:
    out = io.StringIO()
    code = cli.main(["db", "copy", *argv, "--json"], out)
    return code, json.loads(out.getvalue()) if code == 0 else {}


def test_duckdb_to_postgresql_and_back_keeps_every_row(postgres: TempPostgres, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.delenv("PLAYGROUND_DATABASE_URL", raising=False)
    before = _used_duckdb(tmp_path / "team.duckdb", monkeypatch)
    assert before["conversations"] == 2 and before["messages"] > 4 and before["traces"] == 3
    assert before["pending_actions"] == 1 and before["api_tokens"] == 1
    url = postgres.create_database("copied")

    code, report = _copy("--from", f"duckdb:{tmp_path / 'team.duckdb'}", "--to", url)
    assert code == 0, capsys.readouterr().err
    assert report["rows"] == before and report["total"] == sum(before.values())
    pg = open_store(url, all_migrations())
    try:
        assert counts(pg) == before
        conv = pg.db.fetchone("SELECT state FROM conversations WHERE agent_id = 'marketing'")
        assert conv is not None and isinstance(json.loads(conv[0]), dict)
    finally:
        pg.close()

    code, report = _copy("--from", url, "--to", str(tmp_path / "back.duckdb"))
    assert code == 0, capsys.readouterr().err
    back = open_store(tmp_path / "back.duckdb", all_migrations())
    try:
        assert counts(back) == before
        messages = back.db.fetchall("SELECT id, content, meta FROM messages ORDER BY id")
    finally:
        back.close()
    original = open_store(tmp_path / "team.duckdb", all_migrations())
    try:
        assert original.db.fetchall("SELECT id, content, meta FROM messages ORDER BY id") == messages
    finally:
        original.close()

    # The target now holds conversations: refused unless --replace, and nothing changed.
    code, _ = _copy("--from", str(tmp_path / "team.duckdb"), "--to", url)
    err = capsys.readouterr().err
    assert code == 2 and "error (copy_refused): " in err and "--replace" in err
    code, report = _copy("--from", str(tmp_path / "team.duckdb"), "--to", url, "--replace")
    assert code == 0 and report["rows"] == before


def test_bad_targets_are_named(tmp_path: Path, capsys) -> None:
    assert cli.main(["db", "copy", "--from", "duckdb:", "--to", str(tmp_path / "x.duckdb")], io.StringIO()) == 2
    assert "--from" in capsys.readouterr().err
    same = str(tmp_path / "same.duckdb")
    assert cli.main(["db", "copy", "--from", same, "--to", same], io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "same database" in err and "Traceback" not in err


def _all_rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, ordered by all its columns (a copy keeps values and types, not row order)."""
    from agents.core.store.copy import tables

    store = open_store(path, all_migrations())
    try:
        return {t: sorted(store.db.fetchall(f'SELECT * FROM "{t}"'), key=repr) for t in tables(store)}
    finally:
        store.close()


def test_duckdb_to_duckdb_copies_every_value_of_every_table_in_bulk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys) -> None:
    """Every column type the store uses (timestamps, JSON text, NULLs, booleans, numbers) arrives as it was, and
    a table bigger than one batch arrives whole: one bulk statement per batch, never one statement per row."""
    from agents.core.store import copy as copy_module
    from agents.core.store.db import Database

    monkeypatch.delenv("PLAYGROUND_DATABASE_URL", raising=False)
    before = _used_duckdb(tmp_path / "team.duckdb", monkeypatch)
    store = open_store(tmp_path / "team.duckdb", all_migrations())
    try:  # more messages than two batches, with NULLs and non-ASCII text among them
        conv = store.db.fetchone("SELECT id FROM conversations ORDER BY id LIMIT 1")
        assert conv is not None
        extra = copy_module.BATCH * 2 + 7
        store.db.copy_rows("messages", ["id", "conversation_id", "seq", "role", "content", "meta", "created_at"], [
            (f"bulk-{i:06d}", conv[0], 10_000 + i, "user", None if i % 5 == 0 else f"메시지 {i} \"quoted\" \\ ✓",
             json.dumps({"n": i}), "2026-11-02 09:00:00") for i in range(extra)])
    finally:
        store.close()
    source = _all_rows(tmp_path / "team.duckdb")
    assert len(source["messages"]) == before["messages"] + extra

    statements: list[str] = []
    executed = Database.execute

    def spy(self: Database, sql: str, params: object = None) -> object:
        statements.append(sql)
        return executed(self, sql, params)  # type: ignore[arg-type]

    monkeypatch.setattr(Database, "execute", spy)
    code, report = _copy("--from", str(tmp_path / "team.duckdb"), "--to", str(tmp_path / "copy.duckdb"))
    monkeypatch.undo()
    assert code == 0, capsys.readouterr().err
    assert report["rows"]["messages"] == before["messages"] + extra
    assert _all_rows(tmp_path / "copy.duckdb") == source
    inserts = [s for s in statements if s.startswith('INSERT INTO "messages"')]
    assert len(inserts) == 3  # 2 * BATCH + the rest: a statement per batch
