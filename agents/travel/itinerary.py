"""Itinerary previews (seed 001 §6): match each item to a saved place, exactly then fuzzily;
skip and report the rest. Applying a preview (overwrite or merge) is a confirmed action."""

from __future__ import annotations

import re
import unicodedata
from datetime import timedelta
from typing import Literal

from pydantic import BaseModel, Field
from rapidfuzz import fuzz, process

from agents.travel.model import ItineraryPreviewData, PreviewDay, PreviewItem, Trip, TripPlace

_TIME = r"^([01]?\d|2[0-3]):[0-5]\d$"


class ItemArgs(BaseModel):
    placeName: str = Field(min_length=1, max_length=120, description="저장된 장소명 (정확히 일치해야 함)")
    startTime: str | None = Field(None, pattern=_TIME, description="HH:mm 형식")
    duration: str | None = Field(None, max_length=20, description="예상 체류 시간 (예: 1.5h)")
    note: str | None = Field(None, max_length=200, description="방문 팁")


class DayArgs(BaseModel):
    dayNumber: int = Field(ge=1, le=30)
    items: list[ItemArgs] = Field(max_length=12)


class GenerateArgs(BaseModel):
    title: str = Field(min_length=1, max_length=80, description="일정 제목")
    days: list[DayArgs] = Field(min_length=1, max_length=30)


class ApplyArgs(BaseModel):
    trip_id: str = Field(min_length=1, description="the trip the itinerary is for")
    preview: ItineraryPreviewData
    mode: Literal["overwrite", "merge"] = Field("overwrite", description="replace the itinerary or add to it")


def _norm(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).lower().split())


def match_place(name: str, places: list[TripPlace]) -> TripPlace | None:
    """A saved place by exact name (local or English, spacing ignored), else the best fuzzy match."""
    wanted = _norm(name)
    for place in places:
        if wanted in {_norm(place.name), _norm(place.name_en or "")}:
            return place
    choices = {i: f"{_norm(p.name)}|{_norm(p.name_en or '')}" for i, p in enumerate(places)}
    best = process.extractOne(wanted, choices, scorer=fuzz.partial_ratio, score_cutoff=85) if wanted else None
    return places[best[2]] if best and len(wanted) >= 2 else None


def build_preview(args: GenerateArgs, trip: Trip) -> ItineraryPreviewData:
    """Nothing is saved: the preview waits for 적용하기."""
    days: list[PreviewDay] = []
    unmatched: list[str] = []
    for day in sorted(args.days, key=lambda d: d.dayNumber):
        if day.dayNumber > trip.days:
            unmatched += [f"{i.placeName} (day {day.dayNumber})" for i in day.items]
            continue
        items: list[PreviewItem] = []
        for item in day.items:
            place = match_place(item.placeName, trip.places)
            if place is None:
                unmatched.append(item.placeName)
                continue
            items.append(PreviewItem(order=len(items) + 1, placeName=place.name, placeNameEn=place.name_en,
                                     category=place.category, startTime=item.startTime, duration=item.duration,
                                     note=item.note, placeId=place.id))
        days.append(PreviewDay(dayNumber=day.dayNumber,
                               date=(trip.start_date + timedelta(days=day.dayNumber - 1)).isoformat(), items=items))
    return ItineraryPreviewData(title=args.title, days=days, unmatched=unmatched)


def resolve_preview(preview: ItineraryPreviewData, trip: Trip) -> ItineraryPreviewData:
    """A preview from outside (an API client's, without ``placeId``s) matched to the trip's saved places by
    name; what matches nothing, or falls after the trip's last day, is listed in ``unmatched``."""
    saved = {p.id for p in trip.places}
    unmatched = list(preview.unmatched)
    days: list[PreviewDay] = []
    for day in preview.days:
        items: list[PreviewItem] = []
        for item in day.items:
            place = next((p for p in trip.places if p.id == item.placeId), None) if item.placeId in saved else None
            place = place or match_place(item.placeName, trip.places)
            if place is None or day.dayNumber > trip.days:
                unmatched.append(item.placeName if day.dayNumber <= trip.days
                                 else f"{item.placeName} (day {day.dayNumber})")
                continue
            items.append(item.model_copy(update={"placeId": place.id, "placeName": place.name}))
        days.append(day.model_copy(update={"items": items}))
    return preview.model_copy(update={"days": days, "unmatched": list(dict.fromkeys(unmatched))})


def skipped(preview: ItineraryPreviewData, trip: Trip) -> list[str]:
    """What applying ``preview`` leaves out: the names it could not match, and items whose place is no
    longer saved or whose day is past the trip's end (issue 30: never skipped silently)."""
    saved = {p.id for p in trip.places}
    gone = [i.placeName for d in preview.days for i in d.items if i.placeId not in saved or d.dayNumber > trip.days]
    return list(dict.fromkeys([*preview.unmatched, *gone]))


def planned_days(preview: ItineraryPreviewData, trip: Trip, mode: str) -> list[tuple[int, list[dict[str, str | None]]]]:
    """The rows to write: the preview alone (overwrite) or appended to what is there (merge),
    never visiting one place twice on the same day. Items whose place was removed are skipped."""
    saved = {p.id for p in trip.places}
    days: dict[int, list[dict[str, str | None]]] = {}
    if mode == "merge":
        for kept in trip.itinerary:
            days[kept.day_number] = [{"place_id": i.place_id, "start_time": i.start_time, "duration": i.duration,
                                      "note": i.note} for i in kept.items]
    for day in preview.days:
        rows = days.setdefault(day.dayNumber, [])
        for item in day.items:
            if item.placeId in saved and all(r["place_id"] != item.placeId for r in rows):
                rows.append({"place_id": item.placeId, "start_time": item.startTime, "duration": item.duration,
                             "note": item.note})
        rows.sort(key=lambda r: (r["start_time"] is None, r["start_time"] or ""))
    return sorted((n, rows) for n, rows in days.items() if rows and n <= trip.days)


def parse_duration_hours(duration: str | None) -> float:
    """'1.5h', '90m', '2시간', '30분' -> hours (1.0 when unknown), for the timeline chart."""
    if not duration:
        return 1.0
    text = duration.replace(" ", "")
    hours = re.search(r"(\d+(?:\.\d+)?)(?:h|시간)", text)
    minutes = re.search(r"(\d+)(?:m|min|분)", text)
    value = (float(hours.group(1)) if hours else 0.0) + (int(minutes.group(1)) / 60 if minutes else 0.0)
    return value or 1.0
