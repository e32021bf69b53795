"""Blind set L (issue 29), the tutor. Every sentence here is written for these tests, apart from every labelled set.

The tune half's two misses were one kind: an advice or prediction question about a stock the tutor knows (named,
or on screen) was declined with a menu of offers. Now the decline comes first and the stock's move follows, with its
figures and the sandbox source (``explain_move`` marked as advice); never an order screen, never a verdict. The
other kinds below were found by writing follow-ups of our own (56 sentences, 30 right before): a follow-up that
leaves out the stock or case the conversation is on is completed from the dialogue state and read by the
single-message reader (``agents/tutor/ellipsis.py``); a period alone after a move; an answer that gives the side
too; an English part of a name; a word inside a longer term; "among them" after the portfolio; advice verb forms.
"""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.tutor.advice import asks_advice
from agents.tutor.reading import read
from agents.tutor.sandbox import state_for_route
from tests.support.helpers import calls, text_of
from tests.tutor.conftest import MARKET, advice_reply, context_for


def _turns(store, clock, before: list[str], text: str, route: str = "/home"):
    s = Session("tutor", store=store, clock=clock)
    for earlier in before:
        s.run(earlier, extra={"context_text": context_for(route)})
    return s, s.run(text, extra={"context_text": context_for(route)})


def _order(side: str, code: str, lang: str) -> tuple[str, dict[str, object]]:
    return ("confirm_ui_action", {"action_id": "open_order", "params": {"side": side, "code": code}, "lang": lang})


# --- kind 1 (the tune misses): advice about a known stock: the decline, then that stock's move ------------------

@pytest.mark.parametrize(("text", "route", "code"), [
    ("하이닉스 지금 사면 늦었나", "/home", "000660"),
    ("지금 이거 담아도 괜찮을까요?", "/stock/207940", "207940"),
    ("카카오 앞으로 오를까", "/my", "035720"),
    ("should I sell my kia shares", "/home", "000270"),
    ("is naver a good buy right now?", "/education", "035420"),
    ("do you reckon celltrion is gonna rally next week?", "/home", "068270"),
    ("현기차 중에 현대차 곧 폭등하겠지?", "/home", "005380"),
])
def test_advice_about_a_known_stock_reads_as_its_move_marked_advice(text, route, code) -> None:
    reading = read(text, state_for_route(route))
    assert (reading.kind, reading.args.get("code"), reading.args.get("advice")) == ("explain_move", code, True)


@pytest.mark.parametrize(("text", "route", "en", "code", "name"), [
    ("에코프로 내일 오를까요?", "/home", False, "086520", "**에코프로**"),
    ("이 종목 지금 팔아야 하나", "/stock/105560", False, "105560", "**KB금융**"),
    ("will hyundai go up after earnings?", "/home", True, "005380", "**Hyundai Motor**"),
    ("is it too late to buy this one?", "/stock/000270", True, "000270", "**Kia**"),
])
def test_the_reply_declines_first_then_gives_the_figures_and_no_screen(store, clock, text, route, en, code, name) -> None:
    s, events = _turns(store, clock, [], text, route)
    shown, reply = advice_reply(events, en)
    assert shown == code and name in reply
    assert calls(events) == [("explain_move", {"code": code, "period": "3M"})]
    first = reply.split("\n")[0]
    assert ("Instead, here is how" if en else "실제로 어떻게 움직였는지") in first
    assert ("not investment advice" if en else "투자 권유가 아닙니다") in reply
    assert s.pending_actions() == []


def test_a_prediction_of_the_market_shows_the_markets_move(store, clock) -> None:
    _, events = _turns(store, clock, [], "is the stock market going to crash next month?")
    shown, reply = advice_reply(events, en=True)
    assert shown == MARKET and "the whole market actually moved" in reply and "KODEX 200" in reply


@pytest.mark.parametrize(("text", "route"), [
    ("요즘 뭐 사야 돼?", "/home"), ("이거 말고 어떤 종목 살까?", "/stock/035720"),
    ("which stocks should I buy this year?", "/my"), ("recommend me something to invest in", "/home"),
])
def test_advice_about_no_stock_or_a_pick_keeps_the_decline_with_offers(store, clock, text, route) -> None:
    _, events = _turns(store, clock, [], text, route)
    shown, reply = advice_reply(events)
    assert shown is None and ("대신 보여 드릴 수 있는 것" in reply or "What I can show you instead" in reply)


