"""What a travel turn carries beside its text (``AgentSpec.inputs``): the itinerary preview's 적용하기
button (trip id, preview, mode; the apply_itinerary tool validates them as its arguments)."""

from __future__ import annotations

from pydantic import JsonValue

from agents.core.turn_inputs import TurnInputs


class TravelInputs(TurnInputs):
    apply_itinerary: JsonValue = None
