"""Advice asked as right or wrong: a trade said as a noun and 하다, spaced or not ("매도 하는 게 맞나요"), or a duty
put as right ("팔아야 맞아?"), after a chart or alone, gets no advice and no order screen. Before, the spaced noun
form fell through to the order words, and a chart's stock got a proposed buy screen."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.tutor import advice
from tests.support.helpers import text_of, types
from tests.tutor.conftest import context_for

NO_ADVICE = "투자 조언이나 주가 예측은 드리지 않아요."


@pytest.mark.parametrize(("before", "text"), [
    (["카카오 6개월 차트 보여줘"], "여기서 더 매수 하는 게 맞나요?"),
    (["현대차 왜 떨어졌어"], "그럼 매도 하는게 맞는 거야?"),
    ([], "기아 지금 손절 하는 건 옳을까"),
    (["네이버 1년 차트"], "지금 팔아야 맞아?"),
    ([], "셀트리온 물타기 하면 어때?"),
    (["SK하이닉스 차트 보여줘"], "추매 해야 맞는 거지?"),
])
def test_a_trade_judged_right_or_wrong_gets_no_advice_and_no_screen(store, clock, before, text) -> None:
    s = Session("tutor", store=store, clock=clock)
    for earlier in before:
        s.run(earlier, extra={"context_text": context_for("/home")})
    events = s.run(text, extra={"context_text": context_for("/home")})
    assert types(events) == ["text", "done"]
    assert text_of(events).startswith(NO_ADVICE)
    assert s.pending_actions() == []  # before: a proposed order screen waited for its confirmation


@pytest.mark.parametrize("text", ["매수 하는 방법 알려줘", "매도하면 세금은 얼마야?", "투자 하는 게 뭐야", "매수 화면 열어줘",
                                  "삼성전자 매수 하는 법 설명해 줘"])
def test_how_to_trade_or_a_screen_asked_for_is_no_advice(text) -> None:
    assert not advice.asks_advice(text)
