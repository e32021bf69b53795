"""The marketing cards' data: one model per card kind, registered with agents/core/cards.py, so every card
the tools make is checked against its kind's shape (the stored JSON is the data as written)."""

from __future__ import annotations

from pydantic import ConfigDict

from agents.core import cards
from agents.core.cards import CardData, Cell, Chart, TileData


class _Exact(CardData):
    model_config = ConfigDict(extra="forbid")  # a key no model names is a producer's typo


class KpiSummary(_Exact):
    tiles: list[TileData]
    period: str
    start: str  # ISO dates
    end: str


class KpiTrend(_Exact):
    chart: Chart


class Table(_Exact):
    """A table with its chart: the campaign list, a campaign's detail, the weekday trend, a comparison."""

    columns: list[str]
    rows: list[list[Cell]]
    chart: Chart


class Anomalies(_Exact):
    columns: list[str]
    rows: list[list[Cell]]
    message: str  # "" when there are anomalies


class BudgetRecommendation(_Exact):
    columns: list[str]
    rows: list[list[Cell]]
    chart: Chart
    message: str


class Report(_Exact):
    markdown: str


for _kind, _model in (("kpi_summary", KpiSummary), ("kpi_trend", KpiTrend), ("campaign_list", Table),
                      ("campaign_detail", Table), ("trend", Table), ("campaign_compare", Table),
                      ("anomalies", Anomalies), ("budget_recommendation", BudgetRecommendation), ("report", Report)):
    cards.register(_kind, _model)
