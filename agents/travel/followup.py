"""Travel follow-ups that point back, on the kit's dialogue state (``agents.nlu.dialogue``).

``extract`` keeps what a tool call referred to in the reader's own words (``reference``, ``near``,
``category``, ``keyword``, ``day``, ``place``) and the places it listed, in order. ``resolve`` reads a
message against it after ``reading.read`` has read it alone: a list position ("두번째 거 3일차에"), a
day asked after a day ("그럼 1일차는?"), "here" on the day on screen ("여기에 X도 넣어줘"), a plan made
again ("X는 빼고 다시", "again but ..."), and the last search with one thing changed ("밥집으로 바꿔줘",
"same but near X", "거기서 라멘만"), a request after an opening cancel ("nah skip that, show me day 1"), and an
add taken back for another place on the same day ("아니 그거 빼고 B로"). None leaves the reading as it was. A position with nothing listed,
or a day that is not known, still asks."""

from __future__ import annotations

import re
from collections.abc import Mapping

from agents.nlu import compact, normalise
from agents.nlu.dialogue import Dialogue, Mention, Pointer, instead, pointer, referent
from agents.travel.corrections import corrected, last_time
from agents.travel.names import lexicon
from agents.travel.reading import TripView, _Reader, read
from agents.travel.shown import ranked_by
from agents.travel.understood import Reading

PLACE = "place"
META_TOOLS = frozenset({"askClarification", "freeformResponse"})
SEARCHES = frozenset({"search_nearby_places", "recommend_places"})
_SEARCH_KEYS = ("category", "keyword")


def extract(tool: str, args: dict[str, object], payload: dict[str, object]
            ) -> tuple[list[Mention], list[Mention] | None, dict[str, object] | None]:
    data = payload.get("data")
    if not isinstance(data, dict):
        data = {}
    places = data.get("places")
    rows = [p for p in places if isinstance(p, dict) and p.get("name")] if isinstance(places, list) else []
    listed = [Mention(PLACE, str(p["name"]), str(p.get("name_en") or "")) for p in rows] if tool in SEARCHES else None
    kinds = {p.get("category") for p in rows}
    match tool:
        case "search_nearby_places":
            ref = str(args.get("referencePlaceName") or "")
            own = {"reference": ref, "category": args.get("category"), "keyword": args.get("keyword")}
            return [Mention(PLACE, ref)] if ref else [], listed, _clean(own)
        case "recommend_places":  # the call lists places; what was asked for is their shared kind, around its centre
            return [], listed, _clean({"category": kinds.pop() if len(kinds) == 1 else None,
                                       "near": args.get("near") if data.get("near") else None})
        case "show_itinerary":
            return [], None, _clean({"day": args.get("dayNumber")})
        case "add_place_to_itinerary":
            place = str(args.get("placeName") or "")
            return [Mention(PLACE, place)] if place else [], None, _clean({"place": place, "day": args.get("dayNumber"),
                                                                        "start_time": args.get("startTime")})
        case "remove_saved_place":
            return [], None, _clean({"place": args.get("placeName")})
        case "generate_itinerary":  # the days planned ("아니 4일로" changes them)
            days = args.get("days")
            planned = [d.get("dayNumber") for d in days if isinstance(d, dict)] if isinstance(days, list) else []
            return [], None, _clean({"days": max((n for n in planned if isinstance(n, int)), default=None)})
    return [], listed, None


def _clean(args: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in args.items() if v not in (None, "", [])}