def test_two_stocks_weighed_against_each_other_get_the_offers(store, clock) -> None:
    _, events = _turns(store, clock, [], "삼성전자랑 카카오 중에 뭐가 더 오를까?")
    assert advice_reply(events, en=False)[0] is None


# --- kind 2: advice as a follow-up names no stock: the one the conversation is on -------------------------------

@pytest.mark.parametrize(("before", "text", "en", "code"), [
    (["카카오 요즘 왜 떨어졌어?"], "그럼 지금 들어가도 될까?", False, "035720"),
    (["why did naver fall?"], "should I buy some now?", True, "035420"),
    (["기아 차트 그려줘"], "이거 더 오를까요?", False, "000270"),
    (["셀트리온 PER 알려줘"], "그래서 사? 말아?", False, "068270"),
    (["현대차 왜 올랐어"], "is it going to keep rising?", True, "005380"),
    (["삼성바이오로직스 어떤 회사야?"], "팔아야 할까 계속 들고 있을까", False, "207940"),
    (["KB금융 차트 그려줘"], "그럼 좀 사볼까", False, "105560"),
])
def test_advice_after_a_talk_about_one_stock_shows_that_stocks_move(store, clock, before, text, en, code) -> None:
    s, events = _turns(store, clock, before, text)
    assert advice_reply(events, en)[0] == code
    assert s.pending_actions() == []


def test_advice_after_a_case_or_asking_what_to_pick_is_not_given_a_stock(store, clock) -> None:
    _, events = _turns(store, clock, ["코로나 폭락 사례 알려줘"], "그럼 지금 뭐 사야 돼?")
    assert advice_reply(events, en=False)[0] is None
    _, events = _turns(store, clock, ["카카오 왜 떨어졌어?"], "그럼 다른 거 뭐 살까?")
    assert advice_reply(events, en=False)[0] is None


# --- kind 3: a follow-up request that leaves out its stock: completed from the dialogue, read as one message ------

@pytest.mark.parametrize(("before", "text", "expected"), [
    (["현대차 왜 올랐어?"], "매수 화면 열어줘", [_order("buy", "005380", "ko")]),
    (["카카오 차트 그려줘"], "sell it please", [_order("sell", "035720", "en")]),
    (["기아 얼마나 올랐어?"], "i want to buy", [_order("buy", "000270", "en")]),
    (["네이버 왜 떨어졌어?"], "포트폴리오에서 빼줘",
     [("confirm_ui_action", {"action_id": "remove_holding", "params": {"code": "035420"}, "lang": "ko"})]),
    (["LG에너지솔루션 어떤 회사야?"], "최근 주가 흐름은 어때?", [("explain_move", {"code": "373220", "period": "3M"})]),
    (["기아 PER 뭐야"], "주가는 어떻게 움직였어?", [("explain_move", {"code": "000270", "period": "3M"})]),
    (["what is kakao?"], "how has it done lately?", [("explain_move", {"code": "035720", "period": "3M"})]),
])
def test_a_follow_up_without_its_stock_is_about_the_stock_talked_about(store, clock, before, text, expected) -> None:
    _, events = _turns(store, clock, before, text, "/my" if "빼줘" in text else "/home")
    assert calls(events) == expected


@pytest.mark.parametrize(("before", "text", "code"), [
    (["에코프로 왜 올랐어?"], "차트 보여줘", "086520"),
    (["네이버 뭐하는 회사야"], "그 회사 페이지로 가자", "035420"),
    (["카카오 왜 올랐어"], "take me to its page", "035720"),
])
def test_its_page_after_a_talk_about_one_stock(store, clock, before, text, code) -> None:
    _, events = _turns(store, clock, before, text)
    assert calls(events)[0] == ("ui_action", {"action_id": "nav_stock", "params": {"code": code}})


def test_a_filing_link_asked_after_a_stock_is_that_stocks(store, clock) -> None:
    _, events = _turns(store, clock, ["셀트리온 설명해줘"], "공시 보여줘")
    assert calls(events) == [("confirm_ui_action", {"action_id": "open_external_link",
                                                    "params": {"link": "dart", "code": "068270"}, "lang": "ko"})]


def test_nothing_talked_about_still_asks(store, clock) -> None:
    _, events = _turns(store, clock, [], "매수 화면 열어줘")
    assert calls(events)[0][0] == "askClarification"
    _, events = _turns(store, clock, ["안녕"], "포트폴리오에서 빼줘", "/my")
    assert calls(events)[0][0] == "askClarification"


