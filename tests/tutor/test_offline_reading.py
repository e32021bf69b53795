"""The tutor's offline model on the 250 labelled phrasings (kept apart from training.yaml)."""

from __future__ import annotations

from pathlib import Path

import yaml

from agents.nlu.leaks import sentence_key
from agents.tutor.evaluate import FOLLOWUP, load, run_report
from agents.tutor.reading import TRAINING_PATH, read
from agents.tutor.sandbox import state_for_route


def test_accuracy_on_the_labelled_phrasings() -> None:
    report = run_report()
    print(f"\ntutor offline model: {report.summary()}")
    assert report.total == 250
    assert report.accuracy >= 0.95, [(o.text, o.problems) for o in report.misses()]
    # Never a high-risk action where the label says ask.
    assert not [o for o in report.outcomes if any("high-risk" in p for p in o.problems)]


def test_no_test_phrasing_is_a_training_example() -> None:
    examples = {sentence_key(e) for values in yaml.safe_load(Path(TRAINING_PATH).read_text(encoding="utf-8")).values()
                for e in values}
    overlap = [item["text"] for item in load() if sentence_key(item["text"]) in examples]
    assert overlap == []
    followups = [t for item in load(FOLLOWUP) for t in [item["text"], *item["before"]]]
    assert [t for t in followups if sentence_key(t) in examples] == []


def test_the_seven_issue_phrasings() -> None:
    cases = [
        ("삼성전자 차트 보여줘", "/home", "nav_stock", {"code": "005930"}),
        ("기간 1년으로 바꿔줘", "/stock/005930", "set_period", {"period": "1Y"}),
        ("교육 탭으로 가자", "/home", "nav_education", {}),
        ("이 종목 왜 떨어졌어?", "/stock/035720", "explain_move", {"code": "035720"}),
        ("코로나 폭락 사례 알려줘", "/education", "case_info", {"case_id": "covid-crash-2020"}),
        ("매수 화면 열어줘", "/stock/005930", "open_order", {"side": "buy", "code": "005930"}),
        ("정리해서 캔버스로 보여줘", "/stock/000660", "canvas", {}),
    ]
    for text, screen, kind, args in cases:
        r = read(text, state_for_route(screen))
        assert (r.kind, r.args) == (kind, args), text


def test_never_guesses_a_mutation() -> None:
    for text, screen in [("팔아줘", "/home"), ("지워줘", "/my"), ("이거 사고 싶어", "/education")]:
        r = read(text, state_for_route(screen))
        assert r.kind is None and len(r.choices) >= 2, text


def test_phrasings_of_our_own() -> None:
    """A few messages written for this test, not tuned against the labelled set."""
    cases = [
        ("셀트리온 주가 흐름 좀 보여줄래", "/home", "nav_stock"),
        ("3개월로 돌려줘", "/stock/000270", "set_period"),
        ("신한지주 왜 올랐어", "/my", "explain_move"),
        ("배당락이 정확히 무슨 뜻이야", "/home", "concept"),
        ("반도체 사이클 사례 좀 자세히 설명해줘", "/home", "case_info"),
        ("네이버랑 카카오 비교", "/home", "visualize"),
        ("내 포트폴리오 손익 얼마야", "/education", "portfolio_summary"),
        ("오늘 저녁 메뉴 추천", "/home", "off_topic"),
    ]
    for text, screen, kind in cases:
        assert read(text, state_for_route(screen)).kind == kind, text
