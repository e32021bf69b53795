"""Budgets said with an amount, Korean or English (seed 003's budget table): "10만원 아래", "under 80k",
"between 50k and 80k", "no less than 40,000 won", a bare "70000"."""

from __future__ import annotations

import re

from agents.nlu.korean_money import Budget, parse_budget
from agents.shopping.normal import normalise

_EN_NUMBER = r"(\d[\d,]*(?:\.\d+)?)\s*(k|thousand|만|천|원|won|krw)?"
_EN_BUDGET = [
    (re.compile(rf"(?:under|below|less than|cheaper than|up to|at most|no more than|max(?:imum)?|within|not over)\s*(?:of\s*)?₩?\s*{_EN_NUMBER}"), "below"),
    (re.compile(rf"₩?\s*{_EN_NUMBER}\s*(?:or more|or above|or higher|and up|and above|and higher|plus|\+)"), "above"),
    (re.compile(rf"(?:over|above|more than|at least|from|minimum|min|no less than|not less than|not under|not below|"
                rf"nothing under|nothing below|nothing less than)"
                rf"\s*(?:of\s*)?₩?\s*{_EN_NUMBER}"), "above"),
    (re.compile(rf"(?:around|about|approximately|roughly|(?<![\d만천원k]\s)(?<![\d만천원k])~)\s*(?:of\s*)?₩?\s*{_EN_NUMBER}"), "around"),
]


_EN_RANGE = re.compile(rf"(?:between|from)\s*₩?\s*{_EN_NUMBER}\s*(?:and|to|-|~)\s*₩?\s*{_EN_NUMBER}")


def _english_range(text: str) -> Budget | None:
    """"between 80,000 and 120,000 won", "from 50k to 80k": both ends, the unit shared."""
    m = _EN_RANGE.search(text)
    if not m:
        return None
    unit = m.group(2) or m.group(4) or ""
    scale = {"k": 1000, "thousand": 1000, "만": 10000, "천": 1000}
    low = float(m.group(1).replace(",", "")) * scale.get(m.group(2) or unit, 1)
    high = float(m.group(3).replace(",", "")) * scale.get(m.group(4) or unit, 1)
    if not 1000 <= low < high:
        return None
    return Budget(round(low), round(high), "range")


def _english_budget(text: str) -> Budget | None:
    # The bound that starts first is the one said: "no less than 30k" is a floor, not "less than".
    found = sorted(((m, kind) for pattern, kind in _EN_BUDGET for m in pattern.finditer(text)),
                   key=lambda mk: (mk[0].start(), -len(mk[0].group(0))))
    bounds: list[tuple[str, int]] = []
    for m, kind in found:
        value = float(m.group(1).replace(",", ""))
        value *= {"k": 1000, "thousand": 1000, "만": 10000, "천": 1000}.get(m.group(2) or "", 1)
        if value >= 1000:
            bounds.append((kind, round(value)))
    if not bounds:
        return None
    kind, value = bounds[0]
    floor = next((v for k, v in bounds if k == "above"), None)
    ceiling = next((v for k, v in bounds if k == "below"), None)
    if floor is not None and ceiling is not None and floor < ceiling:  # "over 50k but under 90k"
        return Budget(floor, ceiling, "range")
    if kind == "below":
        return Budget(0, value, "below")
    if kind == "above":
        return Budget(value, None, "above")
    return Budget(round(value * 0.9), round(value * 1.1), "around")


# A message that is only an amount: four to eight digits (commas allowed), "원" optional. Shorter numbers
# are product numbers or counts, never a budget on their own.
_BARE_AMOUNT = re.compile(r"\s*₩?\s*(\d{4,8}|\d{1,3}(?:,\d{3}){1,2})\s*(?:원|won|krw)?\s*[.!?~]*\s*")


# A Korean floor then a ceiling: "3만원 이상 6만원 이하", "5만원 넘고 9만원 안쪽".
_FLOOR_THEN_CEILING = re.compile(r"(.*?(?:이상|넘는|넘고|넘게|부터|초과))(.+?(?:이하|아래|밑|까지|미만|이내|안쪽|안으로).*)")


def _korean_range(low: str) -> Budget | None:
    m = _FLOOR_THEN_CEILING.fullmatch(low)
    if m is None:
        return None
    floor, ceiling = parse_budget(m.group(1)), parse_budget(m.group(2))
    if floor is None or ceiling is None or floor.max is not None or not ceiling.max or floor.min >= ceiling.max:
        return None
    return Budget(floor.min, ceiling.max, "range")


def read_budget(text: str, *, expecting: bool = False) -> Budget | None:
    """A budget from Korean or English text; a bare number ("70000") only when a budget
    question is open."""
    low = normalise(text)
    if (both := _korean_range(low)) is not None:
        return both
    # An English bound ("no less than 40k", "under 80k") first: the Korean parser reads "40,000 won" alone.
    budget = _english_range(low) or _english_budget(low) or parse_budget(low.replace("k원", "000원"))
    if budget is None and re.search(r"\d+(?:\.\d+)?\s*k\b", low):
        budget = parse_budget(re.sub(r"(\d+(?:\.\d+)?)\s*k\b", lambda m: f"{float(m.group(1)) * 1000:.0f}원", low))
    if budget is None and re.search(r"예산|가격|budget|price", low):
        m = re.search(r"(?<![\d.])(\d{1,3}(?:,\d{3})+|\d{4,7})(?![\d%])", low)
        if m:  # "예산 120000", "budget 120,000": a bare number named as the budget
            budget = Budget(0, int(m.group(1).replace(",", "")), "exact")
    if budget is None and (m := _BARE_AMOUNT.fullmatch(low)):
        budget = Budget(0, int(m.group(1).replace(",", "")), "exact")  # the seed's `(\d+)원?$`: "70000" is 0-70000
    if budget is None and expecting:
        m = re.fullmatch(r"\D{0,6}?(\d{4,7})\D{0,8}", low.replace(",", ""))
        if m:
            budget = Budget(0, int(m.group(1)), "exact")
    return budget