def test_an_order_with_no_side_after_a_stock_asks_the_side_of_that_stock(store, clock) -> None:
    _, events = _turns(store, clock, ["셀트리온 왜 떨어졌어?"], "주문창 띄워줘")
    (name, args), = calls(events)
    assert name == "askClarification" and args["known"] == {"action": "open_order", "code": "068270"}


def test_the_market_asked_after_a_stock_stays_the_market(store, clock) -> None:
    _, events = _turns(store, clock, ["카카오 왜 떨어졌어?"], "오늘 시장 전체는 왜 빠졌어?")
    assert calls(events) == [("explain_move", {"code": None, "period": "3M"})]


# --- kind 4: a follow-up about the case just told, naming nothing --------------------------------------------------

@pytest.mark.parametrize(("before", "text", "expected"), [
    (["ETF 기초 사례 알려줘"], "go to that lesson", ("ui_action", {"action_id": "open_case",
                                                                 "params": {"case_id": "etf-basics"}})),
    (["반도체 사이클 케이스 페이지로 가 줘"], "요약해줘", ("lookup_case", {"case_id": "semiconductor-cycle"})),
    (["open the covid crash lesson"], "what was the key lesson?", ("lookup_case", {"case_id": "covid-crash-2020"})),
    (["공매도 사례 설명해줘"], "그 사례 페이지 띄워줘", ("ui_action", {"action_id": "open_case",
                                                          "params": {"case_id": "short-selling"}})),
])
def test_a_follow_up_about_the_case_just_told(store, clock, before, text, expected) -> None:
    _, events = _turns(store, clock, before, text)
    assert calls(events)[0] == expected


# --- kind 5: a period alone after a move (no stock on screen): the move over that period -------------------------

@pytest.mark.parametrize(("before", "text", "code", "period"), [
    (["현대차 왜 떨어졌어?"], "3개월로 보면?", "005380", "3M"),
    (["why did kia rise"], "what about over a year?", "000270", "1Y"),
    (["네이버 왜 올랐어"], "한 달로 하면?", "035420", "1M"),
])
def test_a_period_alone_after_a_move_asks_the_move_again(store, clock, before, text, code, period) -> None:
    _, events = _turns(store, clock, before, text)
    assert calls(events) == [("explain_move", {"code": code, "period": period})]


# --- kind 6: an answer to "which stock?" that also says the side, or a part of the English name -----------------