def resolve(reading: Reading, text: str, view: TripView, dialogue: Dialogue, earlier: str = "") -> Reading | None:
    """``earlier``: the user's message before this one (a place asked about without a tool: "창덕궁 어때?")."""
    if (rest := _after_cancel(text)) is not None:  # "nah skip that, show me day 1": the request after the cancel
        again, said = read(rest, view), _Reader(rest, view)
        moved = dialogue.tool == "add_place_to_itinerary" and not said.places and said.day() is not None
        after = None if moved else _corrected_add(again, said, dialogue, earlier, taken_back=True) or resolve(
            again, rest, view, dialogue, earlier) or again
        if after is not None and after.tool is not None:
            return after  # else ("아니 그거 말고 3일차에": the add moved to a day) the whole message is read

    if reading.args.get("kind") == "dismiss":
        return reading  # "아니 됐어" after a plan: the plan is let go, not made again
    if (ranked := _about_listed(reading, text, view, dialogue)) is not None:  # "그 중에 제일 싼 데는?"
        return ranked
    if (repeated := _repeated(text, dialogue, view)) is not None:  # "again please" after day 2 shown: day 2 again
        return repeated
    if (fixed := corrected(reading, text, view, dialogue, earlier)) is not None:  # "아니 4일로", "no, make it 3pm"
        return fixed
    p = pointer(text)
    hits = lexicon().intents_hit(text)
    reader = _Reader(text, view)
    if (fixed := _corrected_add(reading, reader, dialogue, earlier, taken_back=p.again)) is not None:
        return fixed
    if (p.pronoun or _elliptic_add(hits, reader, earlier)) and p.position is None and not reader.places \
            and ("add" in hits or reader.day() is not None) and "remove" not in hits \
            and reading.tool in (None, "freeformResponse", "show_itinerary"):
        added = _add_pointed(reader, dialogue, earlier)
        if added is not None:
            return added
    if reading.tool is None and reading.args.get("for") == "remove" and p.pronoun and not reader.places:
        return _remove_pointed(reader, p, dialogue, earlier)
    if reading.tool is None and reading.args.get("for") == "about":  # "거기 밤에 가는 게 나아?": the place just talked about
        before = [m for m in (_Reader(earlier, view).places if earlier else []) if m.strength >= 2]
        last_place = reader.name(before[0]) if len({m.id for m in before}) == 1 else (
            m.id if not before and (m := dialogue.last(PLACE)) is not None else None)
        if last_place is not None:
            asked = {k: v for k, v in reading.args.items() if k not in ("missing", "for")}  # the topic, the time asked
            return Reading("freeformResponse", {**asked, "kind": "place", "place": last_place})
    if p.position is not None and reading.tool is None and reading.args.get("missing") == "place" and not reader.places \
            and dialogue.tool not in SEARCHES and (picked := _user_listed(earlier, view, p.position)) is not None:
        return read(f"{picked} {text}", view)  # "두번째 거 빼줘" after the user named two places: the second of them
    if dialogue.tool is None and not dialogue.listed:
        return None
    if (about := _about_listed_one(text, view, dialogue, p, hits, reader)) is not None:
        return about  # "두번째 곳 몇 시까지 해?", "is the third one worth it?": that listed place, asked about
    if p.position is not None and "remove" not in hits:  # "remove the last one" is no add on the last day
        dated = _Reader(_POSITION.sub(" ", normalise(text)), view)  # "the last one" is no last day either
        if "add" in hits or dated.day() is not None:
            return _add_listed(dated, p, dialogue)
    last, args = dialogue.tool, dialogue.args
    moved_day = _DAY_ONLY.search(normalise(text)) is not None and len(compact(text)) <= 12  # "아 3일차로"
    shown_day = args.get("day")
    if last in ("show_itinerary", "add_place_to_itinerary") and isinstance(shown_day, int) \
            and (step := _relative_day(text)) and not reader.places and reading.tool in (None, "freeformResponse",
                                                                                          "show_itinerary"):
        then = shown_day + step  # "next day?", "그 다음 날은?": the day after the one just shown
        return Reading("show_itinerary", {"day": then}) if 1 <= then <= view.days else None
    if last == "add_place_to_itinerary" and args.get("place") and (p.again or moved_day) and not reader.places \
            and (day := _Reader(instead(text), view).day()) is not None and day != args.get("day"):
        if day > view.days:  # "아니 셋째 날 말고 둘째 날": the same place, on the day said instead
            return _Reader(text, view).ask_day("add", str(args["place"]))
        return Reading("add_place_to_itinerary", {"place": args["place"], "day": day, **reader.time()})
    answered = reading.tool == "freeformResponse" and reading.args.get("topic") in ("pace", "directions", "flight")
    if last in ("show_itinerary", "add_place_to_itinerary") and reading.tool in (None, "freeformResponse") \
            and not answered and reader.day() is not None and not reader.places and "add" not in hits:
        return Reading("show_itinerary", {"day": reader.day()})  # "그럼 1일차는?", "last day?"
    if last in ("show_itinerary", "add_place_to_itinerary") and args.get("day") and reading.tool is None \
            and reading.args.get("missing") == "day" and reading.args.get("for") == "add" and reading.args.get("place") \
            and (p.pronoun or p.again):
        return Reading("add_place_to_itinerary", {"place": reading.args["place"], "day": args["day"], **reader.time()})
    # "X 빼고 다시" re-plans; "그럼 X는 저장 목록에서 지워줘" (no re-plan word) removes X itself
    # "remake it, slower" right after the plan was shown is the same: the plan on screen, made again
    if ((last == "generate_itinerary" and (p.again or "regenerate" in hits))
            or (last == "show_itinerary" and "regenerate" in hits and not reader.places and reader.category() is None)) \
            and (reading.tool in (None, "generate_itinerary", "freeformResponse")
                 or (reading.tool == "remove_place" and "regenerate" in hits)
                 or (reading.tool in SEARCHES and "regenerate" in hits and reader._skips())):  # "redo it without X"
        skip = list(dict.fromkeys(reader.name(m) for m in reader.places)) if reader._skips() else []
        return Reading("generate_itinerary", {**(reading.args if reading.tool == "generate_itinerary" else {}),
                                              **({"skip": skip} if skip else {}), "regenerate": True})
    same = _SAME.search(normalise(text)) is not None  # "same thing but near X", "똑같이 시부야에서"
    if last in SEARCHES and (p.again or p.pronoun or same or len(compact(text)) <= 12) \
            and not hits.keys() & {"general", "off_topic", "hours", "directions"}:
        return _search_again(reading, reader, view, _with_keyword(args, earlier, view), pointed=p.again or p.pronoun or same)
    return None


