"""The shared Korean money parser: amounts ("10만원", "₩100,000", "5만 원", "3천원",
"1만5천원", "1.5만원", "십만원") and budget ranges (seed 003's table: 이하/아래/까지/미만/
이내, 최대, 이상, 정도, 에서~, and "7만원에서 10만원으로 올려줘" as a change).

Marketing uses ``parse_amount``; shopping uses ``parse_budget`` and ``is_vague_budget``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agents.core.errors import InvalidArgs

_NATIVE_DIGITS = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
_NATIVE_UNITS = {"십": 10, "백": 100, "천": 1000}

# A number: digits with optional commas / decimal point, or Sino-Korean numerals (오, 십, 이십...).
_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|[일이삼사오육칠팔구십백천]+)"
# An amount: ₩ / 원 / KRW / 만 / 천 / 억 with optional spaces between the parts.
_AMOUNT = re.compile(
    rf"""(?P<won>₩\s*)?
         (?:(?P<eok>{_NUM})\s*억\s*)?
         (?:(?P<man>{_NUM})\s*만\s*)?
         (?:(?P<cheon>{_NUM})\s*천\s*)?
         (?:(?P<rest>{_NUM})\s*)?
         (?P<unit>원|KRW|krw|won)?""",
    re.X,
)


_BARE_MAN = re.compile(r"(?<![\d일이삼사오육칠팔구십백천,.])만\s*(?:원|KRW|krw|won)")
# "만오천원", "만 5천원": one 만 and some 천 (₩15,000), said as people say it
_BARE_MAN_CHEON = re.compile(r"(?<![\d일이삼사오육칠팔구십백천,.])만\s*([일이삼사오육칠팔구]|\d)?\s*천\s*(?:원|KRW|krw|won)?")


@dataclass(frozen=True)
class Amount:
    value: int
    start: int
    end: int


# Far above any budget a person means (₩10조); longer digit strings are typos or probes, and
# as floats they overflow to infinity.
MAX_AMOUNT = 10**16


class AmountTooLarge(InvalidArgs):
    code = "amount_too_large"

    def __init__(self, token: str) -> None:
        shown = token if len(token) <= 24 else f"{token[:12]}…{token[-6:]} ({len(token)}자리)"
        super().__init__(f"금액 {shown}은(는) 너무 큽니다: ₩10,000,000,000,000,000 미만으로 입력하세요. "
                         f"(The amount {shown} is too large; use less than ₩10,000,000,000,000,000.)")


def _number(token: str) -> float:
    token = token.replace(",", "")
    if re.fullmatch(r"\d+(?:\.\d+)?", token):
        if len(token.split(".")[0]) > 17:
            raise AmountTooLarge(token)
        return float(token)
    total, digit = 0, 0
    for ch in token:
        if ch in _NATIVE_DIGITS:
            digit = _NATIVE_DIGITS[ch]
        else:
            total += (digit or 1) * _NATIVE_UNITS[ch]
            digit = 0
    return float(total + digit)


def find_amounts(text: str) -> list[Amount]:
    """Every money amount in the text, in order. A bare number counts only with ₩/원/KRW
    or a 만/천/억 unit, so "3일" or "2번" are never read as money."""
    found: list[Amount] = []
    for m in _AMOUNT.finditer(text):
        eok, man, cheon, rest = m.group("eok"), m.group("man"), m.group("cheon"), m.group("rest")
        if not any((eok, man, cheon, rest)):
            continue
        has_unit = bool(m.group("won") or m.group("unit") or eok or man or cheon)
        if not has_unit:
            continue
        # Two Sino-Korean digits side by side are a word ("사이", "오이"), never a number: units stand between them.
        if any(g and re.search(r"[일이삼사오육칠팔구]{2}", g) for g in (eok, man, cheon, rest)):
            continue
        # A Sino-Korean numeral glued to the syllable before it is the end of a word or a particle, not a number:
        # "집이 원룸" is no ₩2, "사이 원" no ₩2; "가격은 이만원" keeps its space.
        if re.match(r"[일이삼사오육칠팔구십백천]", text[m.start():m.start() + 1]) and m.start() \
                and re.match(r"[가-힣]", text[m.start() - 1]):
            continue
        if rest and not m.group("won") and not m.group("unit") and not (eok or man or cheon):
            continue
        # Sino-Korean numerals ("이", "오") are ordinary words unless 원 follows them: "7만 이하" is
        # 70,000 and the start of 이하, not 70,002.
        if rest and re.fullmatch(r"[일이삼사오육칠팔구십백천]+", rest) and not m.group("unit"):
            if not (man or cheon or eok):
                continue
            rest = None
        value = 0.0
        if eok:
            value += _number(eok) * 100_000_000
        if man:
            value += _number(man) * 10_000
        if cheon:
            value += _number(cheon) * 1_000
        if rest:
            value += _number(rest)
        if value >= MAX_AMOUNT:
            raise AmountTooLarge(m.group().strip())
        found.append(Amount(round(value), m.start(), m.end()))
    for m in _BARE_MAN_CHEON.finditer(text):
        digit = m.group(1)
        thousands = int(digit) if digit and digit.isdigit() else _NATIVE_DIGITS.get(digit or "", 1)
        found = [a for a in found if not m.start() <= a.start < m.end()]
        found.append(Amount(10_000 + thousands * 1_000, m.start(), m.end()))
    # "만원만 빼줘": 만 with no number before it is one 만 (₩10,000), as 천원 is one 천.
    for m in _BARE_MAN.finditer(text):
        if not any(a.start <= m.start() < a.end for a in found):
            found.append(Amount(10_000, m.start(), m.end()))
    return sorted(found, key=lambda a: a.start)


def parse_amount(text: str) -> int | None:
    """The first amount in the text, in KRW."""
    amounts = find_amounts(text)
    return amounts[0].value if amounts else None


@dataclass(frozen=True)
class Budget:
    min: int
    max: int | None  # None means "and above"
    kind: str  # below, exact, max, above, around, range, band, change
    previous: int | None = None  # for a change: the amount it moves from

    def label(self) -> str:
        """The seed's string form: "0-100000", "150000+"."""
        return f"{self.min}+" if self.max is None else f"{self.min}-{self.max}"


