"""The travel endpoints: trips, and apply-itinerary through the pending-action service."""

from __future__ import annotations

from fastapi.testclient import TestClient

from agents.api import create_api
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