def _about_listed(reading: Reading, text: str, view: TripView, dialogue: Dialogue) -> Reading | None:
    """A question ranking the places just listed by a property the data holds ("그 중에 평점 제일 높은 데?", "which of
    those is cheapest?"): answered from the data, no tool. A kind of place, a dish or a place of its own makes it a
    search of its own; an add or a removal by rank is a change, not this question."""
    listed = [m.id for m in dialogue.listed if m.kind == PLACE] if dialogue.tool in SEARCHES else []
    if len(listed) < 2 or (by := ranked_by(text)) is None or reading.tool not in (None, "freeformResponse", *SEARCHES):
        return None
    reader = _Reader(text, view)
    if reader.category() or reader.keyword() or reader.areas or any(m.strength >= 2 for m in reader.places) \
            or reader.has("add") or reader.has("remove") or reader.day() is not None:
        return None
    centre = dialogue.args.get("reference") or dialogue.args.get("near")
    return Reading("freeformResponse", {"topic": "ranked", "by": by, "places": listed,
                                        **({"from": centre} if isinstance(centre, str) else {})})


# "어때?", "how is it", "what's it like", "any good": how a place is, asked of one listed place by its position
_HOW_IS = re.compile(r"어때|어떤\s*(?:곳|데|집|가게)|괜찮아|좋아\s*\??$|\b(?:how is|how's|what is .* like|what's .* like|any good|"
                     r"is it good|tell me (?:more )?about)\b")


