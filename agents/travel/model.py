"""The travel agent's shapes: gazetteer places, validated places (seed 001 §5.1), trips and
itinerary previews (§3.1.1 ``ItineraryPreviewData``)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

Category = Literal["restaurant", "cafe", "attraction", "shopping", "accommodation", "transport", "etc"]
CATEGORIES: tuple[str, ...] = ("restaurant", "cafe", "attraction", "shopping", "accommodation", "transport", "etc")
CATEGORY_KO = {"restaurant": "맛집", "cafe": "카페", "attraction": "관광", "shopping": "쇼핑",
               "accommodation": "숙소", "transport": "교통", "etc": "기타"}
CATEGORY_EN = {"restaurant": "Restaurant", "cafe": "Cafe", "attraction": "Sight", "shopping": "Shopping",
               "accommodation": "Stay", "transport": "Transport", "etc": "Other"}


class PlaceHit(BaseModel):
    """One place as a Places backend returns it (gazetteer row or Google result)."""

    place_id: str
    name: str
    name_en: str | None = None
    name_ko: str | None = None
    category: str = "etc"
    address: str | None = None
    area: str | None = None
    latitude: float
    longitude: float
    rating: float | None = None
    user_ratings_total: int | None = None
    price_level: int | None = None
    open_now: bool | None = None
    google_maps_url: str | None = None
    # True when the values above come from the shipped gazetteer's sandbox numbers.
    sandbox: bool = False


class PlaceSuggestion(BaseModel):
    """A place as the model proposes it (recommend_places args)."""

    name: str = Field(min_length=1, max_length=120, description="장소명 (현지어)")
    name_en: str | None = Field(None, max_length=120, description="영문명")
    address: str | None = Field(None, max_length=200, description="주소")
    category: Category = Field("etc", description="카테고리")
    description: str | None = Field(None, max_length=200, description="간단한 설명 (50자 이내)")


class ValidatedPlace(BaseModel):
    """Seed §5.1: a suggestion checked against Places, enriched when found."""

    name: str
    name_en: str | None = None
    address: str | None = None
    category: str = "etc"
    description: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    isVerified: bool = False
    googlePlaceId: str | None = None
    rating: float | None = None
    userRatingsTotal: int | None = None
    openNow: bool | None = None
    priceLevel: int | None = None
    googleMapsUrl: str | None = None
    distanceFromReference: float | None = None
    sandbox: bool = False  # ratings and hours are sandbox values (offline gazetteer)


class TripPlace(BaseModel):
    id: str
    name: str
    name_en: str | None = None
    category: str
    latitude: float | None = None
    longitude: float | None = None
    place_id: str | None = None


class ItineraryItem(BaseModel):
    order: int
    place_id: str  # the trip place it visits
    place_name: str
    category: str = "etc"
    start_time: str | None = None  # HH:MM
    duration: str | None = None  # "1.5h"
    note: str | None = None


class ItineraryDay(BaseModel):
    day_number: int
    date: date
    items: list[ItineraryItem] = []


class Trip(BaseModel):
    id: str
    user_id: str
    title: str
    destination: str  # destination id ("tokyo")
    destination_name: str  # what the user reads ("도쿄")
    country: str | None = None
    start_date: date
    end_date: date
    places: list[TripPlace] = []
    itinerary: list[ItineraryDay] = []

    @property
    def days(self) -> int:
        return (self.end_date - self.start_date).days + 1


class PreviewItem(BaseModel):
    order: int
    placeName: str
    placeNameEn: str | None = None
    category: str = "etc"
    startTime: str | None = None
    duration: str | None = None
    note: str | None = None
    placeId: str | None = None  # the matched trip place; None when unmatched (skipped on apply)


class PreviewDay(BaseModel):
    dayNumber: int
    date: str
    items: list[PreviewItem] = []


class ItineraryPreviewData(BaseModel):
    """Seed §3.1.1, plus the names that could not be matched to a saved place."""

    title: str
    days: list[PreviewDay] = []
    unmatched: list[str] = []
