"""Seed §프론트 fallback 규칙 and §디버깅 체크포인트 with a model that never emits ui_action: the app's
keyword orchestrator runs low risk and proposes high risk; canvas mode, structured extract and its
fallback to the markdown."""

from __future__ import annotations

import json

import pytest

from agents.core.actions import ActionService
from agents.core.errors import ActionRefused
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.tutor.fallback import AppReaction, after_turn, react
from agents.tutor.sandbox import state_for_route
from agents.tutor.store import PortfolioStore
from tests.support.helpers import one, text_of, types
from tests.tutor.conftest import context_for


def _text_only(*replies: str) -> OfflineProvider:
    return OfflineProvider.scripted(*(say(r) for r in replies))


def test_keyword_fallback_runs_low_risk_when_the_reply_has_no_ui_action(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock, provider=_text_only("삼성전자는 반도체 대표 종목이에요."))
    state = state_for_route("/home")
    events = s.run("삼성전자 차트 보여줘", extra={"context_text": context_for("/home")})
    assert types(events) == ["text", "done"]
    out = after_turn(state, events, "삼성전자 차트 보여줘")
    assert out.source == "keyword_fallback" and out.propose is None
    assert out.ran == [{"action_id": "nav_stock", "params": {"code": "005930"}}]
    assert out.state.route == "/stock/005930"


def test_keyword_fallback_proposes_high_risk_and_it_waits_for_confirm(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock, provider=_text_only("매수는 신중하게 결정하세요."))
    state = state_for_route("/my")
    events = s.run("카카오 보유 종목에서 빼줘", extra={"context_text": context_for("/my")})
    out = after_turn(state, events, "카카오 보유 종목에서 빼줘")
    assert out.source == "keyword_fallback" and out.ran == [] and out.state.route == "/my"
    assert out.propose == {"action_id": "remove_holding", "params": {"code": "035720"}}


def test_the_app_session_that_sent_the_turn_proposes_once_and_confirm_runs_once(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock, provider=_text_only("보유 종목 정리는 신중하게 하세요."))
    events = s.run("카카오 보유 종목에서 빼줘", extra={"context_text": context_for("/my", session="tab-1")})
    assert types(events) == ["text", "done"]  # the model moved nothing and proposed nothing
    here = state_for_route("/home")
    # Another tab, or this tab after a reload (a new app session), never runs it.
    assert react(store, "demo", s.conversation_id, "tab-2", here) == AppReaction(state_for_route("/my"))
    reaction = react(store, "demo", s.conversation_id, "tab-1", here, clock)
    assert reaction.action_id == "remove_holding" and reaction.ran is None and reaction.proposed is not None
    row = reaction.proposed
    assert (row.status, row.tool_name, row.tool_args) == (
        "PENDING", "confirm_ui_action", {"action_id": "remove_holding", "params": {"code": "035720"}, "lang": "ko"})
    assert react(store, "demo", s.conversation_id, "tab-1", here).proposed is None  # claimed once
    assert [a.id for a in s.pending_actions()] == [row.id]
    held = PortfolioStore(store)
    assert "035720" in [h["code"] for h in held.holdings("demo")]  # nothing ran before Confirm
    outcome = ActionService(store, clock).confirm(row.id, "demo")
    assert outcome.ok and "035720" not in [h["code"] for h in held.holdings("demo")]
    with pytest.raises(ActionRefused):
        ActionService(store, clock).confirm(row.id, "demo")
    assert len(held.holdings("demo")) == 5


def test_a_proposed_order_screen_opens_only_after_confirm(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock, provider=_text_only("주문 전에 차트를 보세요.", "네."))
    s.run("삼성전자 매수 화면 열어줘", extra={"context_text": context_for("/stock/005930", session="tab-1")})
    row = react(store, "demo", s.conversation_id, "tab-1", state_for_route("/home"), clock).proposed
    assert row.tool_args == {"action_id": "open_order", "params": {"side": "buy", "code": "005930"}, "lang": "ko"}
    assert "order" not in s.conversation().state["tutor_app"]
    ActionService(store, clock).confirm(row.id, "demo")
    assert s.conversation().state["tutor_app"]["order"] == {"side": "buy", "code": "005930"}
    # Cancelled: the next proposal never moves the screen.
    s.run("카카오 매도 화면 열어줘", extra={"context_text": context_for("/stock/005930", session="tab-1")})
    before = s.conversation().state["tutor_app"]
    second = react(store, "demo", s.conversation_id, "tab-1", state_for_route("/home"), clock).proposed
    ActionService(store, clock).cancel(second.id, "demo")
    assert s.conversation().state["tutor_app"] == before