# A list position said with the noun it stands for ("두번째 거", "첫번째 카페", "the third one", "the last place"): the
# words the listed place's name stands in for when the message is read alone
_POSITION = re.compile(r"(?:(?:첫|두|세|네|다섯|여섯|일곱|여덟|\d{1,2})\s*번\s*째|(?:둘|셋|넷)\s*째|마지막|맨\s*(?:위|아래|끝|처음)|"
                       r"\d{1,2}\s*번)(?!\s*(?:날|일|day))\s*(?:거|꺼|것|곳|데|집|가게|카페|식당|장소|꺼는|거는|곳은|건)?|"
                       r"\b(?:the\s+)?(?:first|second|third|fourth|fifth|sixth|last|\d{1,2}(?:st|nd|rd|th))\b(?!\s+day)"
                       r"(?:\s+(?:one|place|spot|cafe|restaurant|option))?\b", re.I)


def _about_listed_one(text: str, view: TripView, dialogue: Dialogue, p: Pointer, hits: Mapping[str, object],
                      reader: _Reader) -> Reading | None:
    """A question about the place at a position of the list just shown: the message read alone with that place's name
    in front (the single-message reader answers hours, when to go, worth); a bare "어때?" is asked how it is (worth).
    An add, a removal or a day said make it a change, which the list readers below handle."""
    said = normalise(text)
    if p.position is None or not dialogue.listed or dialogue.tool not in SEARCHES or hits.keys() & {"add", "remove"} or reader.places \
            or _Reader(_POSITION.sub(" ", said), view).day() is not None:  # "the last one" names no last day
        return None
    hit = dialogue.at(p.position, PLACE)
    if hit is None:
        return None
    asked = read(_POSITION.sub(hit.id, said, count=1) if _POSITION.search(said) else f"{hit.id} {text}", view)
    if asked.tool == "freeformResponse" and asked.args.get("kind") == "place" and asked.args.get("place") == hit.id:
        return asked
    kind = reader.category()
    if _HOW_IS.search(said.lower()) is not None and kind in (None, dialogue.args.get("category")) and not reader.keyword():
        return Reading("freeformResponse", {"kind": "place", "topic": "worth", "place": hit.id})
    return None


# A bare "again": only words that ask for the last thing once more, and politeness ("again please", "한 번 더 보여줘",
# "다시 좀", "one more time", "say that again"); a new plan needs a word of its own ("새로", "redo", "다른 버전")
_AGAIN_WORD = re.compile(r"다시|한\s*번\s*더|한\s*번만\s*더|\b(?:again|once more|one more time|repeat|same again)\b")
_FILLER = re.compile(r"same|다시|한\s*번(?:만)?\s*더|한\s*번|또|좀|보여\s*(?:줘|주세요|줄래|줄래요|주실래요|줘요)|말해\s*(?:줘|주세요)|"
                     r"알려\s*(?:줘|주세요)|찾아\s*(?:줘|주세요|봐|봐줘)|부탁(?:해|해요|드려요)?|요|please|pls|plz|again|once more|one more time|repeat|"
                     r"(?:show|tell|say|give)\s+(?:me\s+)?(?:it|that|this)?|can you|could you|would you|ok(?:ay)?|the same|that|it|"
                     r"[\s,.!?~]+", re.I)


def _repeated(text: str, dialogue: Dialogue, view: TripView) -> Reading | None:
    """The last query made again as it was, when the message only asks for it once more: the same day's plan shown,
    the same search run. A plan is made anew by its own branch ("again" after a plan is a new draft); a change (an
    add, a removal) is never repeated on a bare "again"."""
    t = normalise(text).lower()
    if _AGAIN_WORD.search(t) is None or _FILLER.sub("", t).strip():
        return None
    last = dialogue.args
    if dialogue.tool == "show_itinerary":
        day = last.get("day")
        return Reading("show_itinerary", {"day": day} if isinstance(day, int) and 1 <= day <= view.days else {})
    if dialogue.tool in SEARCHES:
        return _again_as_it_was(last, view)
    return None


