"""Places API (New) through the real ``google-maps-places`` client (REST transport) against a loopback
fake speaking its wire protocol: ``places:searchText`` and ``places:searchNearby``, the field mask and
the key in headers; OK, no results, quota (429), denied (403, the API not enabled), timeout; the SKU
prices in the turn's accounting; and the key never in anything the app shows, stores or logs."""

from __future__ import annotations

import json
import logging

import pytest

from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import Session
from agents.travel.destinations import Destination
from agents.travel.model import PlaceSuggestion
from agents.travel.places import CachedPlaces, GazetteerBackend
from agents.travel.places_google import (
    FIELD_MASK,
    LegacyPlacesBackend,
    NewPlacesBackend,
    places_for,
    sku_for,
)
from agents.travel.service import TripService
from agents.travel.validation import validate_and_enrich
from tests.support.fake_places_new import NOT_ENABLED, QUOTA, FakePlacesNew, NewReply, place

TOKYO = Destination(id="tokyo", name="도쿄", name_en="Tokyo", country="일본", country_en="Japan",
                    latitude=35.6812, longitude=139.7671)
KEY = "AIzaSyNEW-places-key-0123456789abcdefghij"
DENIED_KO = ("Google Places가 요청을 거부했습니다: Google Cloud 프로젝트에서 'Places API (New)'를 사용 설정하고 "
             "GOOGLE_MAPS_API_KEY의 API 제한을 확인하세요. 장소는 미검증으로 보여 드립니다.")
DENIED_EN = ("Google Places refused the request: enable 'Places API (New)' in the Google Cloud project and check the "
             "API restrictions of GOOGLE_MAPS_API_KEY. Places are shown unverified.")
QUOTA_NOTICE = ("Google Places 사용 한도(할당량)를 넘었습니다: 장소를 검증하지 못해 미검증으로 보여 드립니다. / "
                "The Google Places quota is used up: places are shown unverified.")


@pytest.fixture
def fake():
    server = FakePlacesNew()
    yield server
    server.close()


@pytest.fixture
def google(fake, monkeypatch):
    """The whole app on Places API (New): the key set, PLAYGROUND_PLACES_API left at its default."""
    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", KEY)
    monkeypatch.setenv("GOOGLE_MAPS_BASE_URL", fake.base_url)
    monkeypatch.delenv("PLAYGROUND_PLACES_API", raising=False)
    return fake


def backend(fake: FakePlacesNew, timeout: float = 5.0) -> CachedPlaces:
    return CachedPlaces(NewPlacesBackend(KEY, base_url=fake.base_url, timeout=timeout))


def test_search_text_ok_is_verified_and_enriched_and_the_wire_is_the_new_apis(fake) -> None:
    fake.queue("searchText", NewReply(places=[place("Senso-ji", 35.7148, 139.7967, place_id="ChIJsenso", rating=4.5,
                                                    total=80000, types=("place_of_worship",),
                                                    price="PRICE_LEVEL_INEXPENSIVE")]))
    places = backend(fake)
    [found] = validate_and_enrich([PlaceSuggestion(name="浅草寺", name_en="Senso-ji", category="attraction")], TOKYO,
                                  places)
    assert found.isVerified and found.googlePlaceId == "ChIJsenso" and not found.sandbox
    assert (found.rating, found.userRatingsTotal, found.openNow, found.priceLevel) == (4.5, 80000, True, 1)
    assert (found.latitude, found.longitude) == (35.7148, 139.7967)
    assert found.googleMapsUrl == "https://www.google.com/maps/place/?q=place_id:ChIJsenso"
    [(method, body, headers)] = fake.requests
    assert method == "searchText"
    assert body == {"textQuery": "浅草寺 도쿄 일본", "languageCode": "ko", "maxResultCount": 1}
    assert headers["x-goog-fieldmask"] == FIELD_MASK and headers["x-goog-api-key"] == KEY
    # The mask asks for rating, count, price and opening hours: Enterprise fields, $35 per 1,000.
    assert places.stats.as_meta() == {"backend": "google", "calls": 1, "cache_hits": 0, "estimated_cost_usd": 0.035,
                                      "skus": {"Text Search Enterprise": 1}}


def test_no_results_falls_back_to_the_english_name_then_unverified(fake) -> None:
    fake.queue("searchText", NewReply())  # the service answers {} when nothing matches
    fake.queue("searchText", NewReply(places=[place("Ichiran Shibuya", 35.6604, 139.7017, types=("restaurant",))]))
    places = backend(fake)
    [found] = validate_and_enrich([PlaceSuggestion(name="이치란 시부야", name_en="Ichiran Shibuya",
                                                   category="restaurant")], TOKYO, places)
    assert found.isVerified and found.category == "restaurant"
    assert [r[1]["textQuery"] for r in fake.requests] == ["이치란 시부야 도쿄 일본", "Ichiran Shibuya 도쿄 일본"]
    [missing] = validate_and_enrich([PlaceSuggestion(name="없는 가게", category="restaurant")], TOKYO, places)
    assert not missing.isVerified and missing.rating is None
    assert places.stats.as_meta() == {"backend": "google", "calls": 3, "cache_hits": 0, "estimated_cost_usd": 0.105,
                                      "skus": {"Text Search Enterprise": 3}}


