"""The store on PostgreSQL, whatever the pass: several processes on one database (issue 32)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.postgres import TempPostgres

ROOT = Path(__file__).resolve().parents[1]

# Waits for the go file, then opens (and so migrates) the store; prints what this process applied.
_MIGRATE = """
import json, os, sys, time
from pathlib import Path
go = Path(sys.argv[2])
while not go.exists():
    time.sleep(0.001)
from agents.core.agent import all_migrations
from agents.core.store import open_store
from agents.core.store.migrations import CORE_MIGRATIONS, migrate
from agents.core.store.pg import PgDatabase
db = PgDatabase(sys.argv[1])
names = [m.name for m in [*CORE_MIGRATIONS, *all_migrations()]]
print(json.dumps({"applied": migrate(db, [*CORE_MIGRATIONS, *all_migrations()]), "names": names}))
db.close()
"""


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_two_processes_starting_at_once_migrate_exactly_once(postgres: TempPostgres, tmp_path: Path) -> None:
    url = postgres.create_database("migrate_race")
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, "-c", _MIGRATE, url, str(go)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=_env(), cwd=ROOT) for _ in range(2)]
    time.sleep(2.0)  # both have imported the app and wait on the file
    go.touch()
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err[-2000:] for _, err in outs]
    answers = [json.loads(out.strip().splitlines()[-1]) for out, _ in outs]
    applied = [a["applied"] for a in answers]
    expected = answers[0]["names"]
    assert "core_001_init" in expected and "marketing_001" in expected

    from agents.core.store.pg import PgDatabase

    # One process applied every migration, in order; the other found them applied (under the lock).
    assert sorted(applied, key=len) == [[], expected]
    db = PgDatabase(url)
    try:
        rows = db.fetchall("SELECT name, count(*) FROM _migrations GROUP BY name ORDER BY name")
        assert rows == sorted((name, 1) for name in expected)
        assert db.fetchone("SELECT count(*) FROM conversations") == (0,)
    finally:
        db.close()


def test_url_selects_postgresql_and_no_url_keeps_duckdb(postgres: TempPostgres, monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    from agents.core.store import open_store

    monkeypatch.delenv("PLAYGROUND_DATABASE_URL", raising=False)
    monkeypatch.setenv("PLAYGROUND_DB", str(tmp_path / "one.duckdb"))
    store = open_store()
    assert (store.db.dialect, store.path) == ("duckdb", str(tmp_path / "one.duckdb"))
    store.close()

    url = postgres.create_database("selected")
    monkeypatch.setenv("PLAYGROUND_DATABASE_URL", url)
    store = open_store()
    try:
        assert store.db.dialect == "postgres"
        assert store.db.fetchone("SELECT current_database()") == ("selected",)
    finally:
        store.close()


def test_only_one_process_leads_the_alert_timer_and_another_takes_over(postgres: TempPostgres) -> None:
    from agents.core.background import Leadership
    from agents.core.store.pg import PgDatabase

    url = postgres.create_database("leaders")
    first, second = PgDatabase(url), PgDatabase(url)  # two pools: two sessions, as two processes have
    try:
        one, two = Leadership(first), Leadership(second)
        assert [one.claim(), two.claim(), one.claim(), two.claim()] == [True, False, True, False]
        one.release()  # the leader's process stops (a kill -9 drops the lock with its connection: see below)
        first.close()
        deadline = time.monotonic() + 10
        while not two.claim():
            assert time.monotonic() < deadline, "the lock stayed held after its holder closed"
            time.sleep(0.05)
        third = PgDatabase(url)
        assert Leadership(third).claim() is False
        third.close()
    finally:
        two.release()
        second.close()


def test_a_crashed_process_leaves_no_conversation_lock_behind(postgres: TempPostgres) -> None:
    from agents.core.locks import holding
    from agents.core.store.pg import PgDatabase

    url = postgres.create_database("crash_locks")
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time\n"
        "from agents.core.store.pg import PgDatabase\n"
        "db = PgDatabase(sys.argv[1])\n"
        "with db.advisory('conversation:conv_x'):\n"
        "    print('held', flush=True)\n"
        "    time.sleep(60)\n"), url], stdout=subprocess.PIPE, text=True, env=_env(), cwd=ROOT)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        db = PgDatabase(url)
        try:
            with holding("conv_x", 0.3, db) as taken:
                assert taken is False  # busy: another process runs its turn
            holder.kill()  # kill -9: no unlock ran
            holder.wait(10)
            with holding("conv_x", 10.0, db) as taken:
                assert taken is True
        finally:
            db.close()
    finally:
        if holder.poll() is None:
            holder.kill()


def test_the_pool_sizes_come_from_the_environment_and_a_bad_one_is_named(postgres: TempPostgres,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: 16 + 24 connections per process, fixed (three processes could exhaust max_connections=100)."""
    from agents.core.errors import DatabaseUnusable
    from agents.core.store import open_store

    url = postgres.create_database("pools")
    monkeypatch.setenv("PLAYGROUND_DATABASE_URL", url)
    monkeypatch.setenv("PLAYGROUND_PG_POOL_MAX", "3")
    monkeypatch.setenv("PLAYGROUND_PG_LOCK_POOL_MAX", "5")
    store = open_store()
    try:
        assert (store.db.pool.max_size, store.db.locks.max_size) == (3, 5)
        assert store.db.fetchone("SELECT 1") == (1,)
    finally:
        store.close()
    for bad in ("0", "lots", "99999"):
        monkeypatch.setenv("PLAYGROUND_PG_POOL_MAX", bad)
        with pytest.raises(DatabaseUnusable) as refused:
            open_store()
        assert "PLAYGROUND_PG_POOL_MAX" in refused.value.message and repr(bad) in refused.value.message