# A message opening by cancelling the last request ("nah skip that,", "never mind.", "취소.", "아니 그거 빼고"): what
# follows it is the request; the cancel's own words ("skip", "빼고") remove nothing.
_CANCEL = re.compile(r"^\s*(?:(?:아|음|앗|헉|oh|ah|um|hmm|ok|okay|nah|no|nope|아니|아니다|아냐|ㄴㄴ)[\s,.!~]+)*"
                     r"(?:(?:skip|forget|scratch|scrap|cancel|drop|ditch)\s+(?:that|it|this)|never\s*mind|취소(?:할게|해|하고)?|"
                     r"(?:그거|그건|그걸|이거|이건)\s*(?:말고|빼고|됐고|취소(?:하고)?)|됐고|됐어)(?=[\s,.!~]|$)[\s,.!~]*", re.I)
# "같은 날로", "on the same day": the day the last add was on
_SAME_DAY = re.compile(r"같은\s*날|그\s*날(?:로|에)|\b(?:the\s+)?same\s+day\b")


def _after_cancel(text: str) -> str | None:
    """The request after an opening cancel ("nah skip that, just show me day 1" -> "just show me day 1"); None when
    the message opens with no cancel or says nothing after it (a bare "취소" is a request of its own)."""
    t = normalise(text)
    m = _CANCEL.match(t)
    if m is None or len(compact(t[m.end():])) < 2:
        return None
    return t[m.end():]


def _corrected_add(reading: Reading, reader: _Reader, dialogue: Dialogue, earlier: str, *,
                   taken_back: bool) -> Reading | None:
    """"아니 그거 빼고 B로", "대신 B 넣어줘 같은 날로" right after adding A: B on the day A was to go, at A's time unless the
    message says one, when the message takes A back (or says the same day) and names one other place and no day of
    its own."""
    last = dialogue.args
    if dialogue.tool != "add_place_to_itinerary" or not isinstance(last.get("day"), int) or not last.get("place"):
        return None
    same_day = _SAME_DAY.search(reader.text) is not None
    named = [m for m in reader.places if m.strength >= 2 and compact(reader.name(m)) != compact(str(last["place"]))]
    if not (taken_back or same_day) or len({m.id for m in named}) != 1 or (reader.day() is not None and not same_day):
        return None
    if reading.tool not in (None, "add_place_to_itinerary", "freeformResponse") or reader.has("near"):
        return None  # "아니 B 근처 카페": a search of its own
    return Reading("add_place_to_itinerary", {"place": reader.name(named[0]), "day": last["day"],
                                              **(reader.time() or last_time(dialogue, earlier, reader.trip))})


_SAME = re.compile(r"\bsame (?:thing|again|search|but|kind|one|please)\b|\bthe same\b|똑같이|똑같은|같은 걸로|같은 거로|마찬가지로")
# "아 3일차로", "넷째 날로 해줘": only a day, said as the one to use instead
_DAY_ONLY = re.compile(r"(?:로|으로)\s*(?:해\s*줘|해\s*주세요|바꿔\s*줘|옮겨\s*줘|해|요|할게|가자)?\s*[.!?~]*\s*$")
_NEXT_DAY = re.compile(r"(?:그\s*)?다음\s*날|이튿날|\b(?:the\s+)?(?:next|following)\s+day\b|\bthe\s+day\s+after\b")
_DAY_BEFORE = re.compile(r"(?:그\s*)?전\s*날|\b(?:the\s+)?previous\s+day\b|\bthe\s+day\s+before\b")


def _relative_day(text: str) -> int:
    """+1 for "the next day", -1 for "the day before", 0 when the message names no day relative to the last."""
    t = normalise(text)
    return 1 if _NEXT_DAY.search(t) else -1 if _DAY_BEFORE.search(t) else 0


