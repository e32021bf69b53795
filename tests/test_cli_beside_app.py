"""Issue 32: the README's CLI examples work while the app runs on DuckDB. The app holds the file, so the CLI sends
each command through the app's HTTP API (``POST /api/v1/operator/cli`` with the operator token of the app's 0600
runtime file), says so in one line on stderr, and prints what the direct path prints. Before: every one of them
exited 2 with ``database_locked``."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from agents.cli.remote import notice
from agents.core import server_file
from tests.browser.conftest import _free_port

ROOT = Path(__file__).resolve().parents[1]
# A whole app plus twenty CLI processes: 20 s of a quiet 2-core machine, minutes of a loaded one.
pytestmark = [pytest.mark.duckdb_only("on PostgreSQL every process opens the database itself: nothing is relayed"),
              pytest.mark.slow]

SUITE = """\
suite: beside-the-app
agent: marketing
cases:
  - name: a greeting calls no tool
    turns:
      - user: 안녕
        expect:
          - no_error: true
          - tool: getPerformanceKPI
            not: true
"""


def _env(db: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PLAYGROUND_DATABASE_URL"}
    return {**env, "PLAYGROUND_DB": str(db), "PYTHONPATH": str(ROOT)}


def cli(db: Path, cwd: Path, *argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "agents.cli.main", *argv], cwd=cwd, env=_env(db), input=stdin,
                          capture_output=True, text=True, timeout=600)


def _wait_until_up(process: subprocess.Popen[str], url: str, log: Path) -> None:
    deadline = time.monotonic() + 600  # a cold start on a loaded 2-core machine
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the app exited during start-up: {log.read_text()}")
        try:
            if httpx.get(f"{url}/api/v1/agents", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.3)
    pytest.fail("the app did not answer")


def _dead_pid() -> int:
    done = subprocess.Popen([sys.executable, "-c", "pass"])
    done.wait()
    return done.pid


def test_the_readme_cli_examples_go_through_the_running_app_and_print_what_the_direct_path_prints(tmp_path):
    db, port, work = tmp_path / "playground.duckdb", _free_port(), tmp_path / "work"
    work.mkdir()
    (work / "suite.yaml").write_text(SUITE, encoding="utf-8")
    runtime = server_file.path_for(db)
    # A dead server's file, readable by others and pointing nowhere: ignored, then replaced by the new server.
    runtime.write_text(json.dumps({"url": "http://127.0.0.1:9", "token": "pgop_old", "pid": _dead_pid(),
                                   "mode": "local"}), encoding="utf-8")
    log = tmp_path / "app.log"
    with log.open("w") as sink:
        process = subprocess.Popen([sys.executable, "app.py"], cwd=ROOT, env={**_env(db), "PORT": str(port)},
                                   stdout=sink, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(process, url, log)
        mode = stat.S_IMODE(runtime.stat().st_mode)
        info = json.loads(runtime.read_text(encoding="utf-8"))
        assert (oct(mode), info["url"], info["pid"], info["mode"]) == ("0o600", url, process.pid, "local")
        token = info["token"]
        assert token.startswith("pgop_") and len(token) > 40

        chat = cli(db, work, "chat", "marketing", "이번 주 성과 어때?")
        assert (chat.returncode, chat.stderr) == (0, notice(url)), chat.stderr
        conversation = chat.stdout.rsplit("conversation: ", 1)[1].strip()
        assert conversation.startswith("conv_") and "getPerformanceKPI" in chat.stdout

        piped = cli(db, work, "chat", "marketing", "-", "--json", stdin="안녕하세요")
        events = [json.loads(line) for line in piped.stdout.splitlines()]
        assert (piped.returncode, piped.stderr) == (0, notice(url))
        assert [e.get("type") for e in events][-2:] == ["done", None] and events[0]["type"] != "error"

        made = cli(db, work, "tokens", "create", "--label", "leaked", "--json")
        assert (made.returncode, made.stderr) == (0, notice(url))
        row = json.loads(made.stdout)
        revoked = cli(db, work, "tokens", "revoke", row["id"])
        assert (revoked.returncode, revoked.stdout, revoked.stderr) == (0, f"revoked {row['id']} (leaked)\n", notice(url))
        # The revoked token is refused by the running app at once (the app's own store, not a copy).
        assert httpx.get(f"{url}/api/v1/whoami", headers={"Authorization": f"Bearer {row['token']}"}).json()[
            "token"] == "unknown"

        run = cli(db, work, "eval", "run", "suite.yaml", "--junit", "out/junit.xml")  # paths of the CLI's folder
        assert (run.returncode, run.stderr) == (0, notice(url)), run.stdout + run.stderr
        assert "PASSED: 1/1 cases passed" in run.stdout and (work / "out" / "junit.xml").is_file()

        exported = cli(db, work, "export", "traces", "--format", "jsonl", "--out", "traces.jsonl")
        assert (exported.returncode, exported.stderr) == (0, notice(url))
        assert exported.stdout.endswith(f"→ {work / 'traces.jsonl'}\n")
        assert len((work / "traces.jsonl").read_text(encoding="utf-8").splitlines()) >= 2  # both chats

        refused = cli(db, work, "tokens", "revoke", "tok_nope")
        assert refused.returncode == 2 and refused.stdout == ""
        assert refused.stderr.startswith(notice(url) + "error (token_not_found): ")

        # The operator route takes the runtime file's token only; a user's API token is not an operator.
        body = {"argv": ["tokens", "list"], "cwd": str(work)}
        for header in (None, "Bearer pgop_wrong", f"Bearer {row['token']}", f"Basic {token}"):
            answer = httpx.post(f"{url}/api/v1/operator/cli", json=body,
                                headers={"Authorization": header} if header else {})
            assert (answer.status_code, answer.json()["error"]["code"]) == (401, "unauthorized"), header

        reads = [("conversations", "list", "--json"), ("tokens", "list", "--json"), ("eval", "list", "--json"),
                 ("traces", "list", "--json"), ("conversations", "show", conversation), ("alerts", "list")]
        relayed = {argv: cli(db, work, *argv) for argv in reads}
        assert all((r.returncode, r.stderr) == (0, notice(url)) for r in relayed.values()), relayed
        assert conversation in relayed[("conversations", "list", "--json")].stdout

        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=120) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert not runtime.exists()  # removed on a clean stop (SIGTERM)
    assert token not in log.read_text(encoding="utf-8")  # never logged
    # The same commands on the direct path, now that the file is free: the same output, and no notice.
    for argv, before in relayed.items():
        direct = cli(db, work, *argv)
        assert (direct.returncode, direct.stderr, direct.stdout) == (0, "", before.stdout), argv
    assert any(t["id"] == row["id"] and t["revoked_at"] for t in map(json.loads, relayed[("tokens", "list", "--json")]
                                                                     .stdout.splitlines()))
