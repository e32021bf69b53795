"""The travel planner's offline policy: read the message against the trip in the context, call
the tool that fits (or ask with choices), and write the reply from the tool results only."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from agents.core.providers.base import ChatMessage, ModelRequest
from agents.core.providers.offline import PolicyReply, latest_tool_results
from agents.nlu import compact
from agents.nlu.dialogue import Dialogue
from agents.nlu.language import conversation_language
from agents.travel import followup
from agents.travel.destinations import find_destination
from agents.travel.plan import SavedPlace, candidates, draft_itinerary, plan_title
from agents.travel.reading import TIME_OF_DAY_START, TripView, read
from agents.travel.understood import Reading

_TRIP = re.compile(r"^(?P<title>.+?) · 여행지: (?P<dest>\S+).*?\((?P<days>\d+)일\) · trip_id: (?P<id>\S+)", re.M)
_PLACE = re.compile(r"^- (.+?) \| (.*?) \| (\w+) \| (?:(-?[\d.]+),(-?[\d.]+)|좌표 없음)", re.M)
_NEARBY_CATEGORIES = {"restaurant", "cafe", "attraction", "shopping"}


def trip_from_context(system: str) -> tuple[TripView, list[SavedPlace], str]:
    """The trip the context section describes: (what reading needs, saved places, title)."""
    m = _TRIP.search(system)
    dest = find_destination(m.group("dest")) if m else None
    saved = [SavedPlace(n, e or None, c, float(lat) if lat else None, float(lng) if lng else None)
             for n, e, c, lat, lng in _PLACE.findall(system)]
    view = TripView(destination=dest.id if dest else "tokyo", saved=tuple(p.name for p in saved),
                    days=int(m.group("days")) if m else 4, has_itinerary="## 현재 일정" in system)
    return view, saved, m.group("title") if m else "여행"


def policy(request: ModelRequest) -> PolicyReply:
    last = request.messages[-1]
    if last.role == "tool":
        from agents.travel.compose import compose

        results = latest_tool_results(request.messages)
        en = _english(request.messages)
        if results and results[-1][0] == "open_trip" and results[-1][1].get("ok"):
            data = results[-1][1].get("data")
            then = _after_opening(request, data if isinstance(data, dict) else {}, en)
            if then is not None and not then.tool_calls:  # an answer about a place there: after saying it is open
                return PolicyReply(text=f"{compose(results, en)} {then.text}")
            if then is not None:
                return then
        return PolicyReply(text=compose(results, en))
    view, saved, _title = trip_from_context(request.system)
    return act(read_request(request), view, saved, _english(request.messages), _generated_before(request.messages))


def _english(messages: list[ChatMessage]) -> bool:
    """Is the person's last message answered in English (a bare "2" or "ok" keeps the conversation's language)?"""
    return conversation_language([m.content or "" for m in messages if m.role == "user"]) == "en"


def read_request(request: ModelRequest) -> Reading:
    """How the policy reads a request's last user message: against the trip in its context, together with
    the question this agent asked just before, if any (the nlu-report harness reads follow-ups with it)."""
    view, _saved, _title = trip_from_context(request.system)
    dialogue = Dialogue.parse(request.system)
    said = dialogue.answer(request.messages[-1].content)  # "2" after a question with choices: the second choice
    text = _with_pending_question(request.messages, said)
    reading = read(text, view)
    if text != said:
        return reading  # an answer to this agent's own question is read with that question
    users = [m.content for m in request.messages if m.role == "user"]
    earlier = users[-2] if len(users) > 1 else ""
    return followup.resolve(reading, text, view, dialogue, earlier) or reading


def _str(args: Mapping[str, object], key: str) -> str | None:
    """A reading's text slot (place, category, near ...); None when it is not there."""
    value = args.get(key)
    return value if isinstance(value, str) else None


