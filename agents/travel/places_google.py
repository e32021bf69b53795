"""Google Places for the travel agent: Places API (New) through the official ``google-maps-places``
client (the default), and the legacy Places API through ``googlemaps`` for old projects
(``PLAYGROUND_PLACES_API=legacy``; new Google Cloud projects can no longer enable it).

Places API (New) bills each request by the richest field its field mask asks for (Essentials, Pro,
Enterprise, Enterprise + Atmosphere); ``sku`` prices a call from the mask actually sent.
"""

from __future__ import annotations

import logging
import os
from functools import lru_cache
from typing import Any

from agents.core.redact import redact, remember_secret
from agents.travel.destinations import Destination
from agents.travel.model import PlaceHit
from agents.travel.places import CachedPlaces, GazetteerBackend, PlacesError, PlacesQuotaError
from agents.travel.store import TravelStore

log = logging.getLogger(__name__)

# Our categories -> Google place types (Table A of both APIs).
_GOOGLE_TYPE = {"restaurant": "restaurant", "cafe": "cafe", "attraction": "tourist_attraction",
                "shopping": "shopping_mall", "accommodation": "lodging", "transport": "transit_station"}
_FROM_GOOGLE = [("cafe", "cafe"), ("restaurant", "restaurant"), ("food", "restaurant"), ("lodging", "accommodation"),
                ("shopping_mall", "shopping"), ("store", "shopping"), ("transit_station", "transport"),
                ("train_station", "transport"), ("subway_station", "transport"), ("airport", "transport"),
                ("tourist_attraction", "attraction"), ("museum", "attraction"), ("park", "attraction"),
                ("place_of_worship", "attraction"), ("point_of_interest", "attraction")]
NEARBY_RADIUS_M = 1500.0

# Legacy Text Search and Nearby Search: $32 per 1,000 requests (seed 001 §11: $0.032 a request).
LEGACY_COST_PER_REQUEST_USD = 0.032

# Places API (New): the fields we read, and the SKU tier each one bills at (Google Maps Platform
# pricing, March 2025 SKUs). The request is billed at the highest tier among its fields.
FIELD_MASK = ("places.id,places.displayName,places.formattedAddress,places.location,places.types,"
              "places.googleMapsUri,places.rating,places.userRatingCount,places.priceLevel,"
              "places.currentOpeningHours.openNow")
_TIERS = ("Essentials", "Pro", "Enterprise", "Enterprise + Atmosphere")
_FIELD_TIER = {"id": 0, "name": 0, "displayName": 1, "formattedAddress": 1, "location": 1, "types": 1,
               "primaryType": 1, "googleMapsUri": 1, "businessStatus": 1, "shortFormattedAddress": 1,
               "rating": 2, "userRatingCount": 2, "priceLevel": 2, "currentOpeningHours": 2,
               "regularOpeningHours": 2, "websiteUri": 2, "nationalPhoneNumber": 2,
               "reviews": 3, "editorialSummary": 3, "servesCoffee": 3, "goodForChildren": 3}
# USD per 1,000 requests, list price of the first volume band (the monthly free caps are not counted).
# Nearby Search has no Essentials SKU: its cheapest is Pro.
SKU_PER_1000_USD = {
    ("text", 0): ("Text Search Essentials (IDs Only)", 0.0), ("text", 1): ("Text Search Pro", 32.0),
    ("text", 2): ("Text Search Enterprise", 35.0), ("text", 3): ("Text Search Enterprise + Atmosphere", 40.0),
    ("nearby", 1): ("Nearby Search Pro", 32.0), ("nearby", 2): ("Nearby Search Enterprise", 35.0),
    ("nearby", 3): ("Nearby Search Enterprise + Atmosphere", 40.0),
}
_PRICE_LEVEL = {"PRICE_LEVEL_FREE": 0, "PRICE_LEVEL_INEXPENSIVE": 1, "PRICE_LEVEL_MODERATE": 2,
                "PRICE_LEVEL_EXPENSIVE": 3, "PRICE_LEVEL_VERY_EXPENSIVE": 4}


def sku_for(kind: str, field_mask: str) -> tuple[str, float]:
    """The SKU and the USD price of one request of ``kind`` with this field mask."""
    tier = max((_FIELD_TIER.get(f.strip().removeprefix("places.").split(".")[0], 3)  # unknown: the dearest
                for f in field_mask.split(",") if f.strip()), default=0)
    name, per_1000 = SKU_PER_1000_USD.get((kind, tier)) or SKU_PER_1000_USD[(kind, 1)]
    return name, per_1000 / 1000


def _category(types: list[str]) -> str:
    return next((ours for theirs, ours in _FROM_GOOGLE if theirs in types), "etc")


def _maps_url(place_id: str) -> str | None:
    return f"https://www.google.com/maps/place/?q=place_id:{place_id}" if place_id else None