def test_a_proposal_the_catalog_refuses_is_reported_not_raised(store, clock) -> None:
    PortfolioStore(store).ensure("demo", clock())
    s = Session("tutor", store=store, clock=clock, provider=_text_only("네."))
    s.run("셀트리온 보유 종목에서 빼줘", extra={"context_text": context_for("/my", session="tab-1")})
    reaction = react(store, "demo", s.conversation_id, "tab-1", state_for_route("/home"), clock)
    # The reason is a plain sentence in the learner's language, with no tool id (issue 29).
    assert reaction.proposed is None and reaction.refused.startswith("셀트리온은 샌드박스 포트폴리오에 없어서 뺄 수 없어요.")
    assert "confirm_ui_action" not in reaction.refused
    assert s.pending_actions() == []


def test_the_agents_own_ui_actions_win_over_the_fallback(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    state = state_for_route("/stock/005930")
    events = s.run("기간 1년으로 바꿔줘", extra={"context_text": context_for("/stock/005930")})
    out = after_turn(state, events, "기간 1년으로 바꿔줘")
    assert out.source == "agent" and out.state.period == "1Y"
    nothing = after_turn(state, [], "점심 뭐 먹지")
    assert nothing.source == "none" and nothing.state == state


def test_canvas_mode_from_the_request_and_from_the_message(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock, provider=_text_only("# 노트\n\n- 하나"))
    events = s.run("정리해줘", extra={"response_mode": "canvas_markdown"})
    assert events[-1].meta["response_mode"] == "canvas_markdown"
    offline = Session("tutor", store=store, clock=clock)
    events = offline.run("정리해서 캔버스로 보여줘", extra={"context_text": context_for("/education/etf-basics")})
    assert events[-1].meta["response_mode"] == "canvas_markdown"
    assert text_of(events).startswith("# 학습 노트: ETF 기초")


def test_structured_extract_on_the_offline_model(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run("정리해서 캔버스로 보여줘", extra={"context_text": context_for("/education/etf-basics"),
                                                "structured_extract": True})
    structured = events[-1].meta["structured"]
    assert structured["title"] == "ETF 기초: 지수를 사는 방법"
    assert [t["term"] for t in structured["terms"]] == ["ETF", "총보수", "추적오차", "괴리율", "레버리지 ETF"]
    assert structured["key_points"] and structured["next_steps"]
    assert "structured_fallback" not in events[-1].meta


def test_structured_extract_fallback_keeps_the_markdown(store, clock) -> None:
    reply = "# 노트\n\n- 핵심 하나"
    for extraction in ("죄송해요, 요약할 수 없어요", json.dumps({"title": "빈 요약"})):
        s = Session("tutor", store=store, clock=clock, provider=OfflineProvider.scripted(
            say(reply), say(extraction, expect_purpose="structured_extract")))
        events = s.run("정리", extra={"response_mode": "canvas_markdown", "structured_extract": True})
        done = events[-1]
        assert done.type == "done" and done.meta["structured"] is None
        assert done.meta["structured_fallback"].startswith("markdown kept")
        assert text_of(events) == reply  # the extraction's text never reaches the chat
        one(events, "done")


def test_a_canvas_note_is_about_what_was_just_discussed_or_named(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    s.run("코로나 폭락 사례 알려줘", extra={"context_text": context_for("/home")})
    note = text_of(s.run("정리해서 캔버스로 보여줘", extra={"context_text": context_for("/home")}))
    assert note.startswith("# 학습 노트: 코로나 폭락과 회복 (2020)")
    named = text_of(s.run("카카오 노트로 정리해줘", extra={"context_text": context_for("/home")}))
    assert named.startswith("# 학습 노트: 카카오")
    fresh = Session("tutor", store=store, clock=clock)
    screen = text_of(fresh.run("정리해서 캔버스로 보여줘", extra={"context_text": context_for("/stock/000660")}))
    assert screen.startswith("# 학습 노트: SK하이닉스")
