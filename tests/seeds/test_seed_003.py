"""Seed 003 (shopping re-recommendation) served in its own shape under /seeds/003 (issue 30): the bottom
sheet's body, its `data: {type, data}` stream read by the seed's own handling, the seed's scenarios, the
same turns stored as through /api/v1, and the identity rules."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agents.core.session import runtime_store
from tests.seeds.hooks import bottom_sheet

URL = "/seeds/003/api/agent"
EVENT_DATA: dict[str, type | tuple[type, ...]] = {
    "thinking": str, "intent": dict, "message": str, "clarification": str, "recommendations": dict, "error": str,
    "done": dict, "suggested_questions": list, "data_card": dict,
}


def send(client: TestClient, user_input: str, session_id: str = "1234567890", session: dict[str, Any] | None = None,
         **kw: Any) -> dict[str, Any]:
    session = session if session is not None else {}
    body: dict[str, Any] = {"userInput": user_input, "sessionId": session_id, "context": {
        "currentRecommendations": session.get("recommendations", []),
        "currentSession": {k: session[k] for k in ("selectedProsTags", "selectedConsTags", "budget", "anchorProduct")
                           if k in session}}}
    body.update(kw.pop("extra_body", {}))
    with client.stream("POST", URL, json=body, **kw) as response:
        assert response.status_code == 200, response.read()
        got = bottom_sheet(response.iter_text(), session)
    for event in got["events"]:
        assert set(event) <= {"type", "data", "options", "code"}, event
        assert isinstance(event["data"], EVENT_DATA[event["type"]]), event
    assert got["events"][-1]["type"] == "done" and [e["type"] for e in got["events"]].count("done") == 1
    return got


def types(got: dict[str, Any]) -> list[str]:
    return [e["type"] for e in got["events"]]


def test_the_seeds_example_stream(local: TestClient) -> None:
    """'SSE 스트림 예시': a session at 0-150000 asks "10만원 아래로 다시 보여줘"; thinking, intent, message,
    recommendations (with the updated session), done; the client's session ends at 0-100000."""
    session = {"selectedProsTags": ["temp-precise", "hygiene-easy"], "selectedConsTags": ["noise-loud"],
               "budget": "0-150000", "recommendations": [{"productId": "p004", "title": "유팡 플러스 분유포트"},
                                                         {"productId": "p003"}, {"productId": "p001"}]}
    got = send(local, "10만원 아래로 다시 보여줘", session=session, params={"user": "alice"})
    assert types(got) == ["thinking", "intent", "message", "recommendations", "suggested_questions", "done"]
    events = {e["type"]: e["data"] for e in got["events"]}
    assert events["thinking"] == "Analyzing your request..."
    assert events["intent"]["tool"] == "REFILTER" and isinstance(events["intent"]["confidence"], int)
    assert 0 < events["intent"]["confidence"] <= 100
    assert events["message"].startswith("**10만원 이하**로 다시 찾아봤어요!")
    assert "15만원 이하 → 10만원 이하" in events["message"]
    recs = events["recommendations"]["recommendations"]
    assert len(recs) == 3 and all(r["price"] <= 100_000 and r["productId"] == r["id"] for r in recs)
    updated = events["recommendations"]["updatedSession"]
    assert updated["budget"] == "0-100000" and updated["selectedProsTags"][:2] == ["temp-precise", "hygiene-easy"]
    assert updated["category"] == "분유포트"
    assert got["session"]["budget"] == "0-100000" and got["session"]["recommendations"] == recs
    assert got["messages"] == [events["message"]]
    assert events["done"]["sessionId"] == "1234567890"


def test_the_seeds_scenarios_continue_one_session(local: TestClient) -> None:
    session: dict[str, Any] = {}
    first = send(local, "분유포트 추천해줘", session=session, params={"user": "alice"})
    assert "recommendations" in types(first) and len(session["recommendations"]) == 3
    qa = send(local, "1번 제품 세척 편해?", session=session, params={"user": "alice"})
    assert qa["events"][1]["data"]["tool"] == "PRODUCT_QA" and session["recommendations"][0]["title"] in qa["messages"][0]
    compare = send(local, "1번이랑 2번 비교해줘", session=session, params={"user": "alice"})
    assert compare["events"][1]["data"]["tool"] == "COMPARE"
    assert "data_card" in types(compare) and compare["messages"][0].startswith("1번 vs 2번")
    general = send(local, "요즘 육아 너무 힘들다", session=session, params={"user": "alice"})
    assert general["events"][1]["data"]["tool"] == "GENERAL" and "recommendations" not in types(general)
    missing = send(local, "5번 제품은 어때?", session=session, params={"user": "alice"})
    assert missing["messages"][0].startswith("죄송해요, 해당 제품을 찾을 수 없어요.")
    conversation = {e["data"]["conversationId"] for g in (first, qa, compare, general, missing)
                    for e in g["events"] if e["type"] == "done"}
    assert len(conversation) == 1  # one sessionId, one conversation
    assert runtime_store().conversations.count("alice", agent_id="shopping") == 1
    other = send(local, "분유포트 추천해줘", session_id="other-tab", params={"user": "alice"})
    assert other["events"][-1]["data"]["conversationId"] not in conversation


