"""Hold-out G kinds (issue 29, tutor), through real Session turns. Sentences are written for these tests.

Before the fix, on the same machine: a trade decision put to the tutor in words the advice phrases did not
list ("지금 팔면 손해 볼까", "보유할지 말지 골라 줘", "is it a smart move to sell") asked which screen to
open (a clarification), and on a case page opened the case."""

from __future__ import annotations

import re

import pytest

from agents.core.session import Session
from tests.support.helpers import text_of, types
from tests.tutor.conftest import context_for

HANGUL = re.compile(r"[가-힣]")


@pytest.mark.parametrize(("text", "route", "en"), [
    ("지금 팔면 손해 볼까요?", "/stock/005930", False),
    ("셀트리온 계속 보유할지 말지 골라 줘", "/home", False),
    ("20년 묵혀 둘 주식 하나만 골라줘", "/home", False),
    ("is it a smart move to sell Kakao now?", "/home", True),
    ("do I still hold this one or dump it?", "/stock/035720", True),
])
def test_a_trade_decision_put_to_the_tutor_gets_no_advice_and_no_screen(store, clock, text, route, en) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run(text, extra={"context_text": context_for(route)})
    assert types(events) == ["text", "done"]  # no clarification, no screen action
    reply = text_of(events)
    if en:
        assert reply.startswith("I don't give investment advice or predictions") and not HANGUL.search(reply)
    else:
        assert reply.startswith("투자 조언이나 주가 예측은 드리지 않아요.")
    assert s.pending_actions() == [] and events[-1].meta.get("ui_actions") is None


@pytest.mark.parametrize("text", ["삼성전자 매도 화면 열어 줘", "매수 주문은 어떻게 넣어?", "팔면 세금은 얼마야?"])
def test_a_trade_word_without_a_judgement_asked_is_not_advice(store, clock, text) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run(text, extra={"context_text": context_for("/stock/005930")})
    assert not text_of(events).startswith("투자 조언이나 주가 예측은 드리지 않아요.")
