"""What a tutor turn carries beside its text (``AgentSpec.inputs``): the sandbox app's context_text (the
screen it shows; parsed by the contract, which names what is wrong) and the seed's switches."""

from __future__ import annotations

from pydantic import JsonValue

from agents.core.turn_inputs import TurnInputs


class TutorInputs(TurnInputs):
    context_text: JsonValue = None
    use_web_search: JsonValue = None
    response_mode: JsonValue = None
    structured_extract: JsonValue = None
