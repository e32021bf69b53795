"""Issue 29 kind 1 in the tutor, left after blind set G: a bare position answers the tutor's own question with
choices ("삼성" -> "삼성전자 / 삼성바이오로직스 중?" -> "2"), and a chart period asked with no stock on screen
("차트 1년으로" on the home screen) asks whose chart, keeping the period, or takes the stock just talked about.
Real Session turns on the offline model."""

from __future__ import annotations

from agents.core.session import Session
from agents.nlu.dialogue import Dialogue
from tests.support.helpers import calls, one, types

HELD = ["삼성전자", "SK하이닉스", "카카오", "현대차", "KB금융", "KODEX 200"]



def test_a_bare_number_picks_the_choice_the_tutor_offered(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    asked = one(tutor.run("삼성"), "clarification")
    assert asked.options == ["삼성전자", "삼성바이오로직스"]
    assert Dialogue.from_state(tutor.conversation().state).choices == ["삼성전자", "삼성바이오로직스"]
    events = tutor.run("2")
    assert calls(events) == [("ui_action", {"action_id": "nav_stock", "params": {"code": "207940"}}),
                              ("visualization", {"kind": "price", "codes": ["207940"], "period": "3M"})]
    assert one(events, "ui_action").params == {"code": "207940"}
    # The choices answered only that message: a later bare "2" picks nothing.
    assert Dialogue.from_state(tutor.conversation().state).choices == []
    later = tutor.run("2")
    assert all(e.name != "ui_action" for e in later if e.type == "tool_call")


def test_an_ordinal_word_picks_too_in_english(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    assert one(tutor.run("open SK"), "clarification").options
    events = tutor.run("the first one")
    assert one(events, "ui_action").action_id == "nav_stock"


def test_a_chart_period_with_no_stock_asks_whose_chart_and_keeps_the_period(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    events = tutor.run("차트 1년으로")
    assert [t for t in types(events) if t != "tool_result"] == ["tool_call", "clarification", "text", "done"]
    call = one(events, "tool_call")
    assert call.name == "askClarification" and call.args["known"] == {"action": "set_period", "period": "1Y"}
    assert one(events, "clarification").options == HELD
    answer = tutor.run("카카오")
    assert calls(answer) == [("ui_action", {"action_id": "nav_stock", "params": {"code": "035720"}}),
                              ("ui_action", {"action_id": "set_period", "params": {"period": "1Y"}}),
                              ("visualization", {"kind": "price", "codes": ["035720"], "period": "1Y"})]
    card = one(answer, "data_card")
    assert card.title == "카카오 · 1Y (샌드박스)"


def test_a_chart_period_after_a_talk_about_one_stock_is_that_stocks_chart(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    assert one(tutor.run("카카오 왜 떨어졌어?"), "tool_call").name == "explain_move"
    events = tutor.run("차트 1년으로 보여줘")
    assert calls(events) == [("ui_action", {"action_id": "nav_stock", "params": {"code": "035720"}}),
                              ("ui_action", {"action_id": "set_period", "params": {"period": "1Y"}}),
                              ("visualization", {"kind": "price", "codes": ["035720"], "period": "1Y"})]


def test_a_chart_period_after_choosing_a_numbered_stock(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    tutor.run("3개월 차트로 바꿔줘")
    events = tutor.run("5")  # the fifth holding offered: KB금융
    assert calls(events)[0] == ("ui_action", {"action_id": "nav_stock", "params": {"code": "105560"}})
    assert calls(events)[1] == ("ui_action", {"action_id": "set_period", "params": {"period": "3M"}})


# --- blind set G's tutor kinds, with sentences of our own ---------------------------------------------------

def test_that_stock_is_the_stock_the_previous_message_named(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    assert one(tutor.run("현대차 수익률 좀 봐줘"), "tool_call").name == "get_portfolio"  # names no stock itself
    events = tutor.run("그 주식 내 보유 목록에서 지워줘")
    call = one(events, "tool_call")
    assert (call.name, call.args["action_id"], call.args["params"]) == ("confirm_ui_action", "remove_holding",
                                                                        {"code": "005380"})
    assert call.status == "awaiting_confirmation"
    one(events, "action_confirmation")


def test_a_correction_answers_the_which_stock_question(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    assert one(tutor.run("SK 페이지 보여줘"), "clarification").options == ["SK하이닉스", "SK텔레콤"]
    events = tutor.run("ㄴㄴ SK하이닉스 말고 SK텔레콤")
    assert one(events, "ui_action").params == {"code": "017670"}


def test_open_that_case_opens_its_page_tell_me_about_it_summarises(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    tutor.run("코로나 폭락 사례 알려줘")
    opened = tutor.run("그 사례 페이지 띄워줘")
    assert calls(opened) == [("ui_action", {"action_id": "open_case", "params": {"case_id": "covid-crash-2020"}})]
    told = tutor.run("그 사례 내용 다시 설명해줘")
    assert calls(told) == [("lookup_case", {"case_id": "covid-crash-2020"})]


def test_the_same_move_over_another_period(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    assert calls(tutor.run("why did Kakao move over 3 months?")) == [("explain_move", {"code": "035720",
                                                                                       "period": "3M"})]
    events = tutor.run("and over one year?")
    assert calls(events) == [("explain_move", {"code": "035720", "period": "1Y"})]
    assert "(1Y, 2025-10-22 to 2026-10-30)" in "".join(e.content for e in events if e.type == "text_delta")


def test_how_far_a_named_stock_moved_is_its_move_not_a_ratio(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    assert calls(tutor.run("카카오 3개월 동안 몇 퍼 빠졌어?")) == [("explain_move", {"code": "035720", "period": "3M"})]
    assert calls(tutor.run("현대차 1년 사이에 얼마나 뛰었어?"))[0][0] == "explain_move"
    assert calls(tutor.run("PER이 몇 퍼센트면 싼 거야?"))[0][0] == "lookup_term"  # the ratio asked stays a term


def test_permission_to_trade_is_advice_and_opens_nothing(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    for asked, code in (("현대차 팔아도 ㄱㅊ?", "005380"), ("지금 KB금융 들어가도 되냐", "105560"),
                        ("is it ok to buy Kakao now?", "035720")):
        events = tutor.run(asked)  # round L: the stock's move (after the decline), nothing opened
        assert calls(events) == [("explain_move", {"code": code, "period": "3M"})], asked
        assert not [e for e in events if e.type == "action_confirmation"], asked


# --- blind set H's tune half: the kinds it showed, with sentences of our own ---------------------------------

def _text(events: list) -> str:
    return "".join(e.content for e in events if e.type == "text_delta")


def test_which_cases_mention_a_word_is_answered_first_then_filtered(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    events = tutor.run("배당 얘기 나오는 사례 있어?")
    assert calls(events) == [("ui_action", {"action_id": "nav_education", "params": {}}),
                              ("ui_action", {"action_id": "set_keyword", "params": {"keyword": "배당"}})]
    assert _text(events).startswith("“배당” 관련 샌드박스 사례 1개: 배당 투자 기초: 배당수익률과 배당락.")
    summary = tutor.run("오 그거 내용 알려줘")
    assert calls(summary) == [("lookup_case", {"case_id": "dividend-basics"})]


def test_that_one_after_a_filter_is_the_case_titled_by_the_word(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    listed = tutor.run("공매도 관련된 사례 있을까?")
    assert "“공매도” 관련 샌드박스 사례 2개:" in _text(listed)
    assert calls(tutor.run("그거 세 줄 요약"))[0] == ("lookup_case", {"case_id": "short-selling"})


def test_shall_i_sell_is_advice_unless_a_screen_is_asked(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    for asked, code in (("셀트리온 너무 빠졌네 그냥 팔까", "068270"), ("KB금융 지금 살까요?", "105560")):
        assert calls(tutor.run(asked)) == [("explain_move", {"code": code, "period": "3M"})], asked
    screen = tutor.run("카카오 팔까 고민 중인데 매도 화면 띄워줘")
    call = one(screen, "tool_call")
    assert (call.name, call.args["params"]) == ("confirm_ui_action", {"side": "sell", "code": "035720"})


def test_my_biggest_holding_is_a_portfolio_answer(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    for asked in ("what's my largest position?", "내 보유 중에 비중이 제일 큰 종목 뭐야?"):
        # round M: the measure goes with the call, so the answer names that holding before the list
        assert calls(tutor.run(asked)) == [("get_portfolio", {"rank": ["value_high"]})], asked


def test_then_open_the_order_screen_is_for_the_stock_just_discussed(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    assert calls(tutor.run("현대차 요즘 얼마나 올랐어?"))[0][0] == "explain_move"
    events = tutor.run("그럼 매도 화면 열어줘")
    call = one(events, "tool_call")
    assert (call.name, call.args["params"], call.status) == ("confirm_ui_action", {"side": "sell", "code": "005380"},
                                                             "awaiting_confirmation")
    fresh = Session("tutor", clock=clock)
    assert one(fresh.run("매도 화면 열어줘"), "tool_call").name == "askClarification"  # no stock talked about: asks
