"""Distances on the globe, for route-aware ranking (seed 001 §5.3)."""

from __future__ import annotations

import math
from collections.abc import Iterable

EARTH_RADIUS_KM = 6371.0088


def haversine_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(min(1.0, a)))


def centroid(points: Iterable[tuple[float | None, float | None]]) -> tuple[float, float] | None:
    """The mean of the points that have coordinates (places within one city: a plain mean is
    within metres of the spherical one), or None when none has."""
    known = [(lat, lng) for lat, lng in points if lat is not None and lng is not None]
    if not known:
        return None
    return sum(p[0] for p in known) / len(known), sum(p[1] for p in known) / len(known)
