"""The travel turn: the core tool loop, then the seed's text-parsing fallback (§3.3) when the
model answered with places in plain text and called no tool."""

from __future__ import annotations

import json
from collections.abc import Iterator

from agents.core.events import Event
from agents.core.providers.base import ModelToolCall
from agents.core.referents import remember_turn
from agents.core.toolcalls import tool_context
from agents.core.tools import new_call_id
from agents.core.turn import Turn, tool_loop
from agents.nlu.language import conversation_language
from agents.travel.destinations import destination
from agents.travel.fallback import parse_places
from agents.travel.followup import META_TOOLS, extract
from agents.travel.inputs import TravelInputs
from agents.travel.model import PlaceSuggestion
from agents.travel.places_google import places_for
from agents.travel.service import TripService
from agents.travel.tools import report_places
from agents.travel.validation import validate_and_enrich

_STRICT = ("json_block", "json")  # structured answers are trusted; lists and quotes must verify


def pipeline(turn: Turn) -> Iterator[Event]:
    yield from _turn(turn)
    remember_turn(turn, extract, meta_tools=META_TOOLS)  # what the next "두번째 거 / 다시 / 거기" points at


def _turn(turn: Turn) -> Iterator[Event]:
    # The cards follow the language the user wrote in, as the replies do (Korean unless plainly English).
    turn.meta["lang"] = conversation_language([m.content or "" for m in turn.history if m.role == "user"], turn.text)
    apply = TravelInputs.of(turn).apply_itinerary
    if apply is not None:  # the preview's 적용하기 button: a confirmation card, no model call
        call = ModelToolCall(id=new_call_id(), name="apply_itinerary", arguments=json.dumps(apply, ensure_ascii=False))
        turn.flush_reply([call])
        yield from turn.run_tool(call, from_button=True)
        return
    yield from tool_loop(turn)
    if any(m.tool_calls for m in turn.messages_out) or not turn.final_text:
        return
    method, places = parse_places(turn.final_text)
    if not places:
        return
    names = [p["name"] for p in places[:8]]
    if method not in _STRICT:
        # A list or quotes may name anything (steps, dishes, tips): only names the Places backend
        # knows become cards, so a numbered packing list never turns into "미검증" places.
        places = [p for p in places[:8] if p["name"] in _known(turn, [p["name"] for p in places[:8]])]
        if not places:
            turn.meta["parse_fallback"] = {"method": method, "names": names, "verified": 0, "used": False}
            return
    call = ModelToolCall(id=new_call_id(), name="recommend_places",
                         arguments=json.dumps({"places": places[:8]}, ensure_ascii=False))
    turn.flush_reply([call])  # the history pairs the result with a call, as a model's would be
    message, _ = yield from turn.run_tool(call)
    result = json.loads(message.content or "{}")
    verified = [p for p in (result.get("data") or {}).get("places", []) if p.get("isVerified")]
    turn.meta["parse_fallback"] = {"method": method, "names": names, "verified": len(verified), "used": True}


def _known(turn: Turn, names: list[str]) -> set[str]:
    """The names the Places backend verifies (cached, so recommend_places asks again for free)."""
    trip = TripService(turn.store).active(turn.user_id)
    places = places_for(TripService(turn.store).store)
    checked = validate_and_enrich([PlaceSuggestion(name=n) for n in names], destination(trip.destination), places)
    report_places(tool_context(turn), places)
    return {name for name, place in zip(names, checked, strict=True) if place.isVerified}
