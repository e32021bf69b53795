"""The shared Korean money parser (marketing amounts; shopping's budget table)."""

from __future__ import annotations

import pytest

from agents.nlu.korean_money import find_amounts, format_krw, format_man, is_vague_budget, parse_amount, parse_budget


@pytest.mark.parametrize(("text", "value"), [
    ("10만원", 100_000), ("₩100,000", 100_000), ("5만 원", 50_000), ("100000원", 100_000), ("3천원", 3_000),
    ("5천 원", 5_000), ("1만5천원", 15_000), ("1.5만원", 15_000), ("십만원", 100_000), ("오만원", 50_000),
    ("150,000 KRW", 150_000), ("₩ 50,000", 50_000), ("1억", 100_000_000), ("예산 10만원으로 해줘", 100_000),
    ("20만원대", 200_000),
])
def test_amounts(text, value):
    assert parse_amount(text) == value


@pytest.mark.parametrize("text", ["3일 동안", "2번 제품", "이번 주", "ROAS 3.2", "이거 오 좋다", "100"])
def test_numbers_that_are_not_money(text):
    assert find_amounts(text) == []


@pytest.mark.parametrize(("text", "label", "kind"), [
    # seed 003 "예산 파싱 함수" table, row by row
    ("10만원 아래", "0-100000", "below"),
    ("10만원 이하", "0-100000", "below"),
    ("10만원까지", "0-100000", "below"),
    ("10만원 미만", "0-100000", "below"),
    ("10만원 이내", "0-100000", "below"),
    ("10만원", "0-100000", "exact"),
    ("최대 7만원", "0-70000", "max"),
    ("15만원 이상", "150000+", "above"),
    ("10만원 정도", "90000-110000", "around"),
    ("5만원에서 10만원", "50000-100000", "range"),
    ("5만원~10만원", "50000-100000", "range"),
    ("5만원-10만원", "50000-100000", "range"),
    ("70000원", "0-70000", "exact"),
    # variants: spaces, commas, 원/₩, 천원, 만 원
    ("10만 원 아래로 다시 보여줘", "0-100000", "below"),
    ("₩100,000 이하", "0-100000", "below"),
    ("100000원 아래", "0-100000", "below"),
    ("9천원 이하", "0-9000", "below"),
    ("20만원대", "200000-299999", "band"),
    # "추가 개선 아이디어" #2: a range change
    ("7만원에서 10만원으로 올려줘", "0-100000", "change"),
])
def test_budget_table(text, label, kind):
    budget = parse_budget(text)
    assert budget is not None and (budget.label(), budget.kind) == (label, kind)


def test_change_keeps_the_previous_amount():
    assert parse_budget("7만원에서 10만원으로 올려줘").previous == 70_000


@pytest.mark.parametrize("text", ["더 저렴한 걸로", "더 싼 거 없어?", "가격 낮은 걸로", "예산 줄여서", "더 비싼 것도",
                                  "더 좋은 걸로", "가격 높은 거", "예산 늘려서"])
def test_vague_budgets(text):
    assert is_vague_budget(text) and parse_budget(text) is None


def test_specific_budget_is_not_vague():
    assert not is_vague_budget("10만원 아래 더 저렴한 걸로")


def test_formatting():
    assert format_krw(1250000) == "₩1,250,000" and format_krw(12000.4) == "₩12,000"
    assert format_man(100000) == "10만원" and format_man(75000) == "7.5만원" and format_man(9000) == "9,000원"


@pytest.mark.parametrize(("text", "amounts"), [
    ("우리 집이 원룸이라 작은 걸로, 8만원 밑으로요", [80_000]),  # "집이 원룸": a particle and a word, no ₩2
    ("아기 나이 오개월인데 5만원 이하", [50_000]),
    ("둘 사이 원래 가격 차이가 얼마야", []),  # "사이 원": two digits side by side are a word
    ("오이 원산지", []),
    ("가격은 이만원 정도", [20_000]),  # a numeral after a space keeps its meaning
    ("이십오만원까지", [250_000]),
    ("삼천오백원", [3_500]),
])
def test_a_numeral_inside_a_word_is_no_amount(text: str, amounts: list[int]) -> None:
    assert [a.value for a in find_amounts(text)] == amounts