def test_a_429_is_the_quota_named_in_korean_and_english_and_the_place_stays_unverified(fake, caplog) -> None:
    fake.queue("searchText", NewReply(status=429, error=QUOTA))
    places = backend(fake)
    with caplog.at_level(logging.WARNING):
        [p] = validate_and_enrich([PlaceSuggestion(name="도쿄 타워", category="attraction")], TOKYO, places)
    assert not p.isVerified and p.name == "도쿄 타워"
    assert places.stats.errors == ["quota: 도쿄 타워"] and places.stats.notices == [QUOTA_NOTICE]
    assert "quota" in caplog.text and "SearchTextRequest per minute" in caplog.text  # Google's detail, logged only


def test_a_403_api_not_enabled_is_named_and_a_timeout_too(fake) -> None:
    fake.queue("searchText", NewReply(status=403, error=NOT_ENABLED))
    places = backend(fake, timeout=1.0)
    [denied] = validate_and_enrich([PlaceSuggestion(name="Denied", category="cafe")], TOKYO, places)
    assert not denied.isVerified
    assert places.stats.errors == ["denied: Denied"] and places.stats.notices == [f"{DENIED_KO} / {DENIED_EN}"]
    fake.queue("searchText", NewReply(places=[place("Slow", 35.0, 139.0)], delay=2.5))
    [slow] = validate_and_enrich([PlaceSuggestion(name="Slow place", category="cafe")], TOKYO, places)
    assert not slow.isVerified and places.stats.errors[-1] == "timeout: Slow place"
    assert places.stats.notices[-1] == ("Google Places가 1초 안에 답하지 않았습니다: 장소는 미검증으로 보여 드립니다. / "
                                        "Google Places did not answer within 1 s: places are shown unverified.")


def test_search_nearby_sends_a_circle_the_type_and_a_distance_ranking(fake) -> None:
    fake.queue("searchNearby", NewReply(places=[place("Cafe A", 35.71, 139.79, place_id="A", types=("cafe",)),
                                                place("Cafe B", 35.712, 139.795, place_id="B", types=("cafe", "food"))]))
    places = backend(fake)
    hits = places.nearby(35.7148, 139.7967, TOKYO, category="cafe", max_results=1, exclude=("A",))
    assert [h.name for h in hits] == ["Cafe B"] and hits[0].category == "cafe"
    [(method, body, headers)] = fake.requests
    assert method == "searchNearby" and headers["x-goog-fieldmask"] == FIELD_MASK
    assert body == {"includedTypes": ["cafe"], "maxResultCount": 2, "languageCode": "ko", "rankPreference": 1,
                    "locationRestriction": {"circle": {"center": {"latitude": 35.7148, "longitude": 139.7967},
                                                       "radius": 1500.0}}}
    assert places.stats.as_meta()["skus"] == {"Nearby Search Enterprise": 1}


def test_a_keyword_near_a_place_is_a_text_search_biased_to_the_circle(fake) -> None:
    """searchNearby takes no keyword; Google's migration advice is searchText with a location bias."""
    fake.queue("searchText", NewReply(places=[place("Matcha Stand", 35.71, 139.79, types=("cafe",))]))
    hits = backend(fake).nearby(35.7148, 139.7967, TOKYO, category="cafe", keyword="matcha", max_results=3)
    assert [h.name for h in hits] == ["Matcha Stand"]
    [(method, body, _)] = fake.requests
    assert method == "searchText"
    assert body == {"textQuery": "matcha", "includedType": "cafe", "maxResultCount": 3, "languageCode": "ko",
                    "locationBias": {"circle": {"center": {"latitude": 35.7148, "longitude": 139.7967},
                                                "radius": 1500.0}}}


def test_the_sku_follows_the_field_mask() -> None:
    assert sku_for("text", "places.id") == ("Text Search Essentials (IDs Only)", 0.0)
    assert sku_for("text", "places.id,places.displayName,places.location") == ("Text Search Pro", 0.032)
    assert sku_for("text", FIELD_MASK) == ("Text Search Enterprise", 0.035)
    assert sku_for("text", "places.id,places.reviews") == ("Text Search Enterprise + Atmosphere", 0.04)
    assert sku_for("nearby", "places.id") == ("Nearby Search Pro", 0.032)  # Nearby has no Essentials SKU
    assert sku_for("nearby", FIELD_MASK) == ("Nearby Search Enterprise", 0.035)