def _elliptic_add(hits: Mapping[str, object], reader: _Reader, earlier: str) -> bool:
    """"좋아 둘째날에 넣어줘" right after "what's 도쿄 타워 like?": an add that names no place, after a message that asked
    about one place and for no search (a search lists several: which one is then not said)."""
    if "add" not in hits or reader.places or not earlier:
        return False
    if read(earlier, reader.trip).tool in (*SEARCHES, "add_place_to_itinerary", "remove_place", "generate_itinerary",
                                           "show_itinerary"):
        return False  # "센소지 근처 카페": a search, whose results are what an add would mean
    return len([m for m in _Reader(earlier, reader.trip).places if m.strength >= 2]) == 1


def _user_listed(earlier: str, view: TripView, at: int) -> str | None:
    """The place at position ``at`` (-1: the last) of the places the user's message before named, in their order;
    None unless it named two or more."""
    found = sorted((m for m in (_Reader(earlier, view).places if earlier else []) if m.strength >= 2), key=lambda m: m.start)
    named = list(dict.fromkeys(m.id for m in found))
    if len(named) < 2 or not (at == -1 or 1 <= at <= len(named)):
        return None
    return _Reader(earlier, view).name(next(m for m in found if m.id == named[at - 1 if at > 0 else -1]))


def _add_pointed(reader: _Reader, dialogue: Dialogue, earlier: str) -> Reading | None:
    """"그거 사흘째에", "put it on the final day": the one place the message before named, else the place
    the conversation last referred to; None when there is none (the reading's own question stands)."""
    named = _Reader(earlier, reader.trip).places if earlier else []
    strong = [m for m in named if m.strength >= 2]
    if len(strong) > 1:
        return None  # two places named just before: which one is not said
    if strong:
        place = reader.name(strong[0])
    elif (last := dialogue.last(PLACE)) is not None:
        place = last.id
    else:
        return None
    day = reader.day()
    if day is None or day > reader.trip.days:
        return reader.ask_day("add", place)
    return Reading("add_place_to_itinerary", {"place": place, "day": day, **reader.time()})


def _remove_pointed(reader: _Reader, p: Pointer, dialogue: Dialogue, earlier: str = "") -> Reading | None:
    """"음 그거 지워줘" after "도쿄 스카이트리 주변 카페 알려줘": only a saved place can be removed, so the pointer means the
    saved place the conversation last named; two of them still ask which (a removal is never guessed). A question
    about one place just before ("X 몇 시에 열어?", "is X worth it?") calls no tool that names it: the message names it."""
    saved = {compact(n): n for n in reader.trip.saved}
    said = [m for m in (_Reader(earlier, reader.trip).places if earlier else []) if m.strength >= 2]
    if said:
        named = list(dict.fromkeys(saved[compact(reader.name(m))] for m in said if compact(reader.name(m)) in saved))
        if len(named) == 1 and len(said) == 1:
            return Reading("remove_place", {"place": named[0]})
        if len(named) > 1:
            asked = reader.ask_place("remove")
            return Reading(None, asked.args, asked.question, named, "ask")
    named = list(dict.fromkeys(saved[compact(m.id)] for m in referent(dialogue, p, PLACE) if compact(m.id) in saved))
    if not named:
        return None  # nothing saved was pointed at: the reading's own question stands
    if len(named) > 1:
        asked = reader.ask_place("remove")
        return Reading(None, asked.args, asked.question, named, "ask")
    return Reading("remove_place", {"place": named[0]})


def _add_listed(reader: _Reader, p: Pointer, dialogue: Dialogue) -> Reading | None:
    """"두번째 거 3일차에 추가": the place at that position of the last list, on the day named."""
    hit = dialogue.at(p.position or 0, PLACE)
    if hit is None:
        return None  # nothing listed at that position: the reading's own question stands
    day = reader.day()
    if day is None or day > reader.trip.days:
        return reader.ask_day("add", hit.id)
    return Reading("add_place_to_itinerary", {"place": hit.id, "day": day, **reader.time()})


