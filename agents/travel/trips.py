"""Which trip a message is about (issue 29, "travel knows where it is"): a destination other than the
open trip's, named by its name or by a landmark only its gazetteer holds, and the ``open_trip`` tool
that opens the user's trip there or creates it (the sample trip's saved places when the destination
has one). The reader asks before opening; the tool runs on the user's explicit choice."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from agents.core.tools import ToolContext, ToolOutput
from agents.nlu import with_josa
from agents.nlu.patterns import compiled, literal
from agents.travel.destinations import Destination, destinations, shown_title
from agents.travel.names import gazetteer
from agents.travel.service import MAX_TRIP_DAYS, TripService
from agents.travel.understood import Reading

if TYPE_CHECKING:
    from agents.travel.reading import _Reader

# "서울에서 출발", "flying from Seoul": the home city of the traveller, not the trip
_DEPARTURE = re.compile(r"^\s*(?:에서|서)?\s*(?:출발|떠나|출국|비행기|가는)|^\s*(?:공항에서)")
_EN_FROM = re.compile(r"\b(?:from|leaving|depart(?:ing)?\s+from)\s+$")
# "부산 말고", "instead of Kyoto": a city set aside, not the one asked about
_NOT_THERE = re.compile(r"^\s*(?:은|는|이|가)?\s*(?:말고|아니고|아니라|대신|빼고|제외)")
_EN_NOT = re.compile(r"\b(?:instead of|not|rather than|except)\s+$")
# "서울이랑 시차", "colder than Seoul": in a question of fact, a city set beside the trip to compare it with
_COMPARED_KO = re.compile(r"^\s*(?:이랑|랑|과|와|하고|보다|대비|에\s*비해|이랑은|과는|와는)(?![가-힣]*\s*(?:여행|일정))")
_EN_COMPARED = re.compile(r"\b(?:with|than|compared (?:to|with)|vs\.?|versus|from)\s+(?:in\s+)?$")
# a landmark named in full, only outside the open trip's gazetteer (stronger than a keyword)
_FULL_NAME = 3
NEW_TRIP_OFFSET_DAYS = 30  # a created trip starts a month out, as the sample trips do; dates are editable


def other_destination(text: str, current: str, *, fact: bool = False) -> tuple[Destination, str] | None:
    """The destination other than ``current`` the message is about, and the name it used (a landmark's
    own name when it named one); None when it names none, or only as the place the traveller leaves from
    (or, in a question of ``fact``, as the city the trip is compared with: "is it colder here than in Seoul?")."""
    low = text.lower()
    if not any(m.strength >= 2 for m in gazetteer(current).place_mentions(text)):
        for dest in destinations().values():
            if dest.id != current:
                g = gazetteer(dest.id)
                full = [m for m in g.place_mentions(text) if m.strength >= _FULL_NAME]
                if full:
                    return dest, g.places[full[0].id].name_ko
    for dest in destinations().values():
        if dest.id == current:
            continue
        for name in filter(None, (dest.name, dest.name_en.lower(), dest.name_local)):
            for m in literal(name).finditer(low):
                if name.isascii() and (re.match(r"[a-z]", low[m.end():m.end() + 1]) or _EN_FROM.search(low[:m.start()])):
                    continue
                if _DEPARTURE.match(low[m.end():m.end() + 8]) or _inside_current_name(low, m.start(), name, current):
                    continue
                if fact and (_COMPARED_KO.match(low[m.end():m.end() + 12]) or _EN_COMPARED.search(low[:m.start()])):
                    continue
                return dest, dest.name
    return None


def uncarried_city(text: str, lexicon_words: list[str]) -> str | None:
    """A city the app has no trip for (lexicon ``other_cities``), named as where the request is about (not
    where the traveller leaves from), at a word's start ("교토 맛집", not inside another word)."""
    low = text.lower()
    for name in lexicon_words:
        left = r"(?<![a-z])" if name.isascii() else r"(?<![가-힣])"
        right = r"(?![a-z])" if name.isascii() else ""
        for m in compiled(left + re.escape(name.lower()) + right).finditer(low):
            if _DEPARTURE.match(low[m.end():m.end() + 8]) or (name.isascii() and _EN_FROM.search(low[:m.start()])):
                continue
            if _NOT_THERE.match(low[m.end():m.end() + 8]) or _EN_NOT.search(low[:m.start()]):
                continue  # "부산 말고 오사카로": the city set aside
            return name
    return None


def ask_uncarried_question(city: str, current: Destination, en: bool) -> tuple[str, list[str]]:
    """A city without a trip here: say so, name the destinations there are, and offer the open trip or another."""
    others = [d for d in destinations().values() if d.id != current.id]
    if en:
        names = ", ".join(d.name_en for d in destinations().values())
        return (f"I have no places data for {city.title()}: the trips I can plan are {names}. Look on the open "
                f"{current.name_en} trip instead, or open another trip?",
                [f"Stay on the {current.name_en} trip", *(f"Open the {d.name_en} trip" for d in others)])
    names = ", ".join(d.name for d in destinations().values())
    return (f"{with_josa(city, '은')} 제가 장소 데이터를 가진 여행지가 아니에요 (계획할 수 있는 곳: {names}). 지금 열린 "
            f"{current.name} 여행에서 찾아볼까요, 다른 여행을 열까요?",
            [f"{current.name} 여행 계속", *(f"{d.name} 여행 열기" for d in others)])


