"""The tutor agent end to end on the offline and scripted models: the screen it works on, ui_action
by risk (low at once, high after Confirm, exactly once), tool errors for a bad id or params."""

from __future__ import annotations

import json

import pytest

from agents.core.errors import ActionRefused
from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import Session
from agents.tutor import market
from agents.tutor.store import PortfolioStore
from tests.support.helpers import one, text_of, types
from tests.tutor.conftest import context_for


def test_without_a_screen_the_default_home_is_used_and_said(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run("삼성전자 차트 보여줘")
    assert types(events) == ["tool_call", "ui_action", "tool_result", "tool_call", "tool_result", "data_card", "text",
                             "done"]
    ui = one(events, "ui_action")
    assert (ui.action_id, ui.params, ui.risk, ui.needs_confirmation) == ("nav_stock", {"code": "005930"}, "low", False)
    done = events[-1]
    assert done.meta["screen"] == {"source": "default_home", "route": "/home", "route_after": "/stock/005930"}
    card = one(events, "data_card")
    assert card.card_type == "tutor_chart" and card.data["chart"]["kind"] == "candlestick"
    rows = market.series("005930", "3M")
    assert card.data["chart"]["series"]["종가"] == [int(v) for v in rows["close"]]
    # The next turn without a screen starts where the app was left, and low risk really changed it.
    events = s.run("기간 1년으로 바꿔줘")
    assert one(events, "ui_action").params == {"period": "1Y"}
    assert events[-1].meta["screen"]["source"] == "conversation"
    assert s.conversation().state["tutor_app"]["period"] == "1Y"
    assert "1Y" in text_of(events)


def test_the_model_reads_the_screen_from_context_text(store, clock) -> None:
    seen = []

    def check(request) -> None:
        seen.append(request.system)

    s = Session("tutor", store=store, clock=clock, provider=OfflineProvider.scripted(say("네", check=check)))
    events = s.run("이 종목 어때?", extra={"context_text": context_for("/stock/035720", period="1Y")})
    assert events[-1].meta["screen"]["source"] == "context_text"
    assert '"route":"/stock/035720"' in seen[0] and '"stock_name":"카카오"' in seen[0]
    assert "실행 정책" in seen[0]


def test_high_risk_waits_for_confirm_then_runs_exactly_once(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run("카카오 보유 종목에서 빼줘", extra={"context_text": context_for("/my")})
    assert types(events) == ["ui_action", "tool_call", "action_confirmation", "text", "done"]
    ui = one(events, "ui_action")
    assert (ui.action_id, ui.risk, ui.needs_confirmation) == ("remove_holding", "high", True)
    card = one(events, "action_confirmation")
    portfolio = PortfolioStore(store)
    assert "035720" in [h["code"] for h in portfolio.holdings("demo")]  # nothing ran yet
    outcome = s.confirm_action(card.action_id)
    assert outcome.ok and outcome.status == "COMPLETED"
    assert "035720" not in [h["code"] for h in portfolio.holdings("demo")]
    assert len(portfolio.holdings("demo")) == 5
    with pytest.raises(ActionRefused):
        s.confirm_action(card.action_id)
    # Reset is high risk too, and brings the six holdings back.
    events = s.run("포트폴리오 초기화해줘", extra={"context_text": context_for("/my")})
    s.confirm_action(one(events, "action_confirmation").action_id)
    assert len(portfolio.holdings("demo")) == 6


def test_open_order_is_confirmed_and_carries_the_screen_change(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run("매수 화면 열어줘", extra={"context_text": context_for("/stock/005930")})
    card = one(events, "action_confirmation")
    assert card.args == {"action_id": "open_order", "params": {"side": "buy", "code": "005930"}, "lang": "ko"}
    assert s.conversation().state["tutor_app"]["mode"] == "stock"
    assert "order" not in s.conversation().state["tutor_app"]  # nothing runs before Confirm
    outcome = s.confirm_action(card.action_id)
    assert outcome.cards == [] and outcome.result == {"action_id": "open_order", "params": {"side": "buy", "code": "005930"},
                                     "risk": "high", "executed": True, "route": "/stock/005930"}
    # The app's screen moved in the action's own transaction: a reload, the CLI and the API see it.
    assert s.conversation().state["tutor_app"]["order"] == {"side": "buy", "code": "005930"}
    with pytest.raises(ActionRefused):
        s.confirm_action(card.action_id)


def test_a_cancelled_or_expired_high_risk_action_never_moves_the_screen(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    first = s.run("카카오 매도 화면 열어줘", extra={"context_text": context_for("/home")})
    second = s.run("네이버 증권 페이지 열어줘", extra={"context_text": context_for("/stock/005930")})
    before = s.conversation().state["tutor_app"]
    assert before["mode"] == "stock" and "order" not in before and "link" not in before
    s.cancel_action(one(first, "action_confirmation").action_id)
    clock.advance(minutes=31)
    with pytest.raises(ActionRefused):
        s.confirm_action(one(second, "action_confirmation").action_id)
    assert s.conversation().state["tutor_app"] == before


@pytest.mark.parametrize(("args", "problem"), [
    ({"action_id": "fly_to_the_moon", "params": {}}, "Unknown action id 'fly_to_the_moon'"),
    ({"action_id": "set_period", "params": {"period": "5Y"}}, "period: '5Y' is not one of"),
    ({"action_id": "nav_stock", "params": {"code": "12"}}, "does not match"),
    ({"params": {}}, "needs {\"action_id\""),
    ("{not json", "not valid JSON"),
])
def test_unknown_ids_and_bad_params_go_back_to_the_model(store, clock, args, problem) -> None:
    replies = []

    def read_error(request) -> None:
        replies.append(json.loads(request.messages[-1].content))

    s = Session("tutor", store=store, clock=clock, provider=OfflineProvider.scripted(
        call("ui_action", args), say("다시 해볼게요", check=read_error)))
    events = s.run("바꿔줘", extra={"context_text": context_for("/stock/005930")})
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    result = one(events, "tool_result")
    assert not result.ok and problem in result.summary
    assert replies[0]["ok"] is False and problem in replies[0]["error"]
    assert not [e for e in events if e.type == "ui_action"]


def test_bad_context_text_is_a_clear_error_and_the_message_is_kept(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run("홈으로", extra={"context_text": "{oops"})
    error = events[-1]
    assert error.type == "error" and error.code == "invalid_args" and "context_text" in error.message
    assert [m.content for m in s.history() if m.role == "user"] == ["홈으로"]


def test_clarification_then_the_answer_fills_the_stock(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    first = s.run("사줘", extra={"context_text": context_for("/home")})
    assert one(first, "clarification").options[:2] == ["삼성전자", "SK하이닉스"]
    second = s.run("카카오", extra={"context_text": context_for("/home")})
    assert one(second, "action_confirmation").args == {"action_id": "open_order",
                                                        "params": {"side": "buy", "code": "035720"}, "lang": "ko"}
