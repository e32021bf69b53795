"""Answers about one place from the shipped places data (issue 29, "answer first"): its opening hours, or
whether it is worth a visit (its rating, kind and area), with the source named. Nothing the data does not
hold is guessed; the answer ends with what the planner can do with the place next."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from agents.nlu import compact, with_josa
from agents.travel.model import CATEGORY_EN, CATEGORY_KO
from agents.travel.names import DATA, Place, gazetteer
from agents.travel.plan import english_name

_DAYS_EN = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@cache
def sandbox(destination: str) -> dict[str, dict[str, Any]]:
    raw = json.loads((DATA / "places" / f"{destination}.json").read_text(encoding="utf-8"))["places"]
    return {p["id"]: p.get("sandbox") or {} for p in raw}


def find_place(destination: str, name: str) -> Place | None:
    key = compact(name)
    return next((p for p in gazetteer(destination).places.values()
                 if key in {compact(p.name_ko), compact(p.name), compact(p.name_en)}), None)


def _hours(data: dict[str, Any], en: bool) -> str | None:
    """"매일 09:00–18:00" when every day is the same, else the days one by one; None without hours."""
    periods = (data.get("opening_hours") or {}).get("periods") or []
    if not periods:
        return None
    spans = {(p.get("open"), p.get("close")) for p in periods}
    if len(periods) == 7 and len(spans) == 1:
        start, end = spans.pop()
        return f"every day {start}–{end}" if en else f"매일 {start}–{end}"
    by_day = {int(p["day"]): f"{p.get('open')}–{p.get('close')}" for p in periods if isinstance(p.get("day"), int)}
    if en:
        return ", ".join(f"{_DAYS_EN[d - 1]} {by_day[d]}" if d in by_day else f"{_DAYS_EN[d - 1]} closed"
                         for d in range(1, 8))
    return ", ".join((data.get("opening_hours") or {}).get("weekday_text") or [])


def place_answer(destination: str, name: str, topic: str, en: bool, saved: bool, when: str | None = None) -> str:
    """The answer to a question about ``name`` (``topic``: hours, when to go or worth) on a trip to ``destination``;
    ``when``: the time of day (or HH:MM) a question of when to go asked about."""
    place = find_place(destination, name)
    if place is None:
        return (f"I have no data on {name} in this destination, so I will not guess." if en else
                f"{with_josa(name, '은')} 이 여행지의 장소 데이터에 없어서 추측하지 않을게요.")
    data = sandbox(destination).get(place.id, {})
    shown = english_name(destination, place.name_ko) if en else place.name_ko
    if topic == "when":
        head = _when(data, place, shown, when, en)
    elif topic == "hours":
        hours = _hours(data, en)
        if hours is None:
            head = (f"The places data has no opening hours for {shown}; check its official site before you go." if en
                    else f"{shown}의 영업시간은 장소 데이터에 없어요. 가기 전에 공식 안내를 확인해 주세요.")
        else:
            head = (f"{shown} is open {hours} (sample places data; check the official site before you go)." if en else
                    f"{shown} 영업시간은 {hours}이에요 (샘플 장소 데이터 기준이라 가기 전에 공식 안내를 한 번 더 확인해 주세요).")
    else:
        head = _worth(destination, place, en)
    # no quoted example here: the reply's quotes would be read back as place names (pipeline's fallback)
    if saved:
        tail = (" It is saved on this trip; tell me which day to put it on and I will add it to the plan." if en else
                " 이 여행에 저장된 곳이에요. 며칠째에 넣을지 말씀해 주시면 일정에 넣어 드려요.")
    else:
        tail = (" It is not saved yet; tell me which day to put it on and I will save it and add it to the plan." if en
                else " 아직 저장하지 않은 곳이에요. 며칠째에 넣을지 말씀해 주시면 저장하고 일정에 넣어 드려요.")
    return head + tail


# the hour each time of day starts at (reading.TIME_OF_DAY_START) and what the data's keywords say of it
_STARTS = {"morning": "10:00", "afternoon": "14:00", "evening": "18:00"}
_AT_NIGHT = {"야경", "nightview", "night", "밤", "sunset", "일몰", "노을"}
_TIME_KO = {"morning": "아침", "afternoon": "오후", "evening": "저녁·밤"}
_TIME_EN = {"morning": "the morning", "afternoon": "the afternoon", "evening": "the evening"}


def _when(data: dict[str, Any], place: Place, shown: str, when: str | None, en: bool) -> str:
    """When to go, from the data only: the opening hours, whether the time asked about falls inside them, and whether
    the place is known for its night view. Which time suits the person is not guessed."""
    hours = _hours(data, en)
    if hours is None:
        return (f"The places data has no opening hours for {shown}, so I cannot say which time works better." if en else
                f"{shown}의 영업시간은 장소 데이터에 없어서 어느 때가 나은지는 말씀드리기 어려워요.")
    head = (f"{shown} is open {hours} (sample places data)." if en else f"{shown} 영업시간은 {hours}이에요 (샘플 장소 데이터 기준).")
    at = _STARTS.get(when or "", when or "")
    periods = (data.get("opening_hours") or {}).get("periods") or []
    if at and periods:
        open_then = sum(str(p.get("open")) <= at < str(p.get("close")) for p in periods)
        said = (_TIME_EN.get(when or "", at) if en else _TIME_KO.get(when or "", at))
        if en:
            head += (f" It is open in {said} every day." if open_then == len(periods) == 7 else
                     f" By these hours it is closed in {said} (from {at})." if not open_then else
                     f" It is open in {said} on some days only: check the hours.")
        else:
            head += (f" {said}에도 매일 열려 있어요." if open_then == len(periods) == 7 else
                     f" 이 영업시간으로는 {said}({at}~)에는 닫혀 있어요." if not open_then else
                     f" {said}에는 여는 날과 닫는 날이 있으니 시간을 확인해 주세요.")
    if {compact(k).lower() for k in place.keywords} & _AT_NIGHT:
        head += (" It is known for its night view." if en else " 야경으로 알려진 곳이에요.")
    return head


def _worth(destination: str, place: Place, en: bool) -> str:
    """What the data says of a place's worth: its kind, its area and its rating."""
    data = sandbox(destination).get(place.id, {})
    shown = english_name(destination, place.name_ko) if en else place.name_ko
    kind = (CATEGORY_EN.get(place.category, "place").lower() if en else CATEGORY_KO.get(place.category, "장소"))
    rating = data.get("rating")
    rated = ((f" It is rated {rating} from {int(data.get('user_ratings_total') or 0):,} reviews (sample places data)."
              if en else f" 평점은 {rating}점, 리뷰 {int(data.get('user_ratings_total') or 0):,}개예요 (샘플 장소 데이터 기준).")
             if rating is not None else "")
    area = english_name(destination, place.area) if en and place.area else place.area
    return (f"{shown} is a {kind} spot in {area}.{rated}" if en else
            f"{with_josa(shown, '은')} {place.area} 쪽 {kind} 장소예요.{rated}")


def compare_answer(destination: str, names: list[str], en: bool) -> str:
    """"A랑 B 중에 어디가 나아?": what the data says of each, side by side; which one suits is the person's to say."""
    found = [p for p in (find_place(destination, n) for n in names) if p is not None]
    if len(found) < 2:
        return place_answer(destination, names[0], "worth", en, saved=False) if names else ""
    lines = " ".join(_worth(destination, p, en) for p in found)
    if en:
        return (f"Here is what the places data says of each. {lines} Which one suits you depends on what you enjoy; "
                "tell me which one and the day, and I will put it in the plan.")
    return (f"장소 데이터로 보면 이래요. {lines} 어느 쪽이 나을지는 취향에 따라 달라요. 고르신 곳과 며칠째인지 말씀해 주시면 일정에 "
            "넣어 드릴게요.")
