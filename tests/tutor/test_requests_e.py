"""Issue 29, blind set E in the tutor: a long message asking for two things ("A 바꾸고 싶은데요, 그리고 B도 같이 보여
주실 수 있나요?") does the first request (one screen action a turn), and a period refused for another ("1년 치 말고
한 달 치로", "one week instead of three months") sets the one wanted. Real Session turns on a stock screen; the
sentences are written for this test."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.tutor.clauses import request_clause
from tests.support.helpers import one, text_of, types
from tests.tutor.conftest import context_for


@pytest.mark.parametrize(("text", "period"), [
    ("차트 1년 치 말고 3개월 치로 보고 싶은데요, 그리고 가능하면 뉴스 탭도 같이 열어 주실래요?", "3M"),
    ("could you switch the chart to one month instead of a year, and also show me the news tab?", "1M"),
    ("기간 3개월 말고 1년으로 바꿔 주세요", "1Y"),
])
def test_the_first_of_two_requests_sets_the_period_wanted(store, clock, text: str, period: str) -> None:
    tutor = Session("tutor", store=store, clock=clock)
    events = tutor.run(text, extra={"context_text": context_for("/stock/005930", period="1Y" if period != "1Y"
                                                                 else "3M")})
    assert types(events) == ["tool_call", "ui_action", "tool_result", "text", "done"]
    ui = one(events, "ui_action")
    assert (ui.action_id, ui.params, ui.needs_confirmation) == ("set_period", {"period": period}, False)
    assert tutor.conversation().state["tutor_app"]["period"] == period
    assert period in text_of(events)


@pytest.mark.parametrize(("text", "clause"), [
    ("차트 1년 치 말고 3개월 치로 보고 싶은데요, 그리고 뉴스 탭도 같이 열어 주실래요?", "차트 1년 치 말고 3개월 치로 보고 싶은데요,"),
    ("please open the chart tab, and also the news tab as well?", "please open the chart tab,"),
    # one request after context is still that request
    ("카카오 보고 있는데요, 네이버 페이지로 넘어가 주실 수 있을까요?", "네이버 페이지로 넘어가 주실 수 있을까요?"),
    ("I'm looking at Kakao, could you show me Naver too?", "could you show me Naver too?"),
])
def test_an_added_request_gives_way_to_the_one_before(text: str, clause: str) -> None:
    assert request_clause(text) == clause


@pytest.mark.parametrize(("text", "route", "said"), [
    ("카카오 화면으로 가 줘", "/home", "종목 화면으로 이동 (카카오) 완료했어요."),
    ("차트 기간 3개월로 해 줘", "/stock/000660", "차트 기간 바꾸기 (3개월 · 3M) 완료했어요."),
    ("관련 사례 탭 열어 줘", "/stock/000660", "탭 바꾸기 (관련 사례) 완료했어요."),
    ("go to the SK hynix page", "/home", "Done: open a stock page (SK hynix)."),
])
def test_the_receipt_names_the_stock_period_and_tab_never_a_raw_parameter(store, clock, text: str, route: str,
                                                                          said: str) -> None:
    events = Session("tutor", store=store, clock=clock).run(text, extra={"context_text": context_for(route)})
    reply = text_of(events)
    assert reply.startswith(said), reply
    assert "code=" not in reply and "=" not in reply.split("\n")[0] and "/stock/" not in reply and "/home" not in reply
