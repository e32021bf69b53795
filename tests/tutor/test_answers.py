"""Issue 29, kind 2: a question gets its answer in the reply text, with the sandbox source; an action may
come with it, never instead of it. Advice and predictions get no advice and never an order screen (the
reading, the reply, and the pipeline's guard when a model proposes one anyway). Errors are plain
sentences. A question that assumes the wrong direction is told the real one, and a case's sandbox figures
name their window. Sentences here are written for these tests, apart from every labelled set."""

from __future__ import annotations

import re

import pytest

from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import Session
from agents.nlu.language import reply_english as english
from agents.tutor import market
from agents.tutor.pipeline import NO_ADVICE_ACTION
from agents.tutor.reading import read
from agents.tutor.sandbox import state_for_route
from agents.tutor.sandbox_data import cases, glossary, stocks
from agents.tutor.store import PortfolioStore
from tests.support.helpers import one, text_of, types
from tests.tutor.conftest import advice_reply, context_for

HANGUL = re.compile(r"[가-힣]")
INTERNAL = re.compile(r"ui_action|confirm_ui_action|Cannot propose|Error|Exception|nav_my|action_id")


def _run(store, clock, text: str, route: str = "/home", **kw):
    s = Session("tutor", store=store, clock=clock, **kw)
    return s, s.run(text, extra={"context_text": context_for(route)})


# --- advice and predictions ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "route", "code"), [
    ("삼성전자 지금 들어가도 될까요?", "/home", "005930"),
    ("SK하이닉스 내일 더 떨어질까", "/home", "000660"),
    ("셀트리온 전망 어때요", "/my", "068270"),
    ("이거 지금이 고점인가요?", "/stock/035420", "035420"),
    ("should I sell my Kakao shares before earnings?", "/home", "035720"),
    ("do you think Hyundai Motor will rise next month?", "/home", "005380"),
    ("is KB Financial Group a good buy at this price", "/home", "105560"),
    ("카카오 계속 들고 있어야 하나요?", "/home", "035720"),
    ("is it too late to buy NAVER?", "/home", "035420"),
    ("포스코홀딩스 목표 주가가 어떻게 돼?", "/home", "005490"),
])
def test_an_advice_question_is_read_as_advice_about_its_stock(text, route, code) -> None:
    reading = read(text, state_for_route(route))  # round L: that stock's move, marked as advice
    assert (reading.kind, reading.args.get("advice"), reading.args.get("code")) == ("explain_move", True, code)


def test_an_advice_question_declines_then_shows_the_stocks_move(store, clock) -> None:
    s, events = _run(store, clock, "현대차 다음 주에 오를까? 지금 매수해도 돼?")
    shown, reply = advice_reply(events, en=False)
    assert shown == "005380" and one(events, "tool_call").args == {"code": "005380", "period": "3M"}
    first, figures = reply.split("\n", 1)
    assert first == ("투자 조언이나 주가 예측은 드리지 않아요. 사라·팔라, 오를지 내릴지는 말씀드릴 수 없어요. 대신 현대차가 "
                     "실제로 어떻게 움직였는지 샌드박스 가격의 수치로 보여 드릴게요.")
    assert figures.startswith("**현대차** (3M, ") and "시장(KODEX 200)" in figures
    assert s.pending_actions() == []


def test_an_advice_question_about_no_stock_declines_and_offers_what_the_tutor_shows(store, clock) -> None:
    s, events = _run(store, clock, "요즘 같은 장에는 뭐 사야 돈 벌어요?")
    assert advice_reply(events, en=False)[0] is None
    assert "PER·물타기 같은 용어의 뜻; 내 샌드박스 포트폴리오 현황" in text_of(events)
    assert s.pending_actions() == []


def test_an_english_advice_question_naming_a_korean_stock_gets_english(store, clock) -> None:
    s, events = _run(store, clock, "will 셀트리온 bounce back soon? should I buy more today")
    shown, reply = advice_reply(events, en=True)
    assert shown == "068270" and "Celltrion actually moved" in reply and "**Celltrion** (3M, " in reply
    assert 'the lesson "' + cases()["averaging-down-trap"]["title_en"] + '"' in reply  # buying more: that lesson
    assert s.pending_actions() == []


def test_averaging_down_on_a_stock_page_shows_that_stock_and_names_the_averaging_case(store, clock) -> None:
    _, events = _run(store, clock, "손실 난 이 종목 평단 낮추려고 더 사면 괜찮을까요", "/stock/035720")
    shown, reply = advice_reply(events, en=False)
    assert shown == "035720" and "**카카오**" in reply
    assert f"교육 사례 「{cases()['averaging-down-trap']['title']}」" in reply


@pytest.mark.parametrize(("text", "lang"), [("should I buy SK hynix this week?", "en"),
                                            ("SK하이닉스 지금 사도 될까?", "ko")])
