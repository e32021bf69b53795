"""How the offline model spreads saved places over the trip's days (issue 29): places close to each other
share a day (the walking route is cut where it jumps furthest), and each day's visits follow the opening
hours the gazetteer holds (a place that closes early comes first, one that opens late comes last), with
start times inside those hours."""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Protocol, TypeVar

from agents.nlu import compact
from agents.travel.geo import haversine_km
from agents.travel.names import DATA

DAY_START = 10 * 60  # minutes: a sightseeing day starts at 10:00 unless a place opens later
EASY_START = 15 * 60  # a light day (a late arrival) starts mid-afternoon
GAP = 30  # minutes between visits (moving on)
MAX_PER_DAY = 4
SAME_AREA_KM = 3.0  # closer than this is one area: a walk or a short hop


class Located(Protocol):
    """A place with a name and maybe coordinates (read-only, so frozen dataclasses fit)."""

    @property
    def name(self) -> str: ...
    @property
    def lat(self) -> float | None: ...
    @property
    def lng(self) -> float | None: ...


P = TypeVar("P", bound=Located)  # the functions hand back the caller's own places


@functools.cache
def opening_hours(destination: str) -> dict[str, tuple[int, int]]:
    """Name (compact, Korean and local) -> the usual (open, close) in minutes, from the gazetteer's sandbox
    hours: the period most days have."""
    path = DATA / "places" / f"{destination}.json"
    if not path.exists():
        return {}
    out: dict[str, tuple[int, int]] = {}
    for place in json.loads(path.read_text(encoding="utf-8"))["places"]:
        periods = ((place.get("sandbox") or {}).get("opening_hours") or {}).get("periods") or []
        usual = Counter((p["open"], p["close"]) for p in periods if p.get("open") and p.get("close")).most_common(1)
        if usual:
            hours = (_minutes(usual[0][0][0]), _minutes(usual[0][0][1]))
            for name in filter(None, (place.get("name_ko"), place.get("name"))):
                out[compact(name)] = hours
    return out


def _minutes(clock: str) -> int:
    hour, minute = clock.split(":")
    return int(hour) * 60 + int(minute)


def clock(minutes: int) -> str:
    return f"{min(minutes, 23 * 60 + 59) // 60:02d}:{minutes % 60:02d}"


def split_by_area(route: Sequence[P], days: int) -> list[list[P]]:
    """The route cut into at most ``days`` runs where it jumps furthest (a hop over ``SAME_AREA_KM``), so that
    neighbours share a day; no day holds much more than an even share (at most ``MAX_PER_DAY`` unless the
    places need more)."""
    places = list(route)
    if not places:
        return []
    runs = min(days, len(places))
    even = -(-len(places) // max(1, days))
    cap = max(even, min(MAX_PER_DAY, even + 1))  # about an even share: no packed day beside a near-empty one
    # only a real move (a ride, not a walk) splits a day: neighbours stay together, a day may stay free
    gaps = sorted((i for i in range(1, len(places)) if _hop(places[i - 1], places[i]) > SAME_AREA_KM),
                  key=lambda i: -_hop(places[i - 1], places[i]))
    cuts = sorted(gaps[:runs - 1])
    while True:
        bounds = [0, *cuts, len(places)]
        widest = max(range(len(bounds) - 1), key=lambda i: bounds[i + 1] - bounds[i])
        if bounds[widest + 1] - bounds[widest] <= cap or len(bounds) - 1 >= days:
            break
        cuts = sorted([*cuts, (bounds[widest] + bounds[widest + 1]) // 2])  # a run too long: halve it
    if max(b - a for a, b in pairwise(bounds)) > cap:  # the days cannot hold it by area
        share = -(-len(places) // days)
        return [places[i:i + share] for i in range(0, len(places), share)]
    return [places[a:b] for a, b in pairwise(bounds)]


def _hop(a: Located, b: Located) -> float:
    if a.lat is None or a.lng is None or b.lat is None or b.lng is None:
        return 0.0
    return haversine_km(a.lat, a.lng, b.lat, b.lng)


def lighten(days: list[list[P]], easy: int, count: int) -> list[list[P]]:
    """Day ``easy`` (1-based) keeps one visit; the others move to the lightest other days."""
    out = [list(d) for d in days] + [[] for _ in range(count - len(days))]
    extra = out[easy - 1][1:]
    out[easy - 1] = out[easy - 1][:1]
    for place in extra:
        others = [i for i in range(count) if i != easy - 1]
        if not others:
            out[easy - 1].append(place)
            continue
        out[min(others, key=lambda i: (len(out[i]), i))].append(place)
    while out and not out[-1]:
        out.pop()
    return out


def timed(day: Sequence[P], destination: str, duration_hours: dict[str, float],
          day_start: int = DAY_START) -> list[tuple[P, str]]:
    """The day's visits in the order their hours allow, each with a start time inside them, from ``day_start``."""
    hours = opening_hours(destination)
    always = (0, 24 * 60)
    ordered = sorted(day, key=lambda p: (hours.get(compact(p.name), always)[0] > DAY_START,
                                         hours.get(compact(p.name), always)[1], hours.get(compact(p.name), always)[0]))
    out: list[tuple[P, str]] = []
    cursor = day_start
    for place in ordered:
        opens, closes = hours.get(compact(place.name), always)
        length = round(duration_hours.get(place.name, 1.0) * 60)
        start = max(cursor, opens)
        if start + length > closes:  # too late for it: as early as it opens (the day starts there)
            start = max(opens, min(start, closes - length))
        out.append((place, clock(start)))
        cursor = start + length + GAP
    return out
