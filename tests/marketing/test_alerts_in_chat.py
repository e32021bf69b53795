"""Seed 000 §7.4 / issue 29: proactive alerts are pushed into the open chat as ``alert`` events, each once
(``alerts.pushed_at``, migration core_053), kept with the reply so a reload shows them, and drawn by the
generic card renderers of both front ends. Before: alerts only ever reached the banner; no turn carried one."""

from __future__ import annotations

from fastapi.testclient import TestClient

from agents.core.events import parse_event
from agents.core.session import Session
from agents.marketing import alerts
from agents.services import conversations
from agents.view.cards import card_markdown
from agents.view.render import view_from_history
from pages.gradio.chat_gradio import card_text
from tests.support.helpers import types

ANSWER = ["thinking", "text", "tool_call", "thinking", "tool_result", "thinking", "data_card", "data_card", "text",
          "suggested_questions", "done"]  # the weekly KPI answer, alone


def _pushed(events: list) -> list:
    return [e for e in events if e.type == "alert"]


def test_new_alerts_open_the_next_turn_once_oldest_first_three_at_a_time(mkt, clock):
    created = alerts.check(mkt.store, "demo", clock())
    assert len(created) == 4
    first = mkt.run("이번 주 성과 어때?")
    order = sorted(created, key=lambda a: (a.created_at, a.id))
    assert types(first) == ["alert", "alert", "alert", *ANSWER]
    assert [(e.alert_id, e.severity, e.title, e.message) for e in _pushed(first)] == [
        (a.id, a.severity, a.title, a.message) for a in order[:3]]
    second = mkt.run("봄 시즌 세일 상세 보여줘")
    assert [e.alert_id for e in _pushed(second)] == [order[3].id] and types(second)[0] == "alert"
    third = mkt.run("이번 주 성과 어때?")
    assert _pushed(third) == [] and types(third) == ANSWER
    stored = {a.id: a for a in mkt.store.alerts.list("demo")}
    assert all(stored[a.id].pushed_at is not None for a in created)
    assert {stored[a.id].status for a in created} == {"UNREAD"}  # pushed is not read: the banner still counts them


def test_an_alert_is_pushed_into_one_chat_only_and_a_closed_one_never(mkt, clock):
    created = alerts.check(mkt.store, "demo", clock())
    dismissed = created[0]
    mkt.store.alerts.set_status(dismissed.id, "demo", "DISMISSED", clock())
    events = mkt.run("이번 주 성과 어때?")
    assert {e.alert_id for e in _pushed(events)} == {a.id for a in created[1:]}
    other = Session("marketing", clock=clock)  # a second conversation of the same person
    assert _pushed(other.run("이번 주 성과 어때?")) == []


def test_a_reload_shows_the_pushed_alerts_as_cards_in_their_turn(mkt, clock):
    created = alerts.check(mkt.store, "demo", clock())
    mkt.run("이번 주 성과 어때?")
    stored = conversations.transcript(mkt.store, "demo", mkt.conversation_id, "marketing")
    view = view_from_history(mkt.conversation_id, stored.messages, stored.actions, stored.traces)
    cards = [m.card for m in view.messages if m.kind == "card" and m.card.card_type == "alert"]
    order = sorted(created, key=lambda a: (a.created_at, a.id))[:3]
    assert [(c.title, c.data["severity"], c.data["message"], c.data["alert_id"]) for c in cards] == [
        (a.title, a.severity, a.message, a.id) for a in order]
    drawn = card_text(cards[0])  # the Gradio chat's generic card; Streamlit draws the same card_markdown
    assert order[0].title in drawn and order[0].message in drawn
    assert card_markdown(cards[0]) == f"**{order[0].title}** · {order[0].severity}\n\n{order[0].message}"


def test_agents_without_alerts_push_nothing(store, clock):
    alerts.check(store, "demo", clock())
    events = Session("travel", clock=clock).run("여행 일정 전부 보여줘")
    assert "alert" not in types(events)
    assert all(a.pushed_at is None for a in store.alerts.list("demo"))


def test_the_http_stream_carries_alert_events(mkt, clock):
    from tests.support.gradio_app import shared_server

    alerts.check(mkt.store, "ann", clock())
    client = TestClient(shared_server())
    response = client.post("/api/v1/agents/marketing/chat", json={"message": "이번 주 성과 어때?", "user": "ann"})
    frames = [f.split("\n") for f in response.text.strip().split("\n\n")]
    events = [parse_event(data.removeprefix("data: ")) for _, data in frames]
    assert [name for name, _ in frames][:3] == ["event: alert"] * 3
    assert [e.type for e in events][:3] == ["alert"] * 3 and events[-1].type == "done"


def test_live_and_reload_fold_the_pushed_alerts_in_the_same_place(mkt, clock):
    """Before: live drew the alerts before the reply's KPI card, a reload after it (the browser test's diff)."""
    from agents.view.render import ChatView, add_user_message, apply_event_in_place

    alerts.check(mkt.store, "demo", clock())
    live = ChatView()
    for text in ["이번 주 성과 어때?", "캠페인 목록 보여줘"]:
        live = add_user_message(live, text)
        for event in mkt.send(text):
            apply_event_in_place(live, event)
    stored = conversations.transcript(mkt.store, "demo", mkt.conversation_id, "marketing")
    reload = view_from_history(mkt.conversation_id, stored.messages, stored.actions, stored.traces)

    def shape(view):
        return [(m.role, m.kind, m.card.card_type if m.card else None, m.card.title if m.card else m.text)
                for m in view.messages if m.kind in ("text", "card")]

    assert shape(reload) == shape(live)
    kinds = [c for _, _, c, _ in shape(live)]
    assert kinds.index("alert") < kinds.index("kpi_summary")  # the alerts open the turn, live and reloaded
