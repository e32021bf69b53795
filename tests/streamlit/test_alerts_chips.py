"""Issue 28 points 4 and 5 in the Streamlit app (AppTest), fixed once in agents/view: every open
alert is drawn once (the unread ROAS WARNING among them) and the banner counts the cards; after a
campaign is confirmed the goal chips are gone."""

from __future__ import annotations

from agents.core.session import runtime_store
from tests.streamlit.conftest import click, send, texts

GOALS = ["인지도 (브랜드 노출)", "트래픽 (웹사이트 방문)", "전환 (구매/가입)", "매출 (최대 매출)"]


def _alert_titles(app) -> list[str]:
    stored = {a.title for a in runtime_store().alerts.list("demo", agent_id="marketing")}
    return [m.value.split("**")[1] for m in app.markdown
            if m.value.count("**") == 2 and m.value.split("**")[1] in stored]


def test_every_open_alert_is_drawn_once_and_counted(app):
    titles = _alert_titles(app)  # the page load ran the check: four new alerts
    assert len(titles) == len(set(titles)) == 4  # before: 3 drawn, the fourth unread one hidden
    assert any(t.startswith("'봄 시즌 세일' ROAS") and t.endswith("% 하락") for t in titles)
    assert "🔔 **읽지 않은 알림 4개** · 열린 알림 4개" in texts(app)
    assert runtime_store().alerts.count_unread("demo", "marketing") == 0  # drawn, so seen
    click(app, "닫기")
    assert len(_alert_titles(app)) == 3 and "🔔 **읽지 않은 알림 0개** · 열린 알림 3개" in texts(app)


def test_no_goal_chips_after_the_campaign_is_confirmed(app):
    send(app, "새 캠페인 만들고 싶어")
    assert set(GOALS) <= {b.label for b in app.button}  # the question's options, while it is asked
    send(app, "전환")
    send(app, "10만원으로 해줘")
    click(app, "실행")
    assert "생성되었습니다" in texts(app)
    assert not set(GOALS) & {b.label for b in app.button}  # before: all four still offered
