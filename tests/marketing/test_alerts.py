"""Proactive alerts: generation from the planted data, de-duplication and lifecycle."""

from __future__ import annotations

import io

from agents.cli import main
from agents.marketing import alerts
from tests.support.helpers import one


def test_planted_situations_create_three_alerts_once(mkt, clock):
    created = alerts.check(mkt.store, "demo", clock())
    kinds = {(a.type, a.severity, a.data["campaign"]) for a in created}
    assert kinds == {("anomaly", "WARNING", "봄 시즌 세일"), ("budget", "WARNING", "신규 회원 전환"),
                     ("milestone", "INFO", "리타겟팅 - 장바구니")}
    roas_drop = next(a for a in created if a.type == "anomaly")
    assert roas_drop.data["change_pct"] <= -30 and roas_drop.status == "UNREAD"
    assert alerts.check(mkt.store, "demo", clock()) == []  # nothing new while they are open
    assert mkt.store.alerts.count_unread("demo", "marketing") == 3


def test_lifecycle_and_analysis_prompt(mkt, clock):
    created = alerts.check(mkt.store, "demo", clock())
    anomaly = next(a for a in created if a.type == "anomaly")
    assert mkt.store.alerts.set_status(anomaly.id, "demo", "READ", clock())
    assert mkt.store.alerts.count_unread("demo") == 2
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
    assert alerts.check_all(mkt.store, clock()) == {"anomaly": 1, "budget": 1, "milestone": 1}
    out = io.StringIO()
    assert main(["alerts", "list"], out=out) == 0
    assert out.getvalue().count("UNREAD") == 3
    out = io.StringIO()
    assert main(["alerts", "check"], out=out) == 0 and out.getvalue().startswith("created 0 alert(s)")


def test_the_app_runs_the_check_on_a_timer(mkt):
    import threading
    import time

    from pages.shell import start_alert_checks

    stop = threading.Event()
    thread = start_alert_checks(interval=0.05, stop=stop)
    deadline = time.time() + 20
    while mkt.store.alerts.count_unread("demo") < 3 and time.time() < deadline:
        time.sleep(0.05)
    stop.set()
    thread.join(timeout=10)
    assert mkt.store.alerts.count_unread("demo") == 3 and not thread.is_alive()