class NewPlacesBackend:
    """Places API (New): ``places:searchText`` and ``places:searchNearby`` through ``PlacesClient``
    (REST transport, the key in the ``x-goog-api-key`` header, never in a URL)."""

    name = "google"

    def __init__(self, api_key: str, *, base_url: str | None = None, timeout: float = 10.0) -> None:
        remember_secret(api_key)
        self.client = _client(api_key, base_url)
        self.timeout = timeout
        self.api = "new"

    def sku(self, kind: str) -> tuple[str | None, float]:
        return sku_for(kind, FIELD_MASK)

    def _call(self, method: str, request: dict[str, Any]) -> list[Any]:
        from google.api_core import exceptions as google_errors
        from requests import exceptions as http_errors

        try:
            fn = self.client.search_text if method == "searchText" else self.client.search_nearby
            return list(fn(request=request, timeout=self.timeout,
                           metadata=[("x-goog-fieldmask", FIELD_MASK)]).places)
        except google_errors.TooManyRequests as exc:
            raise PlacesQuotaError(redact(exc.message or "")) from None
        except (google_errors.Forbidden, google_errors.Unauthorized) as exc:
            raise PlacesDenied(redact(exc.message or "")) from None
        except google_errors.BadRequest as exc:
            if "api key" in (exc.message or "").lower():  # Google answers 400 for a key it does not know
                raise PlacesDenied(redact(exc.message or "")) from None
            raise PlacesFailed(exc.code or 400, redact(exc.message or "")) from None
        except google_errors.GoogleAPICallError as exc:
            raise PlacesFailed(exc.code or 0, redact(exc.message or "")) from None
        except http_errors.Timeout:
            raise PlacesTimeout(self.timeout) from None
        except http_errors.ConnectionError as exc:
            raise PlacesUnreachable(redact(str(exc))) from None

    def text_search(self, name: str, destination: Destination) -> PlaceHit | None:
        query = f"{name} {destination.name} {destination.country or ''}".strip()
        found = self._call("searchText", {"text_query": query, "language_code": "ko", "max_result_count": 1})
        return _from_new(found[0]) if found else None

    def nearby(self, lat: float, lng: float, destination: Destination, *, category: str | None,
               keyword: str | None, max_results: int, exclude: tuple[str, ...] = ()) -> list[PlaceHit]:
        count = max(1, min(20, max_results + len(exclude)))  # the API caps a page at 20
        circle = {"center": {"latitude": lat, "longitude": lng}, "radius": NEARBY_RADIUS_M}
        kind = _GOOGLE_TYPE.get(category or "")
        if keyword:
            # searchNearby takes no keyword: a text search biased to the same circle is Google's migration advice.
            request: dict[str, Any] = {"text_query": keyword, "language_code": "ko", "max_result_count": count,
                                       "location_bias": {"circle": circle}}
            if kind:
                request["included_type"] = kind
            found = self._call("searchText", request)
        else:
            request = {"location_restriction": {"circle": circle}, "language_code": "ko", "max_result_count": count,
                       "rank_preference": "DISTANCE"}
            if kind:
                request["included_types"] = [kind]
            found = self._call("searchNearby", request)
        hits = [_from_new(p) for p in found]
        return [h for h in hits if h.place_id not in exclude][:max_results]


class PlacesDenied(PlacesError):
    code = "denied"

    def __init__(self, detail: str = "") -> None:
        super().__init__("Google Places가 요청을 거부했습니다: Google Cloud 프로젝트에서 'Places API (New)'를 사용 설정하고 "
                         "GOOGLE_MAPS_API_KEY의 API 제한을 확인하세요. 장소는 미검증으로 보여 드립니다.",
                         "Google Places refused the request: enable 'Places API (New)' in the Google Cloud project and "
                         "check the API restrictions of GOOGLE_MAPS_API_KEY. Places are shown unverified.", detail)


class PlacesTimeout(PlacesError):
    code = "timeout"

    def __init__(self, seconds: float) -> None:
        super().__init__(f"Google Places가 {seconds:g}초 안에 답하지 않았습니다: 장소는 미검증으로 보여 드립니다.",
                         f"Google Places did not answer within {seconds:g} s: places are shown unverified.")


class PlacesUnreachable(PlacesError):
    code = "unreachable"

    def __init__(self, detail: str = "") -> None:
        super().__init__("Google Places에 연결하지 못했습니다: 장소는 미검증으로 보여 드립니다.",
                         "Could not reach Google Places: places are shown unverified.", detail)


class PlacesFailed(PlacesError):
    def __init__(self, status: int, detail: str = "") -> None:
        super().__init__(f"Google Places가 오류로 답했습니다 (HTTP {status}): 장소는 미검증으로 보여 드립니다.",
                         f"Google Places answered with an error (HTTP {status}): places are shown unverified.", detail)
        self.code = f"http_{status}"


@lru_cache(maxsize=8)
def _client(api_key: str, base_url: str | None) -> Any:
    """One client per key and endpoint (it holds a pooled HTTP session); the import is deferred so the
    keyless app never loads the Google client stack."""
    from google.api_core.client_options import ClientOptions
    from google.maps import places_v1

    options = ClientOptions(api_key=api_key, api_endpoint=base_url) if base_url else ClientOptions(api_key=api_key)
    return places_v1.PlacesClient(transport="rest", client_options=options)


