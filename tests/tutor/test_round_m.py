"""Blind set M, the tutor. Every sentence here is written for these tests, apart from every labelled set.

The tune half's misses were five kinds: a holding named by rank or property ("the one with the biggest loss"),
alone or after the portfolio, and a pronoun after such an answer (resolved against the learner's real holdings,
``agents/tutor/ranking.py``); a stock's price asked; a case's key term asked by a clipped name after the case
(``agents/tutor/shown.py``); a correction that cancels and names the stock wanted; a period alone after a chart
drawn in the reply. Each is tested here on sentences of its own.
"""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.tutor.ranking import measures, ranked
from agents.tutor.reading import read
from agents.tutor.sandbox import state_for_route
from agents.tutor.shown import clipped
from tests.support.helpers import calls, one, text_of
from tests.tutor.conftest import context_for

# The sandbox's starting portfolio at the last close: by value 삼성전자 > KODEX 200 > KB금융 > SK하이닉스 > 카카오 >
# 현대차; by return KB금융 best, 카카오 worst (the only loss); by shares KODEX 200 (80); by gain in won 삼성전자.
SAMSUNG, KODEX, KB, KAKAO, HYUNDAI = "005930", "069500", "105560", "035720", "005380"


def _turns(store, clock, before: list[str], text: str, route: str = "/home"):
    s = Session("tutor", store=store, clock=clock)
    for earlier in before:
        s.run(earlier, extra={"context_text": context_for(route)})
    return s, s.run(text, extra={"context_text": context_for(route)})


def _card(events) -> tuple[object, dict[str, object]]:
    card = one(events, "action_confirmation")
    return card.args["action_id"], card.args["params"]


# --- kind 1: a holding named by rank or property --------------------------------------------------------------

@pytest.mark.parametrize(("text", "route", "kind", "code"), [
    ("손해 제일 많이 본 종목 정리해 버려", "/my", "remove_holding", KAKAO),
    ("내 보유 종목 중에 가장 비중 작은 거 삭제해줘", "/home", "remove_holding", HYUNDAI),
    ("drop the holding with the biggest loss", "/my", "remove_holding", KAKAO),
    ("get rid of my smallest position", "/home", "remove_holding", HYUNDAI),
    ("수익률 젤 좋은 애 왜 올랐어?", "/my", "explain_move", KB),
    ("my best performer, why is it up so much?", "/my", "explain_move", KB),
    ("제일 많이 물린 종목 차트 보여줘", "/my", "nav_stock", KAKAO),
])
def test_a_ranked_holding_is_the_one_its_measure_puts_first(text, route, kind, code) -> None:
    reading = read(text, state_for_route(route))
    assert (reading.kind, reading.args.get("code")) == (kind, code)


@pytest.mark.parametrize(("text", "route", "rank", "code"), [
    ("내 포트폴리오에서 평가이익이 제일 큰 종목은?", "/home", ["gain_high"], SAMSUNG),
    ("수익률 최고인 보유 종목 알려줘", "/home", ["return_high"], KB),
    ("which of my holdings has the lowest weight?", "/home", ["value_low"], HYUNDAI),
    ("가장 적은 수량으로 갖고 있는 거 뭐야", "/my", ["quantity_low"], HYUNDAI),
])
def test_a_ranked_question_is_the_portfolio_with_its_measure(text, route, rank, code) -> None:
    reading = read(text, state_for_route(route))
    assert (reading.kind, reading.args.get("rank"), reading.args.get("code")) == ("portfolio_summary", rank, code)


@pytest.mark.parametrize(("text", "route", "kind"), [
    ("내 보유 종목 중에 제일 많이 상승한 건?", "/home", "portfolio_summary"),  # my holdings, not the market's movers
    ("오늘 가장 많이 오른 종목 보여줘", "/home", "set_tab"),  # the market's movers tab
    ("가장 기본적인 거부터 알려줘", "/my", None),  # no holding ranked: still asks what is meant
    ("삼성전자 가장 크게 떨어진 날 언제야", "/my", "nav_stock"),  # a stock named: its own reading
])
def test_only_a_ranked_holding_is_resolved(text, route, kind) -> None:
    assert read(text, state_for_route(route)).kind == kind


def test_an_order_screen_for_a_ranked_holding_still_needs_its_side() -> None:
    order = read("평가액 가장 큰 보유 종목 매도창 열어줘", state_for_route("/my"))
    assert (order.kind, order.args["side"], order.args["code"]) == ("open_order", "sell", SAMSUNG)
    asked = read("가장 많이 떨어진 보유 종목 주문창 띄워", state_for_route("/my"))
    assert asked.kind is None and asked.args.get("code") == KAKAO and len(asked.choices) == 2


