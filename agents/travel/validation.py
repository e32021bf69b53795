"""Seed 001 §5.2-§5.4: validate suggested places in parallel, enrich the ones found, rank by
distance from the saved places, and drop the ones already saved."""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor

from agents.travel.destinations import Destination
from agents.travel.geo import centroid, haversine_km
from agents.travel.model import PlaceHit, PlaceSuggestion, TripPlace, ValidatedPlace
from agents.travel.places import CachedPlaces, PlacesError

log = logging.getLogger(__name__)
_POOL = ThreadPoolExecutor(max_workers=6, thread_name_prefix="places")


def merge(place: PlaceSuggestion, hit: PlaceHit) -> ValidatedPlace:
    return ValidatedPlace(
        name=hit.name_ko or hit.name if place.name in (hit.name_ko, hit.name, hit.name_en) else place.name,
        name_en=hit.name_en or place.name_en, address=hit.address or place.address,
        category=place.category if place.category != "etc" else hit.category, description=place.description,
        latitude=hit.latitude, longitude=hit.longitude, isVerified=True, googlePlaceId=hit.place_id,
        rating=hit.rating, userRatingsTotal=hit.user_ratings_total, openNow=hit.open_now, priceLevel=hit.price_level,
        googleMapsUrl=hit.google_maps_url or _maps_url(hit), sandbox=hit.sandbox)


def _maps_url(hit: PlaceHit) -> str:
    # The gazetteer has no Google place id: a coordinates link opens the same spot.
    return f"https://www.google.com/maps/search/?api=1&query={hit.latitude:.6f},{hit.longitude:.6f}"


def unverified(place: PlaceSuggestion) -> ValidatedPlace:
    return ValidatedPlace(**place.model_dump(), isVerified=False)


def validate_one(place: PlaceSuggestion, destination: Destination, places: CachedPlaces) -> ValidatedPlace:
    hit = places.text_search(place.name, destination)
    if hit is None and place.name_en:  # §5.2: the English name is the fallback query
        hit = places.text_search(place.name_en, destination)
    return merge(place, hit) if hit is not None else unverified(place)


def validate_and_enrich(suggestions: list[PlaceSuggestion], destination: Destination,
                        places: CachedPlaces) -> list[ValidatedPlace]:
    """All in parallel; one failure never fails the others (the seed's ``allSettled``)."""
    futures = [_POOL.submit(validate_one, s, destination, places) for s in suggestions]
    results: list[ValidatedPlace] = []
    for suggestion, future in zip(suggestions, futures, strict=True):
        try:
            results.append(future.result())
        except PlacesError as exc:  # quota, denied (API not enabled), timeout ...: named to the user
            log.warning("Places %s while validating %r: %s %s", exc.code, suggestion.name, exc.en, exc.detail)
            places.record_error(f"{exc.code}: {suggestion.name}", str(exc))
            results.append(unverified(suggestion))
        except Exception as exc:  # noqa: BLE001 - §10: a failed validation leaves the place unverified
            log.warning("validating %r failed: %s", suggestion.name, exc)
            places.record_error(f"{type(exc).__name__}: {suggestion.name}")
            results.append(unverified(suggestion))
    return results


def rank_by_route(validated: list[ValidatedPlace], saved: list[TripPlace]) -> list[ValidatedPlace]:
    """§5.3: distance from the centroid of the saved places, nearest first (unknown last)."""
    centre = centroid((p.latitude, p.longitude) for p in saved)
    for place in validated:
        if centre is not None and place.latitude is not None and place.longitude is not None:
            place.distanceFromReference = round(haversine_km(centre[0], centre[1], place.latitude, place.longitude), 2)
    return sorted(validated, key=lambda p: (p.distanceFromReference is None, p.distanceFromReference or 0.0))


def rank_from(validated: list[ValidatedPlace], centre: tuple[float, float]) -> list[ValidatedPlace]:
    """Distance from a named centre (a place or area the user asked about), nearest first (unknown last)."""
    for place in validated:
        if place.latitude is not None and place.longitude is not None:
            place.distanceFromReference = round(haversine_km(centre[0], centre[1], place.latitude, place.longitude), 2)
    return sorted(validated, key=lambda p: (p.distanceFromReference is None, p.distanceFromReference or 0.0))


def drop_saved(validated: list[ValidatedPlace], saved: list[TripPlace]) -> tuple[list[ValidatedPlace], list[str]]:
    """§5.4: never recommend a place already saved (by name, English name or place id)."""
    names = {n for p in saved for n in (p.name, p.name_en) if n}
    ids = {p.place_id for p in saved if p.place_id}
    kept, dropped = [], []
    for place in validated:
        if place.name in names or (place.name_en and place.name_en in names) or (
                place.googlePlaceId and place.googlePlaceId in ids):
            dropped.append(place.name)
        else:
            kept.append(place)
    return kept, dropped
