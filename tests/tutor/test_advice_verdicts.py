"""Advice asked as right or wrong: a trade said as a noun and 하다, spaced or not ("매도 하는 게 맞나요"), or a duty
put as right ("팔아야 맞아?"), after a chart or alone, gets no advice and no order screen. Before, the spaced noun
form fell through to the order words, and a chart's stock got a proposed buy screen."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.tutor import advice
from tests.tutor.conftest import advice_reply, context_for


@pytest.mark.parametrize(("before", "text", "code"), [
    (["카카오 6개월 차트 보여줘"], "여기서 더 매수 하는 게 맞나요?", "035720"),
    (["현대차 왜 떨어졌어"], "그럼 매도 하는게 맞는 거야?", "005380"),
    ([], "기아 지금 손절 하는 건 옳을까", "000270"),
    (["네이버 1년 차트"], "지금 팔아야 맞아?", "035420"),
    ([], "셀트리온 물타기 하면 어때?", "068270"),
    (["SK하이닉스 차트 보여줘"], "추매 해야 맞는 거지?", "000660"),
])
def test_a_trade_judged_right_or_wrong_gets_no_advice_and_no_screen(store, clock, before, text, code) -> None:
    # round L: the stock named, or the one the conversation is on, has its move shown after the decline
    s = Session("tutor", store=store, clock=clock)
    for earlier in before:
        s.run(earlier, extra={"context_text": context_for("/home")})
    events = s.run(text, extra={"context_text": context_for("/home")})
    assert advice_reply(events, en=False)[0] == code  # before: a proposed order screen waited for its confirmation


@pytest.mark.parametrize("text", ["매수 하는 방법 알려줘", "매도하면 세금은 얼마야?", "투자 하는 게 뭐야", "매수 화면 열어줘",
                                  "삼성전자 매수 하는 법 설명해 줘"])
def test_how_to_trade_or_a_screen_asked_for_is_no_advice(text) -> None:
    assert not advice.asks_advice(text)
