"""What a shopping turn carries beside its text (``AgentSpec.inputs``): a clicked product card's id and the
start panel's choices. The pipeline checks the values itself (an unknown product is refused by name)."""

from __future__ import annotations

from pydantic import JsonValue

from agents.core.turn_inputs import TurnInputs


class ShoppingInputs(TurnInputs):
    # "이 제품 기반 재추천" on a card (the seed's clickedAnchorId); `playground chat --anchor`
    anchor_product_id: JsonValue = None
    # The start panel: {"category", "pros", "cons", "budget_min", "budget_max"}
    start: JsonValue = None
