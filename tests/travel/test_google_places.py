"""The legacy Google Places API through the real ``googlemaps`` SDK against a loopback fake (seed 001 §5.2,
§10); ``PLAYGROUND_PLACES_API=legacy`` selects it. Places API (New): ``test_places_new.py``."""

from __future__ import annotations

import logging

import pytest

from agents.travel.destinations import Destination
from agents.travel.model import PlaceSuggestion
from agents.travel.places import CachedPlaces, PlacesQuotaError
from agents.travel.places_google import LegacyPlacesBackend as GooglePlacesBackend
from agents.travel.validation import validate_and_enrich
from tests.support.fake_places import FakePlaces, PlacesReply, result

TOKYO = Destination(id="tokyo", name="도쿄", name_en="Tokyo", country="일본", country_en="Japan",
                    latitude=35.6812, longitude=139.7671)


@pytest.fixture
def fake():
    server = FakePlaces()
    yield server
    server.close()


def backend(fake: FakePlaces, timeout: float = 5.0) -> CachedPlaces:
    return CachedPlaces(GooglePlacesBackend("AIza-test-key", base_url=fake.base_url, timeout=timeout))


def test_ok_is_verified_and_enriched_and_the_query_is_the_seeds(fake) -> None:
    fake.queue("textsearch", PlacesReply(results=[result("Senso-ji", 35.7148, 139.7967, place_id="ChIJsenso",
                                                         rating=4.5, total=80000, types=("place_of_worship",))]))
    places = backend(fake)
    [place] = validate_and_enrich([PlaceSuggestion(name="浅草寺", name_en="Senso-ji", category="attraction")], TOKYO,
                                  places)
    assert place.isVerified and place.googlePlaceId == "ChIJsenso"
    assert (place.rating, place.userRatingsTotal, place.openNow) == (4.5, 80000, True)
    assert place.googleMapsUrl == "https://www.google.com/maps/place/?q=place_id:ChIJsenso"
    assert (place.latitude, place.longitude) == (35.7148, 139.7967) and not place.sandbox
    kind, params = fake.requests[0]
    assert kind == "textsearch" and params["query"] == "浅草寺 도쿄 일본" and params["key"] == "AIza-test-key"
    assert places.stats.as_meta() == {"backend": "google", "calls": 1, "cache_hits": 0, "estimated_cost_usd": 0.032}


def test_zero_results_falls_back_to_the_english_name_then_unverified(fake) -> None:
    fake.queue("textsearch", PlacesReply(status="ZERO_RESULTS"))
    fake.queue("textsearch", PlacesReply(results=[result("Ichiran Shibuya", 35.6604, 139.7017)]))
    places = backend(fake)
    [found] = validate_and_enrich([PlaceSuggestion(name="이치란 시부야", name_en="Ichiran Shibuya",
                                                   category="restaurant")], TOKYO, places)
    assert found.isVerified and [r[1]["query"] for r in fake.requests] == ["이치란 시부야 도쿄 일본", "Ichiran Shibuya 도쿄 일본"]
    [missing] = validate_and_enrich([PlaceSuggestion(name="없는 가게", category="restaurant")], TOKYO, places)
    assert not missing.isVerified and missing.name == "없는 가게" and missing.rating is None


def test_over_query_limit_leaves_the_place_unverified_and_is_logged(fake, caplog) -> None:
    fake.queue("textsearch", PlacesReply(status="OVER_QUERY_LIMIT"))
    fake.queue("textsearch", PlacesReply(results=[result("Tokyo Tower", 35.6586, 139.7454)]))
    places = backend(fake)
    with caplog.at_level(logging.WARNING):
        results = validate_and_enrich([PlaceSuggestion(name="A place", category="attraction"),
                                       PlaceSuggestion(name="東京タワー", category="attraction")], TOKYO, places)
    # In parallel, so either may take the quota error; exactly one does, and the other is verified.
    assert sorted(p.isVerified for p in results) == [False, True]
    assert "quota" in caplog.text.lower() and places.stats.errors and places.stats.errors[0].startswith("quota")
    with pytest.raises(PlacesQuotaError):
        fake.queue("textsearch", PlacesReply(status="OVER_QUERY_LIMIT"))
        GooglePlacesBackend("AIza-k", base_url=fake.base_url).text_search("x", TOKYO)


def test_request_denied_and_timeout_never_fail_the_others(fake) -> None:
    fake.queue("textsearch", PlacesReply(status="REQUEST_DENIED"))
    places = backend(fake, timeout=1.0)
    [denied] = validate_and_enrich([PlaceSuggestion(name="Denied", category="cafe")], TOKYO, places)
    assert not denied.isVerified and "ApiError" in places.stats.errors[0]
    fake.queue("textsearch", PlacesReply(results=[result("Slow", 35.0, 139.0)], delay=2.5))
    [slow] = validate_and_enrich([PlaceSuggestion(name="Slow place", category="cafe")], TOKYO, places)
    assert not slow.isVerified and any("Timeout" in e for e in places.stats.errors)


def test_the_cache_answers_a_repeated_query_without_a_request(fake) -> None:
    fake.queue("textsearch", PlacesReply(results=[result("Shibuya Sky", 35.6585, 139.7022)]))
    first = backend(fake)
    validate_and_enrich([PlaceSuggestion(name="시부야 스카이 캐시", category="attraction")], TOKYO, first)
    second = backend(fake)  # another turn: a fresh counter, the same process-wide cache
    [again] = validate_and_enrich([PlaceSuggestion(name="시부야 스카이 캐시", category="attraction")], TOKYO, second)
    assert again.isVerified and len(fake.requests) == 1
    assert second.stats.as_meta() == {"backend": "google", "calls": 0, "cache_hits": 1, "estimated_cost_usd": 0.0}


def test_nearby_search_maps_the_category_to_a_google_type(fake) -> None:
    fake.queue("nearbysearch", PlacesReply(results=[result("Cafe A", 35.71, 139.79, types=("cafe",)),
                                                    result("Cafe B", 35.712, 139.795, types=("cafe", "food"))]))
    hits = backend(fake).nearby(35.7148, 139.7967, TOKYO, category="cafe", keyword="matcha", max_results=1)
    assert [h.name for h in hits] == ["Cafe A"] and hits[0].category == "cafe"
    kind, params = fake.requests[0]
    assert kind == "nearbysearch" and params["type"] == "cafe" and params["keyword"] == "matcha"
    assert params["location"] == "35.7148,139.7967" and params["radius"] == "1500"
