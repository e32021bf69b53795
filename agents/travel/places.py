"""Places: the offline gazetteer and Google Places behind one protocol, with a TTL cache and
per-turn accounting (seed 001 §5, §11, open decision #2).

Google is used when ``GOOGLE_MAPS_API_KEY`` is set, through the official ``googlemaps`` SDK
(Text Search and Nearby Search); otherwise the shipped gazetteer answers, with its sandbox
ratings labelled as such. Both return ``PlaceHit``.
"""

from __future__ import annotations

import logging
import os
import threading
import unicodedata
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

from cachetools import TTLCache
from rapidfuzz import fuzz, process

from agents.travel.destinations import Destination
from agents.travel.geo import haversine_km
from agents.travel.model import PlaceHit
from agents.travel.store import TravelStore

log = logging.getLogger(__name__)

# Seed §11: Text Search and Nearby Search cost $0.032 a request.
COST_PER_REQUEST_USD = 0.032
_GOOGLE_TYPE = {"restaurant": "restaurant", "cafe": "cafe", "attraction": "tourist_attraction",
                "shopping": "shopping_mall", "accommodation": "lodging", "transport": "transit_station"}
_FROM_GOOGLE = [("cafe", "cafe"), ("restaurant", "restaurant"), ("food", "restaurant"), ("lodging", "accommodation"),
                ("shopping_mall", "shopping"), ("store", "shopping"), ("transit_station", "transport"),
                ("train_station", "transport"), ("subway_station", "transport"), ("airport", "transport"),
                ("tourist_attraction", "attraction"), ("museum", "attraction"), ("park", "attraction"),
                ("place_of_worship", "attraction"), ("point_of_interest", "attraction")]


class PlacesQuotaError(Exception):
    """The Places quota is used up (OVER_QUERY_LIMIT): places stay unverified, and it is logged."""


class PlacesBackend(Protocol):
    name: str

    def text_search(self, name: str, destination: Destination) -> PlaceHit | None: ...

    def nearby(self, lat: float, lng: float, destination: Destination, *, category: str | None,
               keyword: str | None, max_results: int, exclude: tuple[str, ...] = ()) -> list[PlaceHit]: ...


def _norm(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).lower().split())


class GazetteerBackend:
    """The shipped gazetteer in DuckDB: exact names first, then fuzzy (rapidfuzz) over local,
    Korean and English names; nearby search by haversine in SQL."""

    name = "gazetteer"

    def __init__(self, store: TravelStore) -> None:
        self.store = store

    def text_search(self, name: str, destination: Destination) -> PlaceHit | None:
        rows = self.store.gazetteer_names(destination.id)
        wanted = _norm(name)
        for suffix in (_norm(destination.name), _norm(destination.name_en), _norm(destination.country or "")):
            if suffix and wanted.endswith(suffix) and len(wanted) > len(suffix):
                wanted = wanted[: -len(suffix)]
        choices: dict[int, str] = {}
        for i, row in enumerate(rows):
            for key in ("name", "name_ko", "name_en"):
                if row[key] and _norm(row[key]) == wanted:
                    return self.store.gazetteer_place(row["place_id"])
            choices[i] = " | ".join(_norm(row[k]) for k in ("name", "name_ko", "name_en") if row[k])
        if not wanted or not choices:
            return None
        # partial_ratio finds "츠키지" inside "츠키지 장외시장"; a floor keeps 2-letter noise out.
        best = process.extractOne(wanted, choices, scorer=fuzz.partial_ratio, score_cutoff=88)
        if best is None or len(wanted) < 2:
            return None
        return self.store.gazetteer_place(rows[best[2]]["place_id"])

    def nearby(self, lat: float, lng: float, destination: Destination, *, category: str | None,
               keyword: str | None, max_results: int, exclude: tuple[str, ...] = ()) -> list[PlaceHit]:
        hits = self.store.nearby(destination.id, lat, lng, category=category, keyword=keyword, limit=max_results,
                                 exclude=exclude)
        if not hits and keyword:  # a keyword no place carries: fall back to the category alone
            hits = self.store.nearby(destination.id, lat, lng, category=category, limit=max_results, exclude=exclude)
        return [hit for hit, _ in hits]


