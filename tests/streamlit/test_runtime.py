"""The Streamlit app's process-wide parts: the store (one DuckDB file per process: the store's own
message when another process holds it), secrets before the environment, and a real headless
`streamlit run` answering its health check."""

from __future__ import annotations

import subprocess
import sys
import urllib.request

import pytest

from agents.core.session import runtime_store
from tests.streamlit.conftest import APP, click, send, texts
from tests.support.fake_openai import FakeOpenAI, Reply, responses_stream


def test_a_database_held_by_another_process_is_named_with_the_fix(store, tmp_path, monkeypatch):
    testing = pytest.importorskip("streamlit.testing.v1")
    path = tmp_path / "held.duckdb"
    monkeypatch.setenv("PLAYGROUND_DB", str(path))
    holder = subprocess.Popen([sys.executable, "-c", "import duckdb, sys, time; held = duckdb.connect(sys.argv[1]); "
                               "print('ready', flush=True); time.sleep(120)", str(path)], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        at = testing.AppTest.from_file(str(APP), default_timeout=120)
        at.run()
        assert not at.exception
        (error,) = at.error
        assert f"The database file {path} is already open in another process" in error.value
        assert "set PLAYGROUND_DB to a different file" in error.value
        assert not at.chat_input  # the page stops there
    finally:
        holder.kill()
        holder.wait()
    at.run()  # the file is free again: the same session now works
    assert not at.error and len(at.chat_input) == 1


@pytest.fixture
def fake():
    server = FakeOpenAI()
    yield server
    server.close()


def test_secrets_come_before_the_environment(app, fake, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-the-environment")
    app.secrets.update({"OPENAI_API_KEY": "sk-from-secrets", "OPENAI_BASE_URL": fake.base_url,
                        "OPENAI_MODEL": "fake-model"})
    app.sidebar.selectbox(key="pg_provider").set_value("openai").run()
    fake.queue(Reply("/v1/responses", frames=responses_stream(text="Hello from the fake model")))
    send(app, "hi")
    assert fake.requests[0]["auth"] == "Bearer sk-from-secrets"
    assert fake.requests[0]["body"]["model"] == "fake-model"
    assert "Hello from the fake model" in texts(app)
    assert "openai/fake-model" in texts(app)  # the reply's badge


def test_the_environment_when_no_secret_is_set(app, fake, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-the-environment")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    app.sidebar.selectbox(key="pg_provider").set_value("openai").run()
    fake.queue(Reply("/v1/responses", frames=responses_stream(text="Hello again")))
    send(app, "hi")
    assert fake.requests[0]["auth"] == "Bearer sk-from-the-environment"


def test_settings_and_the_user_survive_the_first_runs_and_a_turn(app):
    """Widgets of the entry script come after st.navigation: made before it, they took another
    identity on a session's first run than on the next, and their values reset (a real browser too)."""
    app.sidebar.text_input(key="pg_user_box").set_value("carol").run()
    app.sidebar.selectbox(key="pg_provider").set_value("gemini").run()
    click(app, "이번 주 성과 어때?")  # a turn ends with a rerun of the page
    assert app.session_state["pg_provider"] == "gemini" and app.session_state["pg_user_box"] == "carol"
    assert any("API 키가 없어요" in e.value for e in app.error)  # the turn ran as gemini (no key here)
    assert runtime_store().conversations.list("carol", agent_id="marketing")


def test_a_missing_key_is_said_in_the_chat(app):
    app.sidebar.selectbox(key="pg_provider").set_value("gemini").run()
    send(app, "hi")
    assert any("API 키가 없어요" in e.value for e in app.error)


def test_streamlit_run_headless_answers_its_health_check(tmp_path):
    from pages.streamlit.serve import serve

    with serve({"PLAYGROUND_DB": str(tmp_path / "smoke.duckdb"), "PLAYGROUND_MAP_TILES": "0"}) as url:
        with urllib.request.urlopen(url + "_stcore/health", timeout=5) as answer:
            assert (answer.status, answer.read()) == (200, b"ok")
        with urllib.request.urlopen(url, timeout=5) as answer:
            assert answer.status == 200 and "<title>Streamlit</title>" in answer.read().decode()
        assert url.startswith("http://127.0.0.1:")