def _inside_current_name(low: str, at: int, name: str, current: str) -> bool:
    """"N서울타워" on a Seoul trip, "도쿄 타워" on a Tokyo trip: the name is part of a place of the open trip."""
    for p in gazetteer(current).places.values():
        for full in (p.name_ko.lower(), p.name_en.lower()):
            if name in full and (i := low.find(full)) >= 0 and i <= at < i + len(full):
                return True
    return False


def ask_trip_question(dest: Destination, named: str, current: Destination, en: bool) -> tuple[str, list[str]]:
    """The question and choices when a message is about another destination than the open trip."""
    if en:
        where = f"{named} is in {dest.name_en}" if named != dest.name else f"You asked about {dest.name_en}"
        return (f"{where}, but the trip open now is {current.name_en}. Open the {dest.name_en} trip?",
                [f"Open the {dest.name_en} trip", f"Stay on the {current.name_en} trip"])
    where = f"{with_josa(named, '은')} {dest.name}에 있어요" if named != dest.name else f"{dest.name}에 대해 물으셨어요"
    return (f"{where}. 지금 열린 여행은 {current.name} 여행이에요. {dest.name} 여행을 열까요?",
            [f"{dest.name} 여행 열기", f"{current.name} 여행 계속"])


def another_trip(reader: _Reader) -> Reading | None:
    """A message about another destination than the open trip's: open it when the user says so, else ask."""
    fact = reader.has("general") and not (reader.has("recommend") or reader.has("itinerary"))
    found = other_destination(reader.raw, reader.trip.destination, fact=fact)
    here = destinations()[reader.trip.destination]
    if reader.has("stay") and (here.name in reader.raw or here.name_en.lower() in reader.raw.lower()):
        return None  # "도쿄 여행 계속": the open trip it is
    if found is None:
        city = uncarried_city(reader.raw, reader.lex.phrases("other_cities"))
        raw = reader.raw.lower()
        own = max(raw.rfind(here.name), raw.rfind(here.name_en.lower()))
        if city is None or own > raw.rfind(city.lower()):
            return None  # none, or the open trip's own city named last ("부산 들렀다 오사카로")
        question, choices = ask_uncarried_question(city, here, reader.en)
        return Reading(None, {"missing": "trip", "city": city}, question, choices, "ask")
    dest, named = found
    if reader.has("open_trip") and (reader.has("trip_word") or reader.has("itinerary")):
        return Reading("open_trip", {"destination": dest.id, **({"days": n} if (n := reader.trip_length()) else {})})
    question, choices = ask_trip_question(dest, named, here, reader.en)
    return Reading(None, {"missing": "trip", "destination": dest.id}, question, choices, "ask")


class OpenTripArgs(BaseModel):
    destination: str = Field(min_length=1, max_length=60, description="여행지 id 또는 이름 (예: osaka, 오사카)")
    nights: int | None = Field(None, ge=0, le=MAX_TRIP_DAYS - 1, description="새로 만들 때 박 수 (선택)")


def _find(value: str) -> Destination | None:
    known = destinations()
    if value.lower() in known:
        return known[value.lower()]
    return next((d for d in known.values() if value.strip().lower() in {d.name.lower(), d.name_en.lower(),
                                                                         (d.name_local or "").lower()}), None)


def open_trip(args: OpenTripArgs, ctx: ToolContext) -> ToolOutput:
    """Open the user's trip to a destination (the latest one there), or create it."""
    dest = _find(args.destination)
    if dest is None:
        names = ", ".join(f"{d.name} ({d.name_en})" for d in destinations().values())
        return ToolOutput(ok=False, summary=f"여행지 {with_josa(repr(args.destination[:40]), '은')} 없습니다. 가능한 곳: {names}. "
                                            f"(No destination {args.destination[:40]!r}; choose one of: {names}.)")
    service = TripService(ctx.store)
    mine = [t for t in service.store.trips(ctx.user_id) if t["destination"] == dest.id]
    created = not mine
    if mine:
        trip = service.switch(ctx.user_id, mine[-1]["id"])
    else:
        trip_id = service.seed_sample(ctx.user_id, dest, ctx.now)
        if trip_id is None:
            trip = service.create(ctx.user_id, dest.id, ctx.now.date() + timedelta(days=NEW_TRIP_OFFSET_DAYS),
                                  args.nights if args.nights is not None else 2, ctx.now)
        else:  # the sample trip with its saved places; its dates are edited in the workspace
            trip = service.active(ctx.user_id)
    verb = "만들고 열었습니다" if created else "열었습니다"
    summary = (f"{trip.title} 여행을 {verb} ({trip.start_date.isoformat()} ~ {trip.end_date.isoformat()}, 저장된 장소 "
               f"{len(trip.places)}곳).")
    data: dict[str, object] = {"trip_id": trip.id, "title": trip.title, "destination": dest.id,
                            "title_en": shown_title(trip.title, dest.id, trip.days, True),
                            "destination_name": dest.name, "destination_en": dest.name_en, "days": trip.days,
                            "created": created, "places": [p.model_dump(mode="json") for p in trip.places]}
    return ToolOutput(summary=summary, data=data)
