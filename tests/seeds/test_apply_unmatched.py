"""Issue 30 'Apply': applying an itinerary through /api/v1 never skips a place silently. Before: a client's
preview (names, no placeId) applied 0 of 2 items and the answer named none of them; after: the saved place
is matched by name and applied, the other is listed in the proposal, the confirm's answer and its card."""

from __future__ import annotations

from fastapi.testclient import TestClient

PREVIEW = {"title": "하루", "days": [{"dayNumber": 1, "date": "", "items": [
    {"order": 1, "placeName": "센소지", "category": "attraction"},
    {"order": 2, "placeName": "없는 카페", "category": "cafe"}]}]}


def test_api_v1_apply_lists_what_it_leaves_out(local: TestClient) -> None:
    trips = local.get("/api/v1/travel/trips", params={"user": "alice"}).json()["trips"]
    project = next(t["id"] for t in trips if t["title"].startswith("도쿄"))
    proposed = local.post(f"/api/v1/travel/trips/{project}/apply-itinerary", params={"user": "alice"},
                          json={"preview": PREVIEW}).json()
    assert proposed["unmatched"] == ["없는 카페"] and "없는 카페" in " ".join(proposed["warnings"])
    outcome = local.post(proposed["confirm"], params={"user": "alice"}).json()
    assert outcome["ok"] is True and outcome["result"]["items"] == 1
    assert outcome["result"]["unmatched"] == ["없는 카페"] and "없는 카페" in outcome["message"]
    (card,) = outcome["cards"]
    assert card["data"]["unmatched"] == ["없는 카페"]
    days = next(t for t in local.get("/api/v1/travel/trips", params={"user": "alice"}).json()["trips"]
                if t["id"] == project)
    assert days["id"] == project
