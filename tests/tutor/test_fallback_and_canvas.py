"""Seed §프론트 fallback 규칙 and §디버깅 체크포인트 with a model that never emits ui_action: the app's
keyword orchestrator runs low risk and proposes high risk; canvas mode, structured extract and its
fallback to the markdown."""

from __future__ import annotations

import json

from agents.core.actions import ActionService
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.tutor.fallback import after_turn, apply_confirmed
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
    service = ActionService(store, clock)
    row = service.propose(user_id="demo", conversation_id=s.conversation_id, agent_id="tutor",
                          tool_name="confirm_ui_action", args=out.propose)
    assert "035720" in [h["code"] for h in PortfolioStore(store).holdings("demo")]
    outcome = service.confirm(row.id, "demo")
    assert outcome.ok and "035720" not in [h["code"] for h in PortfolioStore(store).holdings("demo")]
    assert apply_confirmed(out.state, outcome.cards[0].data).route == "/my"


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
