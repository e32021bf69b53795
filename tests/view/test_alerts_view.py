"""Issue 28 point 4: the marketing banner said 1 unread / 5 open, three cards showed (one of them
twice) and the unread WARNING "봄 시즌 세일 ROAS 38% 하락" never appeared. The alerts a screen
shows come from agents/view/alerts.py for both front ends: every unread one, none twice,
severity then time, and the banner counts the cards."""

from __future__ import annotations

from datetime import timedelta

from agents.core.agent import get_agent
from agents.core.identity import Viewer
from agents.view.alerts import banner_text, open_alerts, read, title_line

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
    # Drawn is not read: the next render (a reload, a Streamlit rerun, the timer) counts the same, on the same cards.
    assert store.alerts.count_unread("demo", "marketing") == 1
    again = open_alerts(get_agent("marketing"), DEMO)
    assert [c["title"] for c in again] == titles and banner_text(again) == "🔔 **읽지 않은 알림 1개** · 열린 알림 4개"


def test_the_unread_count_is_the_cards_marked_new_until_the_person_reads_one(store, clock):
    """Issue 28: the banner said "1 unread" on the first load and "0 unread" after a reload, and no card said
    which was unread, because drawing a card marked it read. Now an alert is unread until the person reads
    (읽음), analyses or dismisses it; the banner counts the cards marked new, in every front end alike."""
    plant_the_reported_state(store, clock)
    spec = get_agent("marketing")
    loads = [open_alerts(spec, DEMO) for _ in range(3)]  # the first load, a reload, the 60 s timer
    assert [banner_text(cards) for cards in loads] == ["🔔 **읽지 않은 알림 1개** · 열린 알림 4개"] * 3
    # before: "... 1개 ..." then "🔔 **읽지 않은 알림 0개** · 열린 알림 4개" twice
    lines = [title_line(c) for c in loads[-1]]
    assert [line for line in lines if "●" in line] == [f"⚠️ **{ROAS}** · ● 새 알림"]  # the one counted
    roas = next(c for c in loads[-1] if c["title"] == ROAS)
    read(spec, DEMO, roas)
    after = open_alerts(spec, DEMO)
    assert banner_text(after) == "🔔 **읽지 않은 알림 0개** · 열린 알림 4개"  # still open: read, not closed
    assert [c["status"] for c in after if c["title"] == ROAS] == ["READ"] and not any("●" in title_line(c) for c in after)
    assert store.alerts.count_unread("demo", "marketing") == 0
