"""The shopping cards' data: one model per card kind, registered with agents/core/cards.py."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from agents.core import cards
from agents.core.cards import CardData, Cell


class Compare(CardData):
    model_config = ConfigDict(extra="forbid")

    columns: list[str]
    rows: list[list[Cell]]


class Recommendation(BaseModel):
    """One ranked product (agents/shopping/view.py reads these keys; the ranker may add more)."""

    model_config = ConfigDict(extra="allow")

    id: str
    title: str
    score: float
    price: int
    reason: str = ""
    in_budget: bool = True
    breakdown: dict[str, float] = {}
    pros: list[str] = []
    cons: list[str] = []


class Recommendations(CardData):
    model_config = ConfigDict(extra="forbid")

    recommendations: list[Recommendation]
    updatedSession: dict[str, object]  # the search state the next turn refines: category, pros, budget, summary
    first: bool
    labels: dict[str, str]  # tag -> the words shown for it


cards.register("compare", Compare)
cards.register("recommendations", Recommendations)
