"""The offline model's draft itinerary and candidate places: what a real model would propose,
built from the trip's saved places and the shipped gazetteer. The tools still validate both
(generate_itinerary matches every item to a saved place; recommend_places checks every name)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NotRequired, TypedDict

from agents.nlu import compact
from agents.travel.geo import haversine_km
from agents.travel.names import Place, gazetteer
from agents.travel.schedule import DAY_START, EASY_START, lighten, split_by_area, timed

SLOTS = ("10:00", "13:00", "15:30", "18:00", "20:00")
DURATION = {"attraction": "2h", "restaurant": "1.5h", "cafe": "1h", "shopping": "1.5h", "accommodation": "1h",
            "transport": "0.5h"}
NOTE = {"attraction": "관광", "restaurant": "식사", "cafe": "휴식", "shopping": "쇼핑", "accommodation": "체크인·휴식",
        "transport": "이동"}
NOTE_EN = {"attraction": "sightseeing", "restaurant": "meal", "cafe": "break", "shopping": "shopping",
           "accommodation": "check-in, rest", "transport": "transfer"}
NEAR_KM = 2.5  # "near X" for a place: within a short ride


class DraftItem(TypedDict):
    """One visit of a draft, as generate_itinerary's DayArgs items take it (JSON)."""

    placeName: str
    startTime: NotRequired[str]
    duration: NotRequired[str]
    note: NotRequired[str | None]


class DraftDay(TypedDict):
    dayNumber: int
    items: list[DraftItem]


class Draft(TypedDict):
    """generate_itinerary's arguments (GenerateArgs as JSON)."""

    title: str
    days: list[DraftDay]


@dataclass(frozen=True)
class SavedPlace:
    name: str
    name_en: str | None
    category: str
    lat: float | None
    lng: float | None


def _route(places: list[SavedPlace], start: int) -> list[SavedPlace]:
    """Nearest neighbour from ``start``: a walkable order rather than the saved order."""
    left = list(places)
    if not left:
        return []
    current = left.pop(start % len(left))
    order = [current]
    while left:
        if current.lat is None or current.lng is None:
            current = left.pop(0)
        else:
            cur = current
            current = min(left, key=lambda p: haversine_km(cur.lat, cur.lng, p.lat, p.lng)  # type: ignore[arg-type]
                          if p.lat is not None and p.lng is not None else 1e9)
            left.remove(current)
        order.append(current)
    return order


def plan_title(destination: str, days: int, en: bool) -> str:
    """A plan's title in the person's language, from the destination and the days it covers: "도쿄 2박 3일 일정",
    "Tokyo itinerary: 3 days, 2 nights" (the trip's stored title is Korean; it is no part of an English one)."""
    from agents.travel.destinations import destinations

    dest = destinations()[destination]
    nights = days - 1
    if en:
        if nights < 1:
            return f"{dest.name_en} day-trip itinerary"
        return f"{dest.name_en} itinerary: {days} days, {nights} night{'s' if nights > 1 else ''}"
    return f"{dest.name} 당일 일정" if nights < 1 else f"{dest.name} {nights}박 {days}일 일정"


def draft_itinerary(title: str, saved: list[SavedPlace], days: int, variant: int = 0, en: bool = False,
                    destination: str | None = None, easy_day: int | None = None) -> Draft:
    """GenerateArgs for ``days`` days over the saved places; ``variant`` starts the route elsewhere
    (다시 생성 gives a different plan). With the destination known, neighbours share a day and each day
    follows the opening hours (``schedule``). Notes are in the user's language, as a model's would be."""
    notes = NOTE_EN if en else NOTE
    stay = [p for p in saved if p.category == "accommodation"]
    visits = _route([p for p in saved if p.category != "accommodation"], variant)
    days = max(1, days)
    if destination is not None:
        chunks: list[list[SavedPlace]] = split_by_area(visits, days)
        if easy_day is not None and 1 <= easy_day <= days:
            chunks = lighten(chunks, easy_day, days)
        if variant and chunks:  # 다시 생성: the same areas, visited in another order of days
            turn = variant % len(chunks)
            chunks = chunks[turn:] + chunks[:turn]
        while not stay and len(chunks) < days and max(map(len, chunks), default=0) >= 2:
            big = max(range(len(chunks)), key=lambda i: len(chunks[i]))  # no hotel to end on: use every day
            half = (len(chunks[big]) + 1) // 2
            chunks[big:big + 1] = [chunks[big][:half], chunks[big][half:]]
    else:
        per_day, extra = divmod(len(visits), days)
        chunks, at = [], 0
        for day in range(1, days + 1):
            count = per_day + (1 if day <= extra else 0)
            chunks.append(visits[at:at + count])
            at += count
    out: list[DraftDay] = []
    for day, chunk in enumerate(chunks, 1):
        if destination is not None:
            hours = {p.name: float(DURATION.get(p.category, "1h").rstrip("h")) for p in chunk}
            start_at = EASY_START if day == easy_day else DAY_START
            plan = timed(chunk, destination, hours, start_at)
        else:
            plan = [(p, SLOTS[min(i, len(SLOTS) - 2)]) for i, p in enumerate(chunk)]
        items: list[DraftItem] = [{"placeName": p.name, "startTime": start, "duration": DURATION.get(p.category, "1h"),
                  "note": notes.get(p.category)} for p, start in plan]
        if day == 1 and stay:
            items.append({"placeName": stay[0].name, "startTime": SLOTS[-1], "duration": "1h", "note": notes["accommodation"]})
        if items:
            out.append({"dayNumber": day, "items": items})
    if destination is not None and stay and out and out[-1]["dayNumber"] < days:
        # the days the areas did not need end the trip: the last one is the check-out, not an invented visit
        out.append({"dayNumber": days, "items": [{"placeName": stay[0].name, "startTime": "10:00", "duration": "1h",
                                                  "note": "check-out" if en else "체크아웃"}]})
    if not out and stay:
        out.append({"dayNumber": 1, "items": [{"placeName": stay[0].name, "startTime": SLOTS[-1], "duration": "1h",
                                               "note": notes["accommodation"]}]})
    if not out:
        out.append({"dayNumber": 1, "items": [{"placeName": p.name} for p in saved[:1]]})
    return {"title": title, "days": out}


