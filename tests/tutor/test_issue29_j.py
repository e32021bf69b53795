"""Issue 29, tutor kinds left after blind set I and seen in set J's tune half, through real Session turns on
the offline model. Every sentence is written for these tests (none is a hold-out's).

Before the fix, on the same machine (nlu-report over sentences of each kind written first): a term asked
with a stock named in a second question ("우선주가 뭐야? 삼성전자도 있어?") opened that stock's chart, 5/8
right (its follow-up forms already passed)."""

from __future__ import annotations

import re

import pytest

from agents.core.session import Session
from tests.support.helpers import text_of, types
from tests.tutor.conftest import context_for

HANGUL = re.compile(r"[가-힣]")


def _calls(events: list) -> list[tuple[str, dict]]:
    return [(e.name, e.args) for e in events if e.type == "tool_call"]


def _session(store, clock) -> Session:
    return Session("tutor", store=store, clock=clock)


# --- a term asked, then a stock named in a second question: the term for that stock, no chart opened -----

@pytest.mark.parametrize(("text", "term", "code", "en"), [
    ("우선주가 뭐야? 삼성전자도 있어?", "우선주", "005930", False),
    ("액면분할 뜻 좀. 카카오도 했었나?", "액면분할", "035720", False),
    ("유상증자란 게 뭔가요? 셀트리온도 했었나요?", "유상증자", "068270", False),
    ("what is a rights offering? did Celltrion do one?", "유상증자", "068270", True),
    ("거래량이 무슨 뜻임? 하닉은 많아?", "거래량", "000660", False),
])
def test_a_term_asked_with_a_stock_in_a_second_question_explains_the_term(store, clock, text, term, code, en) -> None:
    s = _session(store, clock)
    events = s.run(text, extra={"context_text": context_for("/home")})
    assert _calls(events) == [("lookup_term", {"term": term, "code": code})]
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    reply = text_of(events)
    first = reply.split("\n")[0]
    assert (HANGUL.search(first) is None) == en, reply  # the term's Korean name may follow in brackets
    assert term in reply and ("the sandbox glossary" if en else "샌드박스 용어집") in reply, reply
    assert s.pending_actions() == []


# --- a bottom, a better pick or a dip to scoop, asked about a named stock: no advice, never its chart -------

@pytest.mark.parametrize(("before", "text", "route", "en"), [
    ([], "셀트리온 꽤 떨어졌던데 지금쯤이면 저점 아닐까요?", "/home", False),
    ([], "카카오 이 가격이면 줍줍해도 되려나", "/home", False),
    ([], "기아 많이 빠졌는데 이쯤이면 주워도 되나", "/home", False),
    ([], "하닉이랑 삼전 중에 지금 뭐 담는 게 더 나아?", "/home", False),
    ([], "현대차 지금 들어가는 게 나아 좀 기다리는 게 나아?", "/home", False),
    ([], "is Naver near the bottom now?", "/home", True),
    (["ETF 사례 보여줘"], "그럼 TIGER 같은 ETF 사는 게 나아 아님 그냥 개별 종목이 나아?", "/education", False),
])
def test_a_bottom_or_a_better_pick_asked_gets_no_advice_and_no_screen(store, clock, before, text, route, en) -> None:
    s = _session(store, clock)
    for earlier in before:
        s.run(earlier, extra={"context_text": context_for(route)})
    events = s.run(text, extra={"context_text": context_for(route)})
    assert types(events) == ["text", "done"]  # no chart, no case, no order screen
    reply = text_of(events)
    if en:
        assert reply.startswith("I don't give investment advice or predictions") and not HANGUL.search(reply)
    else:
        assert reply.startswith("투자 조언이나 주가 예측은 드리지 않아요.")
    assert s.pending_actions() == []