def test_dev_run_postgres_starts_a_kept_local_server_for_the_app(postgres: TempPostgres) -> None:
    """`dev.py run --postgres` runs the app through ``python -m tests.support.postgres FOLDER CMD``: CMD sees
    PLAYGROUND_DATABASE_URL, the server stops with it, and what it wrote is there on the next start."""
    import shutil
    import tempfile

    # Not under tmp_path: as root the server runs as another user, who cannot enter pytest's 0700 folders.
    outer = Path(tempfile.mkdtemp(prefix="pg-kept-"))
    outer.chmod(0o755)
    folder = outer / "pgdata"
    write = ("from agents.core.store import open_store; s = open_store(); "
             "s.conversations.create('demo', 'marketing', 'kept', __import__('datetime').datetime(2026, 1, 1)); "
             "print('dialect', s.db.dialect); s.close()")
    read = ("from agents.core.store import open_store; s = open_store(); "
            "print('titles', [c.title for c in s.conversations.list('demo', agent_id='marketing')]); s.close()")
    env = {k: v for k, v in _env().items() if k != "PLAYGROUND_DATABASE_URL"}
    try:
        for code, expected in ((write, "dialect postgres"), (read, "titles ['kept']")):
            done = subprocess.run([sys.executable, "-m", "tests.support.postgres", str(folder), sys.executable, "-c",
                                   code], capture_output=True, text=True, timeout=180, env=env)
            assert done.returncode == 0, done.stderr[-2000:]
            assert expected in done.stdout and "PLAYGROUND_DATABASE_URL=postgresql://" in done.stdout
        assert (folder / "data" / "PG_VERSION").exists() and not (folder / "data" / "postmaster.pid").exists()
    finally:
        shutil.rmtree(outer, ignore_errors=True)


@pytest.mark.slow
def test_the_app_started_with_a_database_url_serves_from_postgresql(postgres: TempPostgres, tmp_path: Path) -> None:
    """Before: app.py opened PLAYGROUND_DB (or the default DuckDB file) whatever PLAYGROUND_DATABASE_URL said,
    while services that opened the store themselves used PostgreSQL: one app on two databases."""
    import httpx

    from agents.core.store import open_store
    from tests.support.postgres import free_port
    from tests.test_shutdown import _wait_until_up

    url = postgres.create_database("served")
    port = free_port()
    env = {**_env(), "PLAYGROUND_DATABASE_URL": url, "PLAYGROUND_DB": str(tmp_path / "unused.duckdb"),
           "PORT": str(port)}
    process = subprocess.Popen([sys.executable, "app.py"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        _wait_until_up(process, f"http://127.0.0.1:{port}")
        reply = httpx.post(f"http://127.0.0.1:{port}/api/v1/agents/marketing/chat",
                           json={"message": "이번 주 성과 어때?"}, timeout=120)
        assert reply.status_code == 200 and "event: done" in reply.text
    finally:
        process.terminate()
        output = process.communicate(timeout=60)[0]
    assert "Agent Playground database: postgresql://" in output, output[-2000:]
    assert not (tmp_path / "unused.duckdb").exists()
    store = open_store(url)
    try:
        assert store.db.fetchone("SELECT count(*) FROM conversations WHERE agent_id = 'marketing'") == (1,)
    finally:
        store.close()