class GooglePlacesBackend:
    """Google Places (legacy Text Search / Nearby Search) through the official SDK."""

    name = "google"

    def __init__(self, api_key: str, *, base_url: str | None = None, timeout: float = 10.0) -> None:
        import googlemaps

        self._errors = googlemaps.exceptions
        # No automatic retry on OVER_QUERY_LIMIT: the seed returns the place unverified at once.
        self.client = googlemaps.Client(key=api_key, timeout=timeout, retry_over_query_limit=False,
                                        retry_timeout=timeout, base_url=base_url or "https://maps.googleapis.com")

    def _call(self, fn: Any, **kwargs: Any) -> list[dict[str, Any]]:
        try:
            return fn(self.client, **kwargs).get("results", [])
        except self._errors.ApiError as exc:
            if exc.status == "OVER_QUERY_LIMIT":
                raise PlacesQuotaError(exc.message or exc.status) from exc
            raise

    def text_search(self, name: str, destination: Destination) -> PlaceHit | None:
        from googlemaps import places

        query = f"{name} {destination.name} {destination.country or ''}".strip()
        results = self._call(places.places, query=query, language="ko")
        return _from_google(results[0]) if results else None

    def nearby(self, lat: float, lng: float, destination: Destination, *, category: str | None,
               keyword: str | None, max_results: int, exclude: tuple[str, ...] = ()) -> list[PlaceHit]:
        from googlemaps import places

        results = self._call(places.places_nearby, location=(lat, lng), radius=1500, keyword=keyword or None,
                             type=_GOOGLE_TYPE.get(category or ""), language="ko")
        hits = [_from_google(r) for r in results]
        return [h for h in hits if h.place_id not in exclude][:max_results]


def _from_google(result: dict[str, Any]) -> PlaceHit:
    location = result.get("geometry", {}).get("location", {})
    types = result.get("types", [])
    category = next((ours for theirs, ours in _FROM_GOOGLE if theirs in types), "etc")
    place_id = result.get("place_id", "")
    return PlaceHit(
        place_id=place_id, name=result.get("name", ""), category=category,
        address=result.get("formatted_address") or result.get("vicinity"),
        latitude=location.get("lat", 0.0), longitude=location.get("lng", 0.0), rating=result.get("rating"),
        user_ratings_total=result.get("user_ratings_total"), price_level=result.get("price_level"),
        open_now=(result.get("opening_hours") or {}).get("open_now"),
        google_maps_url=f"https://www.google.com/maps/place/?q=place_id:{place_id}" if place_id else None)


# One cache per process, keyed by backend and query: the seed's in-memory LRU with a TTL.
_cache: TTLCache[tuple[Hashable, ...], Any] = TTLCache(maxsize=2048, ttl=6 * 3600)
_cache_lock = threading.Lock()


@dataclass
class PlacesStats:
    """What one turn spent on Places, reported in ``done.meta``."""

    backend: str
    calls: int = 0
    cache_hits: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def cost_usd(self) -> float:
        return round(self.calls * COST_PER_REQUEST_USD, 4) if self.backend == "google" else 0.0

    def as_meta(self) -> dict[str, Any]:
        return {"backend": self.backend, "calls": self.calls, "cache_hits": self.cache_hits,
                "estimated_cost_usd": self.cost_usd, **({"errors": self.errors} if self.errors else {})}


class CachedPlaces:
    """A backend behind the shared TTL cache, counting calls and hits for one turn. Thread-safe:
    validations run in parallel."""

    def __init__(self, backend: PlacesBackend) -> None:
        self.backend = backend
        self.stats = PlacesStats(backend=backend.name)
        self._lock = threading.Lock()

    def _cached(self, key: tuple[Hashable, ...], compute: Any) -> Any:
        with _cache_lock:
            if key in _cache:
                with self._lock:
                    self.stats.cache_hits += 1
                return _cache[key]
        with self._lock:
            self.stats.calls += 1
        value = compute()
        with _cache_lock:
            _cache[key] = value
        return value

    def text_search(self, name: str, destination: Destination) -> PlaceHit | None:
        key = (self.backend.name, "text", _norm(name), destination.id)
        return self._cached(key, lambda: self.backend.text_search(name, destination))

    def nearby(self, lat: float, lng: float, destination: Destination, *, category: str | None = None,
               keyword: str | None = None, max_results: int = 3, exclude: tuple[str, ...] = ()) -> list[PlaceHit]:
        key = (self.backend.name, "nearby", round(lat, 5), round(lng, 5), category, keyword, max_results, exclude)
        return self._cached(key, lambda: self.backend.nearby(lat, lng, destination, category=category,
                                                               keyword=keyword, max_results=max_results,
                                                               exclude=exclude))

    def record_error(self, message: str) -> None:
        with self._lock:
            self.stats.errors.append(message)


def places_for(store: TravelStore) -> CachedPlaces:
    """Google when a key is configured, else the gazetteer; a fresh per-turn counter either way."""
    key = os.environ.get("GOOGLE_MAPS_API_KEY")
    if key:
        try:
            return CachedPlaces(GooglePlacesBackend(key, base_url=os.environ.get("GOOGLE_MAPS_BASE_URL") or None))
        except ValueError as exc:  # the SDK refuses keys that don't look like Google keys
            log.warning("GOOGLE_MAPS_API_KEY is unusable (%s); using the offline gazetteer", exc)
            places = CachedPlaces(GazetteerBackend(store))
            places.record_error(f"GOOGLE_MAPS_API_KEY: {exc} Using the offline gazetteer.")
            return places
    return CachedPlaces(GazetteerBackend(store))


def distance_km(hit: PlaceHit, lat: float, lng: float) -> float:
    return haversine_km(lat, lng, hit.latitude, hit.longitude)
