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
