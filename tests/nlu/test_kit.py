"""The shared offline-understanding kit: each helper on the inputs people actually type."""

from __future__ import annotations

import threading

import pytest

from agents.nlu import (
    ExemplarClassifier,
    FuzzyIndex,
    Lexicon,
    Speller,
    compact,
    contains,
    decide,
    find_amount,
    find_amounts,
    find_change,
    find_ordinals,
    find_period,
    josa,
    normalise,
    with_josa,
)


@pytest.mark.parametrize(("a", "b"), [
    ("더저렴한걸로", "더 저렴한 걸로"),
    ("지난주 성과 어땠어?", "지난주 성과 어때?"),
    ("성과 어떤가요", "성과 어때"),
    ("목록 보여 주세요", "목록 보여줘"),
    ("예산 변경 해 주실래요", "예산 변경 해줘"),
    ("What's our ROAS", "what is our roas"),
    ("don\u2019t pause it", "do not pause it"),
    ("성\u200b과 알려\ufeff줘", "성과 알려줘"),
    ("ＲＯＡＳ １０％", "roas 10%"),  # full-width letters and digits (NFKC)
])
def test_normalise_folds_variants(a: str, b: str) -> None:
    assert compact(a) == compact(b)


def test_english_phrases_match_whole_words_only() -> None:
    assert contains("set an alert for me", "alert")
    assert not contains("<script>alert(1)</script>", "alerts")
    assert not contains("this week", "is")
    assert contains("how did my ads do", "how did")
    assert contains("지난주성과", "지난주 성과")


def test_lexicon_values_prefer_the_longest_phrase(tmp_path) -> None:
    path = tmp_path / "lex.yaml"
    path.write_text("intents:\n  kpi: [성과, how did]\n  list: [목록, list]\nslots:\n  metric:\n"
                    "    cpa: [CPA, 전환당 비용]\n    roas: [ROAS]\n    spend: [지출, 광고비, spend]\n"
                    "  period:\n    30d: [한 달]\n    last_month: [지난 한 달]\n", encoding="utf-8")
    lex = Lexicon.load(path)
    assert lex.intents_hit("지난달 성과 목록") == {"kpi": 2, "list": 2}
    assert lex.value("지난 한 달 광고비", "period") == "last_month"
    assert lex.values("CPA랑 광고비 순으로", "metric") == ["cpa", "spend"]
    assert lex.has("Spend by campaign", "metric", "spend")
    assert Lexicon.load(path) is lex  # cached per file


def test_money_and_bare_numbers_when_a_budget_is_expected() -> None:
    assert find_amounts("하루 3만원으로 만들어줘") == [30000]
    assert find_amounts("7만 5천원") == [75000]
    assert find_amounts("70000") == []
    assert find_amounts("70000", expect_money=True) == [70000]
    assert find_amounts("70,000 정도", expect_money=True) == [70000]
    assert find_amounts("3일 동안 20% 올려", expect_money=True) == []
    assert find_amount("10만원에서 15만원으로 올려줘") == 150000
    assert find_amounts("daily budget 70k") == [70000]


@pytest.mark.parametrize(("text", "percent"), [
    ("예산 반으로 줄여줘", -50), ("절반으로", -50), ("cut it in half", -50), ("두 배로 늘려", 100),
    ("double the budget", 100), ("20% 올려줘", 20), ("10프로 줄여", -10), ("reduce by 15%", -15), ("예산 그대로", None),
])
def test_relative_changes(text: str, percent: float | None) -> None:
    change = find_change(text)
    assert (change.percent if change else None) == percent


@pytest.mark.parametrize(("text", "key"), [
    ("어제 성과", "yesterday"), ("오늘", "today"), ("지난달 매출", "last_month"), ("이번 달", "this_month"),
    ("지난주", "last_week"), ("this week", "this_week"), ("최근 2주", "14d"), ("보름간", "14d"),
    ("last 30 days", "30d"), ("한 달 동안", "30d"), ("일주일", "7d"), ("최근 45일", "45d"), ("캠페인 목록", None),
])
def test_periods(text: str, key: str | None) -> None:
    period = find_period(text)
    assert (period.key if period else None) == key


@pytest.mark.parametrize(("text", "ranks"), [
    ("1번이랑 2번 비교", [1, 2]), ("첫 번째 거", [1]), ("두번째꺼", [2]), ("세 번째", [3]), ("the first one", [1]),
    ("2nd option", [2]), ("#3", [3]), ("No.2", [2]), ("10만원 이하", []), ("3일 뒤", []), ("둘째 거", [2]),
])
def test_ordinals(text: str, ranks: list[int]) -> None:
    assert find_ordinals(text) == ranks