def test_the_guard_refuses_a_high_risk_action_a_model_proposes_for_an_advice_question(store, clock, text, lang) -> None:
    # A model that ignores the prompt and opens the buy screen anyway: the pipeline refuses it.
    provider = OfflineProvider.scripted(
        call("ui_action", {"action_id": "open_order", "params": {"side": "buy", "code": "000660"}}),
        say("Here is what I can show instead." if lang == "en" else "대신 보여 드릴 수 있는 걸 알려 드릴게요."))
    s, events = _run(store, clock, text, "/stock/000660", provider=provider)
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    refused = one(events, "tool_result")
    assert (refused.name, refused.ok, refused.summary) == ("ui_action", False, NO_ADVICE_ACTION[lang == "en"])
    assert one(events, "tool_call").status == "error"
    assert s.pending_actions() == [] and "order" not in s.conversation().state.get("tutor_app", {})


def test_the_same_proposal_on_a_plain_order_request_still_asks_for_confirmation(store, clock) -> None:
    provider = OfflineProvider.scripted(
        call("ui_action", {"action_id": "open_order", "params": {"side": "buy", "code": "000660"}}), say("ok"))
    s, events = _run(store, clock, "open the buy screen for this stock", "/stock/000660", provider=provider)
    assert one(events, "action_confirmation").args["params"] == {"side": "buy", "code": "000660"}
    assert len(s.pending_actions()) == 1


# --- answers carry the answer ----------------------------------------------------------------------

def test_the_portfolio_worth_is_stated_not_a_screen_receipt(store, clock) -> None:
    _, events = _run(store, clock, "what's my sandbox portfolio worth today?")
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    assert one(events, "tool_call").name == "get_portfolio"
    value = market.portfolio_value(PortfolioStore(store).holdings("demo"), PortfolioStore(store).cash("demo"))
    assert text_of(events).startswith(f"Sandbox portfolio (closes of {value['as_of']}): total {value['total']:,} KRW")


@pytest.mark.parametrize(("text", "term", "code", "opening"), [
    ("카카오 PBR 얼마임?", "PBR", "035720", "샌드박스에는 카카오의 PBR 값이 없어요"),
    ("what's the P/E of KB Financial Group?", "PER", "105560", "The sandbox has no P/E ratio figure for KB Financial Group"),
])
def test_a_ratio_of_a_named_stock_says_the_sandbox_has_none_and_explains_it(store, clock, text, term, code,
                                                                           opening) -> None:
    _, events = _run(store, clock, text)
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    assert one(events, "tool_call").args == {"term": term, "code": code}
    reply = text_of(events)
    entry = glossary()[term]
    source = cases()[entry["source"]]
    assert reply.startswith(opening)
    if HANGUL.search(text):
        assert entry["definition"] in reply and f"(출처: 샌드박스 교육 사례 「{source['title']}」)" in reply
    else:
        assert entry["definition_en"] in reply and f'(Source: the sandbox lesson "{source["title_en"]}")' in reply


def test_how_a_ratio_is_computed_is_answered_with_its_source(store, clock) -> None:
    _, events = _run(store, clock, "ROE는 계산 어떻게 하는 거야?")
    assert one(events, "tool_call").name == "lookup_term"
    assert text_of(events) == (f"**ROE**: {glossary()['ROE']['definition']}\n"
                               f"(출처: 샌드박스 교육 사례 「{cases()['valuation-per-pbr']['title']}」)")


@pytest.mark.parametrize(("text", "code"), [("에코프로비엠은 뭐하는 회사야?", "247540"),
                                            ("what kind of company is Kakao?", "035720")])
def test_what_a_company_is_comes_from_its_profile_not_a_chart(store, clock, text, code) -> None:
    _, events = _run(store, clock, text)
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    assert (one(events, "tool_call").name, one(events, "tool_call").args["code"]) == ("lookup_stock", code)
    reply, s = text_of(events), stocks()[code]
    if HANGUL.search(text):
        assert reply.startswith(f"**{s.name}** ({s.sector} 업종, {s.market} 상장): {s.description}")
        assert reply.endswith("(출처: 샌드박스 종목 정보; 가격은 생성된 가상 값이에요.)")
    else:
        assert reply.startswith(f"**{s.name_en}** is a company in the {s.sector_en} sector, listed on the {s.market}.")
        assert not HANGUL.search(reply)


# --- the real direction and the period -------------------------------------------------------------

