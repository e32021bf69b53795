"""Seed 001 (travel) served in its own shape under /seeds/001 (issue 30): the project chat's StreamChunks read
by the seed's useChatStream, apply-itinerary as the confirmation recorded in the action table with the
unmatched places listed, the same turns stored as through /api/v1, and the identity rules."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agents.core.session import runtime_store
from tests.seeds.hooks import use_chat_stream

STREAM_TYPES = {"text", "place", "tool_call", "tool_result", "itinerary_preview", "done", "error"}
TOOL_STATUSES = {"pending", "executing", "completed", "failed"}


def trip(client: TestClient, **kw: Any) -> str:
    trips = client.get("/api/v1/travel/trips", **kw).json()["trips"]
    return next(t["id"] for t in trips if t["title"].startswith("도쿄"))


def chat(client: TestClient, project: str, body: dict[str, Any], **kw: Any) -> dict[str, Any]:
    with client.stream("POST", f"/seeds/001/api/projects/{project}/chat", json=body, **kw) as response:
        assert response.status_code == 200, response.read()
        got = use_chat_stream(response.iter_text())
    chunks = got["chunks"]
    assert {c["type"] for c in chunks} <= STREAM_TYPES, {c["type"] for c in chunks}
    assert chunks[-1]["type"] == "done" and [c["type"] for c in chunks].count("done") == 1
    for chunk in chunks:
        if chunk["type"] in ("tool_call", "tool_result"):
            call = chunk["toolCall"]
            assert isinstance(call["id"], str) and isinstance(call["name"], str)
            assert call["status"] in TOOL_STATUSES
        if chunk["type"] == "text":
            assert isinstance(chunk["content"], str)
    return got


def test_places_stream_as_the_seeds_sequence(local: TestClient) -> None:
    """§9.1: tool_call (recommend_places) -> tool_result -> place x N -> text -> done."""
    project = trip(local, params={"user": "alice"})
    got = chat(local, project, {"message": "도쿄 라멘집 추천해줘"}, params={"user": "alice"})
    kinds = [c["type"] for c in got["chunks"]]
    first = list(dict.fromkeys(kinds))
    assert first == ["tool_call", "tool_result", "place", "text", "done"]
    call = got["chunks"][0]["toolCall"]
    assert call["name"] == "recommend_places" and call["status"] == "executing" and isinstance(call["args"], dict)
    assert got["toolCalls"][call["id"]]["status"] == "completed"
    assert len(got["places"]) == kinds.count("place") == 3
    place = got["places"][0]
    assert place["name"] == "도쿄 라멘 스트리트" and place["name_en"] == "Tokyo Ramen Street"
    assert place["isVerified"] is True and isinstance(place["latitude"], float) and isinstance(place["rating"], float)
    assert got["content"] and got["messageId"].startswith("msg_") and got["error"] is None


def test_itinerary_preview_then_apply_is_the_confirm(local: TestClient) -> None:
    """§9.2: generate_itinerary streams itinerary_preview; the 적용하기 POST saves it and the action table
    records a proposal confirmed by that request; names that match no saved place are listed."""
    project = trip(local, params={"user": "alice"})
    got = chat(local, project, {"message": "3박 4일 도쿄 일정 만들어줘"}, params={"user": "alice"})
    preview = got["itineraryPreview"]
    assert preview["title"] == "도쿄 3박 4일 일정" and len(preview["days"]) == 4
    item = preview["days"][0]["items"][0]
    assert {"order", "placeName", "placeNameEn", "category", "startTime", "duration", "note"} <= set(item)
    conversation = got["chunks"][-1]["conversationId"]

    # The client may edit the preview before applying: one name now matches nothing.
    edited = json.loads(json.dumps(preview))
    edited["days"][0]["items"].append({"order": 9, "placeName": "없는 카페", "category": "cafe"})
    answer = local.post(f"/seeds/001/api/projects/{project}/chat/apply-itinerary", params={"user": "alice"},
                        json={"preview": edited, "mode": "overwrite", "conversationId": conversation}).json()
    assert answer["success"] is True and answer["unmatched"] == ["없는 카페"]
    planned = sum(len(day["items"]) for day in preview["days"])  # every generated place matches a saved one
    assert "없는 카페" in answer["message"] and answer["data"]["items"] == planned
    (card,) = answer["cards"]
    assert card["cardType"] == "itinerary" and card["data"]["unmatched"] == ["없는 카페"]
    (action,) = runtime_store().actions.list_for_conversation(conversation)
    assert action.id == answer["actionId"] and action.tool_name == "apply_itinerary"
    assert action.status.value == "COMPLETED" and action.confirmed_at is not None
    assert "없는 카페" in " ".join(action.warnings)
    saved = local.get("/api/v1/travel/trips", params={"user": "alice"}).json()
    assert next(t for t in saved["trips"] if t["id"] == project)["active"] is True


def test_apply_without_a_chat_and_in_merge_mode(local: TestClient) -> None:
    project = trip(local, params={"user": "alice"})
    preview = {"title": "하루", "days": [{"dayNumber": 1, "date": "", "items": [
        {"order": 1, "placeName": "센소지", "category": "attraction"},
        {"order": 2, "placeName": "센소지 ", "category": "attraction"}]},
        {"dayNumber": 9, "date": "", "items": [{"order": 1, "placeName": "도쿄 스카이트리", "category": "attraction"}]}]}
    answer = local.post(f"/seeds/001/api/projects/{project}/chat/apply-itinerary", params={"user": "alice"},
                        json={"preview": preview, "mode": "merge"}).json()
    assert answer["success"] is True and answer["unmatched"] == ["도쿄 스카이트리 (day 9)"]
    assert answer["data"] == {"projectId": project, "items": 1, "mode": "merge"}
    assert answer["conversationId"].startswith("conv_")


def _turns(conversation_id: str) -> list[tuple[str, str | None]]:
    return [(m.role, m.content) for m in runtime_store().messages.recent(conversation_id, 100)
            if m.role in ("user", "assistant")]


def test_the_seed_route_and_api_v1_record_the_same_turns(local: TestClient) -> None:
    project = trip(local, params={"user": "alice"})
    flow = ["도쿄 라멘집 추천해줘", "3박 4일 도쿄 일정 만들어줘"]
    seed = None
    for text in flow:
        body: dict[str, Any] = {"message": text, **({"conversationId": seed} if seed else {})}
        seed = chat(local, project, body, params={"user": "alice"})["chunks"][-1]["conversationId"]
    ours = None
    for text in flow:
        v1: dict[str, Any] = {"message": text, "user": "alice", **({"conversation_id": ours} if ours else {})}
        ours = local.post("/api/v1/agents/travel/chat", json=v1).text.split('"conversation_id":"')[1].split('"')[0]
    assert _turns(seed) == _turns(ours) and [r for r, _ in _turns(seed)].count("user") == 2


def test_identity_as_in_api_v1(shared: TestClient, alice: dict[str, str], bob: dict[str, str]) -> None:
    project = trip(shared, headers=alice)
    assert shared.post(f"/seeds/001/api/projects/{project}/chat", json={"message": "hi"}).status_code == 401
    # alice's project is not bob's: 404, and nothing is saved for either.
    refused = shared.post(f"/seeds/001/api/projects/{project}/chat", json={"message": "도쿄 맛집"}, headers=bob)
    assert refused.status_code == 404 and refused.json()["error"]["code"] == "trip_not_found"
    preview = {"title": "x", "days": []}
    apply = shared.post(f"/seeds/001/api/projects/{project}/chat/apply-itinerary", json={"preview": preview},
                        headers=bob)
    assert apply.status_code == 404
    conversation = chat(shared, project, {"message": "도쿄 라멘집 추천해줘"}, headers=alice)["chunks"][-1]["conversationId"]
    his = trip(shared, headers=bob)
    taken = shared.post(f"/seeds/001/api/projects/{his}/chat", json={"message": "hi", "conversationId": conversation},
                        headers=bob)
    assert taken.status_code == 404 and taken.json()["error"]["code"] == "conversation_not_found"
    into = shared.post(f"/seeds/001/api/projects/{his}/chat/apply-itinerary", headers=bob,
                       json={"preview": preview, "conversationId": conversation})
    assert into.status_code == 404
    assert runtime_store().actions.list_for_conversation(conversation) == []
    assert runtime_store().conversations.count("bob") == 0


@pytest.mark.parametrize(("path", "body", "field"), [
    ("chat", {}, "message"),
    ("chat", {"message": "hi", "conversationId": 3}, "conversationId"),
    ("chat", {"message": "hi", "projectId": "x"}, "projectId"),
    ("chat/apply-itinerary", {}, "preview"),
    ("chat/apply-itinerary", {"preview": {"title": "x", "days": []}, "mode": "replace"}, "mode"),
    ("chat/apply-itinerary", {"preview": {"days": []}}, "preview.title"),
    ("chat/apply-itinerary", {"preview": {"title": "x", "days": [{"dayNumber": "one", "date": ""}]}},
     "preview.days.0.dayNumber"),
    ("chat/apply-itinerary", {"preview": {"title": "\ud800", "days": []}}, "preview.title"),
])
def test_bad_input_is_422_naming_the_field(local: TestClient, path: str, body: dict[str, Any], field: str) -> None:
    project = trip(local, params={"user": "alice"})
    response = local.post(f"/seeds/001/api/projects/{project}/{path}", params={"user": "alice"},
                          content=json.dumps(body), headers={"content-type": "application/json"})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["field"] == field, error
    korean, english = error["message"].split(" (", 1)
    assert any("가" <= ch <= "힣" for ch in korean) and english
    assert runtime_store().actions.list_for_user("alice") == []