def test_an_unclear_measure_asks_with_the_holdings_each_reading_picks() -> None:
    # "많이 가진" may be the value or the number of shares: 삼성전자 by value, KODEX 200 by shares
    asked = read("제일 많이 가진 거 빼줘", state_for_route("/home"))
    assert asked.kind is None and asked.args["action"] == "remove_holding"
    assert asked.choices == ["삼성전자", "KODEX 200"] and "삼성전자" in asked.question and "KODEX 200" in asked.question
    assert measures("which stock do I hold the most of?") == ["value_high", "quantity_high"]


def test_a_tie_or_no_such_holding_asks_instead_of_guessing() -> None:
    tied = [{"code": SAMSUNG, "value": 100, "pnl": 5, "pnl_pct": 5.0, "quantity": 1, "weight_pct": 50.0},
            {"code": KAKAO, "value": 100, "pnl": 1, "pnl_pct": 1.0, "quantity": 2, "weight_pct": 50.0}]
    assert ranked("value_high", tied) == [SAMSUNG, KAKAO]
    asked = read("remove my largest holding", state_for_route("/my"), tied)
    assert asked.kind is None and asked.choices_en == ["Samsung Electronics", "Kakao"]
    no_loss = read("손실 제일 큰 종목 빼줘", state_for_route("/my"), tied)  # both are gains
    assert no_loss.kind is None and no_loss.args["action"] == "remove_holding" and "없어요" in no_loss.question


def test_the_real_holdings_decide_and_the_answer_names_the_holding_first(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run("삼성전자 보유 종목에서 빼줘", extra={"context_text": context_for("/my")})
    assert s.confirm_action(one(events, "action_confirmation").action_id).ok
    events = s.run("which holding is the heaviest in my portfolio now?", extra={"context_text": context_for("/my")})
    assert calls(events) == [("get_portfolio", {"rank": ["value_high"]})]
    reply = text_of(events)
    assert reply.startswith("The holding with the largest value (weight) is KODEX 200 ETF")
    events = s.run("ok, delete that one too", extra={"context_text": context_for("/my")})
    assert _card(events) == ("remove_holding", {"code": KODEX})  # still waits for Confirm


@pytest.mark.parametrize(("before", "text", "route", "call"), [
    (["내 포트폴리오에서 비중 가장 높은 게 뭐야?"], "그거 왜 올랐어?", "/my", ("explain_move", SAMSUNG)),
    (["which of my stocks is doing the worst?"], "take me to that stock's page", "/home", ("nav_stock", KAKAO)),
    (["수익률 제일 나쁜 종목 어디야"], "그 종목 매도 화면 열어줘", "/my", ("open_order", KAKAO)),
    (["내 보유 종목 보여줘"], "가장 비중 큰 거 차트로 보여줘", "/my", ("nav_stock", SAMSUNG)),
    (["how is my portfolio doing"], "and the biggest loser there, why did it fall?", "/home", ("explain_move", KAKAO)),
])
def test_a_ranked_holding_in_a_follow_up(store, clock, before, text, route, call) -> None:
    _, events = _turns(store, clock, before, text, route)
    tool, code = call
    named = [(name, (args.get("params") or args).get("code")) for name, args in calls(events)]
    if tool == "open_order":
        assert _card(events) == ("open_order", {"side": "sell", "code": code})
    else:
        assert (tool if tool != "nav_stock" else "ui_action", code) in named


def test_the_portfolio_answer_states_the_ranked_holding_before_the_list(store, clock) -> None:
    _, events = _turns(store, clock, [], "제일 손실 난 종목이 뭐예요?", "/my")
    reply = text_of(events)
    assert reply.startswith("평가손실이 가장 큰 보유 종목은 카카오예요") and reply.index("카카오") < reply.index("- ")


@pytest.mark.parametrize(("text", "route", "first"), [
    ("손해 제일 많이 본 종목 정리해 버려", "/my", "평가손실이 가장 큰 보유 종목은 카카오예요 (평가액"),
    ("get rid of my smallest position", "/home", "The holding with the smallest value (weight) is Hyundai Motor ("),
])
def test_a_removal_by_rank_says_which_holding_before_the_card(store, clock, text, route, first) -> None:
    s, events = _turns(store, clock, [], text, route)
    assert text_of(events).startswith(first) and ("**실행**" in text_of(events) or "**Confirm**" in text_of(events))
    assert [a.status.value for a in s.pending_actions()] == ["PENDING"]


@pytest.mark.parametrize(("text", "route", "code"), [
    ("손실 제일 큰 종목 계속 들고 있어도 돼?", "/my", KAKAO),
    ("should I sell my worst performer now?", "/home", KAKAO),
])
def test_advice_about_a_ranked_holding_is_its_move_never_a_verdict(text, route, code) -> None:
    reading = read(text, state_for_route(route))
    assert (reading.kind, reading.args.get("code"), reading.args.get("advice")) == ("explain_move", code, True)


# --- kind 2: a stock's price --------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "route", "code"), [
    ("카카오 한 주에 얼마야?", "/home", KAKAO),
    ("이거 현재가 몇 원이에요", "/stock/000270", "000270"),
    ("what's hyundai's share price", "/education", HYUNDAI),
    ("how much is this one trading at?", "/stock/035420", "035420"),
    ("셀트리온 시세 좀 알려줘", "/home", "068270"),
    ("what is the price of KB Financial", "/my", KB),
])
def test_a_price_asked_is_that_stocks_move(text, route, code) -> None:
    reading = read(text, state_for_route(route))
    assert (reading.kind, reading.args.get("code")) == ("explain_move", code)