# "다른 데", "딴 곳", "something else", "other ones": more of the same search, not a new kind of place.
_OTHER = re.compile(r"다른\s?(?:데|곳|거|걸|집|가게|장소|카페|식당|맛집)|딴\s?(?:데|곳|거|집)|"
                    r"\b(?:other (?:ones|places|spots|options)|something else|somewhere else|different (?:ones|places))\b")


def _again_as_it_was(last: Mapping[str, object], view: TripView) -> Reading | None:
    anchor = last.get("reference") or last.get("near")
    kind = {k: last[k] for k in _SEARCH_KEYS if last.get(k)}
    if not anchor and not kind:
        return None
    if last.get("reference"):
        return Reading("search_nearby_places", {"reference": last["reference"], **kind})
    return Reading("recommend_places", {**({"near": anchor} if anchor else {}), **kind})


def _with_keyword(last: Mapping[str, object], earlier: str, view: TripView) -> Mapping[str, object]:
    """The last search with the dish or theme its message asked for: a recommendation's call lists places, not the
    keyword ("ramen near Shinjuku" then "what about Shibuya?": ramen there too), so the message is read again."""
    if last.get("keyword") or not earlier:
        return last
    asked = read(earlier, view)
    kind = last.get("category")
    if asked.tool not in SEARCHES or not asked.args.get("keyword") or (kind and asked.args.get("category") != kind):
        return last
    return {**last, "keyword": asked.args["keyword"]}


def _search_again(reading: Reading, reader: _Reader, view: TripView, last: Mapping[str, object], *,
                  pointed: bool) -> Reading | None:
    """The last search with what the message changes: its anchor, its kind of place, or both."""
    mine = dict(reading.args) if reading.tool in SEARCHES else {}
    guessed = reading.source == "classifier" and reading.tool not in SEARCHES  # "ㄴㄴ 성수 쪽으로": no rule read it
    if reading.tool not in SEARCHES and not guessed and not (reading.tool is None
                                                             and reading.args.get("missing") != "day"):
        return None
    if reading.tool is None or guessed:  # "거기서 가까운 카페는?" asked which place: the kind it named still counts
        mine = {k: v for k, v in (("category", reader.category()), ("keyword", reader.keyword())) if v}
    anchor = mine.get("reference") or mine.get("near")
    if not anchor and (m := reader._anchor()) is not None:  # "함덕 쪽으로 바꿔서": a place named, no kind
        anchor = reader.name(m) if m.id in reader.g.places else m.id
    kind = {k: mine[k] for k in _SEARCH_KEYS if mine.get(k)}
    if anchor and kind:
        return None  # the message says both itself: it is a search of its own
    if not anchor and not kind and _OTHER.search(normalise(reader.text)):
        return _again_as_it_was(last, view)  # "그거 말고 다른 데 추천해줘": the same search, for more places
    if not anchor and not kind.get("category") and not (pointed and kind):
        return None  # a bare word after a search ("비행기 몇시꺼?") is no search: only a pointer carries one
    if not anchor:
        anchor = last.get("reference") or last.get("near")
        if not anchor:
            return None
        if kind.get("keyword") and not kind.get("category") and last.get("category"):
            kind["category"] = last["category"]  # "거기서 라멘만": ramen among the restaurants asked for
    else:
        kind = {k: last[k] for k in _SEARCH_KEYS if last.get(k)}  # "same but near X": the same kind of place
        if not kind:
            return None
    out: dict[str, object] = {**kind, **({"max_results": mine["max_results"]} if mine.get("max_results") else {})}
    # "near Tsukiji" on a trip that saved 츠키지 시장: the saved place the area is named for
    saved = next((n for n in view.saved if compact(n) == compact(str(anchor))), None) or next(
        (n for n in view.saved if compact(n).startswith(compact(str(anchor)))), None)
    if saved is not None:
        return Reading("search_nearby_places", {"reference": saved, **out})
    return Reading("recommend_places", {"near": anchor, **out})
