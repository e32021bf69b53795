"""The tutor's offline model on long, polite, multi-clause messages (tests/tutor/phrasings_long.yaml):
the request sits in one clause (mostly the last) and the others are context, so a stock or case named
only in a context clause is not what is asked for. Kept apart from the exemplars, the lexicon and the
two other sets; and the app does what the request clause asked, end to end."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from agents.core.session import Session
from agents.nlu.leaks import sentence_key
from agents.tutor.catalog import LEXICON_PATH
from agents.tutor.clauses import clauses, request_clause, resolve
from agents.tutor.evaluate import LONG, WILD, load, run_report
from agents.tutor.names import find_term
from agents.tutor.reading import HIGH_RISK, TRAINING_PATH, keyword_of, read
from agents.tutor.sandbox import state_for_route
from tests.support.helpers import one
from tests.tutor.conftest import context_for
from tests.tutor.test_phrasings_data import load as load_items
from tests.tutor.test_phrasings_data import problems, vocabulary

HANGUL = re.compile(r"[가-힣]")


@pytest.mark.corpus
def test_accuracy_on_long_polite_multi_clause_messages() -> None:
    report = run_report(LONG, "tutor (long)")
    report.print()  # per intent and the confusions, in the test log (-s)
    assert report.total >= 60
    assert report.accuracy >= 0.90, [(o.text, o.problems) for o in report.misses()]
    assert not [o for o in report.outcomes if any("high-risk" in p for p in o.problems)]


def test_the_long_set_is_valid_varied_and_kept_apart() -> None:
    items = load_items(LONG)
    vocab = vocabulary()
    assert {f"{i.text} @ {i.screen}": p for i in items if (p := problems(i, vocab))} == {}
    english = [i for i in items if not HANGUL.search(i.text)]
    assert 0.30 <= len(english) / len(items) <= 0.42
    assert len({i.kind for i in items}) >= 14 and Counter(i.kind for i in items)["clarify"] >= 3
    screens = Counter(i.screen.split("/")[1] for i in items)
    assert all(screens[s] >= 6 for s in ("home", "stock", "education", "my")), screens
    examples = {sentence_key(e) for values in yaml.safe_load(Path(TRAINING_PATH).read_text(encoding="utf-8")).values()
                for e in values}
    lexicon = yaml.safe_load(Path(LEXICON_PATH).read_text(encoding="utf-8"))
    phrases = {sentence_key(str(p)) for section in ("intents", "intent_keywords") for ps in lexicon[section].values()
               for p in ps}
    others = {sentence_key(i["text"]) for i in load() + load(WILD)}
    texts = [sentence_key(i["text"]) for i in load(LONG)]
    assert len(texts) == len(set(texts))
    assert [t for t in texts if t in examples or t in phrases or t in others] == []


def test_a_message_is_cut_into_clauses_and_the_one_that_asks_is_the_request() -> None:
    assert clauses("KB금융이랑 비슷한 은행주가 궁금해서 그런데 신한지주로 가 주실 수 있나요?") == [
        "KB금융이랑 비슷한 은행주가 궁금해서 그런데", "신한지주로 가 주실 수 있나요?"]
    assert request_clause("이 사례는 다 읽었고요, 메인 화면으로 돌아가 주실래요? 시장 분위기 보고 싶어서요") == \
        "메인 화면으로 돌아가 주실래요?"  # a trailing reason is context too
    assert request_clause("I was reading this case and it mentions Kakao a lot... would you mind opening the Kakao "
                          "stock page for me?") == "would you mind opening the Kakao stock page for me?"
    # One clause, a plain 고/서 inside one request, or no clause in a request form: the whole message is read.
    assert request_clause("SK하이닉스랑 같이 비교해서 그려 주실 수 있을까요?") is None
    assert request_clause("ecopro bm tanked today?? explain") is None
    assert clauses("어디데 가 볼까") == ["어디데 가 볼까"]  # 데 cuts only after a syllable closing in ㄴ


def test_a_pointer_in_the_request_takes_the_term_or_stock_of_the_context() -> None:
    assert resolve("그게 정확히 무슨 뜻인지 알려 주시겠어요?", "이 사례에 PER이라는 말이 자꾸 나오는데요,") == \
        "PER 정확히 무슨 뜻인지 알려 주시겠어요?"
    assert resolve("so please show me that stock's page", "The case keeps bringing up LG Energy Solution,") == \
        "so please show me LG Energy Solution page"
    # Two stocks in the context: nothing is guessed.
    assert resolve("그 종목 차트 보여 주세요", "카카오랑 네이버를 보다가요,") == "그 종목 차트 보여 주세요"


def test_the_app_goes_where_the_request_clause_asks_not_where_the_context_is(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run("지금 카카오 보고 있는데요, 혹시 같은 인터넷주인 네이버 페이지로 넘어가 주실 수 있을까요?",
                   extra={"context_text": context_for("/stock/035720")})
    ui = one(events, "ui_action")
    assert (ui.action_id, ui.params) == ("nav_stock", {"code": "035420"})
    assert events[-1].meta["screen"]["route_after"] == "/stock/035420"
    events = s.run("네이버 차트는 충분히 본 것 같아요, 처음 화면으로 좀 데려가 주세요",
                   extra={"context_text": context_for("/stock/035420")})
    assert (one(events, "ui_action").action_id, events[-1].meta["screen"]["route_after"]) == ("nav_home", "/home")
    events = s.run("제 포트폴리오가 전체적으로 수익인지 손실인지 알려주실 수 있나요?", extra={"context_text": context_for("/home")})
    assert [e.name for e in events if e.type == "tool_call"] == ["get_portfolio"]
    assert not [e for e in events if e.type == "ui_action"]


def test_a_polite_removal_without_its_stock_asks_and_changes_nothing(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run("제 포트폴리오 보다가요, 그중에 하나 좀 빼 주실 수 있을까요?", extra={"context_text": context_for("/my")})
    asked = one(events, "clarification")
    assert len(asked.options) >= 2
    assert not [e for e in events if e.type in ("action_confirmation", "ui_action")]


def test_a_high_risk_request_takes_its_stock_from_the_context_never_its_side() -> None:
    home, kakao = state_for_route("/home"), state_for_route("/stock/035720")
    sell = read("하닉 팔고 싶은데 매도 화면 열어줄래", home)
    assert (sell.kind, sell.args) == ("open_order", {"side": "sell", "code": "000660"})
    both = read("카카오 보다가 생각난 건데요, 매수를 할지 매도를 할지 아직 모르겠지만 주문창 좀 띄워 주실래요?", kakao)
    assert both.kind is None and both.choices == ["매수", "매도"]
    context_side = read("매도할까 고민 중인데요, 주문 화면 좀 열어 주세요", kakao)
    assert context_side.kind is None and context_side.choices == ["매수", "매도"]
    # "so" before a request cuts; inside "went up so much" it does not.
    assert request_clause("My sister works at Naver, but I'm curious about this one: why did it go up so much "
                          "this month?") == "why did it go up so much this month?"


def test_a_side_wished_for_in_the_context_counts_and_other_request_forms_are_requests() -> None:
    lesson = state_for_route("/education/rate-hikes-growth-2022")
    buy = read("카카오 관련 사례를 읽었어요. 카카오 주식을 좀 사고 싶은데 주문 화면 열어 주시겠어요?", lesson)
    assert (buy.kind, buy.args) == ("open_order", {"side": "buy", "code": "035720"})
    assert request_clause("Is it possible to jump over to POSCO Holdings? I'm done with the battery lesson.") == \
        "Is it possible to jump over to POSCO Holdings?"
    assert request_clause("석 달 동안의 흐름을 보고 싶어요. 기간을 3개월로 바꿔 주시면 감사하겠습니다.") == \
        "기간을 3개월로 바꿔 주시면 감사하겠습니다."
    # "open" as a verb is not the opening price (시가); a rate asked about the learner's own account is theirs.
    assert find_term("could you open the lesson on the won's slide?") is None and find_term("what is the open") == "시가"
    own = read("제 계좌 수익률이 지금 몇 퍼센트인지 말해 주세요.", state_for_route("/my"))
    assert own.kind == "portfolio_summary"


def test_a_move_asked_without_a_subject_is_about_the_stock_the_context_names() -> None:
    for screen in ("/home", "/stock/000660"):
        move = read("뉴스에서 현대차가 많이 올랐다던데요, 왜 그렇게 올랐는지 설명해 줄 수 있어요?", state_for_route(screen))
        assert (move.kind, move.args) == ("explain_move", {"code": "005380"})
    # The market named in the request keeps it whole; two stocks in the context fill nothing.
    market = read("현대차가 올랐다던데요, 오늘 시장 전체는 왜 빠졌는지 알려 주세요", state_for_route("/home"))
    assert (market.kind, market.args) == ("explain_move", {})
    assert keyword_of("배당이라는 키워드로 걸러 줄 수 있어요?") == "배당"


def test_the_case_a_context_clause_says_was_read_is_not_what_is_asked_for() -> None:
    case = state_for_route("/education/battery-frenzy-2023")
    unsure = read("이 사례를 읽고 나니 겁이 나네요. 제 보유 종목 중에 하나를 정리해 주시면 좋겠어요.", case)
    assert unsure.kind is None and len(unsure.choices) >= 2  # not open_case of the case on screen
    told = read("이 사례를 읽고 나니 궁금한데요, 이 사례 핵심만 알려 주세요", case)  # named in the request: it is asked
    assert (told.kind, told.args) == ("case_info", {"case_id": "battery-frenzy-2023"})


def test_a_bare_request_asks_for_what_the_clause_before_it_says() -> None:
    text = "I compared Kia and Hyundai earlier, but now I just want to know why the whole market fell today,  can you explain?"
    assert request_clause(text) == "now I just want to know why the whole market fell today,  can you explain?"
    assert read(text, state_for_route("/stock/000270")).args == {}  # the market, not a Kia-Hyundai chart
    assert request_clause("카카오 보다가요, 홈으로 가 주세요") == "홈으로 가 주세요"  # a request with its own words stays


def test_a_request_to_the_tutor_outranks_a_wish_and_a_context_screen_is_not_a_destination() -> None:
    text = "Do you think you could take me to the lessons? I want to learn before I buy anything else."
    assert request_clause(text) == "Do you think you could take me to the lessons?"
    assert read(text, state_for_route("/stock/035420")).kind == "nav_education"  # never an order screen
    advice = read("제가 산 종목 중에 하나가 많이 떨어졌는데요, 어떤 종목을 팔지 정해 주실 수 있나요?", state_for_route("/my"))
    assert advice.kind is None and len(advice.choices) >= 2


def test_a_deferred_or_negated_request_is_not_what_is_asked_now() -> None:
    shown = read("배당락 때문에 주가가 빠졌다는 말을 들었는데 KB금융 화면 보여 주시고요, 이유도 나중에 알려 주세요",
                 state_for_route("/home"))
    assert (shown.kind, shown.args) == ("nav_stock", {"code": "105560"})
    stay = read("포트폴리오 수익률이 궁금한데 지금 화면에서 바로 알려 줄래요? 따로 이동하지 말고요", state_for_route("/stock/005930"))
    assert stay.kind == "portfolio_summary"
    assert read("포트폴리오 수익률이 뭐야?", state_for_route("/home")).kind == "concept"  # its meaning asked: the term


def test_a_high_risk_action_only_a_context_clause_or_a_negation_names_is_never_read() -> None:
    home, kakao = state_for_route("/home"), state_for_route("/stock/035720")
    corrected = read("삼성전자 팔아 주세요, 아 아니 그냥 차트만 보여 주세요", home)  # taken back: no sell order
    assert corrected.kind not in HIGH_RISK
    assert read("카카오 보고 있는데요, 포트폴리오 초기화 같은 건 하지 말고 수익만 알려 주세요", kakao).kind != "reset_portfolio"
    assert read("초기화하지 마세요", state_for_route("/my")).kind != "reset_portfolio"
    chart = read("Kakao is in my portfolio, but please don't sell it, just show me the chart", state_for_route("/my"))
    assert (chart.kind, chart.args) == ("nav_stock", {"code": "035720"})
    sell = read("카카오 매도 화면 열어 주세요, 근데 아직 사지는 말고요", home)  # the negated 사지 is not a second side
    assert (sell.kind, sell.args) == ("open_order", {"side": "sell", "code": "035720"})
