"""Places: the offline gazetteer and Google Places behind one protocol, with a TTL cache and
per-turn accounting (seed 001 §5, §11, open decision #2).

Google is used when ``GOOGLE_MAPS_API_KEY`` is set (``agents/travel/places_google.py``): Places API (New)
through ``google-maps-places`` by default, or the legacy Places API through ``googlemaps`` when
``PLAYGROUND_PLACES_API=legacy`` (old projects only: new Google Cloud projects cannot enable it).
Otherwise the shipped gazetteer answers, with its sandbox ratings labelled as such. All return ``PlaceHit``.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import NotRequired, Protocol, TypedDict, TypeVar, cast

from cachetools import TTLCache
from rapidfuzz import fuzz, process

from agents.travel.destinations import Destination
from agents.travel.geo import haversine_km
from agents.travel.model import PlaceHit
from agents.travel.store import TravelStore


class PlacesError(Exception):
    """A Places call that failed in a way the user is told about, in Korean then English. ``code``
    names it in ``done.meta`` (denied, quota, timeout, unreachable, error); the key is never in it."""

    code = "error"

    def __init__(self, ko: str, en: str, detail: str = "") -> None:
        super().__init__(f"{ko} / {en}")
        self.ko, self.en, self.detail = ko, en, detail


class PlacesQuotaError(PlacesError):
    """The Places quota is used up (429 / OVER_QUERY_LIMIT): places stay unverified, and it is logged."""

    code = "quota"

    def __init__(self, detail: str = "") -> None:
        super().__init__("Google Places 사용 한도(할당량)를 넘었습니다: 장소를 검증하지 못해 미검증으로 보여 드립니다.",
                         "The Google Places quota is used up: places are shown unverified.", detail)


class PlacesBackend(Protocol):
    name: str

    def sku(self, kind: str) -> tuple[str | None, float]:
        """The billing SKU and its USD price for one call of ``kind`` ("text" or "nearby")."""
        ...

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

    def sku(self, kind: str) -> tuple[str | None, float]:
        return None, 0.0  # the shipped data costs nothing

    def text_search(self, name: str, destination: Destination) -> PlaceHit | None:
        rows = self.store.gazetteer_names(destination.id)
        wanted = _strip_destination(_norm(name), destination)
        own = {_norm(x) for x in (destination.name, destination.name_en, destination.name_local or "") if x}
        if len(wanted) < 2 or wanted in own:  # "도쿄" alone names the city, not 도쿄 타워
            return None
        names = [(i, _norm(value), _words(value)) for i, row in enumerate(rows)
                 for value in (row["name"], row["name_ko"], row["name_en"]) if value]
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


# One cache per process, keyed by backend and query: the seed's in-memory LRU with a TTL.
_cache: TTLCache[tuple[Hashable, ...], PlaceHit | list[PlaceHit] | None] = TTLCache(maxsize=2048, ttl=6 * 3600)
_cache_lock = threading.Lock()
Answer = TypeVar("Answer", bound=PlaceHit | list[PlaceHit] | None)  # what one kind of query returns


def clear_cache() -> None:
    """Forget every cached Places answer (tests measure calls from a cold cache)."""
    with _cache_lock:
        _cache.clear()


class PlacesMeta(TypedDict):
    """PlacesStats as done.meta reports it."""

    backend: str
    calls: int
    cache_hits: int
    estimated_cost_usd: float
    skus: NotRequired[dict[str, int]]
    errors: NotRequired[list[str]]
    notices: NotRequired[list[str]]


@dataclass
class PlacesStats:
    """What one turn spent on Places, reported in ``done.meta``: calls, cache hits, the estimated cost
    from each call's SKU price, the SKUs billed (Places API (New)) and the errors with their notices."""

    backend: str
    calls: int = 0
    cache_hits: int = 0
    errors: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)  # what the user is told, Korean / English, once each
    skus: dict[str, int] = field(default_factory=dict)
    spent_usd: float = 0.0

    @property
    def cost_usd(self) -> float:
        return round(self.spent_usd, 4)

    def as_meta(self) -> PlacesMeta:
        meta = PlacesMeta(backend=self.backend, calls=self.calls, cache_hits=self.cache_hits,
                          estimated_cost_usd=self.cost_usd)
        if self.skus:
            meta["skus"] = self.skus
        if self.errors:
            meta["errors"] = self.errors
        if self.notices:
            meta["notices"] = self.notices
        return meta


class CachedPlaces:
    """A backend behind the shared TTL cache, counting calls and hits for one turn. Thread-safe:
    validations run in parallel."""

    def __init__(self, backend: PlacesBackend) -> None:
        self.backend = backend
        self.stats = PlacesStats(backend=backend.name)
        self._lock = threading.Lock()

    def _cached(self, key: tuple[Hashable, ...], compute: Callable[[], Answer]) -> Answer:
        with _cache_lock:
            if key in _cache:
                with self._lock:
                    self.stats.cache_hits += 1
                # the key names its query kind (key[1]: "text", "nearby"), whose compute stored this value
                return cast(Answer, _cache[key])
        sku, price = self.backend.sku(str(key[1]))
        with self._lock:
            self.stats.calls += 1  # billed even when it fails: Google bills the request
            self.stats.spent_usd += price
            if sku:
                self.stats.skus[sku] = self.stats.skus.get(sku, 0) + 1
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

    def record_error(self, message: str, notice: str | None = None) -> None:
        with self._lock:
            self.stats.errors.append(message)
            if notice and notice not in self.stats.notices:
                self.stats.notices.append(notice)


def distance_km(hit: PlaceHit, lat: float, lng: float) -> float:
    return haversine_km(lat, lng, hit.latitude, hit.longitude)
