"""Issue 28 points 4 and 5 in the Streamlit app (AppTest), fixed once in agents/view: every open
alert is drawn once (the unread ROAS WARNING among them) and the banner counts the cards; after a
campaign is confirmed the goal chips are gone."""

from __future__ import annotations

import re

import pytest

from agents.core.session import runtime_store
from tests.streamlit.conftest import APP, click, send, texts

AppTest = pytest.importorskip("streamlit.testing.v1").AppTest
HANGUL = re.compile("[\uac00-\ud7a3]")

GOALS = ["인지도 (브랜드 노출)", "트래픽 (웹사이트 방문)", "전환 (구매/가입)", "매출 (최대 매출)"]


def _alert_titles(app) -> list[str]:
    stored = {a.title for a in runtime_store().alerts.list("demo", agent_id="marketing")}
    return [m.value.split("**")[1] for m in app.markdown
            if m.value.count("**") == 2 and m.value.split("**")[1] in stored]


def _alert_titles_shown(app) -> list[str]:
    """The bold title of each alert card (a line that opens with the card's icon)."""
    return [m.value.split("**")[1] for m in app.markdown
            if m.value.count("**") == 2 and m.value.split("**")[0].strip() in ("🚨", "⚠️", "🎉", "💡")]


def test_every_open_alert_is_drawn_once_and_counted(app):
    titles = _alert_titles(app)  # the page load ran the check: four new alerts
    assert len(titles) == len(set(titles)) == 4  # before: 3 drawn, the fourth unread one hidden
    assert any(t.startswith("'봄 시즌 세일' ROAS") and t.endswith("% 하락") for t in titles)
    assert "🔔 **읽지 않은 알림 4개** · 열린 알림 4개" in texts(app)
    assert runtime_store().alerts.count_unread("demo", "marketing") == 4  # drawn is not read (issue 28)
    click(app, "닫기")
    assert len(_alert_titles(app)) == 3 and "🔔 **읽지 않은 알림 3개** · 열린 알림 3개" in texts(app)


def test_the_unread_count_survives_reruns_and_follows_read(app):
    """Issue 28: Streamlit draws on every rerun, and drawing marked the alerts read: the banner fell from
    "4개" to "0개" at the first click, while Gradio kept it until its timer. Now both count the cards marked new."""
    assert "🔔 **읽지 않은 알림 4개** · 열린 알림 4개" in texts(app)
    app.run()  # a rerun, as any click or message makes
    assert "🔔 **읽지 않은 알림 4개** · 열린 알림 4개" in texts(app)  # before: "0개"
    assert len([m for m in app.markdown if "● 새 알림" in m.value]) == 4
    click(app, "읽음")
    assert "🔔 **읽지 않은 알림 3개** · 열린 알림 4개" in texts(app)
    assert len([m for m in app.markdown if "● 새 알림" in m.value]) == 3 and len(_alert_titles(app)) == 4
    assert runtime_store().alerts.count_unread("demo", "marketing") == 3


def test_no_goal_chips_after_the_campaign_is_confirmed(app):
    send(app, "새 캠페인 만들고 싶어")
    assert set(GOALS) <= {b.label for b in app.button}  # the question's options, while it is asked
    send(app, "전환")
    send(app, "10만원으로 해줘")
    click(app, "실행")
    assert "생성되었습니다" in texts(app)
    assert not set(GOALS) & {b.label for b in app.button}  # before: all four still offered


def test_an_english_browser_reads_the_alert_banner_in_english(store, monkeypatch):
    """Issue 28: the banner outside the chat showed the stored Korean alert text to English users; the cards
    now go through AgentSpec.alert_text (the chat's hook), so the titles and the summary are English."""
    monkeypatch.setattr("agents.view.texts.lang_from", lambda tag: "en")
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert "🔔 **4 unread** · 4 open" in texts(at)  # before: the Korean summary
    titles = _alert_titles_shown(at)
    assert len(titles) == 4 and any(re.fullmatch(r"'봄 시즌 세일' ROAS down \d+%", t) for t in titles), titles
    # before: "'봄 시즌 세일' ROAS 38% 하락"; only the campaigns' own names stay Korean
    assert not [t for t in titles if HANGUL.search(re.sub(r"'[^']*'", "", t))], titles
