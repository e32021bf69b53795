"""Slot extractors every agent shares: money, relative changes (percentages, 반, 두 배), periods
and ordinals, in Korean and English."""

from __future__ import annotations

import re
from dataclasses import dataclass

from agents.nlu import korean_money
from agents.nlu.patterns import compiled
from agents.nlu.text import normalise

# --- money ---------------------------------------------------------------------------------------
_BARE = re.compile(r"(?<![\d.,%])(\d{1,3}(?:,\d{3})+|\d{4,})(?![\d.,%]|\s*(?:%|퍼|프로|일|번|개|명|세|살|년|월|시|분|주|km|m\b))")
_USD = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(k)\b", re.I)
# "3 million won", "1.5M", "2 mil": millions as English writes them
_MILLION = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:million|mil|mn|m)\b(?!\s*(?:ago|in|impressions|views|clicks|users))",
                      re.I)


def find_amounts(text: str, *, expect_money: bool = False) -> list[int]:
    """Money amounts in text order: 3만원, 15만, ₩70,000, 7만 5천원, 70k; with ``expect_money``
    (the question asked for a budget) a bare 70000 or 70,000 counts too."""
    text = normalise(text)
    found = [(a.start, a.value) for a in korean_money.find_amounts(text)]
    taken = [(a.start, a.end) for a in korean_money.find_amounts(text)]
    for m in _USD.finditer(text):  # "70k": people write thousands this way in English
        if not any(s <= m.start() < e for s, e in taken):
            found.append((m.start(), round(float(m.group(1)) * 1000)))
    for m in _MILLION.finditer(text):
        if not any(s <= m.start() < e for s, e in taken):
            found.append((m.start(), round(float(m.group(1)) * 1_000_000)))
    if expect_money:
        for m in _BARE.finditer(text):
            if not any(s <= m.start() < e for s, e in taken):
                found.append((m.start(), int(m.group(1).replace(",", ""))))
    return [v for _, v in sorted(found)]


def find_amount(text: str, *, expect_money: bool = False) -> int | None:
    """The last amount named ("10만원에서 15만원으로" -> the target, 150000)."""
    amounts = find_amounts(text, expect_money=expect_money)
    return amounts[-1] if amounts else None


# --- relative changes ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Change:
    percent: float  # signed: -50 halves, +100 doubles

    @property
    def factor(self) -> float:
        return 1 + self.percent / 100


_UP = re.compile(r"올려|올리|늘려|늘리|높여|높이|증액|인상|키워|얹어|얹|보태|붙여(?!서)|붙이|더해|더하|더\s*써|추가|up\b|\badd\b|increase|raise|boost|bump|grow|more|higher|scale up")
_DOWN = re.compile(r"줄여|줄이|내려|내리|낮춰|낮추|감액|삭감|인하|깎|빼(?:줘|주|자|요|라|봐|면|는|\s|$)|뺄(?:게|래|까)|차감|덜\s*써|덜어|덜자|덜\s*(?:줘|주세요|쓰)|down\b|decrease|reduce|lower|cut|less|trim|slash|scale down")
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|퍼센트|퍼|프로|percent|pct)")
# 반 on its own, not inside a word: "기반으로" (based on), "일반으로", "위반" halve nothing
_HALF = re.compile(r"절반|(?<![기일위과후전상])반\s*(?:으로|만|정도|토막|값)|반이|half|halve|halved|halving|50\s*%\s*로|by half")
_DOUBLE = re.compile(r"두\s*배|2\s*배|곱절|double|twice|2x\b|x2\b")
_TRIPLE = re.compile(r"세\s*배|3\s*배|triple|3x\b")
_THIRD = re.compile(r"3\s*분의\s*1|삼분의\s*일|a third|one third")
_QUARTER = re.compile(r"4\s*분의\s*1|사분의\s*일|a quarter|one quarter")
# "1.5배로", "1.5x", "1.5 times": a multiplier the fixed words above don't name
_TIMES = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:배|x\b|times\b)")


def direction(text: str) -> int:
    """+1 for a raise, -1 for a cut, 0 when the text says neither."""
    t = normalise(text)
    up, down = bool(_UP.search(t)), bool(_DOWN.search(t))
    return 0 if up == down else (1 if up else -1)


def find_change(text: str) -> Change | None:
    """A relative change: "20% 올려" +20, "10프로 줄여" -10, "반으로" -50, "두 배로" +100."""
    t = normalise(text)
    sign = direction(t)
    if _DOUBLE.search(t):
        return Change(100.0)
    if _TRIPLE.search(t):
        return Change(200.0)
    if _HALF.search(t):
        return Change(-50.0)
    if _THIRD.search(t):
        return Change(-100 / 3 * 2 if "로" in t else -100 / 3)
    if _QUARTER.search(t):
        return Change(-75.0 if "로" in t else -25.0)
    m = _PERCENT.search(t)
    if m:
        value = float(m.group(1))
        return Change(-value if sign < 0 else value)
    m = _TIMES.search(t)
    if m and 0 < float(m.group(1)) <= 6:
        return Change(round((float(m.group(1)) - 1) * 100, 1))
    return None


