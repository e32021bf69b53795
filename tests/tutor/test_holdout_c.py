"""The tutor's offline model on hold-out C's tune half (tests/tutor/phrasings_c.yaml), written blind from
the file header and data/tutor/*.json by a writer who never read the model's rules: casual and polite
Korean, slang (ㄱㄱ, 삼전, 하닉), English and mixed. Its figure before any fix for it was 47/55, after 55/55;
misses were fixed by kind (a synonym family, a tab's short name, the screen's own tab first, a term's English
name, a keyword of several words), never by the sentence: the tests below use other sentences of each kind."""

from __future__ import annotations

import pytest

from agents.nlu.leaks import sentence_key
from agents.tutor.evaluate import HOLDOUT_C, LONG, WILD, load, run_report
from agents.tutor.reading import read
from agents.tutor.sandbox import state_for_route
from tests.tutor.test_phrasings_data import Phrasing, problems, vocabulary


@pytest.mark.corpus
def test_accuracy_on_hold_out_c() -> None:
    report = run_report(HOLDOUT_C, "tutor (hold-out C)")
    report.print()
    assert report.total == 55
    assert report.right == 55, [(o.text, o.problems) for o in report.misses()]
    assert not [o for o in report.outcomes if any("high-risk" in p for p in o.problems)]


def test_hold_out_c_is_valid_and_new() -> None:
    raw = load(HOLDOUT_C)
    items = [Phrasing(**{k: v for k, v in item.items() if k != "tags"}) for item in raw]  # tags: the writer's
    vocab = vocabulary()
    assert {f"{i.text} @ {i.screen}": p for i in items if (p := problems(i, vocab))} == {}
    others = {sentence_key(i["text"]) for i in load() + load(WILD) + load(LONG)}
    assert [i["text"] for i in raw if sentence_key(i["text"]) in others] == []


@pytest.mark.parametrize(("text", "screen", "kind", "args"), [
    # 튀다 / 뛰다: a jump is a move
    ("삼성전자 갑자기 튀었는데 이유가 뭐야", "/home", "explain_move", {"code": "005930"}),
    ("이 종목 왜 이렇게 뛰었어?", "/stock/000660", "explain_move", {"code": "000660"}),
    ("오늘 튄 이유 좀", "/stock/035720", "explain_move", {"code": "035720"}),
    # a term by its English name in the data (term_en)
    ("what is the payout ratio", "/home", "concept", {"term": "배당성향"}),
    ("what does stock split mean?", "/my", "concept", {"term": "액면분할"}),
    ("explain the record date to me", "/education", "concept", {"term": "배당기준일"}),
    # a tab by its short head word and 탭, and the top movers said as the stocks that moved most
    ("보유탭으로", "/my", "set_tab", {"tab": "holdings"}),
    ("정보 탭 열어줘", "/stock/005930", "set_tab", {"tab": "info"}),
    ("관심탭", "/home", "set_tab", {"tab": "watchlist"}),
    ("크게 움직인 종목 탭", "/home", "set_tab", {"tab": "movers"}),
    ("오늘 많이 오른 애들 보여줘", "/home", "set_tab", {"tab": "movers"}),
    ("개념 관련 탭", "/education", "set_tab", {"tab": "concept"}),
    # a tab the screen has, shown without the word 탭 (never the chart: that is drawn)
    ("자산 배분 보여줘", "/my", "set_tab", {"tab": "allocation"}),
    ("보유 종목 보여줘", "/my", "set_tab", {"tab": "holdings"}),
    ("자산 배분 그래프 그려줘", "/my", "visualize", {"kind": "allocation"}),
    # English names cut short
    ("samsung bio chart", "/home", "nav_stock", {"code": "207940"}),
    ("sk tel 차트", "/home", "nav_stock", {"code": "017670"}),
    ("why is kia motors up", "/home", "explain_move", {"code": "000270"}),
    ("samsung chart", "/home", "nav_stock", {"code": "005930"}),
    ("cash balance", "/my", "portfolio_summary", {}),
    # the screen's own tab before another screen's ("관련 사례 탭" is the stock page's)
    ("투자 개념 관련 사례 탭으로", "/education", "set_tab", {"tab": "concept"}),
    ("관련 사례 탭", "/stock/005930", "set_tab", {"tab": "cases"}),
    # a keyword of several English words, fillers after it left out
    ("search for rate hikes", "/education", "set_keyword", {"keyword": "rate hikes"}),
    ("filter by short selling please", "/education", "set_keyword", {"keyword": "short selling"}),
    # "what was X about" asks to be told about the case
    ("what was the covid crash about?", "/home", "case_info", {"case_id": "covid-crash-2020"}),
    ("what were the 2022 rate hikes about", "/education", "case_info", {"case_id": "rate-hikes-growth-2022"}),
    ("whats the short selling case about", "/home", "case_info", {"case_id": "short-selling"}),
    # English forms of the same kinds: the movers, a keyword found, money made, a note made
    ("what moved the most today", "/home", "set_tab", {"tab": "movers"}),
    ("find cases about HBM", "/education", "set_keyword", {"keyword": "HBM"}),
    ("how much have i made", "/my", "portfolio_summary", {}),
    ("make me notes on today", "/home", "canvas", {}),
    # Korean forms of the same kinds
    ("전에 공부한거 어디서 봐", "/home", "open_archive", {}),
    ("등락률 탭", "/home", "set_tab", {"tab": "movers"}),
    ("이 종목 요즘 흐름 어때", "/stock/005930", "explain_move", {"code": "005930"}),
    ("환율 사례 무슨 내용이야", "/home", "case_info", {"case_id": "won-weakness-2022"}),
    ("공매도란", "/home", "concept", {"term": "공매도"}),
    ("배고프다", "/home", "off_topic", {}),
    # mixed Korean and English: an English tab name with 탭, my portfolio's 어때, the market's 어때
    ("info 탭 보여줘", "/stock/005930", "set_tab", {"tab": "info"}),
    ("chart 탭으로", "/stock/005930", "set_tab", {"tab": "chart"}),
    ("내 portfolio 어때", "/home", "portfolio_summary", {}),
    ("시장 분위기 어때", "/home", "explain_move", {}),
    ("요즘 증시 어때요", "/my", "explain_move", {}),
    # what to eat or order in is off topic
    ("피자 시킬까 치킨 시킬까", "/home", "off_topic", {}),
    ("오늘 야식 뭐 먹지", "/my", "off_topic", {}),
    ("what should i eat for lunch", "/home", "off_topic", {}),
])
def test_each_kind_fixed_for_hold_out_c_reads_other_sentences_of_that_kind(text, screen, kind, args) -> None:
    reading = read(text, state_for_route(screen))
    assert reading.kind == kind and {k: (v.lower() if k == "keyword" else v) for k, v in reading.args.items()} == \
        {k: (v.lower() if k == "keyword" else v) for k, v in args.items()}


def test_the_keyword_fallback_names_the_screens_own_tab_too() -> None:
    from agents.tutor.fallback import _params

    assert _params("set_tab", "습관 관련된 사례 탭", state_for_route("/education")) == {"tab": "habit"}
    assert _params("set_tab", "관련 사례 탭", state_for_route("/stock/005930")) == {"tab": "cases"}