def _from_new(place: Any) -> PlaceHit:
    place_id = place.id
    level = getattr(place.price_level, "name", "")
    hours = place.current_opening_hours if "current_opening_hours" in place else None
    return PlaceHit(
        place_id=place_id, name=place.display_name.text, category=_category(list(place.types)),
        address=place.formatted_address or None, latitude=place.location.latitude,
        longitude=place.location.longitude, rating=place.rating if "rating" in place else None,
        user_ratings_total=place.user_rating_count if "user_rating_count" in place else None,
        price_level=_PRICE_LEVEL.get(level), open_now=hours.open_now if hours is not None else None,
        google_maps_url=_maps_url(place_id))


class LegacyPlacesBackend:
    """The legacy Places API (Text Search / Nearby Search) through the ``googlemaps`` SDK."""

    name = "google"

    def __init__(self, api_key: str, *, base_url: str | None = None, timeout: float = 10.0) -> None:
        import googlemaps

        self._errors = googlemaps.exceptions
        remember_secret(api_key)
        # No automatic retry on OVER_QUERY_LIMIT: the seed returns the place unverified at once.
        self.client = googlemaps.Client(key=api_key, timeout=timeout, retry_over_query_limit=False,
                                        retry_timeout=timeout, base_url=base_url or "https://maps.googleapis.com")
        self.api = "legacy"

    def sku(self, kind: str) -> tuple[str | None, float]:
        return None, LEGACY_COST_PER_REQUEST_USD

    def _call(self, fn: Any, **kwargs: Any) -> list[dict[str, Any]]:
        try:
            results: list[dict[str, Any]] = fn(self.client, **kwargs).get("results", [])  # the SDK's parsed JSON
            return results
        except self._errors.ApiError as exc:
            if exc.status == "OVER_QUERY_LIMIT":
                raise PlacesQuotaError(exc.message or exc.status) from exc
            raise

    def text_search(self, name: str, destination: Destination) -> PlaceHit | None:
        from googlemaps import places

        query = f"{name} {destination.name} {destination.country or ''}".strip()
        results = self._call(places.places, query=query, language="ko")
        return _from_legacy(results[0]) if results else None

    def nearby(self, lat: float, lng: float, destination: Destination, *, category: str | None,
               keyword: str | None, max_results: int, exclude: tuple[str, ...] = ()) -> list[PlaceHit]:
        from googlemaps import places

        results = self._call(places.places_nearby, location=(lat, lng), radius=int(NEARBY_RADIUS_M),
                             keyword=keyword or None, type=_GOOGLE_TYPE.get(category or ""), language="ko")
        hits = [_from_legacy(r) for r in results]
        return [h for h in hits if h.place_id not in exclude][:max_results]


def _from_legacy(result: dict[str, Any]) -> PlaceHit:
    location = result.get("geometry", {}).get("location", {})
    place_id = result.get("place_id", "")
    return PlaceHit(
        place_id=place_id, name=result.get("name", ""), category=_category(result.get("types", [])),
        address=result.get("formatted_address") or result.get("vicinity"),
        latitude=location.get("lat", 0.0), longitude=location.get("lng", 0.0), rating=result.get("rating"),
        user_ratings_total=result.get("user_ratings_total"), price_level=result.get("price_level"),
        open_now=(result.get("opening_hours") or {}).get("open_now"), google_maps_url=_maps_url(place_id))


def google_backend(api_key: str, api: str, *, base_url: str | None = None,
                   timeout: float = 10.0) -> NewPlacesBackend | LegacyPlacesBackend:
    """The backend ``PLAYGROUND_PLACES_API`` names; ValueError names a value that is neither."""
    choice = (api or "new").strip().lower()
    if choice == "new":
        return NewPlacesBackend(api_key, base_url=base_url, timeout=timeout)
    if choice == "legacy":
        return LegacyPlacesBackend(api_key, base_url=base_url, timeout=timeout)
    raise ValueError(f"PLAYGROUND_PLACES_API={api!r} is neither 'new' nor 'legacy'.")


def places_for(store: TravelStore) -> CachedPlaces:
    """Google when a key is configured (Places API (New) unless ``PLAYGROUND_PLACES_API=legacy``), else
    the gazetteer; a fresh per-turn counter either way."""
    key = os.environ.get("GOOGLE_MAPS_API_KEY")
    if key:
        try:
            return CachedPlaces(google_backend(key, os.environ.get("PLAYGROUND_PLACES_API", "new"),
                                               base_url=os.environ.get("GOOGLE_MAPS_BASE_URL") or None))
        except ValueError as exc:  # a key the SDK refuses, or an unknown PLAYGROUND_PLACES_API
            log.warning("Google Places is unusable (%s); using the offline gazetteer", exc)
            places = CachedPlaces(GazetteerBackend(store))
            places.record_error(f"GOOGLE_MAPS_API_KEY: {exc} Using the offline gazetteer.")
            return places
    return CachedPlaces(GazetteerBackend(store))