def test_fuzzy_names_aliases_typos_and_ambiguity() -> None:
    index = FuzzyIndex({"c1": ["여름 신상품 런칭", "summer launch"], "c2": ["봄 시즌 세일", "spring sale"],
                        "c3": ["신규 회원 전환", "new member conversion"], "c4": ["신규 회원 리드", "new member leads"]})
    assert index.best("Pause the summer launch campaign") == "c1"
    assert index.best("봄시즌세일 예산") == "c2"
    assert index.best("봄 시즌 새일 성과") == "c2"  # a typo
    assert index.best("신규 회원 캠페인") is None  # two campaigns share the words: ask
    assert {eid for eid, _ in index.find("신규 회원 캠페인")} == {"c3", "c4"}
    assert index.find("오늘 날씨") == []


@pytest.mark.parametrize(("word", "particle", "form"), [
    ("분유포트", "은", "는"), ("캠페인", "을", "을"), ("'신규 회원 전환'", "이", "이"), ("'봄 시즌 세일'", "이", "이"),
    ("10만원", "으로", "으로"), ("서울", "으로", "로"), ("파리", "으로", "로"), ("CPA", "이", "가"), ("CTR", "이", "이"),
    ("3", "은", "은"), ("2", "를", "를"), ("여름 신상품 런칭", "과", "과"), ("세일", "이에요", "이에요"),
])
def test_particles_follow_the_final_consonant(word: str, particle: str, form: str) -> None:
    assert josa(word, particle) == form
    assert with_josa(word, particle) == word + form


def _classifier() -> ExemplarClassifier:
    return ExemplarClassifier({
        "kpi": ["성과 어때", "실적 알려줘", "how are my ads doing", "매출 얼마야", "ROAS 알려줘", "performance please"],
        "list": ["캠페인 목록", "캠페인 리스트 보여줘", "list campaigns", "show all campaigns", "캠페인 뭐 있어", "전체 캠페인"],
        "pause": ["캠페인 멈춰줘", "일시정지해줘", "pause it", "stop the campaign", "잠깐 꺼줘", "중지해"],
    })


def test_classifier_is_deterministic_and_ranks_every_intent() -> None:
    clf = _classifier()
    first = clf.classify("요즘 광고 실적 어때")
    assert first.intent == "kpi" and len(first.ranked) == 3
    assert [clf.classify("요즘 광고 실적 어때") for _ in range(3)] == [first] * 3
    assert abs(sum(p for _, p in first.ranked) - 1) < 1e-6


def test_classifier_trains_once_under_concurrent_first_use() -> None:
    clf = _classifier()
    out: list[str] = []
    threads = [threading.Thread(target=lambda: out.append(clf.classify("캠페인 목록 좀").intent)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == ["list"] * 4


def test_decide_never_executes_a_guessed_mutation() -> None:
    clf = _classifier()
    labels = {"kpi": "성과 조회", "list": "캠페인 목록", "pause": "일시정지"}
    guess = clf.classify("잠깐 멈춰줘")
    assert guess.intent == "pause"
    decision = decide(None, guess, mutations={"pause"}, labels=labels)
    assert decision.ask and decision.intent is None
    assert decision.choices[0] == "일시정지" and 2 <= len(decision.choices) <= 3
    assert "일시정지" in decision.question
    assert decide("pause", guess, mutations={"pause"}, labels=labels).intent == "pause"  # a rule on the user's words
    confident = clf.classify("캠페인 목록 보여줘")
    assert decide(None, confident, mutations={"pause"}, labels=labels).intent == "list"


def test_speller_folds_english_typos_onto_the_vocabulary_only() -> None:
    speller = Speller(["celltrion", "portfolio", "what happened", "remove from my holdings", "education"])
    assert speller.fix("Celtrion chart") == "celltrion chart"
    assert speller.fix("how is my protfolio") == "how is my portfolio"  # two letters swapped: one edit
    assert speller.fix("what happend, remvoe it") == "what happened, remove it"
    assert speller.fix("opne the educaton page") == "opne the education page"  # short words are left alone
    # Known and common words are never "corrected", nor onto a word with another first letter.
    assert speller.fix("where there would") == "where there would"
    assert speller.fix("portion") == "portion"
    assert speller.fix("삼성전자 chart") == "삼성전자 chart"


@pytest.mark.parametrize(("typed", "folded"), [
    ("whats market cap", "what is market cap"), ("hows it going", "how is it going"), ("im lost", "i am lost"),
    ("how r my stocks", "how are my stocks"), ("R&D", "r&d"), ("why tho", "why though"),
])
def test_chat_contractions(typed: str, folded: str) -> None:
    assert normalise(typed) == folded