def test_why_did_it_fall_about_a_stock_that_rose_says_it_rose(store, clock) -> None:
    s3 = market.stats("373220", "3M")
    assert s3["change_pct"] > 0  # the sandbox prices: LG Energy Solution rose over the last 3M
    _, events = _run(store, clock, "LG에너지솔루션 왜 이렇게 빠진 거야?")
    assert text_of(events).startswith(f"사실 LG에너지솔루션은 3M({s3['start']}~{s3['end']}) 동안 내리지 않고 "
                                      f"{s3['change_pct']:.2f}% 올랐어요.\n**LG에너지솔루션** (3M")
    _, events = _run(store, clock, "why did Kakao shoot up?")
    k3 = market.stats("035720", "3M")
    assert k3["change_pct"] < 0
    assert text_of(events).startswith(f"Actually, Kakao did not rise over 3M ({k3['start']} to {k3['end']}): it fell "
                                      f"{abs(k3['change_pct']):.2f}%.")


def test_a_question_in_the_right_direction_gets_no_correction(store, clock) -> None:
    _, events = _run(store, clock, "카카오 왜 떨어졌어?")
    assert text_of(events).startswith("**카카오** (3M")


def test_a_case_names_the_window_of_its_sandbox_figures(store, clock) -> None:
    _, events = _run(store, clock, "코로나 때 폭락 사례 설명 좀")
    reply = text_of(events)
    episode = cases()["covid-crash-2020"]["sandbox_episode"]
    assert f"샌드박스 차트에서는 {episode['start']}~{episode['end']} 구간이 비슷한 흐름이에요" in reply
    line = next(x for x in reply.splitlines() if x.startswith("- KODEX 200:"))
    assert re.fullmatch(r"- KODEX 200: 구간 중 최대 하락 -\d+\.\d\d%, 구간 처음 대비 끝 \+3\.83%", line), line


# --- errors in plain words -------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("셀트리온 포트폴리오에서 지워줘", "셀트리온은 샌드박스 포트폴리오에 없어서 뺄 수 없어요. 지금 보유 종목: 삼성전자, "),
    # the particle follows the name's last sound (it read "은(는)" before)
    ("기아 포트폴리오에서 지워줘", "기아는 샌드박스 포트폴리오에 없어서 뺄 수 없어요. 지금 보유 종목: 삼성전자, "),
    ("remove Celltrion from my portfolio", "Celltrion is not in your sandbox portfolio, so there is nothing to remove."),
])
def test_removing_a_stock_not_held_is_a_plain_sentence(store, clock, text, expected) -> None:
    s, events = _run(store, clock, text, "/my")
    reply = text_of(events)
    assert reply.startswith(expected) and not INTERNAL.search(reply), reply
    assert s.pending_actions() == []


def test_a_failure_with_internal_words_becomes_a_general_sentence(store, clock) -> None:
    provider = OfflineProvider.scripted(call("lookup_term", {"term": "없는용어"}), say("x"))
    # The scripted model's own text is its own; the offline model's reply for the same failure is plain.
    from agents.tutor.compose import failed
    assert failed("Cannot propose confirm_ui_action: term '없는용어' is not in the glossary", False) == \
        "그 요청은 지금 처리하지 못했어요. 다른 말로 다시 물어보거나 종목·용어·사례를 먼저 골라 주세요."
    assert failed("Cannot propose confirm_ui_action: Kakao is not in your sandbox portfolio, so there is nothing to "
                  "remove.", True) == "Kakao is not in your sandbox portfolio, so there is nothing to remove."
    _, events = _run(store, clock, "용어 설명", provider=provider)
    assert one(events, "tool_result").ok is False


# --- language mirroring ----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "is_en"), [
    ("will 현대차 climb after the strike ends?", True), ("what does 코스피 measure exactly", True),
    ("현대차 차트 보여줘", False), ("PBR이 뭐임", False), ("hyundai 차트", False), ("카카오 chart 보여줘", False),
])
def test_an_english_sentence_naming_a_korean_stock_is_english(text, is_en) -> None:
    assert english(text) is is_en


def test_a_scripted_english_reply_passes_through_unchanged(store, clock) -> None:
    reply = "Samsung Electronics closed at 97,100 KRW in the sandbox."
    _, events = _run(store, clock, "what did Samsung Electronics close at?", provider=OfflineProvider.scripted(say(reply)))
    assert types(events) == ["text", "done"] and text_of(events) == reply and events[-1].meta["lang"] == "en"


@pytest.mark.parametrize(("text", "route", "tool"), [
    ("how did 카카오 perform this quarter?", "/home", "explain_move"),
    ("tell me what a limit order is", "/home", "lookup_term"),
    ("what is my cash balance right now", "/home", "get_portfolio"),
])
def test_english_questions_get_english_answers(store, clock, text, route, tool) -> None:
    _, events = _run(store, clock, text, route)
    assert one(events, "tool_call").name == tool
    reply = text_of(events)
    assert reply and not HANGUL.search(reply.replace("(지정가 주문)", "")), reply
