"""The tutor's chart card data (agents/tutor/charts.py), registered with agents/core/cards.py."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from agents.core import cards
from agents.core.cards import CardData, Chart, TileData


class TutorChart(CardData):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["price", "compare", "allocation"]
    codes: list[str]
    period: str | None = None  # an allocation has none
    sandbox: Literal[True]  # the tutor only charts the sandbox market
    notice: str
    chart: Chart
    tiles: list[TileData]


cards.register("tutor_chart", TutorChart)
