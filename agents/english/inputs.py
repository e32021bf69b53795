"""What an english turn carries beside its text (``AgentSpec.inputs``): "새 기사로 시작" and, on the
stateless path of the seed's API, the client's own history (checked by the pipeline, item by item)."""

from __future__ import annotations

from pydantic import JsonValue

from agents.core.turn_inputs import TurnInputs


class EnglishInputs(TurnInputs):
    start: JsonValue = None
    history: JsonValue = None
