"""Issue 28 point 5: the suggestion chips belong to the last reply. After a campaign is confirmed
(or cancelled) the goal chips of an earlier clarification (인지도 / 트래픽 / 전환 / 매출) are gone,
live and after a reload, because both front ends draw the chips from ``render.chips``."""

from __future__ import annotations

import re

import pytest

from agents.core.agent import get_agent
from agents.core.identity import Viewer
from agents.core.session import Session
from agents.view import render
from agents.view.chips import MAX_CHIPS, chips, intro
from agents.view.conversation import load_view
from tests.support.helpers import one

GOALS = ["인지도 (브랜드 노출)", "트래픽 (웹사이트 방문)", "전환 (구매/가입)", "매출 (최대 매출)"]
DEMO = Viewer(user_id="demo", source="local")
HANGUL = re.compile("[가-힣]")


def _campaign_proposed(session: Session) -> str:
    """The README's create flow up to the confirmation card: the goal chips were offered on the way."""
    assert one(session.run("새 캠페인 만들고 싶어"), "clarification").options == GOALS
    session.run("전환")
    return one(session.run("10만원으로 해줘"), "action_confirmation").action_id


@pytest.mark.parametrize("op", ["confirm", "cancel"])
def test_goal_chips_are_gone_after_the_action_is_settled(store, clock, op):
    session = Session("marketing", clock=clock)
    action_id = _campaign_proposed(session)
    spec = get_agent("marketing")
    # Before: the confirmation turn offered no chips, yet the reload kept the goals of two turns ago.
    assert chips(load_view(spec, DEMO, session.conversation_id), spec, "ko") == []
    outcome = (session.confirm_action if op == "confirm" else session.cancel_action)(action_id)
    assert outcome.ok if op == "confirm" else outcome.status.value == "CANCELLED"
    view = load_view(spec, DEMO, session.conversation_id)  # what both docks draw after Confirm / Cancel
    assert view.messages[-1].kind == "outcome"
    assert view.suggestions == [] and chips(view, spec, "ko") == []


def test_chips_follow_the_last_reply_live_and_reloaded(store, clock):
    session = Session("marketing", clock=clock)
    view = render.add_user_message(render.ChatView(), "새 캠페인 만들고 싶어")
    for event in session.send("새 캠페인 만들고 싶어"):
        render.apply_event_in_place(view, event)
    spec = get_agent("marketing")
    assert chips(view, spec, "ko") == GOALS  # the clarification's options, while they are the question
    assert chips(load_view(spec, DEMO, session.conversation_id), spec, "ko") == GOALS
    session.run("전환")
    reloaded = load_view(spec, DEMO, session.conversation_id)
    assert not set(chips(reloaded, spec, "ko")) & set(GOALS)  # the budget question has its own (or none)
    # A new chat shows the agent's examples, at most four.
    assert chips(render.ChatView(), spec, "ko") == list(spec.examples)[:MAX_CHIPS]


@pytest.mark.parametrize("agent_id", ["marketing", "travel", "tutor", "shopping", "english"])
def test_an_empty_chat_speaks_the_ui_language(agent_id):
    """Issue 28: before, an English UI's empty chat showed the Korean description and Korean example chips."""
    spec = get_agent(agent_id)
    empty = render.ChatView()
    assert chips(empty, spec, "en") == list(spec.examples_en)[:MAX_CHIPS]
    assert chips(empty, spec, "ko") == list(spec.examples)[:MAX_CHIPS]
    assert intro(spec, "en") == f"**{spec.title_en}**\n\n{spec.description_en}"
    assert intro(spec, "ko") == f"**{spec.title}**\n\n{spec.description}"
    assert not HANGUL.search(intro(spec, "en")) and not [c for c in chips(empty, spec, "en") if HANGUL.search(c)]
