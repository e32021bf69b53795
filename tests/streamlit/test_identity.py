"""Who the Streamlit app acts for. local: the user box. shared: st.user when Streamlit auth is
configured, else an anonymous id made on the server for the session; never a value the client sets."""

from __future__ import annotations

import pytest

from agents.core.session import runtime_store
from tests.streamlit.conftest import APP, send, texts

AUTH = {"auth": {"redirect_uri": "http://127.0.0.1:8501/oauth2callback", "cookie_secret": "x" * 32,
                 "client_id": "id", "client_secret": "secret",
                 "server_metadata_url": "https://accounts.example.com/.well-known/openid-configuration"}}


def owners() -> dict[str, int]:
    rows = runtime_store().db.execute("SELECT user_id, count(*) FROM conversations GROUP BY user_id").fetchall()
    return dict(rows)


def fresh(monkeypatch, mode: str | None):
    testing = pytest.importorskip("streamlit.testing.v1")
    if mode:
        monkeypatch.setenv("PLAYGROUND_MODE", mode)
    return testing.AppTest.from_file(str(APP), default_timeout=120)


def test_local_mode_acts_as_the_typed_user(app):
    box = app.sidebar.text_input(key="pg_user_box")
    assert box.value == "demo"
    box.set_value("alice").run()
    send(app, "이번 주 성과 어때?")
    assert owners() == {"alice": 1}
    # the conversation list is alice's; back as demo, it is empty and the chat too
    app.sidebar.text_input(key="pg_user_box").set_value("demo").run()
    assert not app.chat_message and "아직 대화가 없습니다" in texts(app)
    app.sidebar.text_input(key="pg_user_box").set_value("alice").run()
    assert len(app.sidebar.radio[0].options) == 1 and app.chat_message  # alice's conversation is still open


def test_local_mode_names_a_bad_user_id_and_keeps_the_last_good_one(app):
    app.sidebar.text_input(key="pg_user_box").set_value("bob").run()
    app.sidebar.text_input(key="pg_user_box").set_value("no spaces please").run()
    assert any("Invalid user id 'no spaces please'" in e.value for e in app.sidebar.error)
    send(app, "이번 주 성과 어때?")
    assert owners() == {"bob": 1}


def test_shared_mode_is_anonymous_per_session_and_ignores_client_values(store, monkeypatch):
    first = fresh(monkeypatch, "shared")
    first.query_params["user"] = "alice"  # nothing the browser sends names the user
    first.run()
    assert "pg_user_box" not in [box.key for box in first.sidebar.text_input]  # no user box
    first.session_state["pg_user_box"] = "alice"  # nor a value set for a box that is not there
    send(first, "이번 주 성과 어때?")
    (owner,) = owners()
    assert owner.startswith("anon-") and owner != "alice"
    assert any(owner in c.value for c in first.sidebar.caption)
    second = fresh(monkeypatch, "shared")
    second.run()
    send(second, "이번 주 성과 어때?")
    assert len(owners()) == 2  # another session, another person
    assert not second.sidebar.radio or len(second.sidebar.radio[0].options) == 1  # sees only its own


def test_shared_mode_with_auth_uses_st_user(store, monkeypatch):
    at = fresh(monkeypatch, "shared")
    at.secrets.update(AUTH)
    at.user = {"is_logged_in": True, "email": "alice@example.com", "name": "Alice", "sub": "123"}
    at.run()
    send(at, "이번 주 성과 어때?")
    assert owners() == {"sso-alice@example.com": 1}
    assert "로그아웃" in [b.label for b in at.sidebar.button]
    at.user = {"is_logged_in": True, "iss": "https://huggingface.co", "preferred_username": "bob",
               "email": "bob@example.com"}
    at.run()
    send(at, "이번 주 성과 어때?")
    assert owners() == {"sso-alice@example.com": 1, "hf-bob": 1}  # the Gradio app's id for the same HF person


def test_shared_mode_with_auth_before_login_offers_it_and_stays_anonymous(store, monkeypatch):
    at = fresh(monkeypatch, "shared")
    at.secrets.update(AUTH)
    at.user = {"is_logged_in": False}
    at.run()
    assert "로그인" in [b.label for b in at.sidebar.button]
    send(at, "이번 주 성과 어때?")
    (owner,) = owners()
    assert owner.startswith("anon-")


def test_shared_mode_stops_minting_anonymous_ids_past_the_address_limit(store, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_IDENTITY_LIMIT", "1")
    first = fresh(monkeypatch, "shared")
    first.run()
    assert not first.error
    second = fresh(monkeypatch, "shared")  # another session from the same address, this hour
    second.run()
    assert [e.value for e in second.error] and second.error[0].value.startswith(
        "이 주소에서 지난 한 시간 동안 새 익명 사용자를 이미 1명 만들어")
    assert not second.chat_input  # the page stopped there: nothing to act as
    send(first, "이번 주 성과 어때?")  # the session that has its identity keeps working
    (owner,) = owners()
    assert owner.startswith("anon-")