def test_an_answer_with_stock_and_side_opens_that_order(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    s.run("주문창 좀 띄워 볼래", extra={"context_text": context_for("/home")})
    events = s.run("네이버 매도", extra={"context_text": context_for("/home")})
    assert calls(events) == [_order("sell", "035420", "ko")]


def test_a_part_of_the_english_name_picks_the_offered_stock(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    s.run("SK 매수 화면", extra={"context_text": context_for("/home")})
    events = s.run("the telecom one", extra={"context_text": context_for("/home")})
    assert calls(events) == [_order("buy", "017670", "en")]


# --- kind 7: a word inside a longer term is not its case or my portfolio -----------------------------------------

@pytest.mark.parametrize(("text", "term"), [("배당수익률은?", "배당수익률"), ("dividend yield?", "배당수익률")])
def test_a_term_containing_a_case_word_is_the_term(text, term) -> None:
    assert (read(text, state_for_route("/home")).kind, read(text, state_for_route("/home")).args) == \
        ("concept", {"term": term})


@pytest.mark.parametrize(("text", "kind", "args"), [
    ("배당 사례 알려줘", "case_info", {"case_id": "dividend-basics"}), ("물타기 알려줘", "case_info", {"case_id": "averaging-down-trap"}),
    ("내 수익률 얼마야", "portfolio_summary", {}),
])
def test_the_case_or_my_return_named_as_such_keep_their_reading(text, kind, args) -> None:
    reading = read(text, state_for_route("/home"))
    assert (reading.kind, reading.args) == (kind, args)


# --- kind 8: "among them" after the portfolio is about my holdings ------------------------------------------------

@pytest.mark.parametrize(("text", "rank"), [("그중에 제일 많이 오른 건?", "return_high"),
                                           ("그중에서 손해가 제일 큰 종목은?", "loss_high")])
def test_among_my_holdings_is_the_portfolio(store, clock, text, rank) -> None:
    _, events = _turns(store, clock, ["내 포트폴리오 어때?"], text)
    assert calls(events) == [("get_portfolio", {"rank": [rank]})]  # round M: the measure, named first in the answer


# --- kind 9: advice verb forms the phrases lacked; the same words asked as facts are no advice -------------------

@pytest.mark.parametrize("text", ["그럼 좀 사 볼까?", "사? 말아?", "지금 담으면 늦었나", "팔아 봐도 돼?", "반등하려나",
                                  "will it tank tomorrow?", "곧 급락할 것 같아?"])
def test_advice_verb_forms(text) -> None:
    assert asks_advice(text)


@pytest.mark.parametrize("text", ["왜 폭락했어?", "그 사례에서 회복까지 몇 달 걸렸어?", "차트 좀 봐볼까", "폭등 사례 알려줘",
                                  "ETF를 사 볼까 고민 중인데 ETF 사례 페이지로 가 줘"])
def test_facts_or_a_screen_are_no_advice(text) -> None:
    assert not asks_advice(text)


def test_an_english_advice_follow_up_is_answered_in_english(store, clock) -> None:
    _, events = _turns(store, clock, ["카카오 차트 보여줘"], "so is it a buy now?")
    assert advice_reply(events, en=True)[0] == "035720"
    assert "Kakao" in text_of(events)


# --- kind 10 (a second batch of our own follow-ups, 39/40 and 21/23 after the first fixes): the term, the case's
# stocks, the market beside a stock, a correction opened with 아니다 ------------------------------------------------

@pytest.mark.parametrize(("before", "text", "term", "code"), [
    (["PER 뜻 알려줘"], "삼성전자는 몇이야?", "PER", "005930"),
    (["what does PBR mean?"], "how much is it for Kia?", "PBR", "000270"),
])
def test_a_stocks_figure_after_a_term_is_that_terms(store, clock, before, text, term, code) -> None:
    _, events = _turns(store, clock, before, text)
    assert calls(events) == [("lookup_term", {"term": term, "code": code})]


def test_a_stock_of_the_case_just_told_asks_which_of_its_stocks(store, clock) -> None:
    _, events = _turns(store, clock, ["반도체 사이클 얘기 좀 해줘"], "여기 나온 종목은 왜 올랐어?")
    (name, args), = calls(events)
    assert name == "askClarification" and args["options"] == ["삼성전자", "SK하이닉스"]
    assert args["known"] == {"action": "explain_move"}


@pytest.mark.parametrize(("before", "text", "code"), [
    (["why did celltrion drop"], "and compared to the market?", "068270"),
    ([], "기아 시장이랑 비교하면 어때?", "000270"),
    ([], "compare hyundai with the market", "005380"),
])
def test_a_stock_beside_the_market_is_its_move(store, clock, before, text, code) -> None:
    _, events = _turns(store, clock, before, text)
    assert calls(events) == [("explain_move", {"code": code, "period": "3M"})]


def test_the_lesson_about_the_term_just_explained_opens_it(store, clock) -> None:
    _, events = _turns(store, clock, ["what's an ETF?"], "show me the lesson about it")
    assert calls(events) == [("ui_action", {"action_id": "open_case", "params": {"case_id": "etf-basics"}})]


def test_a_correction_opened_with_anida_is_the_last_request_for_that_stock(store, clock) -> None:
    _, events = _turns(store, clock, ["네이버 삭제해줘"], "아니다 셀트리온으로", "/my")
    assert calls(events) == [("confirm_ui_action", {"action_id": "remove_holding", "params": {"code": "068270"},
                                                    "lang": "ko"})]


@pytest.mark.parametrize("text", ["애플은 왜 올랐어?", "what about tesla, should I buy?"])
def test_a_company_outside_the_sandbox_after_a_stock_is_not_that_stock(store, clock, text) -> None:
    _, events = _turns(store, clock, ["카카오 왜 떨어졌어?"], text)
    assert "explain_move" not in [name for name, _ in calls(events)]


@pytest.mark.parametrize(("text", "period"), [("could you set the period to 1M?", "1M"),
                                              ("please make the period one year", "1Y")])
def test_the_word_period_is_the_tutors_own_not_a_foreign_request(text, period) -> None:
    # before: every content word was outside the lexicon, so the English request read as off topic
    reading = read(text, state_for_route("/stock/068270"))
    assert (reading.kind, reading.args) == ("set_period", {"period": period})


# --- kind 11: advice said in forms the phrases lacked, which read as an ORDER SCREEN or a page before -------------
# (a third batch of our own single messages: 18 of 38 were not read as advice; 6 of them opened an order screen)

@pytest.mark.parametrize(("text", "route", "code"), [
    ("걍 다 팔아치울까", "/stock/035720", "035720"), ("지금 매도하는 거 어때", "/stock/035720", "035720"),
    ("기아 매수 의견?", "/home", "000270"), ("매도 때릴까", "/stock/005930", "005930"),
    ("현차 지금 매수 어때?", "/home", "005380"), ("팔아버릴까", "/stock/005380", "005380"),
    ("하이닉스 사는 거 어떻게 생각해?", "/home", "000660"), ("지금 팔면 후회할까?", "/stock/005380", "005380"),
    ("에코프로 언제 사?", "/home", "086520"), ("카카오 앞으로 어떨 것 같아?", "/home", "035720"),
    ("KODEX 200 장기투자 괜찮아?", "/home", "069500"),
    ("is now a good time to get into hynix?", "/home", "000660"), ("kakao worth it at this price?", "/home", "035720"),
    ("what's the outlook for naver?", "/home", "035420"), ("is hyundai a safe bet?", "/home", "005380"),
    ("what would you do with this stock?", "/stock/005930", "005930"),
    ("how much will naver be worth next year?", "/home", "035420"),
])
def test_advice_in_more_forms_is_the_stocks_move_never_an_order(text, route, code) -> None:
    reading = read(text, state_for_route(route))
    assert (reading.kind, reading.args.get("code"), reading.args.get("advice")) == ("explain_move", code, True)


@pytest.mark.parametrize("text", ["카카오 언제 샀어?", "매수하는 법 알려줘", "매수하는 거 어떻게 해?", "분산투자 어때?",
                                  "매수 화면 어때?", "앞으로 뭐 배우면 돼?"])
def test_a_past_trade_how_to_trade_or_a_strategy_is_no_advice(text) -> None:
    assert not asks_advice(text)


# --- kind 12 (a fourth batch, chat-speak and English follow-ups, 19/24 before): a classifier's guess does not
# hide a related case; an ordinal with a removal verb; "this one?" on another stock's page ------------------------

def test_a_case_about_the_term_just_explained_is_looked_for(store, clock) -> None:
    _, events = _turns(store, clock, ["손절이 뭐야?"], "관련 사례 있어?")  # which cases there are: the filter
    assert [args.get("action_id") for _, args in calls(events)] == ["nav_education", "set_keyword"]
    _, events = _turns(store, clock, ["what's short selling?"], "any lesson on that?")  # one case holds it: told
    assert calls(events) == [("lookup_case", {"case_id": "short-selling"})]


def test_an_ordinal_over_the_holdings_with_a_removal_removes_that_holding(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    s.run("보유 종목 보여줘", extra={"context_text": context_for("/my")})
    events = s.run("두번째 거 빼줘", extra={"context_text": context_for("/my")})
    (name, args), = calls(events)
    assert name == "confirm_ui_action" and args["action_id"] == "remove_holding"
    assert args["params"] == {"code": "000660"}  # the sandbox portfolio lists 삼성전자, SK하이닉스, ...


@pytest.mark.parametrize(("before", "text"), [(["네이버 왜 올랐어"], "이 종목은?"),
                                              (["why did naver rise"], "what about this one?")])
def test_this_one_on_another_stocks_page_asks_the_last_question_of_it(store, clock, before, text) -> None:
    _, events = _turns(store, clock, before, text, "/stock/035720")
    assert calls(events) == [("explain_move", {"code": "035720", "period": "3M"})]


# --- kind 13 (a fifth batch, 12/15 before): the period moved to, and a link named with a stock's word --------------

@pytest.mark.parametrize(("text", "period"), [("아까 3개월로 봤던 거 1년으로", "1Y"), ("switch from 1 year to 3 months", "3M"),
                                              ("3개월이랑 1년 중에 1년으로", "1Y"), ("한 달로 봤는데 이번엔 3개월로", "3M")])
def test_of_two_periods_the_one_moved_to_is_wanted(text, period) -> None:
    reading = read(text, state_for_route("/stock/247540"))
    assert (reading.kind, reading.args) == ("set_period", {"period": period})


def test_the_naver_finance_link_after_a_stock_is_that_stocks_page_there(store, clock) -> None:
    _, events = _turns(store, clock, ["KB금융 왜 올랐어?"], "네이버 증권에서 볼래")
    assert calls(events) == [("confirm_ui_action", {"action_id": "open_external_link",
                                                    "params": {"link": "naver_finance", "code": "105560"}, "lang": "ko"})]
