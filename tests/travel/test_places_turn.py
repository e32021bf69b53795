"""Places accounting through whole turns (done.meta: calls, cache hits, the seed's $0.032 a
request) with the real googlemaps SDK against the loopback fake, and the cache's TTL and LRU."""

from __future__ import annotations

import pytest
from cachetools import TTLCache

from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import Session
from agents.travel import places as places_module
from agents.travel.destinations import destination
from agents.travel.places import CachedPlaces, GazetteerBackend
from agents.travel.places_google import LEGACY_COST_PER_REQUEST_USD as COST_PER_REQUEST_USD
from agents.travel.service import TripService
from tests.support.fake_places import FakePlaces, PlacesReply, result

THREE = {"places": [{"name": "후운지", "name_en": "Fuunji", "category": "restaurant"},
                    {"name": "아후리 에비스", "name_en": "Afuri Ebisu", "category": "restaurant"},
                    {"name": "멘야 무사시", "name_en": "Menya Musashi", "category": "restaurant"}]}


@pytest.fixture
def google(monkeypatch):
    server = FakePlaces()
    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", "AIza-travel-turn-key")
    monkeypatch.setenv("PLAYGROUND_PLACES_API", "legacy")  # this fake speaks the legacy web service
    monkeypatch.setenv("GOOGLE_MAPS_BASE_URL", server.base_url)
    yield server
    server.close()


def turn(clock) -> Session:
    return Session("travel", provider=OfflineProvider.scripted(call("recommend_places", THREE), say("추천!")), clock=clock)


def test_a_google_turn_reports_its_calls_and_cost_and_the_next_one_its_cache_hits(store, clock, google) -> None:
    for i, (lat, lng) in enumerate([(35.6867, 139.7036), (35.6480, 139.7101), (35.6938, 139.7034)]):
        google.queue("textsearch", PlacesReply(results=[result(f"Ramen {i}", lat, lng, types=("restaurant",))]))
    events = turn(clock).run("라멘집 추천해줘")
    assert [e.data["isVerified"] for e in events if e.type == "data_card"] == [True, True, True]
    assert all(e.data["sandbox"] is False for e in events if e.type == "data_card")  # Google's values, not sandbox
    assert events[-1].meta["places"] == {"backend": "google", "calls": 3, "cache_hits": 0,
                                         "estimated_cost_usd": round(3 * COST_PER_REQUEST_USD, 4)}
    assert COST_PER_REQUEST_USD == 0.032 and len(google.requests) == 3
    assert {r[1]["query"] for r in google.requests} == {"후운지 도쿄 일본", "아후리 에비스 도쿄 일본", "멘야 무사시 도쿄 일본"}
    again = turn(clock).run("라멘집 다시 추천해줘")
    assert again[-1].meta["places"] == {"backend": "google", "calls": 0, "cache_hits": 3, "estimated_cost_usd": 0.0}
    assert len(google.requests) == 3  # the cache answered
    trace = store.traces.get(again[-1].turn_id)  # the Lab reads the same figures from the stored turn
    assert trace is not None and trace.events[-1]["type"] == "done"
    assert trace.events[-1]["meta"]["places"] == again[-1].meta["places"]


def test_the_cache_forgets_after_its_ttl_and_drops_the_least_recently_used(store, clock, monkeypatch) -> None:
    TripService(store).setup_user("demo", clock())  # loads the gazetteer
    now = [0.0]
    monkeypatch.setattr(places_module, "_cache", TTLCache(maxsize=2, ttl=60, timer=lambda: now[0]))
    tokyo = destination("tokyo")
    backend = GazetteerBackend(TripService(store).store)

    def ask(name: str) -> tuple[int, int]:
        places = CachedPlaces(backend)
        assert places.text_search(name, tokyo) is not None
        return places.stats.calls, places.stats.cache_hits

    assert ask("센소지") == (1, 0) and ask("센소지") == (0, 1)
    now[0] = 59
    assert ask("센소지") == (0, 1)
    now[0] = 61  # past the TTL: asked again
    assert ask("센소지") == (1, 0)
    assert ask("도쿄 타워") == (1, 0) and ask("센소지") == (0, 1)  # 센소지 is now the most recently used
    assert ask("메이지 신궁") == (1, 0)  # full: the least recently used (도쿄 타워) goes
    assert ask("센소지") == (0, 1) and ask("도쿄 타워") == (1, 0)


def test_the_shipped_cache_is_bounded_and_expires() -> None:
    cache = places_module._cache
    assert isinstance(cache, TTLCache) and cache.maxsize == 2048 and cache.ttl == 6 * 3600
