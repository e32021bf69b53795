"""Issue 29, tutor kinds found in the spent sets D-H and the tune half of set I, through real Session turns on
the offline model. Every sentence is written for these tests (none is a hold-out's).

Before the fix, on the same machine (nlu-report over sentences of these kinds, written first): the same
question handed to another stock ("네이버는?"), a summary asked on a case page, the case related to the term
just explained, "going to recover?", "매수 ㄱ?", hyphenated periods, a company the sandbox does not hold, an
order screen in verb form or after the side was said, "what stocks do I have" 2/26 right ("지금 매수 ㄱ?"
proposed a buy screen); a move explained over a period, "if there is a case, summarise it" and a figure of
the move just explained 5/14. After: 26/26 and 14/14."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from tests.support.helpers import calls, one, text_of
from tests.tutor.conftest import advice_reply, context_for


def _run(store, clock, route: str, *texts: str) -> tuple[Session, list]:
    """The first message sent from ``route``; the later ones from wherever the earlier turns moved the app."""
    s = Session("tutor", store=store, clock=clock)
    events = s.run(texts[0], extra={"context_text": context_for(route)})
    for text in texts[1:]:
        events = s.run(text)
    return s, events


# --- the last question handed over to another stock ---------------------------------------------------------

@pytest.mark.parametrize(("before", "text", "code"), [
    ("카카오 왜 떨어졌어?", "네이버는?", "035420"),
    ("why did Hyundai go up", "what about Kia?", "000270"),
    ("오늘 시장 왜 이래", "셀트리온만 따로 봐줘", "068270"),
    ("POSCO홀딩스 요즘 흐름 어때", "SK하이닉스도", "000660"),
    ("하이닉스 왜 올랐음", "and Samsung Electronics?", "005930"),
])
def test_the_same_move_question_about_another_stock(store, clock, before, text, code) -> None:
    _, events = _run(store, clock, "/home", before, text)
    assert calls(events) == [("explain_move", {"period": "3M", "code": code})]
    assert text_of(events)


def test_a_ratio_asked_of_one_stock_is_asked_of_the_next(store, clock) -> None:
    _, events = _run(store, clock, "/home", "카카오 PER 몇이야", "네이버는?")
    assert calls(events) == [("lookup_term", {"term": "PER", "code": "035420"})]


def test_a_bare_name_after_a_move_question_opens_that_stock(store, clock) -> None:
    _, events = _run(store, clock, "/home", "카카오 왜 떨어졌어?", "기아")
    assert calls(events)[0] == ("ui_action", {"action_id": "nav_stock", "params": {"code": "000270"}})


# --- a summary asked on a case page; the case related to the term just explained ------------------------------

@pytest.mark.parametrize(("route", "before", "text", "case_id"), [
    ("/education", "코로나 사례 열어줘", "세 줄로 정리해줘", "covid-crash-2020"),
    ("/education", "배당 사례 열어줘", "give me the gist", "dividend-basics"),
    ("/education/diversification", None, "요점만 알려줘", "diversification"),
    ("/education/short-selling", None, "summarize please", "short-selling"),
])
def test_a_summary_asked_on_a_case_page_is_that_case(store, clock, route, before, text, case_id) -> None:
    _, events = _run(store, clock, route, *([before] if before else []), text)
    assert calls(events) == [("lookup_case", {"case_id": case_id})]


@pytest.mark.parametrize(("route", "before", "text", "call"), [
    ("/education", "공매도가 뭐야", "관련된 사례 보여줘",
     ("ui_action", {"action_id": "open_case", "params": {"case_id": "short-selling"}})),
    ("/education", "what is a stop loss", "open the related lesson",
     ("ui_action", {"action_id": "open_case", "params": {"case_id": "stop-loss-take-profit"}})),
    ("/home", "ETF 뜻이 뭐야", "그거 관련 사례 요약해줘", ("lookup_case", {"case_id": "etf-basics"})),
])
def test_the_case_related_to_the_term_just_explained(store, clock, route, before, text, call) -> None:
    _, events = _run(store, clock, route, before, text)
    assert calls(events) == [call]


@pytest.mark.parametrize(("route", "text", "call"), [
    ("/home", "공매도 관련 사례 있으면 요약해줘", ("lookup_case", {"case_id": "short-selling"})),
    ("/education", "배당 사례가 있다면 열어줄래?",
     ("ui_action", {"action_id": "open_case", "params": {"case_id": "dividend-basics"}})),
    ("/home", "if there's a lesson about ETFs, summarize it for me", ("lookup_case", {"case_id": "etf-basics"})),
    ("/home", "금리 오를 때 성장주 떨어진 사례 있으면 그거 알려줘", ("lookup_case", {"case_id": "rate-hikes-growth-2022"})),
])
def test_a_case_asked_for_if_there_is_one_is_that_case_not_a_search(store, clock, route, text, call) -> None:
    _, events = _run(store, clock, route, text)
    assert calls(events) == [call]


# --- a move explained over the period named; a figure of the move just explained ----------------------------

@pytest.mark.parametrize(("route", "text", "code", "period"), [
    ("/stock/035420", "이 종목 1년 흐름 설명해줘", "035420", "1Y"),
    ("/home", "카카오 지난 한 달 움직임 알려줘", "035720", "1M"),
    ("/stock/000270", "explain this stock's 3-month movement", "000270", "3M"),
    ("/stock/005380", "요 3달 동안 어떻게 움직였는지 설명 좀", "005380", "3M"),
])
def test_a_move_explained_over_a_period(store, clock, route, text, code, period) -> None:
    _, events = _run(store, clock, route, text)
    assert calls(events) == [("explain_move", {"period": period, "code": code})]


@pytest.mark.parametrize(("before", "text", "code"), [
    ("삼성전자 왜 올랐어", "거래량은 어땠어?", "005930"),
    ("why did Kia fall", "and how was the trading volume?", "000270"),
])
def test_a_figure_of_the_move_just_explained_is_that_move(store, clock, before, text, code) -> None:
    _, events = _run(store, clock, "/home", before, text)
    assert calls(events) == [("explain_move", {"period": "3M", "code": code})]
    reply = text_of(events)  # the figure asked first, then the move
    assert reply.split("\n")[0].endswith(("주예요 (샌드박스 가격).", "shares (sandbox prices)."))


def test_what_a_figure_means_after_a_move_is_still_the_term(store, clock) -> None:
    _, events = _run(store, clock, "/home", "삼성전자 왜 올랐어", "거래량이 정확히 뭐야?")
    assert calls(events) == [("lookup_term", {"term": "거래량", "code": None})]


# --- predictions and "go?" questions: no advice, no order screen ---------------------------------------------

@pytest.mark.parametrize(("route", "text", "shown"), [
    ("/home", "is Kakao going to recover?", "035720"), ("/home", "is naver gonna bounce back soon", "035420"),
    ("/stock/035720", "물타기 ㄱㄱ?", "035720"), ("/stock/035720", "지금 매수 ㄱ?", "035720"),
])
def test_a_prediction_or_a_go_question_gets_no_advice(store, clock, route, text, shown) -> None:
    s, events = _run(store, clock, route, text)  # round L: the decline, then the stock's move
    assert advice_reply(events)[0] == shown
    assert s.pending_actions() == []


# --- periods, companies outside the sandbox, order screens, holdings -----------------------------------------

@pytest.mark.parametrize(("route", "text", "period"), [
    ("/stock/005930", "switch to the 3-month view", "3M"), ("/stock/000660", "show me the one year chart", "1Y"),
    ("/stock/035420", "1-month please", "1M"),
])
def test_hyphenated_and_view_periods(store, clock, route, text, period) -> None:
    _, events = _run(store, clock, route, text)
    assert calls(events) == [("ui_action", {"action_id": "set_period", "params": {"period": period}})]


@pytest.mark.parametrize(("text", "en"), [("애플 왜 올랐어", False), ("why did Nvidia drop", True)])
def test_a_company_outside_the_sandbox_is_named_as_such_with_its_stocks_offered(store, clock, text, en) -> None:
    s, events = _run(store, clock, "/home", text)
    asked = one(events, "clarification")
    assert asked.question == ("That stock isn't in this sandbox. Pick one of the sandbox's stocks instead." if en else
                              "그 종목은 이 샌드박스에 없어요. 샌드박스에 있는 종목 중에서 골라 주세요.")
    assert len(asked.options) == 6
    picked = s.run(asked.options[2])  # the third holding offered: 카카오, its move
    assert calls(picked) == [("explain_move", {"period": "3M", "code": "035720"})]


@pytest.mark.parametrize(("texts", "side", "code"), [
    (("현대차 사는 화면 열어줘",), "buy", "005380"), (("카카오 파는 창 띄워줘",), "sell", "035720"),
    (("I want to sell Naver", "open the order screen"), "sell", "035420"),
])
def test_an_order_screen_in_verb_form_or_after_the_side_was_said(store, clock, texts, side, code) -> None:
    s, events = _run(store, clock, "/home", *texts)
    call = one(events, "tool_call")
    assert (call.name, call.args["action_id"], call.args["params"]) == ("confirm_ui_action", "open_order",
                                                                         {"side": side, "code": code})
    assert one(events, "action_confirmation")
    assert text_of(events)  # the card comes with a sentence
    assert s.pending_actions()  # waits for Confirm


@pytest.mark.parametrize("text", ["내가 뭐 갖고 있더라?", "what stocks do I have again"])
def test_what_do_i_hold_is_the_portfolio(store, clock, text) -> None:
    _, events = _run(store, clock, "/home", text)
    assert calls(events) == [("get_portfolio", {"rank": []})]


# --- more of the last answer; a company's profile; a timing put as a choice --------------------------------

@pytest.mark.parametrize(("before", "text", "call"), [
    ("공매도 사례 요약", "퀴즈 내줘", ("lookup_case", {"case_id": "short-selling"})),
    ("tell me about the ETF case", "more details please", ("lookup_case", {"case_id": "etf-basics"})),
    # round M: a ranked question carries its measure; the answer names that holding first
    ("내 포트폴리오 어때", "그중에 제일 많이 잃은 종목은?", ("get_portfolio", {"rank": ["loss_high"]})),
    ("how is my portfolio doing", "which one is the worst?", ("get_portfolio", {"rank": ["return_low"]})),
])
def test_more_of_the_last_answer(store, clock, before, text, call) -> None:
    _, events = _run(store, clock, "/education", before, text)
    assert calls(events) == [call]


def test_a_quiz_asked_after_a_case_summary_gives_the_quiz(store, clock) -> None:
    _, events = _run(store, clock, "/education", "공매도 사례 요약", "퀴즈 내줘")
    assert "퀴즈" in text_of(events)


@pytest.mark.parametrize(("route", "text", "code"), [
    ("/stock/373220", "이 회사 뭐하는 곳이야", "373220"), ("/home", "셀트리온은 뭐 하는 데야?", "068270"),
])
def test_what_a_company_does_is_its_profile(store, clock, route, text, code) -> None:
    _, events = _run(store, clock, route, text)
    assert calls(events) == [("lookup_stock", {"code": code, "period": "3M"})]


@pytest.mark.parametrize(("text", "shown"), [("what do you think, buy samsung now or wait?", "005930"),
                                           ("지금 살까 아니면 좀 기다릴까?", None), ("should I sell Kakao or hold?", "035720"),
                                           ("기아 지금 들어가 아니면 관망?", "000270")])
def test_a_timing_put_as_a_choice_gets_no_advice_and_no_screen(store, clock, text, shown) -> None:
    s, events = _run(store, clock, "/home", text)  # "samsung" in English is Samsung Electronics
    assert advice_reply(events)[0] == shown
    assert s.pending_actions() == []


@pytest.mark.parametrize(("route", "text"), [
    ("/home", "예전 대화 기록 열어볼래"), ("/home", "show me my chat history"), ("/stock/005930", "이전 대화들 어디서 봐?"),
])
def test_past_conversations_are_the_archive(store, clock, route, text) -> None:
    _, events = _run(store, clock, route, text)
    assert calls(events) == [("ui_action", {"action_id": "open_archive", "params": {}})]


# --- a slip taken back; how a stock moved; a lesson category; whether I made money --------------------------

@pytest.mark.parametrize(("before", "text", "code"), [
    ("open Kakao", "sorry, I meant Naver", "035420"), ("기아 차트 보여줘", "아 잘못 말했다 현대차로", "005380"),
    ("셀트리온 열어줘", "오타 ㅠ 신한지주", "055550"),
])
def test_a_slip_taken_back_is_the_last_request_for_the_stock_meant(store, clock, before, text, code) -> None:
    _, events = _run(store, clock, "/home", before, text)
    assert calls(events)[0] == ("ui_action", {"action_id": "nav_stock", "params": {"code": code}})


@pytest.mark.parametrize(("text", "code", "period"), [
    ("KODEX 200 최근 1년 어떻게 움직였어?", "069500", "1Y"), ("how has Shinhan moved over the past month?", "055550", "1M"),
])
def test_how_a_stock_moved_is_its_move(store, clock, text, code, period) -> None:
    _, events = _run(store, clock, "/home", text)
    assert calls(events) == [("explain_move", {"period": period, "code": code})]


@pytest.mark.parametrize(("text", "tab"), [("개념 카테고리로 필터", "concept"), ("습관 분류만 보여줘", "habit"),
                                         ("market category please", "market")])
def test_a_lesson_category_is_its_tab(store, clock, text, tab) -> None:
    _, events = _run(store, clock, "/education", text)
    assert calls(events) == [("ui_action", {"action_id": "set_tab", "params": {"tab": tab}})]


@pytest.mark.parametrize("text", ["did i make money this year", "am I making money or not?"])
def test_whether_i_made_money_is_the_portfolio(store, clock, text) -> None:
    _, events = _run(store, clock, "/home", text)
    assert calls(events) == [("get_portfolio", {"rank": []})]


@pytest.mark.parametrize("text", ["how many shares of Samsung Electronics do I own?", "카카오 몇 주 갖고 있지?"])
def test_how_many_shares_i_hold_is_the_portfolio(store, clock, text) -> None:
    _, events = _run(store, clock, "/home", text)
    assert calls(events) == [("get_portfolio", {"rank": []})]


def test_is_there_a_case_on_the_term_just_explained_lists_its_cases(store, clock) -> None:
    _, events = _run(store, clock, "/education", "what is short selling", "is there a case on it?")
    assert calls(events) == [("ui_action", {"action_id": "set_keyword", "params": {"keyword": "공매도"}})]


def test_what_a_figure_means_right_after_the_move_is_the_term(store, clock) -> None:
    _, events = _run(store, clock, "/home", "삼성전자 왜 올랐어", "수익률이란 게 정확히 뭔데")
    assert calls(events) == [("lookup_term", {"term": "수익률", "code": None})]


@pytest.mark.parametrize(("text", "rank"), [("my biggest loser?", ["loss_high"]), ("보유종목 중에 마이너스인 거 있어?", [])])
def test_my_losers_and_winners_are_the_portfolio(store, clock, text, rank) -> None:
    _, events = _run(store, clock, "/home", text)
    assert calls(events) == [("get_portfolio", {"rank": rank})]  # round M: a ranked one carries its measure


@pytest.mark.parametrize("text", ["이 종목 관련 교육 사례 뭐 있어", "are there any lessons about this stock?"])
def test_cases_about_the_stock_on_screen_are_its_cases_tab(store, clock, text) -> None:
    _, events = _run(store, clock, "/stock/000660", text)
    assert calls(events) == [("ui_action", {"action_id": "set_tab", "params": {"tab": "cases"}})]


@pytest.mark.parametrize("text", ["스크랩한 노트 보여줘", "open my bookmarked notes"])
def test_saved_notes_are_the_archive(store, clock, text) -> None:
    _, events = _run(store, clock, "/home", text)
    assert calls(events) == [("ui_action", {"action_id": "open_archive", "params": {}})]


# --- an ordinal over the lessons just listed; a tab refused for another; what I hold --------------------------

@pytest.mark.parametrize(("route", "before", "text", "call"), [
    ("/education", "투자 습관 탭 보여줘", "두번째 거 열어줘",
     ("ui_action", {"action_id": "open_case", "params": {"case_id": "averaging-down-trap"}})),
    ("/education", "market cases tab", "open the first one",
     ("ui_action", {"action_id": "open_case", "params": {"case_id": "covid-crash-2020"}})),
    ("/education", "개념 탭", "세번째 사례 요약해줘", ("lookup_case", {"case_id": "etf-basics"})),
    ("/home", "교육 화면으로 가줘", "맨 위에 있는 거 열어",
     ("ui_action", {"action_id": "open_case", "params": {"case_id": "covid-crash-2020"}})),
])
def test_an_ordinal_over_the_lessons_just_listed(store, clock, route, before, text, call) -> None:
    _, events = _run(store, clock, route, before, text)
    assert calls(events) == [call]


@pytest.mark.parametrize(("route", "text", "tab"), [
    ("/my", "보유 말고 자산 배분 탭으로", "allocation"), ("/my", "allocation tab instead of holdings", "allocation"),
    ("/stock/005930", "차트 탭 말고 정보 탭", "info"),
])
def test_a_tab_refused_for_another_is_the_other(store, clock, route, text, tab) -> None:
    _, events = _run(store, clock, route, text)
    assert calls(events) == [("ui_action", {"action_id": "set_tab", "params": {"tab": tab}})]


@pytest.mark.parametrize("text", ["나 지금 뭐 들고 있지", "what am I holding at the moment"])
def test_what_i_am_holding_is_the_portfolio(store, clock, text) -> None:
    _, events = _run(store, clock, "/home", text)
    assert calls(events) == [("get_portfolio", {"rank": []})]


# --- a period alone after a move question; "its chart" after a move; the KOSPI ETF by its nickname ----------

@pytest.mark.parametrize(("texts", "code", "period"), [
    (("카카오 보여줘", "왜 떨어졌어?", "1년 기준으로는?"), "035720", "1Y"),
    (("why did Kia rise?", "and over one month?"), "000270", "1M"),
])
def test_a_period_alone_after_a_move_question_is_that_move_again(store, clock, texts, code, period) -> None:
    _, events = _run(store, clock, "/home", *texts)
    assert calls(events) == [("explain_move", {"period": period, "code": code})]


def test_its_chart_after_a_move_question_opens_that_stocks_chart(store, clock) -> None:
    _, events = _run(store, clock, "/home", "POSCO홀딩스 왜 빠졌어", "그거 차트로 보여줘")
    assert calls(events)[0] == ("ui_action", {"action_id": "nav_stock", "params": {"code": "005490"}})


def test_the_kospi_etf_is_kodex_200(store, clock) -> None:
    _, events = _run(store, clock, "/stock/005930", "compare this with kospi etf")
    assert calls(events) == [("visualization", {"kind": "compare", "codes": ["005930", "069500"], "period": "3M"})]


# --- a verdict on a stock's price or future: no advice, never an order screen --------------------------------

@pytest.mark.parametrize(("route", "text", "shown"), [
    ("/home", "지금 삼성전자 들어가면 수익 볼 수 있을까요", "005930"), ("/home", "카카오 반토막 났는데 이제 바닥 아님?", "035720"),
    ("/stock/005380", "이 가격이면 싼 거 맞지?", "005380"), ("/stock/035720", "is it cheap enough to buy now", "035720"),
    ("/home", "how high can Hynix go", "000660"), ("/home", "any tips on what to buy this week?", None),
    ("/my", "내 포트폴리오에서 뭘 팔아야 할지 골라줘", None), ("/home", "셀트리온 추매 각?", "068270"),
    ("/home", "전 재산 에코프로에 넣어도 될까", "086520"), ("/home", "is Kakao undervalued?", "035720"),
])
def test_a_verdict_on_a_stock_gets_no_advice_and_no_screen(store, clock, route, text, shown) -> None:
    s, events = _run(store, clock, route, text)  # round L: which stock to pick gets the decline with offers
    assert advice_reply(events)[0] == shown
    assert s.pending_actions() == []


@pytest.mark.parametrize("text", ["저평가가 무슨 뜻이야?", "에코프로 얼마까지 올라갔었어?"])
def test_the_same_words_asked_as_a_term_or_a_past_move_are_not_advice(store, clock, text) -> None:
    _, events = _run(store, clock, "/home", text)
    assert not text_of(events).startswith("투자 조언이나")


def test_advice_sent_instead_of_an_answer_to_the_tutors_question_is_still_advice(store, clock) -> None:
    s, _ = _run(store, clock, "/home", "why did Tesla drop")
    events = s.run("is Kakao undervalued?")
    assert advice_reply(events, en=True)[0] == "035720"
    ask = s.run("삼성 팔까 말까")  # a bare 삼성 put as advice: no which-stock question becomes an order
    assert s.pending_actions() == [] and all(e.type != "action_confirmation" for e in ask)


@pytest.mark.parametrize(("text", "tab"), [("오늘 급등주 보여줘", "movers"), ("show me the top gainers", "movers"),
                                         ("홈에서 시장 개요 탭", "overview")])
def test_home_tabs_by_their_everyday_names(store, clock, text, tab) -> None:
    _, events = _run(store, clock, "/home", text)
    assert calls(events) == [("ui_action", {"action_id": "set_tab", "params": {"tab": tab}})]