@pytest.mark.parametrize(("text", "route", "kind"), [
    ("내 현금 얼마야", "/home", "portfolio_summary"),
    ("삼성전자 PER 얼마야", "/home", "concept"),
    ("what is Kakao", "/home", "concept"),
])
def test_other_figures_keep_their_readings(text, route, kind) -> None:
    assert read(text, state_for_route(route)).kind == kind


def test_the_price_reply_states_the_close_first(store, clock) -> None:
    _, events = _turns(store, clock, [], "기아 지금 가격 얼마예요?")
    assert calls(events)[0][0] == "explain_move" and "종가" in text_of(events).split("\n")[0]


# --- kind 3: a case's key term by a clipped name ------------------------------------------------------------

@pytest.mark.parametrize(("before", "text", "term"), [
    (["PER PBR 사례 설명해줘"], "거기서 시총은 무슨 뜻이야?", "시가총액"),
    (["공매도 사례 알려줘"], "숏커버는 뭐예요", "숏커버링"),
    (["공매도 사례 알려줘"], "아까 나온 무차입은 뭔데?", "무차입 공매도"),
    (["분산투자 사례 요약해줘"], "리밸이 무슨 의미야", "리밸런싱"),
    (["물타기 사례 얘기해줘"], "여기서 분할이란 게 뭐지", "분할매수"),
])
def test_a_clipped_key_term_after_its_case_is_that_term(store, clock, before, text, term) -> None:
    _, events = _turns(store, clock, before, text, "/education")
    assert [(name, args.get("term")) for name, args in calls(events)] == [("lookup_term", term)]


def test_a_clip_must_fit_one_term_in_order() -> None:
    assert clipped("시총", "시가총액") and clipped("평단", "평균 매수 단가")
    assert not clipped("총시", "시가총액") and not clipped("체계", "비체계적 위험") and not clipped("시가총액", "시가총액")


# --- kind 4: a correction that cancels and names the stock wanted -------------------------------------------

@pytest.mark.parametrize(("before", "text", "want"), [
    ("삼성전자 매도 화면 열어줘", "아 취소, 하이닉스로", ("open_order", {"side": "sell", "code": "000660"})),
    ("open the buy screen for Kia", "cancel that, Hyundai instead", ("open_order", {"side": "buy", "code": HYUNDAI})),
    ("현대차 공시 열어줘", "아니 취소 기아 걸로", ("open_external_link", {"link": "dart", "code": "000270"})),
])
def test_a_cancelled_high_risk_request_is_proposed_again_for_the_stock_named(store, clock, before, text, want) -> None:
    s, events = _turns(store, clock, [before], text)
    assert _card(events) == want
    assert [a.status.value for a in s.pending_actions()] == ["CANCELLED", "PENDING"]  # the first card gave way


def test_a_cancelled_page_goes_to_the_stock_named(store, clock) -> None:
    _, events = _turns(store, clock, ["카카오 페이지 열어줘"], "취소 네이버로")
    assert ("ui_action", {"action_id": "nav_stock", "params": {"code": "035420"}}) in calls(events)


# --- kind 5: a period alone after a chart drawn in the reply ------------------------------------------------

@pytest.mark.parametrize(("before", "text", "codes", "period"), [
    ("삼성전자랑 SK하이닉스 비교 그래프", "한 달 치로 바꿔 봐", ["005930", "000660"], "1M"),
    ("compare kakao and naver on a chart", "1 year", ["035720", "035420"], "1Y"),
    ("에코프로랑 에코프로비엠 같이 그려줘", "3개월로 보면?", ["086520", "247540"], "3M"),
    ("네이버 현대차 비교해봐", "one month please", ["035420", HYUNDAI], "1M"),
])
def test_a_period_alone_redraws_the_last_chart(store, clock, before, text, codes, period) -> None:
    _, events = _turns(store, clock, [before], text)
    assert calls(events) == [("visualization", {"kind": "compare", "codes": codes, "period": period})]
