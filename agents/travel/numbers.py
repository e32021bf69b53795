"""The number shapes of a travel message (the vocabulary is in lexicon.yaml): trip lengths, day numbers,
clock times and counts. Each reads the normalised text alone; the reader decides what they mean together."""

from __future__ import annotations

import re

from agents.nlu import Lexicon, compact

_NIGHTS_DAYS = re.compile(r"(\d+)\s*박\s*(\d+)\s*일")
_N_DAYS = re.compile(r"(\d+)\s*(?:일\s*(?:일정|코스|짜리|동안|여행|간|치)|days?\b|-day\b)")
_N_NIGHTS = re.compile(r"(\d+)\s*(?:nights?\b|박)")
_KO_DIGITS = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
_KO_NIGHTS_DAYS = re.compile(r"([일이삼사오육칠팔구])\s*박\s*([일이삼사오육칠팔구])\s*일")
_KO_LENGTH = {"당일치기": 1, "하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "닷새": 5}
_DAY_NUMBER = re.compile(r"(\d+)\s*(?:일\s*차|일\s*째|번째\s*날|째\s*날|nd day|rd day|th day|st day)|\bday\s*(\d{1,2})(?!\d)"
                         r"|(?<![a-z])d(\d{1,2})(?![\d])")  # "D2 오후": day 2 (not "D-2", a countdown)
_N_DAYS_TO = re.compile(r"(\d+)\s*일\s*(?:로|으로|짜리로)")  # "일정 3일로 짜줘", beside an itinerary word only
_CLOCK = re.compile(r"(오전|오후|아침|새벽|저녁|밤)?\s*(\d{1,2})\s*(?::\s*(\d{2})|시\s*(?:(반)|(\d{1,2})\s*분)?)\s*(am|pm)?"
                    r"|\b(?:at\s+)?(\d{1,2})\s*(am|pm)\b")
NOON = "noon"
_COUNT = re.compile(r"(\d+)\s*(?:곳|개|군데|places?\b|spots?\b|options?\b|restaurants?\b|cafes?\b|shops?\b|hotels?\b"
                    r"|sights?\b|attractions?\b|ones?\b)|\btop\s*(\d+)\b")


def day_number(text: str, lex: Lexicon, last_day: int) -> int | None:
    """The trip day named ("2일차", "day 3", "D2", "둘째 날", "마지막 날" = ``last_day``)."""
    m = _DAY_NUMBER.search(text)
    if m:
        return int(m.group(1) or m.group(2) or m.group(3))
    value = lex.value(text, "day")
    if value == "last":
        return last_day
    return int(value) if value else None


def clock(text: str, lex: Lexicon) -> dict[str, str]:
    """``{"start_time": "HH:MM"}`` for a clock time or noon, ``{"time_of_day": ...}`` for a part of the day, else {}."""
    m = _CLOCK.search(text)
    if m and (m.group(2) or m.group(7)):
        if m.group(7):
            hour, minute, half, ampm = int(m.group(7)), 0, None, m.group(8)
        else:
            hour = int(m.group(2))
            minute = int(m.group(3) or m.group(5) or 0)
            half, ampm = m.group(4), m.group(6)
        before = m.group(1) or ""
        if half:
            minute = 30
        if (ampm == "pm" or before in ("오후", "저녁", "밤")) and hour < 12:
            hour += 12
        elif not ampm and not before and 1 <= hour <= 7:
            hour += 12  # "3시" on a trip day is the afternoon
        if 0 <= hour <= 23 and 0 <= minute <= 59:
            return {"start_time": f"{hour:02d}:{minute:02d}"}
    tod = lex.value(text, "time_of_day")
    if tod == NOON:  # "점심쯤", "around noon": an hour between the slots' starts (lexicon.yaml time_of_day)
        return {"start_time": "12:00"}
    return {"time_of_day": tod} if tod else {}


_EN_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_EN_NUMBER = re.compile(r"\b(" + "|".join(_EN_NUMBERS) + r")(?=[\s-]+(?:days?|nights?)\b)")


def trip_length(text: str, *, itinerary: bool) -> int | None:
    """Days of the trip said ("2박 3일", "이틀", "5 days", "three days"); "3일로" counts only beside an itinerary word."""
    text = _EN_NUMBER.sub(lambda m: str(_EN_NUMBERS[m.group(1)]), text)  # "three days", "two-night": in digits
    if m := _NIGHTS_DAYS.search(text):
        return int(m.group(2))
    if m := _KO_NIGHTS_DAYS.search(text):
        return _KO_DIGITS[m.group(2)]
    if m := _N_DAYS.search(text):
        return int(m.group(1))
    if m := _N_NIGHTS.search(text):
        return int(m.group(1)) + 1
    if itinerary and (m := _N_DAYS_TO.search(text)):
        return int(m.group(1))
    ck = compact(text)
    for word, n in _KO_LENGTH.items():
        # "이틀째", "사흘째 거": the second, third day of the trip, no length
        if word in ck and f"{word}째" not in ck and (word != "하루" or "하루코스" in ck or "하루일정" in ck):
            return n
    return None


def count(text: str, lex: Lexicon) -> int | None:
    """How many places are asked for (1-10), else None."""
    m = _COUNT.search(text)
    n = int(m.group(1) or m.group(2)) if m else None
    # "할 만한 곳", "갈 만한 곳": the 한 of 만한 (worth) is no "one place"
    if n is None and (word := lex.value(re.sub(r"만\s*한(?=\s*(?:곳|군데|데))", "만 ", text), "count")):
        n = int(word)
    return n if n and 1 <= n <= 10 else None
