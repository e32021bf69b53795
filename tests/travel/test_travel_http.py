"""The travel endpoints: trips, and apply-itinerary through the pending-action service."""

from __future__ import annotations

from fastapi.testclient import TestClient

from agents.http.api import create_api
from agents.travel.service import TripService


def test_trips_and_apply_itinerary_go_through_a_confirmed_action(store) -> None:
    client = TestClient(create_api("local"))
    trips = client.get("/api/v1/travel/trips", params={"user": "alice"}).json()["trips"]
    assert trips[0]["active"] and trips[0]["title"] == "도쿄 3박 4일" and trips[0]["places"] >= 5
    trip = TripService(store).active("alice")
    sensoji = next(p for p in trip.places if p.name == "센소지")
    preview = {"title": "API 일정", "days": [{"dayNumber": 1, "date": trip.start_date.isoformat(), "items": [
        {"order": 1, "placeName": "센소지", "placeId": sensoji.id, "startTime": "09:30"}]}]}
    answer = client.post(f"/api/v1/travel/trips/{trip.id}/apply-itinerary",
                         json={"preview": preview, "mode": "overwrite", "user": "alice"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["status"] == "PENDING" and body["summary"].endswith("1일 1곳")
    assert TripService(store).active("alice").itinerary == []  # nothing until confirmed
    # bob can neither apply to alice's trip nor confirm her action.
    assert client.post(f"/api/v1/travel/trips/{trip.id}/apply-itinerary",
                       json={"preview": preview, "user": "bob"}).status_code == 404
    assert client.post(body["confirm"], json={"user": "bob"}).status_code == 404
    confirmed = client.post(body["confirm"], json={"user": "alice"})
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "COMPLETED"
    day = TripService(store).active("alice").itinerary[0]
    assert [(i.place_name, i.start_time) for i in day.items] == [("센소지", "09:30")]
    assert client.post(body["confirm"], json={"user": "alice"}).status_code == 409  # exactly once


def test_apply_refuses_unknown_fields_and_bad_modes(store) -> None:
    client = TestClient(create_api("local"))
    client.get("/api/v1/travel/trips")
    trip = TripService(store).active("demo")
    for body in ({"preview": {"title": "t"}, "mode": "replace"}, {"preview": {"title": "t"}, "overwrite": True}):
        answer = client.post(f"/api/v1/travel/trips/{trip.id}/apply-itinerary", json=body)
        assert answer.status_code == 422 and answer.json()["error"]["code"]


def test_shared_mode_takes_the_user_from_the_verified_token_only(store) -> None:
    """In shared mode the trips and the apply action belong to the token's owner: a body or query
    ``user`` that disagrees is refused (403), another user's trip and action are not found (404)."""
    from agents.core.clock import system_clock
    from agents.services.access import issue_token

    client = TestClient(create_api("shared", burst_limit=1000))
    alice, bob = ({"Authorization": f"Bearer {issue_token(store, u, 'script', system_clock())[1]}"}
                  for u in ("alice", "bob"))
    assert client.get("/api/v1/travel/trips").status_code == 401
    mine = client.get("/api/v1/travel/trips", headers=alice).json()["trips"]
    theirs = client.get("/api/v1/travel/trips", headers=bob).json()["trips"]
    assert {t["id"] for t in mine}.isdisjoint({t["id"] for t in theirs})
    assert mine[0]["id"] == TripService(store).active("alice").id and mine[0]["active"]
    assert {t["id"] for t in mine} == {r["id"] for r in TripService(store).store.trips("alice")}
    assert client.get("/api/v1/travel/trips", params={"user": "bob"}, headers=alice).status_code == 403
    trip = TripService(store).active("alice")
    sensoji = next(p for p in trip.places if p.name == "센소지")
    preview = {"title": "공유 일정", "days": [{"dayNumber": 1, "date": "", "items": [
        {"order": 1, "placeName": "센소지", "placeId": sensoji.id, "startTime": "10:00"}]}]}
    url = f"/api/v1/travel/trips/{trip.id}/apply-itinerary"
    assert client.post(url, json={"preview": preview, "user": "bob"}, headers=alice).status_code == 403
    assert client.post(url, json={"preview": preview}, headers=bob).status_code == 404  # not bob's trip
    answer = client.post(url, json={"preview": preview, "mode": "merge"}, headers=alice)
    assert answer.status_code == 200, answer.text
    action = answer.json()
    assert store.actions.get(action["action_id"]).user_id == "alice"
    assert client.post(action["confirm"], json={}, headers=bob).status_code == 404
    assert TripService(store).active("alice").itinerary == []
    assert client.post(action["confirm"], json={}, headers=alice).json()["status"] == "COMPLETED"
    assert [i.place_name for i in TripService(store).active("alice").itinerary[0].items] == ["센소지"]
    assert TripService(store).active("bob").itinerary == []