def test_a_vague_budget_asks_and_ends_loading(local: TestClient) -> None:
    got = send(local, "더 저렴한 걸로 다시 보여줘", params={"user": "alice"})
    assert types(got) == ["thinking", "intent", "clarification", "done"]
    assert got["events"][1]["data"]["tool"] == "ASK_CLARIFICATION"
    assert got["messages"] == [got["events"][2]["data"]] and got["events"][2]["options"]


def test_anchor_from_a_product_page(local: TestClient) -> None:
    got = send(local, "이거랑 비슷한데 더 저렴한 걸로", params={"user": "alice"}, extra_body={"anchorProductId": "p004"})
    assert got["events"][1]["data"]["tool"] == "REFILTER_WITH_ANCHOR"
    updated = next(e["data"]["updatedSession"] for e in got["events"] if e["type"] == "recommendations")
    assert updated["anchorProduct"]["productId"] == "p004" and updated["anchorProduct"]["title"]


def _turns(conversation_id: str) -> list[tuple[str, str | None]]:
    return [(m.role, m.content) for m in runtime_store().messages.recent(conversation_id, 100)
            if m.role in ("user", "assistant")]


def test_the_seed_route_and_api_v1_record_the_same_turns(local: TestClient) -> None:
    flow = ["분유포트 추천해줘", "10만원 아래로 다시 보여줘", "1번 제품 세척 편해?"]
    for text in flow:
        seed = send(local, text, session_id="s-1", params={"user": "alice"})["events"][-1]["data"]["conversationId"]
    ours = None
    for text in flow:
        body: dict[str, Any] = {"message": text, "user": "alice", **({"conversation_id": ours} if ours else {})}
        reply = local.post("/api/v1/agents/shopping/chat", json=body).text
        ours = reply.split('"conversation_id":"')[1].split('"')[0]
    assert ours.startswith("conv_")
    assert _turns(seed) == _turns(ours) and len(_turns(seed)) == 6
    store = runtime_store()
    a, b = (store.conversations.get(c, "alice").state for c in (seed, ours))
    assert a["budget"] == b["budget"] and a["top3"] == b["top3"] and a["seed_session_id"] == "s-1"


def test_identity_as_in_api_v1(shared: TestClient, alice: dict[str, str], bob: dict[str, str]) -> None:
    body = {"userInput": "분유포트 추천해줘", "sessionId": "1234567890"}
    assert shared.post(URL, json=body).status_code == 401
    mine = send(shared, "분유포트 추천해줘", headers=alice)["events"][-1]["data"]["conversationId"]
    # The sessionId is the client's own: bob's same id is bob's own conversation, never alice's.
    his = send(shared, "10만원 아래로 다시 보여줘", headers=bob)["events"][-1]["data"]["conversationId"]
    assert his != mine
    assert runtime_store().conversations.get(mine, "bob") is None
    assert [role for role, _ in _turns(mine)] == ["user", "assistant"]
    assert shared.get(f"/api/v1/conversations/{mine}", headers=bob).status_code == 404
    assert shared.post(URL, json={**body, "user": "alice"}, headers=bob).status_code == 403


@pytest.mark.parametrize(("body", "field"), [
    ({"sessionId": "1"}, "userInput"),
    ({"userInput": "hi"}, "sessionId"),
    ({"userInput": "hi", "sessionId": "a b"}, "sessionId"),
    ({"userInput": "hi", "sessionId": "1", "anchorProductId": "../x"}, "anchorProductId"),
    ({"userInput": "hi", "sessionId": "1", "context": {"currentSession": {"budget": "cheap"}}},
     "context.currentSession.budget"),
    ({"userInput": "hi", "sessionId": "1", "context": {"currentRecommendations": [{}] * 21}},
     "context.currentRecommendations"),
    ({"userInput": "hi", "sessionId": "1", "context": {"currentRecommendations": [{"x": "\ud800"}]}},
     "context.currentRecommendations.0.x"),
    ({"userInput": "hi", "sessionId": "1", "message": "hi"}, "message"),
    ({"userInput": 5, "sessionId": "1"}, "userInput"),
    ({"userInput": "", "sessionId": "1"}, "userInput"),
])
def test_bad_input_is_422_naming_the_field(local: TestClient, body: dict[str, Any], field: str) -> None:
    response = local.post(URL, params={"user": "alice"}, content=json.dumps(body),
                          headers={"content-type": "application/json"})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["field"] == field and f"'{field}'" in error["message"]
    korean, english = error["message"].split(" (", 1)
    assert any("가" <= ch <= "힣" for ch in korean) and english
    assert runtime_store().conversations.count("alice") == 0
