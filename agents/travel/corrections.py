"""A short correction of the last travel request: the message takes it back or says the value to use instead
("아니 4일로", "no, make it 3pm", "말고 마지막 날", "아니 팀랩", "actually five places") and carries only values of
the kinds the last request takes (a day count, a day number, a time, a place, a count). The last request is made
again with those values in place of its own and the rest kept; the tool it calls does not change.

Which kinds each request takes:
- a plan (generate_itinerary): its length in days ("4일로", "이틀만", "make it 3 days", a bare "3");
- a day's plan shown (show_itinerary): the day ("셋째 날로", "no, day 2");
- an add (add_place_to_itinerary): the place, the day, the time ("오후로", "8시로", "아니 도쿄 타워로");
- a removal (remove_saved_place): the place ("아니 팀랩");
- a search: how many places ("아니 5곳"); its kind of place and its centre are the follow-up reader's (``followup``).
A value of another kind ("아니 카페로" after a plan), or a request of its own beside it, is no correction of this one:
``None``, and the message is read as it is."""

from __future__ import annotations

import re
from collections.abc import Mapping

from agents.nlu import compact, normalise
from agents.nlu.dialogue import Dialogue, corrects
from agents.travel import numbers
from agents.travel.reading import TripView, _Reader, read
from agents.travel.understood import Reading
from agents.travel.wording import without

_TAKES = {"generate_itinerary": {"days"}, "show_itinerary": {"day"}, "add_place_to_itinerary": {"place", "day", "time"},
          "remove_saved_place": {"place"}, "search_nearby_places": {"count"}, "recommend_places": {"count"}}
# Requests of their own: a message with one of these asks for something else than the last request changed.
_OTHER_REQUESTS = frozenset({"remove", "skip", "flight", "general", "hours", "directions", "price", "pass", "off_topic",
                             "pace", "easy", "relative_day", "worth_it", "thanks", "greeting", "from_saved", "near",
                             "after_visit", "lodging"})
# A bare number said as the new value ("nah, 3", "아니 5로", "actually 3 instead"): after a plan, its length in days
_BARE_NUMBER = re.compile(r"(\d{1,2})(?:로|으로)?")
_CORRECTION_WORDS = re.compile(r"\b(?:actually|instead|rather|make\s+(?:it|that)|no+|nope|nah|wait|please|let'?s\s+do)\b|"
                               r"아니(?:요|야|다)?|아냐|[ㄴᄂ]{2}|그냥|음|해\s*줘|해\s*주세요|할게|해|요|[\s,.!?~]+")
MAX_LENGTH = 40  # a correction is short: a longer message says more than one changed value


def corrected(reading: Reading, text: str, view: TripView, dialogue: Dialogue, earlier: str = "") -> Reading | None:
    """The last request with the values the message corrects, or None when the message is no such correction;
    ``earlier``: the person's message before (the add as they said it)."""
    takes = _TAKES.get(dialogue.tool or "")
    if takes is None or not corrects(text) or len(compact(text)) > MAX_LENGTH:
        return None
    if reading.tool == "open_trip" or reading.args.get("missing") == "trip":
        return None  # another city named: the reader's question about the trip stands
    reader = _Reader(text, view)
    if reader.hits.keys() & _OTHER_REQUESTS or ("add" in reader.hits and dialogue.tool != "add_place_to_itinerary"):
        return None
    said = values(reader, dialogue.tool == "generate_itinerary")
    if not said or not said.keys() <= takes:
        return None
    last = dialogue.args
    match dialogue.tool:
        case "generate_itinerary":
            return Reading("generate_itinerary", {"days": said["days"]})
        case "show_itinerary":
            day = said["day"]
            return Reading("show_itinerary", {"day": day}) if isinstance(day, int) and 1 <= day <= view.days \
                else reader.ask_day("show")
        case "add_place_to_itinerary":
            return _add(reader, said, last, view, last_time(dialogue, earlier, view))
        case "remove_saved_place":
            place = said["place"]
            return None if compact(str(place)) == compact(str(last.get("place") or "")) \
                else Reading("remove_place", {"place": place})
    # a search: the same search, for as many places as said
    keys = {"reference", "near", "category", "keyword"}
    return Reading(str(dialogue.tool), {**{k: v for k, v in last.items() if k in keys}, "max_results": said["count"]})


