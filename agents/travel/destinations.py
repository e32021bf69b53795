"""Shipped destinations and the gazetteer loader (data/travel)."""

from __future__ import annotations

import functools
import hashlib
import json
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from agents.travel.store import GazetteerRow, TravelStore

DATA = Path(__file__).resolve().parents[2] / "data" / "travel"


class SampleTrip(BaseModel):
    title: str
    start_offset_days: int = 30  # the sample trip starts this many days after first use
    nights: int = 3
    place_ids: list[str] = []


class Destination(BaseModel):
    id: str
    name: str  # Korean, as users type it (도쿄)
    name_en: str
    name_local: str | None = None
    country: str | None = None
    country_en: str | None = None
    latitude: float
    longitude: float
    timezone: str | None = None
    sample_trip: SampleTrip | None = None


def _destination(raw: dict[str, Any]) -> Destination:
    sample = raw.get("sample_trip")
    return Destination(
        id=raw["id"], name=raw["name_ko"], name_en=raw["name_en"], name_local=raw.get("name_local"),
        country=raw.get("country_ko"), country_en=raw.get("country_en"), latitude=raw["center"]["lat"],
        longitude=raw["center"]["lng"], timezone=raw.get("timezone"),
        sample_trip=None if not sample else SampleTrip(
            title=sample["title_ko"], start_offset_days=sample.get("start_in_days", 30), nights=sample["nights"],
            place_ids=sample.get("saved_place_ids", [])))


@functools.cache
def destinations() -> dict[str, Destination]:
    raw = json.loads((DATA / "destinations.json").read_text(encoding="utf-8"))
    return {d["id"]: _destination(d) for d in raw["destinations"]}


def destination(destination_id: str) -> Destination:
    known = destinations()
    if destination_id not in known:
        raise KeyError(destination_id)
    return known[destination_id]


def find_destination(text: str) -> Destination | None:
    """A destination named in free text (도쿄, Tokyo, 오사카 …)."""
    lowered = text.lower()
    for dest in destinations().values():
        if dest.name in text or dest.name_en.lower() in lowered:
            return dest
    return None


@functools.cache
def _gazetteer_rows() -> tuple[str, tuple[GazetteerRow, ...]]:
    files = sorted((DATA / "places").glob("*.json"))
    digest = hashlib.sha256()
    rows: list[GazetteerRow] = []
    for path in files:
        blob = path.read_bytes()
        digest.update(blob)
        data = json.loads(blob)
        for p in data["places"]:
            sandbox = p.get("sandbox") or {}
            hours = sandbox.get("opening_hours") or {}
            rows.append({
                "place_id": p["id"], "destination": data["destination"], "name": p["name"], "name_ko": p.get("name_ko"),
                "name_en": p.get("name_en"), "category": p["category"], "address": p.get("address"),
                "area": p.get("area"), "keywords": " ".join(p.get("keywords") or []), "latitude": p["lat"],
                "longitude": p["lng"], "rating": sandbox.get("rating"),
                "user_ratings_total": sandbox.get("user_ratings_total"), "price_level": sandbox.get("price_level"),
                "opening_hours": "; ".join(hours.get("weekday_text", [])) or None})
    return digest.hexdigest()[:16], tuple(rows)


def ensure_gazetteer(store: TravelStore, now: datetime) -> None:
    """Load the shipped gazetteer into DuckDB when the data changed since the last load."""
    version, rows = _gazetteer_rows()
    if store.gazetteer_version() != version:
        store.load_gazetteer(version, list(rows), now)


def shown_title(title: str, destination_id: str, days: int, en: bool) -> str:
    """A trip's title in the reader's language: a title made from the destination and the length (every trip the
    app makes: "도쿄 3박 4일") reads "Tokyo, 4 days 3 nights" to an English reader; any other is shown as it is."""
    dest = destinations().get(destination_id)
    nights = days - 1
    if not en or dest is None or title != f"{dest.name} {nights}박 {days}일":
        return title
    return f"{dest.name_en}, {days} days {nights} night{'' if nights == 1 else 's'}"
