"""A new card that takes the place of one still waiting (an amended budget change, a second order screen): the old
card is cancelled in the store, and the turn's ``action_result`` marks it on a live page exactly as a reload shows it,
so no page keeps a Confirm button that can no longer run. A change asked for another campaign waits beside it."""

from __future__ import annotations

from agents.core.agent import get_agent
from agents.core.identity import Viewer
from agents.core.session import Session
from agents.view import render
from agents.view.conversation import load_view
from agents.view.render import ChatView
from tests.tutor.conftest import context_for

DEMO = Viewer("demo", "local")


def _live(session: Session, *texts: str, extra: dict[str, object] | None = None) -> ChatView:
    view = ChatView()
    for text in texts:
        view = render.add_user_message(view, text)
        for event in session.send(text, extra):
            view = render.apply_event(view, event)
    return view


def _statuses(view: ChatView) -> dict[str, str]:
    return {a.action_id: a.status for a in view.actions}


def test_an_amended_budget_change_cancels_the_card_it_replaces_live_and_on_reload(store) -> None:
    session = Session("marketing")
    live = _live(session, "봄 시즌 세일 예산 20% 올려줘", "아 20 말고 10%로 해줘")
    rows = {a.id: a for a in session.pending_actions()}
    assert sorted(r.status for r in rows.values()) == ["CANCELLED", "PENDING"]
    [new] = [r for r in rows.values() if r.status == "PENDING"]
    assert new.tool_args["changePercent"] == 10
    assert _statuses(live) == {a.id: a.status for a in rows.values()}
    assert _statuses(load_view(get_agent("marketing"), DEMO, session.conversation_id)) == _statuses(live)


def test_a_change_for_another_campaign_waits_beside_the_first(store) -> None:
    session = Session("marketing")
    session.run("봄 시즌 세일 예산 20% 올려줘")
    session.run("여름 신상품 런칭 예산도 10% 올려줘")
    assert [a.status for a in session.pending_actions()] == ["PENDING", "PENDING"]


def test_the_same_change_asked_again_for_the_same_campaign_replaces_it(store) -> None:
    session = Session("marketing")
    session.run("봄 시즌 세일 예산 20% 올려줘")
    events = session.run("봄 시즌 세일 예산 30% 올려줘")
    assert [e.status for e in events if e.type == "action_result"] == ["CANCELLED"]
    assert sorted(a.status for a in session.pending_actions()) == ["CANCELLED", "PENDING"]


def test_a_second_order_screen_cancels_the_first_on_a_live_page(store) -> None:
    session = Session("tutor")
    extra = {"context_text": context_for("/home")}
    live = _live(session, "카카오 매수 화면 열어줘", "기아 매도창 띄워줘", extra=extra)
    [old, new] = sorted(session.pending_actions(), key=lambda a: a.status)
    assert (old.status, new.status) == ("CANCELLED", "PENDING")
    assert _statuses(live) == {old.id: "CANCELLED", new.id: "PENDING"}
    assert _statuses(load_view(get_agent("tutor"), DEMO, session.conversation_id)) == _statuses(live)