def test_the_new_api_is_the_default_legacy_is_chosen_by_name_and_a_typo_is_named(store, clock, monkeypatch) -> None:
    trips = TripService(store).store
    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", KEY)
    monkeypatch.delenv("PLAYGROUND_PLACES_API", raising=False)
    assert isinstance(places_for(trips).backend, NewPlacesBackend)
    monkeypatch.setenv("PLAYGROUND_PLACES_API", "legacy")
    assert isinstance(places_for(trips).backend, LegacyPlacesBackend)
    monkeypatch.setenv("PLAYGROUND_PLACES_API", "newest")
    fallback = places_for(trips)
    assert isinstance(fallback.backend, GazetteerBackend)
    assert fallback.stats.errors == ["GOOGLE_MAPS_API_KEY: PLAYGROUND_PLACES_API='newest' is neither 'new' nor "
                                     "'legacy'. Using the offline gazetteer."]
    monkeypatch.delenv("GOOGLE_MAPS_API_KEY")
    assert isinstance(places_for(trips).backend, GazetteerBackend)


THREE = {"places": [{"name": "후운지", "name_en": "Fuunji", "category": "restaurant"},
                    {"name": "아후리 에비스", "name_en": "Afuri Ebisu", "category": "restaurant"},
                    {"name": "멘야 무사시", "name_en": "Menya Musashi", "category": "restaurant"}]}


def test_a_turn_on_the_new_api_reports_the_sku_cost_and_the_next_its_cache_hits(store, clock, google) -> None:
    for i, (lat, lng) in enumerate([(35.6867, 139.7036), (35.6480, 139.7101), (35.6938, 139.7034)]):
        google.queue("searchText", NewReply(places=[place(f"Ramen {i}", lat, lng, types=("restaurant",))]))
    events = Session("travel", provider=OfflineProvider.scripted(call("recommend_places", THREE), say("추천!")),
                     clock=clock).run("라멘집 추천해줘")
    assert [e.data["isVerified"] for e in events if e.type == "data_card"] == [True, True, True]
    assert events[-1].meta["places"] == {"backend": "google", "calls": 3, "cache_hits": 0,
                                         "estimated_cost_usd": 0.105, "skus": {"Text Search Enterprise": 3}}
    again = Session("travel", provider=OfflineProvider.scripted(call("recommend_places", THREE), say("또!")),
                    clock=clock).run("라멘집 다시 추천해줘")
    assert again[-1].meta["places"] == {"backend": "google", "calls": 0, "cache_hits": 3, "estimated_cost_usd": 0.0}
    assert len(google.requests) == 3


def test_denied_in_a_turn_tells_the_user_why_and_the_key_is_nowhere(store, clock, google, caplog) -> None:
    """A 403 whose text echoes the key (as some Google errors quote the request): the user reads the
    named message; the key is in no event, no stored trace or message, no log line."""
    echo = ("PERMISSION_DENIED", f"{NOT_ENABLED[1]} (request with key {KEY})")
    google.queue("searchText", NewReply(status=403, error=echo))  # an error is not retried with the English name
    google.queue("searchNearby", NewReply(status=403, error=echo))
    s = Session("travel", provider=OfflineProvider.scripted(
        call("recommend_places", {"places": [{"name": "후운지", "name_en": "Fuunji", "category": "restaurant"}]}),
        call("search_nearby_places", {"referencePlaceName": "센소지", "category": "cafe"}), say("끝")), clock=clock)
    with caplog.at_level(logging.DEBUG):
        events = s.run("라멘집이랑 센소지 근처 카페 찾아줘")
    results = [e for e in events if e.type == "tool_result"]
    assert [(r.name, r.ok) for r in results] == [("recommend_places", True), ("search_nearby_places", False)]
    assert DENIED_KO in results[0].summary
    assert results[1].summary == f"{DENIED_KO} / {DENIED_EN}"
    meta = events[-1].meta["places"]
    assert meta["errors"] == ["denied: 후운지", "denied: nearby 센소지"] and meta["notices"] == [f"{DENIED_KO} / {DENIED_EN}"]
    assert [e.data["isVerified"] for e in events if e.type == "data_card"] == [False]
    assert [r[0] for r in google.requests] == ["searchText", "searchNearby"] and all(r[2]["x-goog-api-key"] == KEY for r in google.requests)
    trace = store.traces.get(events[-1].turn_id)
    shown = json.dumps([e.model_dump(mode="json") for e in events], ensure_ascii=False)
    stored = json.dumps(trace.events, ensure_ascii=False) + json.dumps(
        [m.__dict__ for m in store.messages.recent(events[-1].conversation_id)],
        ensure_ascii=False, default=str)
    assert "has not been used in project" in caplog.text  # Google's detail is logged, for the operator
    for where in (shown, stored, caplog.text):
        assert KEY not in where and "AIzaSy" not in where
