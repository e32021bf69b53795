"""Ready for Hugging Face Spaces: the README's front matter, the requirements Spaces installs, the
real server in shared mode with SPACE_ID set (over HTTP on 127.0.0.1), Gradio's OAuth routes, /data."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import time
import tomllib
from pathlib import Path

import httpx
import pytest
import yaml

from agents.core.clock import system_clock
from agents.services.access import issue_token

ROOT = Path(__file__).resolve().parents[1]


def test_readme_opens_with_spaces_front_matter():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert text.startswith("---\n")
    meta = yaml.safe_load(text.split("---\n", 2)[1])
    assert meta["sdk"] == "gradio" and meta["app_file"] == "app.py" and meta["hf_oauth"] is True
    assert 0 < len(meta["short_description"]) <= 60  # Spaces refuses longer ones
    import gradio

    assert meta["sdk_version"] == gradio.__version__  # the version the suite ran with
    assert str(meta["python_version"]) == f"{sys.version_info.major}.{sys.version_info.minor}"
    assert (ROOT / meta["app_file"]).exists()
    for secret in ("PLAYGROUND_SECRET", "OPENAI_API_KEY", "GEMINI_API_KEY"):
        assert f"`{secret}`" in text.split("## Deploy to Spaces", 1)[1].split("\n## ", 1)[0]


def test_requirements_txt_matches_the_project_dependencies():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    listed = [line.strip() for line in (ROOT / "requirements.txt").read_text().splitlines()
              if line.strip() and not line.startswith("#")]
    assert listed == declared


def test_data_is_the_database_home_on_a_space(monkeypatch):
    from agents.core.store import db

    monkeypatch.delenv("PLAYGROUND_DB", raising=False)
    monkeypatch.setattr(db.Path, "is_dir", lambda self: str(self) == "/data" or Path.is_dir(self))
    monkeypatch.setattr(db.os, "access", lambda path, mode: str(path) == "/data" or os.access(path, mode))
    assert db.default_db_path() == Path("/data/agent-playground.duckdb")


@pytest.fixture
def space_server(store, monkeypatch):
    uvicorn = pytest.importorskip("uvicorn")
    from pages.gradio.identity import AppConfig
    from pages.gradio.shell import build_server
    from tests.browser.conftest import _free_port

    monkeypatch.setenv("SPACE_ID", "team/agent-playground")
    monkeypatch.delenv("PLAYGROUND_MODE", raising=False)
    port = _free_port()
    config = AppConfig.detect("127.0.0.1")
    assert config.mode == "shared"
    srv = uvicorn.Server(uvicorn.Config(build_server(config), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 60
    while not srv.started and time.time() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def test_the_real_server_runs_shared_mode_end_to_end_over_http(space_server, store):
    alice = {"Authorization": "Bearer " + issue_token(store, "alice", "e2e", system_clock())[1]}
    bob = {"Authorization": "Bearer " + issue_token(store, "bob", "e2e", system_clock())[1]}
    with httpx.Client(base_url=space_server, timeout=30) as http:
        refused = http.post("/api/v1/agents/notes/chat", json={"message": "add plan"})
        assert refused.status_code == 401 and "API 접근" in refused.json()["error"]["message"]
        assert http.post("/api/v1/agents/notes/chat", json={"message": "add plan", "user": "alice"}).status_code == 401
        with http.stream("POST", "/api/v1/agents/notes/chat", json={"message": "add secret plan"},
                         headers=alice) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            frames = [line for line in stream.iter_lines() if line.startswith("data: ")]
        done = json.loads(frames[-1].removeprefix("data: "))
        assert done["type"] == "done"
        conversation = done["conversation_id"]
        assert http.get(f"/api/v1/conversations/{conversation}", headers=alice).status_code == 200
        assert http.get(f"/api/v1/conversations/{conversation}", headers=bob).status_code == 404
        assert http.get("/api/v1/conversations", params={"user": "alice"}, headers=bob).status_code == 403
        assert http.get("/api/v1/conversations", headers=bob).json() == {"conversations": [], "total": 0}
        page = http.get("/")
        assert page.status_code == 200 and "gradio" in page.text.lower()
        assert http.get("/api/docs").status_code == 200
        assert "shared" in http.get("/api/openapi.json").json()["info"]["description"]


_OAUTH_SCRIPT = textwrap.dedent("""
    import json, sys, threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    class Provider(BaseHTTPRequestHandler):  # the OpenID metadata a Space's provider serves
        def do_GET(self):
            body = json.dumps({"issuer": URL, "authorization_endpoint": URL + "/oauth/authorize",
                               "token_endpoint": URL + "/oauth/token", "jwks_uri": URL + "/oauth/jwks"}).encode()
            self.send_response(200); self.send_header("Content-Type", "application/json"); self.end_headers()
            self.wfile.write(body)
        def log_message(self, *args): pass

    server = HTTPServer(("127.0.0.1", int(sys.argv[1])), Provider)
    URL = f"http://127.0.0.1:{sys.argv[1]}"
    threading.Thread(target=server.serve_forever, daemon=True).start()

    from fastapi.testclient import TestClient
    from pages.gradio.identity import AppConfig
    from pages.gradio.shell import build_server
    config = AppConfig.detect("127.0.0.1")
    client = TestClient(build_server(config), base_url="https://team-agent-playground.hf.space")
    login = client.get("/login/huggingface", follow_redirects=False)
    print(json.dumps({"mode": config.mode, "oauth": config.oauth, "status": login.status_code,
                      "location": login.headers.get("location", ""), "page": client.get("/").status_code}))
""")


def test_hf_oauth_login_is_wired_as_gradio_expects_on_a_space(tmp_path):
    """Gradio reads the OAuth variables when ``gradio.oauth`` is imported, so this runs in a fresh
    process, with a provider on 127.0.0.1 standing in for huggingface.co."""
    from tests.browser.conftest import _free_port

    port = _free_port()
    env = {**os.environ, "SYSTEM": "spaces", "SPACE_ID": "team/agent-playground", "SPACE_HOST": "team-agent-playground.hf.space",
           "OAUTH_CLIENT_ID": "client-123", "OAUTH_CLIENT_SECRET": "s3cret", "OAUTH_SCOPES": "openid profile",
           "OPENID_PROVIDER_URL": f"http://127.0.0.1:{port}", "PLAYGROUND_DB": str(tmp_path / "p.duckdb")}
    env.pop("PLAYGROUND_MODE", None)
    done = subprocess.run([sys.executable, "-c", _OAUTH_SCRIPT, str(port)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["mode"] == "shared" and result["oauth"] is True and result["page"] == 200
    assert result["status"] in (302, 307)
    assert result["location"].startswith(f"http://127.0.0.1:{port}/oauth/authorize?")
    assert "client_id=client-123" in result["location"] and "login%2Fcallback" in result["location"]


@pytest.mark.parametrize("missing", ["SYSTEM", "SPACE_ID", "OAUTH_CLIENT_ID", "OPENID_PROVIDER_URL"])
def test_no_login_button_off_a_real_space(monkeypatch, missing):
    """Without SYSTEM=spaces Gradio would mock OAuth against huggingface.co: the button stays off."""
    from agents.core.identity import oauth_enabled

    for name, value in {"SYSTEM": "spaces", "SPACE_ID": "t/p", "OAUTH_CLIENT_ID": "c", "OAUTH_CLIENT_SECRET": "s",
                        "OPENID_PROVIDER_URL": "http://127.0.0.1:9"}.items():
        monkeypatch.setenv(name, value)
    assert oauth_enabled()
    monkeypatch.delenv(missing)
    assert not oauth_enabled()
