"""Issue 28 point 4: the marketing banner said 1 unread / 5 open, three cards showed (one of them
twice) and the unread WARNING "봄 시즌 세일 ROAS 38% 하락" never appeared. The alerts a screen
shows come from agents/view/alerts.py for both front ends: every unread one, none twice,
severity then time, and the banner counts the cards."""

from __future__ import annotations

from datetime import timedelta

from agents.core.agent import get_agent
from agents.core.identity import Viewer
from agents.view.alerts import banner_text, open_alerts

DEMO = Viewer(user_id="demo", source="local")
ROAS = "'봄 시즌 세일' ROAS 38% 하락"
BUDGET = "'신규 회원 전환' 예산 96% 소진"


def plant_the_reported_state(store, clock) -> dict[str, str]:
    """The state the report saw: the ROAS drop is the oldest alert and still unread; the budget alert
    came again the next day (its key holds the day) with the same title; everything else was read."""
    t0 = clock()
    planted = [("anomaly", "WARNING", ROAS, "a", t0), ("milestone", "INFO", "'리타겟팅 - 장바구니' ROAS 3.10x 달성", "m",
                                                       t0 + timedelta(minutes=1)),
               ("recommendation", "INFO", "예산 재배분 추천: '브랜드 인지도' → '리타겟팅 - 장바구니'", "r",
                t0 + timedelta(minutes=2)),
               ("budget", "WARNING", BUDGET, "b1", t0 + timedelta(minutes=3)),
               ("budget", "WARNING", BUDGET, "b2", t0 + timedelta(days=1))]
    ids = {}
    for kind, severity, title, key, when in planted:
        row = store.alerts.create_if_new(user_id="demo", agent_id="marketing", type=kind, severity=severity,
                                         title=title, message=title, data={}, dedupe_key=key, now=when)
        ids[key] = row.id
    store.alerts.mark_read("demo", [ids[k] for k in ("m", "r", "b1", "b2")], t0 + timedelta(days=1))
    return ids


def test_every_unread_alert_shows_once_in_severity_then_time_order(store, clock):
    ids = plant_the_reported_state(store, clock)
    cards = open_alerts(get_agent("marketing"), DEMO)
    titles = [c["title"] for c in cards]
    assert titles == [BUDGET, ROAS, "예산 재배분 추천: '브랜드 인지도' → '리타겟팅 - 장바구니'",
                      "'리타겟팅 - 장바구니' ROAS 3.10x 달성"]
    assert len(set(titles)) == len(titles)  # none twice
    roas = cards[1]
    assert (roas["severity"], roas["status"], roas["ids"]) == ("WARNING", "UNREAD", [ids["a"]])
    assert cards[0]["ids"] == [ids["b2"], ids["b1"]]  # the repeat is folded into one card, newest first
    # The banner counts what is drawn: 1 unread, 4 cards.
    assert banner_text(cards) == "🔔 **읽지 않은 알림 1개** · 열린 알림 4개"
    assert banner_text(cards, "en") == "🔔 **1 unread** · 4 open"
    # Shown means seen: the next render has nothing unread, and still the same four cards.
    assert store.alerts.count_unread("demo", "marketing") == 0
    again = open_alerts(get_agent("marketing"), DEMO)
    assert [c["title"] for c in again] == titles and banner_text(again) == "🔔 **읽지 않은 알림 0개** · 열린 알림 4개"
