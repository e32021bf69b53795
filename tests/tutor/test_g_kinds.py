"""Hold-out G kinds (issue 29, tutor), through real Session turns. Sentences are written for these tests.

Before the fix, on the same machine: a trade decision put to the tutor in words the advice phrases did not
list ("지금 팔면 손해 볼까", "보유할지 말지 골라 줘", "is it a smart move to sell") asked which screen to
open (a clarification), and on a case page opened the case."""

from __future__ import annotations

import re

import pytest

from agents.core.session import Session
from tests.support.helpers import text_of
from tests.tutor.conftest import advice_reply, context_for

HANGUL = re.compile(r"[가-힣]")


@pytest.mark.parametrize(("text", "route", "en", "shown"), [
    ("지금 팔면 손해 볼까요?", "/stock/005930", False, "005930"),
    ("셀트리온 계속 보유할지 말지 골라 줘", "/home", False, "068270"),
    ("20년 묵혀 둘 주식 하나만 골라줘", "/home", False, None),
    ("is it a smart move to sell Kakao now?", "/home", True, "035720"),
    ("do I still hold this one or dump it?", "/stock/035720", True, "035720"),
    ("현대차 살까 말까", "/home", False, "005380"),
    ("이 종목 손절각임?", "/stock/000660", False, "000660"),
    ("카카오 계속 들고 가도 될까요", "/home", False, "035720"),
    ("would you buy NAVER here?", "/home", True, "035420"),
    ("is SK hynix a buy at this price", "/home", True, "000660"),
])
def test_a_trade_decision_put_to_the_tutor_gets_no_advice_and_no_screen(store, clock, text, route, en, shown) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run(text, extra={"context_text": context_for(route)})
    assert advice_reply(events, en)[0] == shown  # round L: the stock's move after the decline; no pick made
    assert s.pending_actions() == [] and events[-1].meta.get("ui_actions") is None


@pytest.mark.parametrize("text", ["삼성전자 매도 화면 열어 줘", "매수 주문은 어떻게 넣어?", "팔면 세금은 얼마야?",
                                  "매수 화면 들어가도 돼?"])
def test_a_trade_word_without_a_judgement_asked_is_not_advice(store, clock, text) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run(text, extra={"context_text": context_for("/stock/005930")})
    assert not text_of(events).startswith("투자 조언이나 주가 예측은 드리지 않아요.")


def _turn(store, clock, route: str, text: str):
    s = Session("tutor", store=store, clock=clock)
    return s, s.run(text, extra={"context_text": context_for(route)})


@pytest.mark.parametrize(("text", "code"), [("open SK hynix stock page", "000660"),
                                            ("take me to the NAVER stock page please", "035420"),
                                            ("open 카카오", "035720")])
def test_open_at_the_start_of_a_request_is_the_verb_not_the_opening_price(store, clock, text, code) -> None:
    """"open X stock page" read "open" as the term 시가 (opening price), and NAVER's stock page as the
    NAVER Finance link: the tutor explained a term or asked instead of going to the stock."""
    s, events = _turn(store, clock, "/education", text)
    ui = [e for e in events if e.type == "ui_action"]
    assert [(u.action_id, u.params, u.needs_confirmation) for u in ui] == [("nav_stock", {"code": code}, False)]
    assert s.conversation().state["tutor_app"]["mode"] == "stock"
    assert s.conversation().state["tutor_app"]["stock_code"] == code


def test_the_opening_price_is_still_a_term() -> None:
    from agents.tutor.names import find_term
    assert [find_term(t) for t in ("open price meaning", "what is the open", "open?")] == ["시가"] * 3


@pytest.mark.parametrize(("route", "text", "code"), [("/stock/035720", "배당수익률 몇 프로임", "035720"),
                                                     ("/home", "삼성전자 배당수익률 몇 퍼센트야", "005930")])
def test_a_term_figure_asked_in_slang_is_explained_not_the_case_opened(store, clock, route, text, code) -> None:
    """"몇 프로 / 몇 퍼" asks a figure: the dividend-yield question opened the dividend case (or a summary)."""
    s, events = _turn(store, clock, route, text)
    assert not [e for e in events if e.type == "ui_action"]
    reply = text_of(events)
    assert "배당수익률" in reply
    assert s.conversation().state["tutor_app"].get("case_id") is None


@pytest.mark.parametrize("text", ["내 전체 자산 얼마야", "내 전체 계좌 요약 좀", "how is my whole portfolio doing"])
def test_my_whole_portfolio_asked_gets_the_summary_not_the_screen(store, clock, text) -> None:
    s, events = _turn(store, clock, "/home", text)
    assert not [e for e in events if e.type == "ui_action"]  # an answer, not the screen opened
    reply = text_of(events)
    assert re.search(r"\d{1,3}(?:,\d{3})+", reply)  # the figure itself
    assert s.conversation().state["tutor_app"]["mode"] == "home"


@pytest.mark.parametrize(("first", "correction", "action", "code"), [
    ("기아 페이지 열어 줘", "아 기아 말구 현대차로", "nav_stock", "005380"),
    ("open the Samsung Electronics page", "SK hynix instead of Samsung Electronics", "nav_stock", "000660"),
    ("현대차 홈페이지 열어줘", "아 현대차 대신 기아", "open_external_link", "000270"),
])
def test_a_correction_repeats_the_last_request_for_the_stock_wanted(store, clock, first, correction, action,
                                                                     code) -> None:
    """"기아 말구 현대차로" after "기아 페이지 열어 줘" was read alone: a two-stock comparison chart."""
    s = Session("tutor", store=store, clock=clock)
    s.run(first, extra={"context_text": context_for("/home")})
    route = "/stock/" + s.conversation().state["tutor_app"]["stock_code"] if action == "nav_stock" else "/home"
    events = s.run(correction, extra={"context_text": context_for(route)})
    ui = [e for e in events if e.type == "ui_action"]
    assert [(u.action_id, u.params.get("code")) for u in ui] == [(action, code)]
    assert not [e for e in events if e.type == "data_card" and len((e.data or {}).get("codes") or []) > 1]


@pytest.mark.parametrize(("text", "code", "name"), [("코덱스 200은 뭐예요?", "069500", "KODEX 200"),
                                                    ("what is Celltrion?", "068270", "Celltrion")])
def test_what_a_stock_is_gets_its_profile_not_its_page(store, clock, text, code, name) -> None:
    """A stock named and asked what it is: the answer (sector, market, close) in the reply, no screen move."""
    s, events = _turn(store, clock, "/home", text)
    assert [e.type for e in events if e.type != "text_delta"] == ["tool_call", "tool_result", "done"]
    reply = text_of(events)
    assert name in reply and re.search(r"\d{1,3}(?:,\d{3})+", reply)
    assert s.conversation().state["tutor_app"]["mode"] == "home"
