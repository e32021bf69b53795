"""Proactive alerts: generation from the planted data, de-duplication and lifecycle."""

from __future__ import annotations

import io

from agents.cli.main import main
from agents.marketing import alerts
from agents.nlu.korean_money import format_krw
from tests.support.helpers import one


def test_planted_situations_create_four_alerts_once(mkt, clock):
    created = alerts.check(mkt.store, "demo", clock())
    kinds = {(a.type, a.severity) for a in created}
    assert kinds == {("anomaly", "WARNING"), ("budget", "WARNING"), ("milestone", "INFO"), ("recommendation", "INFO")}
    campaigns = {a.type: a.data["campaign"] for a in created}
    assert campaigns["anomaly"] == "봄 시즌 세일" and campaigns["budget"] == "신규 회원 전환"
    assert campaigns["milestone"] == "리타겟팅 - 장바구니"
    roas_drop = next(a for a in created if a.type == "anomaly")
    assert roas_drop.data["change_pct"] <= -30 and roas_drop.status == "UNREAD"
    assert alerts.check(mkt.store, "demo", clock()) == []  # nothing new while they are open
    assert mkt.store.alerts.count_unread("demo", "marketing") == 4


def test_lifecycle_and_analysis_prompt(mkt, clock):
    created = alerts.check(mkt.store, "demo", clock())
    anomaly = next(a for a in created if a.type == "anomaly")
    assert mkt.store.alerts.set_status(anomaly.id, "demo", "READ", clock())
    assert mkt.store.alerts.count_unread("demo") == 3
    prompt = alerts.analysis_prompt(anomaly)
    assert prompt == "봄 시즌 세일 이상 징후 자세히 분석해줘"
    events = mkt.run(prompt)
    call = one(events, "tool_call")
    assert call.name == "checkAnomalies" and call.args["campaignId"]
    assert "봄 시즌 세일" in one(events, "tool_result").summary
    assert mkt.store.alerts.set_status(anomaly.id, "demo", "ACTED_ON", clock())
    assert not mkt.store.alerts.set_status(anomaly.id, "demo", "READ", clock())  # closed stays closed
    assert alerts.check(mkt.store, "demo", clock()) == []  # the same event (its key holds the day) stays closed


def test_check_all_and_cli(mkt, clock):
    assert alerts.check_all(mkt.store, clock()) == {"anomaly": 1, "budget": 1, "milestone": 1, "recommendation": 1}
    out = io.StringIO()
    assert main(["alerts", "list"], out=out) == 0
    assert out.getvalue().count("UNREAD") == 4
    out = io.StringIO()
    assert main(["alerts", "check"], out=out) == 0 and out.getvalue().startswith("created 0 alert(s)")


def test_the_app_runs_the_check_on_a_timer(mkt):
    import threading
    import time

    from pages.gradio.shell import start_alert_checks

    stop = threading.Event()
    thread = start_alert_checks(interval=0.05, stop=stop)
    deadline = time.time() + 20
    while mkt.store.alerts.count_unread("demo") < 4 and time.time() < deadline:
        time.sleep(0.05)
    stop.set()
    thread.join(timeout=10)
    assert mkt.store.alerts.count_unread("demo") == 4 and not thread.is_alive()


def test_recommendation_alert_is_the_weeks_budget_advice(mkt, clock):
    from agents.marketing import analytics
    from agents.marketing.store import MarketingStore

    created = alerts.check(mkt.store, "demo", clock())
    [rec] = [a for a in created if a.type == "recommendation"]
    advice = analytics.budget_advice(MarketingStore(mkt.store), "demo")
    assert rec.data["moves"] == advice["moves"] and rec.data["pool"] == advice["pool"] > 0
    donor = min(advice["moves"], key=lambda m: m["change"])
    taker = max(advice["moves"], key=lambda m: m["change"])
    assert rec.title == f"예산 재배분 추천: '{donor['campaign']}' → '{taker['campaign']}'"
    assert format_krw(advice["expected_daily_revenue_change"]) in rec.message
    # dismissed, the same advice stays quiet; new advice (a budget changed) is a new alert
    assert mkt.store.alerts.set_status(rec.id, "demo", "DISMISSED", clock())
    clock.advance(days=8)
    assert [a for a in alerts.check(mkt.store, "demo", clock()) if a.type == "recommendation"] == []
    assert MarketingStore(mkt.store).set_budget("demo", donor["campaign_id"], donor["from_budget"] + 10000, clock())
    assert [a.type for a in alerts.check(mkt.store, "demo", clock())].count("recommendation") == 1
    assert alerts.analysis_prompt(rec) == "예산 재배분 추천해줘"
    events = mkt.run(alerts.analysis_prompt(rec))
    assert one(events, "tool_call").name == "getBudgetRecommendation"


def test_alerts_the_banner_shows_stay_unread_until_read(mkt, clock):
    from agents.core.agent import get_agent
    from agents.core.identity import Viewer
    from agents.view.alerts import banner_text, open_alerts, read

    created = alerts.check(mkt.store, "demo", clock())
    assert len(created) == 4
    viewer = Viewer(user_id="demo", source="local")
    first = open_alerts(get_agent("marketing"), viewer)
    assert [a["status"] for a in first] == ["UNREAD"] * 4  # this render still shows them as new
    # Every open alert is drawn (issue 28: an unread one was hidden), severity then time.
    assert [a["severity"] for a in first] == ["WARNING", "WARNING", "INFO", "INFO"]
    assert sorted(a["id"] for a in first) == sorted(a.id for a in created)
    assert banner_text(first) == "🔔 **읽지 않은 알림 4개** · 열린 알림 4개"
    assert banner_text(first, "en").startswith("🔔 **4 unread** · ") and banner_text([], "en") == "🔔 No new alerts."
    stored = {a.id: a.status for a in mkt.store.alerts.list("demo")}
    assert sorted(stored[a["id"]] for a in first) == ["UNREAD"] * 4  # drawn is not read (issue 28)
    read(get_agent("marketing"), viewer, first[0])  # the card's 읽음
    assert mkt.store.alerts.get(first[0]["id"], "demo").read_at is not None
    again = open_alerts(get_agent("marketing"), viewer)
    assert banner_text(again) == "🔔 **읽지 않은 알림 3개** · 열린 알림 4개"
    assert mkt.store.alerts.mark_read("other", [a["id"] for a in first], clock()) == []  # nobody else's


def test_the_alert_timer_expires_pending_actions(mkt, clock):
    import threading
    import time

    from agents.core.providers.offline import OfflineProvider, call
    from agents.core.session import Session
    from pages.gradio.shell import start_alert_checks

    provider = OfflineProvider.scripted(call("pauseCampaign", {"campaignId": "봄 시즌 세일"}))
    session = Session("marketing", provider=provider, clock=clock)
    action_id = one(session.run("봄 시즌 세일 멈춰줘"), "action_confirmation").action_id
    clock.advance(minutes=31)  # past the 30-minute expiry, and nobody opens the conversation
    stop = threading.Event()
    thread = start_alert_checks(interval=0.05, stop=stop, clock=clock)
    deadline = time.time() + 20
    while mkt.store.actions.get(action_id).status == "PENDING" and time.time() < deadline:
        time.sleep(0.05)
    stop.set()
    thread.join(timeout=10)
    assert mkt.store.actions.get(action_id).status == "EXPIRED"
    assert "만료" in session.history()[-1].content
