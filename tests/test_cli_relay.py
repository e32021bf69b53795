"""Issue 32, in one process: the runtime file a CLI trusts (stale, planted, readable by others: ignored), the
operator route's refusals (shared mode: no token is an operator, a user's token never acts as another user),
and hostile commands sent straight to the route (the server answers, never exits)."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agents.cli.main import main, run_relayed
from agents.core import server_file
from agents.core.clock import system_clock
from agents.http.api import create_api
from agents.http.operator import MAX_ARGS, Operator
from agents.services.access import issue_token, list_tokens
from tests.browser.conftest import _free_port
from tests.conftest import ON_PG

TOKEN = "pgop_test-operator-token"


def _lines(response) -> list[dict]:
    return [json.loads(line) for line in response.text.splitlines()]


def _said(frames: list[dict]) -> tuple[str, str, int]:
    out = "".join(f.get("out", "") for f in frames)
    err = "".join(f.get("err", "") for f in frames)
    return out, err, frames[-1]["exit"]


@pytest.fixture
def local() -> TestClient:
    return TestClient(create_api("local", operator=Operator(TOKEN, run_relayed)), raise_server_exceptions=False)


def _post(client: TestClient, argv: list, token: str = TOKEN, **body):
    return client.post("/api/v1/operator/cli", json={"argv": argv, "cwd": os.getcwd(), **body},
                       headers={"Authorization": f"Bearer {token}"})


def test_a_command_runs_in_the_server_with_the_caller_s_stdin_and_folder(local, tmp_path) -> None:
    (tmp_path / "v2.txt").write_text("Be brief.", encoding="utf-8")
    answer = _post(local, ["prompts", "create", "marketing", "--file", "v2.txt", "--label", "brief"],
                   cwd=str(tmp_path))
    assert answer.headers["content-type"] == "application/x-ndjson"
    out, err, status = _said(_lines(answer))
    assert (status, err, out) == (0, "", "created marketing v1\n")
    piped = _post(local, ["prompts", "create", "marketing", "--label", "piped"],
                  stdin=base64.b64encode(b"Be kind.").decode())
    assert _said(_lines(piped))[2] == 0
    shown = _said(_lines(_post(local, ["prompts", "show", "marketing", "2"])))[0]
    assert "Be kind." in shown and "Be brief." in _said(_lines(_post(local, ["prompts", "show", "marketing", "1"])))[0]


@pytest.mark.parametrize(("argv", "status", "stream", "said"), [
    (["serve"], 2, "err", "error (not_relayed): `playground serve`"),
    (["agents"], 2, "err", "error (not_relayed)"),
    (["--help"], 0, "out", "usage: playground"),
    (["chat"], 2, "err", "the following arguments are required: agent"),
    (["tokens", "explode"], 2, "err", "invalid choice: 'explode'"),
    (["conversations", "list", "--limit", "99999999"], 2, "err", "--limit must be from 1 to 1000"),
    (["tokens", "list", "--user", "../../etc"], 2, "err", "error (invalid_user)"),
    (["chat", "marketing", "-"], 1, "out", "[error empty_input]"),  # no stdin sent: an empty message, refused
])
def test_a_hostile_command_is_answered_and_the_server_keeps_running(local, argv, status, stream, said) -> None:
    out, err, code = _said(_lines(_post(local, argv)))
    assert code == status and said in (out if stream == "out" else err), (out, err)
    assert _said(_lines(_post(local, ["tokens", "list"])))[2] == 0  # still serving


@pytest.mark.parametrize(("body", "field"), [
    ({"cwd": "relative/dir"}, "cwd"),
    ({"cwd": "/no/such/folder"}, "cwd"),
    ({"stdin": "not base64!"}, "stdin"),
    ({"argv": []}, "argv"),
    ({"argv": ["tokens"] * (MAX_ARGS + 1)}, "argv"),
    ({"argv": ["tokens", "\ud800"]}, "argv.1"),
    ({"argv": ["x" * 100_001]}, "argv.0"),
    ({"shell": "rm -rf /"}, "shell"),
])
def test_a_malformed_request_is_422_naming_its_field(local, body, field) -> None:
    answer = local.post("/api/v1/operator/cli", content=json.dumps({"argv": ["tokens", "list"], "cwd": "/", **body}),
                        headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["field"] == field


def test_shared_mode_takes_no_operator_and_no_user_token_acts_as_another(store) -> None:
    shared = TestClient(create_api("shared", operator=Operator(TOKEN, run_relayed)), raise_server_exceptions=False)
    alice = issue_token(store, "alice", "mine", system_clock())[1]
    attack = {"argv": ["tokens", "create", "--user", "bob", "--label", "stolen"], "cwd": "/"}
    # The runtime token is local-mode only: in shared mode it is no token at all.
    by_operator = shared.post("/api/v1/operator/cli", json=attack, headers={"Authorization": f"Bearer {TOKEN}"})
    assert by_operator.status_code == 401
    # alice's valid token: no operator, and never bob.
    by_alice = shared.post("/api/v1/operator/cli", json=attack, headers={"Authorization": f"Bearer {alice}"})
    assert (by_alice.status_code, by_alice.json()["error"]["code"]) == (403, "forbidden")
    assert list_tokens(store, "bob") == []
    # In local mode too, a user's API token is not the operator's.
    local = TestClient(create_api("local", operator=Operator(TOKEN, run_relayed)), raise_server_exceptions=False)
    assert local.post("/api/v1/operator/cli", json=attack, headers={"Authorization": f"Bearer {alice}"}).status_code == 401
    # A server started without a CLI runner (e.g. a test's) takes no command at all.
    bare = TestClient(create_api("local"), raise_server_exceptions=False)
    assert bare.post("/api/v1/operator/cli", json=attack, headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 403


# --- the runtime file ----------------------------------------------------------------------------------------


def test_the_runtime_file_is_written_0600_and_removed_only_by_its_server(tmp_path) -> None:
    db = tmp_path / "a.duckdb"
    path = server_file.write(db, "http://127.0.0.1:1234", "pgop_one", "local")
    assert (path.name, oct(path.stat().st_mode & 0o777)) == ("a.duckdb.server.json", "0o600")
    assert server_file.read(db) == server_file.ServerInfo("http://127.0.0.1:1234", "pgop_one", os.getpid(), "local")
    server_file.remove(db, "pgop_other")  # a later server's file is not an earlier one's to remove
    assert path.exists()
    server_file.remove(db, "pgop_one")
    assert not path.exists()


@pytest.mark.parametrize("case", ["dead pid", "readable by others", "not json", "huge", "symlink", "another user"])
def test_a_runtime_file_the_cli_cannot_trust_is_ignored(tmp_path, case) -> None:
    db = tmp_path / "a.duckdb"
    path = server_file.write(db, "http://127.0.0.1:1234", "pgop_one", "local")
    if case == "dead pid":
        done = subprocess.Popen([sys.executable, "-c", "pass"])
        done.wait()
        path.write_text(json.dumps({"url": "http://127.0.0.1:1", "token": "t", "pid": done.pid, "mode": "local"}))
    elif case == "readable by others":
        path.chmod(0o644)
    elif case == "not json":
        path.write_text("{")
    elif case == "huge":
        path.write_text(json.dumps({"url": "http://127.0.0.1:1", "token": "t" * 10_000, "pid": os.getpid(),
                                    "mode": "local"}))
    elif case == "symlink":
        real = tmp_path / "elsewhere.json"
        path.rename(real)
        path.symlink_to(real)
    else:
        if os.getuid() != 0:
            pytest.skip("chown needs root")
        os.chown(path, 65534, 65534)
    assert server_file.read(db) is None


@pytest.fixture
def holder(tmp_path):
    """Another process holding the test's DuckDB file, as a running app does."""
    if ON_PG:
        pytest.skip("PostgreSQL has no file lock")
    db = os.environ["PLAYGROUND_DB"]
    process = subprocess.Popen([sys.executable, "-c", "import duckdb, sys, time\nc = duckdb.connect(sys.argv[1])\n"
                                "print('held', flush=True)\ntime.sleep(300)", db], stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "held"
    yield Path(db), process
    process.kill()
    process.wait()


def _plant(db: Path, url: str, pid: int, mode: str = "local") -> None:
    server_file.write(db, url, "pgop_planted", mode)
    path = server_file.path_for(db)
    data = json.loads(path.read_text())
    path.write_text(json.dumps({**data, "pid": pid}))


@pytest.mark.parametrize("case", ["no file", "dead server", "url not answering"])
def test_a_locked_file_without_a_live_app_still_says_database_locked(holder, capsys, case) -> None:
    db, process = holder
    if case == "dead server":
        done = subprocess.Popen([sys.executable, "-c", "pass"])
        done.wait()
        _plant(db, f"http://127.0.0.1:{_free_port()}", done.pid)
    elif case == "url not answering":  # the pid lives (the holder's) but nothing listens at the URL
        _plant(db, f"http://127.0.0.1:{_free_port()}", process.pid)
    assert main(["--lang", "en", "tokens", "list"]) == 2  # an English terminal: the refusal in English only
    err = capsys.readouterr().err
    assert err.startswith("error (database_locked): The database file") and "the app is running" not in err
    assert "데이터베이스" not in err
    assert main(["tokens", "list"]) == 2  # no language named: both, and no relay notice either
    err = capsys.readouterr().err
    assert err.startswith("error (database_locked): 데이터베이스 파일") and "앱이 실행 중이라" not in err


def test_an_app_in_shared_mode_is_named_and_takes_no_cli_command(holder, capsys) -> None:
    db, process = holder
    _plant(db, "http://127.0.0.1:7860", process.pid, mode="shared")
    assert main(["tokens", "list"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error (database_locked): ") and "runs in shared mode, which takes no CLI commands" in err