def values(reader: _Reader, plan: bool) -> dict[str, object]:
    """The values the message says, by kind. A time of day is read first and its words then count for nothing else
    ("아침으로": the morning, no breakfast place); ``plan``: a bare number or "4일로" is a length in days."""
    out: dict[str, object] = {}
    if times := reader.time():
        out["time"] = times
    spoken = [m[3] for m in reader.lex.matches(reader.text, "time_of_day")]
    rest = _Reader(without(reader.text, spoken), reader.trip) if spoken else reader
    day = rest.day()
    if day is not None:
        out["day"] = day
    elif (n := numbers.trip_length(rest.text, itinerary=plan)) is not None:
        out["days"] = n
    elif plan and not times and (m := _BARE_NUMBER.fullmatch(_CORRECTION_WORDS.sub("", normalise(rest.text)))):
        out["days"] = int(m.group(1))
    named = rest.place(saved_first=True)
    if named is not None and (named.strength >= 2 or named.id in rest.saved_ids):
        out["place"] = rest.name(named)
    elif rest.areas or (named is not None and not rest.category()):
        out["area"] = True  # a centre only a search takes
    keyword = rest.keyword()
    place = rest.g.places[named.id] if named is not None else None
    if place is not None and keyword and any(compact(keyword) in compact(n).lower()
                                             for n in (place.name_ko, place.name, place.name_en) if n):
        keyword = None  # "팀랩" of 팀랩 플래닛: the place's short name, no theme asked for
    if rest.category() or keyword:
        out["kind"] = True
    if (count := rest.count()) is not None and "days" not in out:
        out["count"] = count
    return out


def last_time(dialogue: Dialogue, earlier: str, view: TripView) -> dict[str, object]:
    """The time of the last add as the person said it ("저녁에" is the evening, not the 18:00 the call carried): their
    message before, read alone, when it was that add on that day; else the call's start time; else none."""
    last = dialogue.args
    if dialogue.tool != "add_place_to_itinerary":
        return {}
    if earlier and (asked := read(earlier, view)).tool == "add_place_to_itinerary" and asked.args.get("day") == last.get("day"):
        said = {k: v for k, v in asked.args.items() if k in ("time_of_day", "start_time")}
        if said:
            return said
    before = last.get("start_time")
    return {"start_time": before} if isinstance(before, str) else {}


def _add(reader: _Reader, said: Mapping[str, object], last: Mapping[str, object], view: TripView,
         kept: dict[str, object]) -> Reading | None:
    """The last add with the place, day or time said instead; the others (``kept``: its time as said) as they were."""
    place = str(said.get("place") or last.get("place") or "")
    day = said.get("day", last.get("day"))
    if not place or not isinstance(day, int):
        return None
    if place == last.get("place") and day == last.get("day") and "time" not in said:
        return None  # nothing changed
    if day > view.days or day < 1:
        return reader.ask_day("add", place)
    time = said.get("time")
    before = last.get("start_time")
    if not isinstance(time, dict):
        time = kept
    elif isinstance(before, str) and isinstance(new := time.get("start_time"), str):
        time = {"start_time": _same_half(new, before, reader.text)}
    return Reading("add_place_to_itinerary", {"place": place, "day": day, **time})


# A clock hour said with its half of the day ("오전", "저녁", "pm"): it is the hour it says
_HALF_SAID = re.compile(r"오전|오후|아침|저녁|밤|새벽|낮|\b(?:a\.?m|p\.?m)\b|\d\s*(?:am|pm)\b")


def _same_half(new: str, before: str, text: str) -> str:
    """"아니 8시로" after 19:00: 20:00; a bare hour corrects an afternoon or evening time within its half of the day."""
    hour, minute = (int(x) for x in new.split(":"))
    if _HALF_SAID.search(text) is None and int(before.split(":")[0]) >= 12 and hour < 12 and hour + 12 <= 23:
        return f"{hour + 12:02d}:{minute:02d}"
    return new