# "3만원 더 올려", "2만원만큼 줄여", "5만원 올려줘" (no 으로: by, not to), "raise it by 30,000", "20k more"
_KO_DELTA_AFTER = re.compile(r"^\s*(?:씩\s*)?(?:만\s*)?(?:(?:정도|쯤|가량|내외|만큼)\s*(?:만\s*)?)?(?:빼|뺄|붙여|붙이|더해|더하|차감|덜|더|만큼|정도\s*더|추가로?|올려|올리|늘려|늘리|줄여|줄이|내려|내리|깎|낮춰|높여|증액|감액|인상|인하)")
# "by 20k"; "지금보다 3만원", "현재 대비 만원": an amount measured from the budget as it is now
_EN_DELTA = re.compile(r"\bby\s*$|\b(?:an?\s+)?(?:extra|additional)\s*$|(?:지금|현재|기존|원래)\s*(?:보다|대비|에서)\s*$")
_EN_ADD = re.compile(r"\b(?:add|adding|put|tack on|throw in)\s+(?:another\s+|an?\s+extra\s+|₩\s*)?$", re.I)
_EN_DELTA_AFTER = re.compile(r"^\s*(?:won\s+)?(?:more|extra|less|fewer)\b")
# "2만원 더", "5천원 덜 쓰자": an amount then 더/덜 closing the sentence says the direction by itself
_KO_MORE_END = re.compile(r"^\s*(?:만\s*)?(더|덜)\s*(?:줘|주세요|줄래|넣어줘?|써|쓰자|쓸게|하자|해줘?|가자|요)?\s*[.!?~]*\s*$")


def find_amount_change(text: str) -> int | None:
    """A signed change by an amount (+30000 for "3만원 더 올려줘", -20000 for "cut it by 20k"),
    or None when the amount is a target ("15만원으로") or there is no direction."""
    t = normalise(text)
    sign = direction(t)
    spans = [(a.start, a.end, a.value) for a in korean_money.find_amounts(t)]
    if sign == 0:
        ends = [(m.group(1), v) for _, e, v in spans if (m := _KO_MORE_END.match(t[e:])) is not None]
        return (ends[-1][1] if ends[-1][0] == "더" else -ends[-1][1]) if ends else None
    spans += [(m.start(), m.end(), round(float(m.group(1)) * 1000)) for m in _USD.finditer(t)]
    spans += [(m.start(), m.end(), int(m.group(1).replace(",", ""))) for m in _BARE.finditer(t)
              if not any(s <= m.start() < e for s, e, _ in spans)]
    for start, end, value in sorted(spans):
        after, before = t[end:], t[:start]
        adds = _EN_ADD.search(before) is not None  # "add 10k to the budget": by, not to
        if after.lstrip().startswith(("으로", "로")) or (
                re.match(r"^\s*(?:won\s+)?(?:to|a day|per day|daily)\b", after) and not adds):
            continue
        if adds:
            return value
        if _KO_DELTA_AFTER.match(after) or _EN_DELTA.search(before) or _EN_DELTA_AFTER.match(after):
            return sign * value
    return None


# --- periods -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Period:
    key: str  # today, yesterday, this_week, last_week, 7d, 14d, 30d, this_month, last_month, 90d
    days: int


_PERIODS: list[tuple[str, str, int]] = [
    (r"어제|전날|yesterday", "yesterday", 1),
    (r"오늘|금일|today|so far today", "today", 1),
    (r"지난\s*달|저번\s*달|전\s*달|지난\s*한\s*달|last month|previous month|past month", "last_month", 30),
    (r"이번\s*달|이달|금월|this month|month to date|mtd", "this_month", 30),
    (r"지난\s*주|저번\s*주|전\s*주|last week|previous week|past week", "last_week", 7),
    (r"이번\s*주|금주|이\s*주일?\s*간?(?=\s*(?:성과|동안|매출|실적))|this week|week to date|wtd", "this_week", 7),
    (r"(?:분기|3\s*개월|석\s*달|90\s*일|quarter|3 months|90 days)", "90d", 90),
    (r"(?:한\s*달|1\s*개월|30\s*일|4\s*주|월간|월별|a month|one month|30 days|4 weeks|monthly)", "30d", 30),
    (r"(?:2\s*주|두\s*주|14\s*일|보름|2 weeks|two weeks|14 days|fortnight|biweekly)", "14d", 14),
    (r"(?:일주일|1\s*주|7\s*일|한\s*주|주간|a week|one week|7 days|weekly|week)", "7d", 7),
]


def find_period(text: str) -> Period | None:
    """The time window the text names, or None."""
    t = normalise(text)
    for pattern, key, days in _PERIODS:
        if compiled(pattern).search(t):
            return Period(key, days)
    m = re.search(r"(?:최근|지난|past|last)\s*(\d{1,3})\s*(?:일|days?)", t)
    if m:
        return Period(f"{int(m.group(1))}d", int(m.group(1)))
    return None


# --- ordinals ------------------------------------------------------------------------------------
_KO_ORDINALS = {"첫": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9, "열": 10}
_EN_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}
_ORDINAL = re.compile(
    r"(?:#|no\.?\s*|넘버\s*)(\d{1,2})(?!\d)"
    r"|(?<![\d.,])(\d{1,2})\s*(?:번째|번\s*째|번|st|nd|rd|th|등)(?![\d가-힣]*(?:원|만))"
    r"|(첫|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s*(?:번\s*째|째)"
    r"|\b(first|second|third|fourth|fifth)\b"
    r"|(?:option|item|product|number|choice|rank)\s*(\d{1,2})\b")


def find_ordinals(text: str) -> list[int]:
    """Ranks the text points at, in order, once each: 1번, 첫 번째, 둘째, first, 2nd, #3, No.2."""
    t = normalise(text)
    out: list[int] = []
    for m in _ORDINAL.finditer(t):
        digits, digits2, ko, en, digits3 = m.groups()
        value = int(digits or digits2 or digits3) if (digits or digits2 or digits3) else (
            _KO_ORDINALS[ko] if ko else _EN_ORDINALS[en])
        if value > 0 and value not in out:
            out.append(value)
    for word, value in (("둘째", 2), ("셋째", 3), ("넷째", 4)):
        if word in t and value not in out:
            out.append(value)
    return out