def _int(args: Mapping[str, object], key: str) -> int | None:
    """A reading's number slot (days, day, max_results ...); None when it is not there."""
    value = args.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def act(reading: Reading, view: TripView, saved: list[SavedPlace], en: bool = False,
        variant: int = 0) -> PolicyReply:
    """Turn a reading into the real tool call (with the arguments the tool takes)."""
    a = reading.args
    match reading.tool:
        case None:
            return PolicyReply(tool_calls=[("askClarification", {"question": reading.question,
                                                                 "options": reading.choices[:6], "known": a})])
        case "recommend_places":
            found, relaxed = candidates(view.destination, saved, category=_str(a, "category"),
                                        keyword=_str(a, "keyword"), near=_str(a, "near"), limit=_int(a, "max_results") or 8)
            if not found:
                return PolicyReply(text=("I could not find a place for that in this destination. Try another kind of place."
                                         if en else "이 여행지에서 그 조건에 맞는 곳을 찾지 못했어요. 다른 종류의 장소로 찾아 볼까요?"))
            why = ", ".join(str(a[k]) for k in ("near", "keyword", "category") if a.get(k))
            if relaxed:
                why += f" (relaxed: {', '.join(relaxed)})"
            places = [{"name": p.name_ko, "name_en": p.name_en, "category": p.category} for p in found]
            near = {"near": a["near"]} if a.get("near") else {}
            return PolicyReply(tool_calls=[("recommend_places", {"places": places, "reasoning": why or None, **near})])
        case "search_nearby_places":
            args: dict[str, object] = {"referencePlaceName": a["reference"], "maxResults": a.get("max_results", 3)}
            if a.get("category") in _NEARBY_CATEGORIES:
                args["category"] = a["category"]
            if a.get("keyword"):
                args["keyword"] = a["keyword"]
            return PolicyReply(tool_calls=[("search_nearby_places", args)])
        case "generate_itinerary":
            days = min(_int(a, "days") or view.days, view.days)
            named = a.get("skip")
            skip = {compact(str(n)) for n in named} if isinstance(named, list) else set()
            kept = [p for p in saved if compact(p.name) not in skip and compact(p.name_en or "") not in skip]
            kept = (kept or saved) + _unsaved(view.destination, saved, _names(a.get("include")))
            draft = draft_itinerary(plan_title(view.destination, days, en), kept, days,
                                    variant if a.get("regenerate") else 0, en, view.destination, _int(a, "easy_day"))
            return PolicyReply(tool_calls=[("generate_itinerary", dict(draft))])
        case "show_itinerary":
            return PolicyReply(tool_calls=[("show_itinerary", {"dayNumber": a["day"]} if a.get("day") else {})])
        case "add_place_to_itinerary":
            start = _str(a, "start_time") or TIME_OF_DAY_START.get(_str(a, "time_of_day") or "")
            args = {"placeName": a["place"], "dayNumber": a["day"], **({"startTime": start} if start else {})}
            return _proposal("add_place_to_itinerary", args, en, view.destination)
        case "open_trip":
            nights = length - 1 if (length := _int(a, "days")) else None
            return PolicyReply(tool_calls=[("open_trip", {"destination": a["destination"],
                                                          **({"nights": nights} if nights is not None else {})})])
        case "remove_place":
            saved_names = {compact(n) for n in view.saved}
            args = {"placeName": a["place"]}
            if compact(str(a["place"])) not in saved_names:  # the tool refuses it by name: no sentence promising a card
                return PolicyReply(tool_calls=[("remove_saved_place", args)])
            return _proposal("remove_saved_place", args, en, view.destination)
        case _:
            if reading.args.get("topic") == "compare" and isinstance(names := reading.args.get("places"), list):
                from agents.travel.facts import compare_answer

                return PolicyReply(text=compare_answer(view.destination, [str(n) for n in names], en))
            if reading.args.get("topic") == "ranked" and isinstance(names := reading.args.get("places"), list):
                from agents.travel.shown import ranked_answer

                return PolicyReply(text=ranked_answer(view.destination, [str(n) for n in names], str(a.get("by")), en,
                                                   _str(a, "from")))
            if reading.args.get("kind") == "place" and reading.args.get("place"):
                from agents.travel.facts import place_answer

                place = str(reading.args["place"])
                return PolicyReply(text=place_answer(view.destination, place, str(reading.args.get("topic")), en,
                                                     compact(place) in {compact(n) for n in view.saved},
                                                     when=_str(a, "time_of_day") or _str(a, "start_time")))
            return PolicyReply(text=_freeform(reading, en))


