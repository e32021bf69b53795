"""The lexicon reading under the router: spacing, typos, English, ordinals, relative budgets,
dropped conditions, names; and the exemplar classifier's contract."""

from __future__ import annotations

import pytest

from agents.nlu import josa
from agents.shopping import intents
from agents.shopping.amounts import read_budget
from agents.shopping.catalog import shipped_products
from agents.shopping.names import find_products
from agents.shopping.reading import read, read_ranks, read_scale


@pytest.mark.parametrize(("text", "want"), [
    ("더저렴한걸로", "cheaper"), ("더 저렴한 걸로", "cheaper"), ("비싼 건 말고", "cheaper"), ("cheaper ones", "cheaper"),
    ("더 좋은 걸로", "pricier"), ("premium ones please", "pricier"), ("적당한 가격으로", "vague"), ("10만원 이하", None),
])
def test_budget_direction(text, want):
    assert read(text).direction == want


@pytest.mark.parametrize(("text", "scale"), [
    ("예산 반으로 줄여줘", 0.5), ("budget half", 0.5), ("예산 20% 줄여", 0.8), ("예산 30퍼센트 올려줘", 1.3),
    ("예산 두 배로", 2.0), ("반 정도로 줄여", 0.5),
])
def test_relative_budget(text, scale):
    assert read_scale(text) == pytest.approx(scale)


@pytest.mark.parametrize(("text", "high"), [
    ("under 100k", 100000), ("below 70,000 won", 70000), ("최대 8만", 80000), ("10만원 넘지 않게", 100000),
])
def test_budget_amounts(text, high):
    assert read_budget(text).max == high


def test_a_bare_amount_is_a_ceiling_as_the_seeds_table_reads_it():
    """Issue 29: the seed's parser table reads `(\\d+)원?$` as 0-N, so a bare "70000" is a budget even when no
    budget question is open (before: None). A number too short to be an amount stays a product number."""
    assert read_budget("70000").max == 70000 and read_budget("70000").min == 0
    assert read_budget("70000", expecting=True).max == 70000
    assert read_budget("85,000원").max == 85000 and read_budget(" 120000 ").max == 120000
    assert read_budget("2") is None and read_budget("3번") is None and read_budget("2024년 모델") is None


@pytest.mark.parametrize(("text", "ranks"), [
    ("1번이랑 2번", [1, 2]), ("1,2번 비교", [1, 2]), ("첫번째랑 세 번째", [1, 3]), ("the second one", [2]),
    ("compare #1 with #3", [1, 3]), ("which is better, 1 or 2?", [1, 2]), ("마지막 제품", [3]), ("10만원 한 번 더", []),
])
def test_ranks(text, ranks):
    assert read_ranks(text, 3) == ranks


@pytest.mark.parametrize(("text", "want", "avoid", "removed"), [
    ("세척쉬운걸루", ["cleaning"], [], []),
    ("셰척 쉬운 거", ["cleaning"], [], []),  # one-letter typo
    ("easy to clean ones", ["cleaning"], [], []),
    ("시끄러운 건 싫어", [], ["noise"], []),
    ("소음은 상관없어", [], [], ["noise"]),
    ("I don't care about the design", [], [], ["design"]),
    ("소음은 상관없고 세척 쉬운 걸로", ["cleaning"], [], ["noise"]),
    ("물 빨리 끓는 걸로", ["boil"], [], []),
])
def test_topics(text, want, avoid, removed):
    r = read(text)
    assert (r.want, r.avoid, r.removed) == (want, avoid, removed)


def test_dropping_the_budget_is_not_a_price_wish():
    r = read("가격 상관없으니까 제일 좋은 걸로")
    assert r.budget_removed and r.direction is None


def test_names_fuzzy_korean_and_english():
    products = shipped_products()
    title = {p["id"]: p["title"] for p in products}
    assert [title[i] for i in find_products("보르를 미니 분유포트 비슷한 거", products)] == ["보르르 미니 분유포트"]
    assert [title[i] for i in find_products("the Borr Pro kettle", products)] == ["보르르 프로 분유포트"]
    assert find_products("분유포트 10만원 아래로 추천해줘", products) == []


def test_particles():
    assert [w + josa(w, p) for w, p in [("분유포트", "은"), ("젖병소독기", "이"), ("10만원 이하", "으로"),
                                        ("아기띠", "을"), ("보온", "으로"), ("서울", "으로")]] == \
        ["분유포트는", "젖병소독기가", "10만원 이하로", "아기띠를", "보온으로", "서울로"]


def test_classifier_is_deterministic_and_ranks_intents():
    first, second = intents.classify("다른 거 보여줘"), intents.classify("다른 거 보여줘")
    assert first == second and first.name == "REFILTER" and len(first.top) == 3
    assert intents.classify("오늘 점심 뭐 먹지").name == "GENERAL"
    assert sum(len(v) for v in intents.training().values()) >= 300
    assert set(intents.training()) == {"REFILTER", "REFILTER_WITH_ANCHOR", "PRODUCT_QA", "COMPARE",
                                       "ASK_CLARIFICATION", "GENERAL"}
