"""Offline places gazetteer for the travel planner: real places, sandbox ratings (see README.md)."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
DESTINATIONS_PATH = HERE / "destinations.json"
PLACES_DIR = HERE / "places"
CATEGORIES = ("restaurant", "cafe", "attraction", "shopping", "accommodation", "transport")


def places_path(destination_id: str) -> Path:
    """The JSON file of one destination's places (`places/<id>.json`)."""
    return PLACES_DIR / f"{destination_id}.json"