def _names(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def _unsaved(destination: str, saved: list[SavedPlace], names: list[str]) -> list[SavedPlace]:
    """Places a re-plan was asked to keep in ("우도 넣어서 다시 짜줘") that are not saved: put in the draft as
    the gazetteer has them, so the tool, which plans saved places only, names them as left out."""
    from agents.travel.names import gazetteer

    have = {compact(p.name) for p in saved}
    places = gazetteer(destination).places.values()
    out = []
    for name in names:
        hit = next((p for p in places if compact(p.name_ko) == compact(name)), None)
        if hit is not None and compact(hit.name_ko) not in have:
            out.append(SavedPlace(hit.name_ko, hit.name_en or None, hit.category, hit.lat, hit.lng))
    return out


def _proposal(tool: str, args: dict[str, object], en: bool, destination: str) -> PolicyReply:
    from agents.travel.compose import proposal_sentence
    from agents.travel.names import gazetteer

    shown = dict(args)
    if en:  # an English sentence names the place in English when the gazetteer has its English name
        key = compact(str(args.get("placeName") or ""))
        hit = next((p for p in gazetteer(destination).places.values() if compact(p.name_ko) == key and p.name_en), None)
        if hit is not None:
            shown["placeName"] = hit.name_en
    return PolicyReply(text=proposal_sentence(tool, shown, en), tool_calls=[(tool, args)])


def _freeform(reading: Reading, en: bool) -> str:
    kind = reading.args.get("kind")
    if kind == "thanks":
        return "You are welcome. Have a great trip!" if en else "천만에요! 더 필요한 게 있으면 말씀해 주세요. 즐거운 여행 되세요."
    if kind == "dismiss":
        return ("Okay, I will leave it as it is. Tell me whenever you need places or a plan." if en else
                "알겠어요, 그대로 둘게요. 장소나 일정이 필요하면 언제든 말씀해 주세요.")
    if kind == "greeting":
        return ("Hello! Ask me for places (ramen near Shinjuku, cafes near a saved place) or an itinerary." if en else
                "안녕하세요! \"라멘집 추천해줘\", \"센소지 주변 카페\", \"일정 짜줘\"처럼 말씀해 주세요.")
    if reading.args.get("topic") == "flight":
        return ("Flights, fares and baggage rules are not in my data, so I will not guess them: the airline or your "
                "booking site has the exact fares and limits. For the trip itself I can recommend places, find places "
                "near the ones you saved and plan the days." if en else
                "항공권 가격, 비행 시간, 수하물 규정은 제가 확인할 수 있는 자료에 없어서 추측하지 않을게요. 정확한 요금과 규정은 "
                "항공사나 예약 사이트에서 확인해 주세요. 여행지에서는 장소 추천, 저장한 장소 근처 찾기, 날짜별 일정 짜기를 도와드려요.")
    if reading.args.get("topic") == "pace":
        return ("A comfortable day holds three or four places; with five or more, the travel between them and the "
                "queues usually leave little slack. The plan keeps neighbours on the same day and follows the opening "
                "hours. If it feels too full, say \"make day 2 relaxed\" and I will plan it again with fewer visits, "
                "starting later." if en else
                "보통 하루에 3~4곳이면 무리 없이 다닐 수 있고, 5곳이 넘으면 이동과 대기 시간 때문에 빠듯해요. 일정은 가까운 곳끼리 같은 날에 "
                "묶고 영업시간에 맞춰 짰어요. 너무 빡빡하면 \"2일차 여유있게 다시 짜줘\"라고 해 주세요: 방문지를 줄이고 늦게 시작하도록 "
                "다시 짜 드릴게요.")
    if reading.args.get("topic") == "directions":
        return ("Routes, timetables and fares between places are not in my data, so I will not guess them: a map or "
                "transit app has the live route. I can find places near a saved one, or add a place to a day." if en else
                "장소 사이 가는 길, 시간표, 요금은 제가 가진 데이터에 없어서 추측하지 않을게요. 실시간 경로는 지도 앱이나 교통 앱에서 "
                "확인해 주세요. 저장한 장소 근처 찾기나 날짜별 일정에 장소 넣기는 도와드릴 수 있어요.")
    if en:
        return ("I plan this trip with you: I recommend places (checked against the places data), find places near the "
                "ones you saved, draft a day-by-day itinerary you can apply, and add or remove places. "
                "For other questions I have no tool, so I would rather not guess.")
    return ("저는 이 여행의 장소 추천(장소 데이터로 검증), 저장한 장소 근처 찾기, 날짜별 일정 미리보기(적용하기를 눌러야 저장), "
            "일정에 장소 넣기·빼기를 도와드려요. 그 밖의 질문에는 확인할 도구가 없어 추측하지 않을게요.")


# what the first message asked for, done on the trip just opened: places, a plan, an add the person named (proposed,
# it waits for its confirmation as ever) and a question about one place
_CONTINUE = frozenset({"recommend_places", "search_nearby_places", "generate_itinerary", "show_itinerary",
                       "add_place_to_itinerary"})


def _after_opening(request: ModelRequest, trip: Mapping[str, object], en: bool) -> PolicyReply | None:
    """After open_trip, what the user asked for in the first place (a plan, places) on the trip just opened;
    None when there is nothing more to do than say it is open."""
    asked = max(i for i, m in enumerate(request.messages) if m.role == "user")
    text = _with_pending_question(request.messages[:asked + 1], request.messages[asked].content)
    if text == request.messages[asked].content:
        return None  # "제주 여행으로 바꿔줘" alone: opening it was the whole request
    places = trip.get("places")  # open_trip's data: the trip's saved places as dumped TripPlaces
    saved = [SavedPlace(str(p["name"]), _str(p, "name_en"), _str(p, "category") or "etc", _num(p, "latitude"),
                        _num(p, "longitude"))
             for p in (places if isinstance(places, list) else []) if isinstance(p, dict)]
    view = TripView(destination=_str(trip, "destination") or "tokyo", saved=tuple(p.name for p in saved),
                    days=_int(trip, "days") or 1)
    reading = read(text, view)
    if reading.tool not in _CONTINUE and reading.args.get("kind") != "place":
        return None
    return act(reading, view, saved, en)


def _num(args: Mapping[str, object], key: str) -> float | None:
    value = args.get(key)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _with_pending_question(messages: list[ChatMessage], said: str) -> str:
    """The answer to a question this agent asked is read together with what was asked about
    ("거기 넣어줘" -> "어떤 장소를?" -> "센소지"); up to three questions in a row."""
    parts = [said]
    i = len(messages) - 2
    for _ in range(3):
        j = i - 1 if i >= 0 and messages[i].role == "assistant" and not messages[i].tool_calls else i
        if j < 2 or messages[j].role != "tool" or messages[j].name != "askClarification":
            break
        ask, user = messages[j - 1], messages[j - 2]
        if ask.role != "assistant" or not ask.tool_calls or user.role != "user":
            break
        parts.insert(0, Dialogue(choices=_options_before(messages, j - 2)).answer(user.content))
        i = j - 3
    return " ".join(parts)


def _options_before(messages: list[ChatMessage], k: int) -> list[str]:
    """The choices of the question asked right before message ``k`` (an earlier "2" answered it)."""
    j = k - 2 if k >= 2 and messages[k - 1].role == "assistant" and not messages[k - 1].tool_calls else k - 1
    if j < 0 or messages[j].role != "tool" or messages[j].name != "askClarification":
        return []
    try:
        payload = json.loads(messages[j].content or "{}")
    except json.JSONDecodeError:
        return []
    data = payload.get("data") if isinstance(payload, dict) else None
    options = data.get("options") if isinstance(data, dict) else None
    return [str(o) for o in options if isinstance(o, str)] if isinstance(options, list) else []


def _generated_before(messages: list[ChatMessage]) -> int:
    return sum(1 for m in messages if m.role == "assistant" for c in m.tool_calls if c.name == "generate_itinerary")



