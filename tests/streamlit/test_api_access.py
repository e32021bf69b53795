"""The Streamlit app's API access page (issue 28), as the Gradio tab: create a token (shown once), list it
with "last used", test it (the same service as /api/v1/whoami: "last used" moves), revoke it, the note that
tokens are only checked in shared mode; hostile labels and tokens named, nothing minted for anyone else."""

from __future__ import annotations

import re

import pytest

from agents.core.session import runtime_store
from tests.streamlit.conftest import APP, click, open_page, texts

HANGUL = re.compile("[\uac00-\ud7a3\u3131-\u318e]")


def fresh_tokens(at) -> list[str]:
    """The code blocks holding a new token (the page's other one is the curl example)."""
    return [c.value for c in at.code if not c.value.startswith("curl ")]


def tokens_table(at):
    return next(d.value for d in at.dataframe)


def test_create_list_test_and_revoke_a_token(app):
    open_page(app, "api")
    assert "토큰은 공유 모드에서만 검사합니다" in texts(app) and "아직 토큰이 없습니다." in texts(app)
    app.text_input(key="pg_api_label:demo").set_value("nightly eval").run()
    click(app, "토큰 만들기")
    [row] = runtime_store().tokens.list("demo")
    assert row.label == "nightly eval" and row.active and row.last_used_at is None
    assert "'nightly eval' 토큰을 만들었습니다" in texts(app)
    [shown] = fresh_tokens(app)  # the token, once
    assert shown.startswith(row.prefix)
    table = tokens_table(app)
    assert table.iloc[0].tolist()[:3] == ["nightly eval", row.prefix + "…", "사용 중"]
    assert table["마지막 사용 (UTC)"].tolist() == ["사용 전"]
    assert app.text_input(key="pg_api_probe:demo").value == shown  # the new token is the one to test

    click(app, "이 토큰 테스트")
    assert any("토큰이 유효합니다: `demo` 사용자의 토큰" in s.value for s in app.success)
    [row] = runtime_store().tokens.list("demo")
    assert row.last_used_at is not None  # "last used" moved on the test
    assert tokens_table(app)["마지막 사용 (UTC)"].tolist() == [f"{row.last_used_at:%Y-%m-%d %H:%M}"]
    assert fresh_tokens(app) == []  # shown once: not on the next drawing

    app.text_input(key="pg_api_probe:demo").set_value("pgt_not_a_token").run()
    click(app, "이 토큰 테스트")
    assert "알 수 없거나 폐기된 토큰입니다" in texts(app) and "pgt_not_a_token" not in texts(app)
    app.text_input(key="pg_api_probe:demo").set_value("   ").run()
    click(app, "이 토큰 테스트")
    assert "테스트할 토큰을 입력하세요." in texts(app)

    app.selectbox(key="pg_api_pick:demo").set_value(row.id).run()
    click(app, "폐기")
    assert "'nightly eval' 토큰을 폐기했습니다" in texts(app)
    [row] = runtime_store().tokens.list("demo")
    assert not row.active and tokens_table(app)["상태"].tolist()[0].startswith("폐기됨")
    app.text_input(key="pg_api_probe:demo").set_value(shown).run()
    click(app, "이 토큰 테스트")
    assert "알 수 없거나 폐기된 토큰입니다" in texts(app)  # a revoked token no longer counts


def test_hostile_label_and_token_are_named_and_nothing_is_made(app):
    open_page(app, "api")
    app.text_input(key="pg_api_label:demo").set_value("evil\u202e\x00label").run()
    click(app, "토큰 만들기")
    assert any("토큰을 만들지 못했습니다" in e.value and "제어 문자" in e.value for e in app.error)
    assert runtime_store().tokens.list("demo") == [] and fresh_tokens(app) == []
    app.text_input(key="pg_api_probe:demo").set_value("Bearer " + "x" * 100_000).run()
    click(app, "이 토큰 테스트")  # a huge value: clipped, looked up once, refused
    assert "알 수 없거나 폐기된 토큰입니다" in texts(app)


def test_tokens_are_the_viewers_own(app):
    runtime_store()  # alice's token exists; demo never sees it, nor can revoke it
    from agents.core.clock import system_clock
    from agents.services import access

    access.issue_token(runtime_store(), "alice", "alice's", system_clock())
    open_page(app, "api")
    assert "아직 토큰이 없습니다." in texts(app) and not app.dataframe
    assert "pg_api_pick:demo" not in [s.key for s in app.selectbox]


def test_the_page_in_english_has_no_korean(store, monkeypatch):
    monkeypatch.setattr("agents.view.texts.lang_from", lambda tag: "en")
    testing = pytest.importorskip("streamlit.testing.v1")
    at = testing.AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    open_page(at, "api")
    at.text_input(key="pg_api_label:demo").set_value("ci").run()
    click(at, "Create token")
    click(at, "Test this token")
    # the curl example's body is the first agent's own first example (its data), left out
    words = re.sub(r"```.*?```", "", texts(at), flags=re.S).splitlines() + [w.label for w in at.text_input] + [b.label for b in at.button]
    words += [str(c) for d in at.dataframe for c in d.value.columns] + [str(v) for d in at.dataframe
                                                                         for v in d.value.iloc[0].tolist()]
    assert "Tokens are only checked in shared mode" in texts(at) and "The token is valid" in texts(at)
    assert [w for w in words if HANGUL.search(str(w))] == []
