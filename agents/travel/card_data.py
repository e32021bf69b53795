"""The travel cards' data: one model per card kind, registered with agents/core/cards.py."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from agents.core import cards
from agents.core.cards import CardData, Cell
from agents.travel.model import ItineraryDay, ItineraryPreviewData, TripPlace


class Place(CardData):
    """A validated place (agents/travel/model.py ValidatedPlace, dumped as JSON) with its trip."""

    name: str
    trip_id: str
    markdown: str


class Itinerary(CardData):
    model_config = ConfigDict(extra="forbid")

    trip_id: str
    title: str
    days: list[ItineraryDay]
    places: list[TripPlace]
    columns: list[str]
    rows: list[list[Cell]]
    unmatched: list[str] = Field(default_factory=list)  # an applied preview's names that matched no saved place (issue 30)


class ItineraryPreview(CardData):
    model_config = ConfigDict(extra="forbid")

    preview: ItineraryPreviewData
    trip_id: str
    has_itinerary: bool
    requiresConfirmation: bool
    columns: list[str]
    rows: list[list[Cell]]
    markdown: str


cards.register("place", Place)
cards.register("itinerary", Itinerary)
cards.register("itinerary_preview", ItineraryPreview)