_BELOW = re.compile(r"^\s*(?:원)?\s*(?:으로|로)?\s*(?:이하|아래|밑|까지|미만|이내|안쪽|넘지\s*않)")
# "5만원 이상", "5만원은 넘는 걸로", "3만원이 넘게": a topic or subject particle may sit before the floor word
# (never "넘지 않": that is the ceiling below).
_ABOVE = re.compile(r"^\s*(?:원)?\s*(?:은|는|이|가|을|를)?\s*(?:이상|넘는|넘게|넘었|초과|부터|보다\s*비싼)")
_AROUND = re.compile(r"^\s*(?:원)?\s*(?:정도|쯤|내외|안팎|전후|언저리)")
_RANGE_SEP = re.compile(r"^\s*(?:원)?\s*(?:에서|~|-|–|부터)\s*$")
_DECADE = re.compile(r"^\s*(?:원)?\s*대")
_CHANGE_VERB = re.compile(r"(?:으로|로)\s*(?:올려|내려|늘려|줄여|바꿔|변경|조정|높여|낮춰)")
_MAX_PREFIX = re.compile(r"(?:최대|많아야|기껏해야|상한)\s*$")
_MIN_PREFIX = re.compile(r"(?:최소|최소한|적어도|하한)\s*$")  # "최소 5만원": a floor, when no ceiling word follows


def parse_budget(text: str) -> Budget | None:
    """A budget range from Korean text, or None when it names no amount."""
    amounts = find_amounts(text)
    if not amounts:
        return None
    first = amounts[0]
    if len(amounts) >= 2:
        between = text[first.end:amounts[1].start]
        if _RANGE_SEP.match(between):
            low, high = sorted((first.value, amounts[1].value))
            if _CHANGE_VERB.search(text[amounts[1].end:amounts[1].end + 12]):
                # "7만원에서 10만원으로 올려줘": the ceiling moves from the first to the second.
                return Budget(0, amounts[1].value, "change", previous=first.value)
            return Budget(low, high, "range")
        if _MIN_PREFIX.search(text[max(0, first.start - 8):first.start]) and _MAX_PREFIX.search(between) \
                and first.value < amounts[1].value:
            return Budget(first.value, amounts[1].value, "range")  # "최소 5만원 최대 8만원"
    after = text[first.end:first.end + 12]
    before = text[max(0, first.start - 8):first.start]
    if _DECADE.match(after):
        # "20만원대" is 200,000-299,999: the band of the leading digit.
        unit = 10 ** (len(str(first.value)) - len(str(first.value).rstrip("0")))
        return Budget(first.value, first.value + unit - 1, "band")
    if _ABOVE.match(after):
        return Budget(first.value, None, "above")
    if _AROUND.match(after):
        return Budget(round(first.value * 0.9), round(first.value * 1.1), "around")
    if _BELOW.match(after):
        return Budget(0, first.value, "below")
    if _MAX_PREFIX.search(before):
        return Budget(0, first.value, "max")
    if _MIN_PREFIX.search(before):
        return Budget(first.value, None, "above")
    return Budget(0, first.value, "exact")


VAGUE_BUDGET_PHRASES = (
    "더 저렴", "더 싸", "더 싼", "더 비싼", "가격 낮", "가격낮", "예산 줄", "예산줄", "더 비싸", "더 좋은", "가격 높",
    "가격높", "예산 늘", "예산늘", "좀 싼", "좀 저렴", "싼 걸로", "저렴한 걸로", "비싼 걸로",
)


def is_vague_budget(text: str) -> bool:
    """A price wish without a number ("더 저렴한 걸로") needs a clarifying question."""
    return not find_amounts(text) and any(phrase in text for phrase in VAGUE_BUDGET_PHRASES)


def format_krw(value: float) -> str:
    """₩ with thousands separators, as seed 000 §3.2 asks."""
    return f"₩{round(value):,}"


def format_man(value: int) -> str:
    """Short Korean form for budgets: 100000 -> "10만원", 75000 -> "7.5만원"."""
    if value % 10_000 == 0:
        return f"{value // 10_000:,}만원"
    if value >= 10_000 and value % 1_000 == 0:
        return f"{value / 10_000:g}만원"  # 75,000 -> 7.5만원
    if value >= 10_000:
        return f"{value // 10_000:,}만 {value % 10_000:,}원"  # 80,999 -> 8만 999원, never 8.0999만원
    return f"{value:,}원"