def candidates(destination: str, saved: list[SavedPlace], *, category: str | None = None, keyword: str | None = None,
               near: str | None = None, limit: int = 8) -> tuple[list[Place], list[str]]:
    """Gazetteer places that fit, nearest to what the user named (or to the saved places) first,
    and which conditions had to be relaxed to find any."""
    g = gazetteer(destination)
    saved_keys = {compact(p.name) for p in saved}
    pool = [p for p in g.places.values() if compact(p.name_ko) not in saved_keys and compact(p.name) not in saved_keys]
    centre = _centre(destination, saved, near)
    key = compact(keyword) if keyword else None

    def fits(p: Place, use: set[str]) -> bool:
        if "category" in use and category and p.category != category:
            return False
        if "keyword" in use and key and key not in {compact(k) for k in p.keywords} and key not in compact(p.name_ko) \
                and key not in compact(p.name_en):
            return False
        if "near" in use and near and centre is not None:
            in_area = p.area == near
            return in_area or haversine_km(centre[0], centre[1], p.lat, p.lng) <= NEAR_KM
        return True

    relaxed: list[str] = []
    for use, dropped in (({"category", "keyword", "near"}, []), ({"category", "keyword"}, ["near"]),
                         ({"category", "near"}, ["keyword"]), ({"category"}, ["keyword", "near"])):
        found = [p for p in pool if fits(p, use)]
        if found:
            relaxed = [d for d in dropped if (d == "near" and near) or (d == "keyword" and keyword)]
            break
    else:
        found = []
    if centre is not None:
        found.sort(key=lambda p: (haversine_km(centre[0], centre[1], p.lat, p.lng), p.id))
    return found[:limit], relaxed


def named_centre(destination: str, near: str) -> tuple[float, float] | None:
    """Where a named place or area of the destination is, from the gazetteer (Korean, local or English name;
    an area is the middle of its places); None when the gazetteer does not know the name."""
    g = gazetteer(destination)
    key = compact(near)
    named = [p for p in g.places.values() if key in {compact(p.name_ko), compact(p.name), compact(p.name_en)}]
    area = next((a for a, names in g.areas.items() if key in {compact(n) for n in names}), None)
    points = named or [p for p in g.places.values() if area is not None and p.area == area]
    if not points:
        return None
    return sum(p.lat for p in points) / len(points), sum(p.lng for p in points) / len(points)


def english_name(destination: str, near: str) -> str:
    """The English name of a place or area of the destination, for English replies (the name itself when
    the gazetteer has none)."""
    g = gazetteer(destination)
    key = compact(near)
    place = next((p for p in g.places.values() if key in {compact(p.name_ko), compact(p.name)}), None)
    if place is not None and place.name_en:
        return place.name_en
    english = next((n for a, names in g.areas.items() if key in {compact(x) for x in names}
                    for n in names[1:] if n.isascii()), None)
    return english.title() if english else near


def _centre(destination: str, saved: list[SavedPlace], near: str | None) -> tuple[float, float] | None:
    if near and (centre := named_centre(destination, near)) is not None:
        return centre
    located = [p for p in saved if p.lat is not None and p.lng is not None]
    if located:
        return (sum(p.lat for p in located) / len(located),  # type: ignore[misc]
                sum(p.lng for p in located) / len(located))  # type: ignore[misc]
    return None
