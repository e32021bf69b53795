"""`playground tokens create|list|revoke --user ID`: the plain token once, then only its prefix."""

from __future__ import annotations

import io
import json

from fastapi.testclient import TestClient

from agents.cli.main import main
from agents.http.api import create_api
from tests.api.conftest import bearer


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_create_list_use_and_revoke_from_the_cli(store, capsys):
    code, text = run("tokens", "create", "--user", "alice", "--label", "nightly eval")
    assert code == 0
    plain = text.splitlines()[0]
    assert plain.startswith("pgt_") and "only time it is shown" in text
    client = TestClient(create_api("shared"))
    assert client.get("/api/v1/agents", headers=bearer(plain)).status_code == 200

    code, listed = run("tokens", "list", "--user", "alice")
    assert code == 0 and plain not in listed and plain[:10] + "…" in listed and "nightly eval" in listed
    assert "active" in listed
    [row] = [json.loads(line) for line in run("tokens", "list", "--user", "alice", "--json")[1].splitlines()]
    assert row["label"] == "nightly eval" and "token" not in row and "token_hash" not in row
    assert run("tokens", "list", "--user", "bob")[1] == "No API tokens for user bob.\n"

    assert run("tokens", "revoke", row["id"], "--user", "bob")[0] == 2  # not bob's
    assert "No token" in capsys.readouterr().err
    code, text = run("tokens", "revoke", row["id"], "--user", "alice")
    assert code == 0 and text == f"revoked {row['id']} (nightly eval)\n"
    assert client.get("/api/v1/agents", headers=bearer(plain)).status_code == 401
    assert "revoked" in run("tokens", "list", "--user", "alice")[1]


def test_json_create_and_bad_input(store, capsys):
    code, text = run("tokens", "create", "--user", "carol", "--json")
    made = json.loads(text)
    assert code == 0 and made["token"].startswith("pgt_") and made["label"] == "API token"
    assert run("tokens", "revoke", "--user", "carol")[0] == 2
    assert "needs a token id" in capsys.readouterr().err
    assert run("tokens", "create", "--user", "bad user")[0] == 2
    assert "Invalid user id" in capsys.readouterr().err
    assert run("tokens", "create", "--user", "carol", "--label", "x" * 80)[0] == 2
    assert "keep it to 60" in capsys.readouterr().err
