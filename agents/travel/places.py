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

from agents.core.redact import remember_secret
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


def _words(text: str) -> str:
    """Case, width and accents folded, punctuation to spaces: "Sensō-ji" -> "senso ji". NFC at
    the end puts Hangul syllables back together (NFKD splits them into jamo)."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).lower())
    kept = "".join(ch if ch.isalnum() else " " for ch in folded if not unicodedata.combining(ch))
    return " ".join(unicodedata.normalize("NFC", kept).split())


def _norm(text: str) -> str:
    """``_words`` without spaces: "더 저렴한" = "더저렴한", "senso ji" = "sensoji"."""
    return _words(text).replace(" ", "")


def _strip_destination(wanted: str, destination: Destination) -> str:
    """The seed queries "name destination country"; a gazetteer already knows the destination."""
    suffixes = [_norm(x) for x in (destination.name, destination.name_en, destination.name_local or "",
                                   destination.country or "", destination.country_en or "") if x]
    changed = True
    while changed:
        changed = False
        for suffix in suffixes:
            if suffix and wanted.endswith(suffix) and len(wanted) > len(suffix):
                wanted, changed = wanted[: -len(suffix)], True
    return wanted


def _strip_words(words: str, destination: Destination) -> str:
    drop = {_words(x) for x in (destination.name, destination.name_en, destination.name_local or "",
                                destination.country or "", destination.country_en or "") if x}
    return " ".join(w for w in words.split() if w not in drop) or words


class GazetteerBackend:
    """The shipped gazetteer in DuckDB: exact names first, then a name inside the query (or the
    query inside a name), then fuzzy (rapidfuzz) over local, Korean and English names; nearby
    search by haversine in SQL."""

    name = "gazetteer"

    def __init__(self, store: TravelStore) -> None:
        self.store = store

    def text_search(self, name: str, destination: Destination) -> PlaceHit | None:
        rows = self.store.gazetteer_names(destination.id)
        wanted = _strip_destination(_norm(name), destination)
        own = {_norm(x) for x in (destination.name, destination.name_en, destination.name_local or "") if x}
        if len(wanted) < 2 or wanted in own:  # "도쿄" alone names the city, not 도쿄 타워
            return None
        names = [(i, _norm(row[key]), _words(row[key])) for i, row in enumerate(rows)
                 for key in ("name", "name_ko", "name_en") if row[key]]
        exact = [i for i, n, _ in names if n == wanted]
        if not exact:
            # "츠키지" in "츠키지시장", "도쿄타워" in "도쿄타워전망대": one must be most of the other, so a
            # generic word ("카페", "라멘") never stands for a place that merely contains it.
            contained = [(abs(len(n) - len(wanted)), i) for i, n, _ in names
                         if (wanted in n or n in wanted) and min(len(n), len(wanted)) / max(len(n), len(wanted)) >= 0.5]
            exact = [min(contained)[1]] if contained else []
        if exact:
            return self.store.gazetteer_place(rows[exact[0]]["place_id"])
        # Word-aware fuzzy match for the rest ("tsukiji market" ~ "Tsukiji Outer Market").
        query = _strip_words(_words(name), destination)
        choices = {k: w for k, (_, n, w) in enumerate(names)
                   if min(len(n), len(wanted)) / max(len(n), len(wanted)) >= 0.5}
        best = process.extractOne(query, choices, scorer=fuzz.WRatio, score_cutoff=86)
        return self.store.gazetteer_place(rows[names[best[2]][0]]["place_id"]) if best else None

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
        remember_secret(api_key)
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


def clear_cache() -> None:
    """Forget every cached Places answer (tests measure calls from a cold cache)."""
    with _cache_lock:
        _cache.clear()


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
