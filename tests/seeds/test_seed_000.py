"""Seed 000 (marketing) served in its own shape under /seeds/000 (issue 30): §5.1 chat chunks read by the
seed's own hook, §5.2-5.4 answers exactly as written, the same turns stored as through /api/v1, and the
identity rules of /api/v1."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agents.core.session import runtime_store
from tests.seeds.hooks import use_agent_chat

BASE = "/seeds/000/api/agent"
QUERY = "이번 주 성과 어때?"
CREATE = "신규 캠페인 만들어줘 예산 50만원 전환 목적 이름 봄세일"

# §4.1 AgentStreamChunk: each type's fields and their JSON types (extra fields are allowed by TypeScript).
CHUNK_FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "text": {"content": str},
    "progress": {"stage": str, "progress": int},
    "tool_call": {"toolName": str, "args": dict},
    "tool_result": {"toolName": str, "formattedMessage": str},
    "action_confirmation": {"actionId": str, "toolName": str, "summary": str, "details": list, "warnings": list,
                            "expiresAt": str},
    "action_result": {"actionId": str, "success": bool, "message": str},
    "data_card": {"cardType": str, "data": dict},
    "suggested_questions": {"questions": list},
    "error": {"error": str},
    "done": {},
}


def chat(client: TestClient, body: dict[str, Any], **kw: Any) -> dict[str, Any]:
    with client.stream("POST", f"{BASE}/chat", json=body, **kw) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("text/event-stream")
        return use_agent_chat(response.iter_text())


def conform(chunks: list[dict[str, Any]]) -> None:
    for chunk in chunks:
        assert chunk["type"] in CHUNK_FIELDS, chunk
        for name, kind in CHUNK_FIELDS[chunk["type"]].items():
            assert isinstance(chunk[name], kind), (chunk["type"], name, chunk[name])
        assert not any("_" in key for key in chunk if key != "type"), chunk  # camelCase only
    assert chunks[0]["type"] == "progress" and chunks[-1]["type"] == "done"
    assert [c["type"] for c in chunks].count("done") == 1


def test_query_turn_streams_the_seed_chunks_the_hook_renders(local: TestClient) -> None:
    """§5.1's example order (progress, text, tool_result, data_card, suggested_questions, done, with §4.1's
    tool_call before its result), read by useAgentChat into one assistant message."""
    got = chat(local, {"message": QUERY}, params={"user": "alice"})
    chunks = got["chunks"]
    conform(chunks)
    types = [c["type"] for c in chunks]
    first = {t: types.index(t) for t in dict.fromkeys(types)}
    assert list(first) == ["progress", "text", "tool_call", "tool_result", "data_card", "suggested_questions", "done"]
    assert chunks[0] == {"type": "progress", "stage": "understand", "progress": 20, "message": "요청을 이해하고 있어요"}
    result = next(c for c in chunks if c["type"] == "tool_result")
    assert result["toolName"] == "getPerformanceKPI" and result["formattedMessage"].startswith("최근 7일")
    assert next(c["cardType"] for c in chunks if c["type"] == "data_card") == "kpi_summary"
    message = got["message"]
    assert got["error"] is None and message["isStreaming"] is False
    assert message["content"] == "".join(c["content"] for c in chunks if c["type"] == "text")
    assert "ROAS" in message["content"] and len(message["suggestedQuestions"]) == 3
    assert message["dataCards"][0]["cardType"] == "kpi_summary"
    done = chunks[-1]
    assert done["conversationId"].startswith("conv_") and done["messageId"].startswith("msg_")


def test_mutation_turn_confirm_cancel_modify_answer_as_written(local: TestClient) -> None:
    got = chat(local, {"message": CREATE}, params={"user": "alice"})
    conform(got["chunks"])
    card = got["message"]["confirmationCard"]
    assert card["toolName"] == "createCampaign" and card["summary"].startswith("전환/매출 캠페인 '봄세일'")
    assert {"label": "일일 예산", "value": "₩500,000", "changed": False} in card["details"]
    assert card["expiresAt"].endswith("+00:00")

    # §5.2 modify: { success, updatedAction }
    modified = local.post(f"{BASE}/actions/{card['actionId']}/modify", params={"user": "alice"},
                          json={"args": {**card["args"], "dailyBudget": 300000}})
    assert modified.status_code == 200
    answer = modified.json()
    assert set(answer) == {"success", "updatedAction"} and answer["success"] is True
    assert answer["updatedAction"]["toolArgs"]["dailyBudget"] == 300000
    assert answer["updatedAction"]["status"] == "PENDING" and answer["updatedAction"]["id"] == card["actionId"]

    # §5.2 confirm: { success, message, data? }
    confirmed = local.post(f"{BASE}/actions/{card['actionId']}/confirm", params={"user": "alice"}).json()
    assert set(confirmed) == {"success", "message", "data"} and confirmed["success"] is True
    assert "봄세일" in confirmed["message"] and isinstance(confirmed["data"], dict)
    again = local.post(f"{BASE}/actions/{card['actionId']}/confirm", params={"user": "alice"})
    assert again.status_code == 409  # exactly once

    # §5.2 cancel: { success }
    second = chat(local, {"message": CREATE.replace("봄세일", "가을세일"), "conversationId":
                          got["chunks"][-1]["conversationId"]}, params={"user": "alice"})
    other = second["message"]["confirmationCard"]["actionId"]
    assert local.post(f"{BASE}/actions/{other}/cancel", params={"user": "alice"}).json() == {"success": True}
    rows = runtime_store().actions.list_for_conversation(got["chunks"][-1]["conversationId"])
    assert [(r.id, r.status.value) for r in rows] == [(card["actionId"], "COMPLETED"), (other, "CANCELLED")]


def test_conversations_answer_as_written(local: TestClient) -> None:
    first = chat(local, {"message": QUERY}, params={"user": "alice"})["chunks"][-1]["conversationId"]
    chat(local, {"message": "성과 좋은 캠페인은 어떤 거야?", "conversationId": first}, params={"user": "alice"})
    listed = local.get(f"{BASE}/conversations", params={"user": "alice", "archived": "false", "limit": 20,
                                                        "offset": 0}).json()
    assert set(listed) == {"conversations", "total"} and listed["total"] == 1
    (row,) = listed["conversations"]
    assert set(row) == {"id", "title", "updatedAt", "lastMessage"}
    assert row["id"] == first and row["title"] == QUERY and isinstance(row["lastMessage"], str)

    opened = local.get(f"{BASE}/conversations/{first}", params={"user": "alice", "messageLimit": 50}).json()
    assert set(opened) == {"conversation", "messages"}
    assert opened["conversation"]["id"] == first and "updatedAt" in opened["conversation"]
    users = [m["content"] for m in opened["messages"] if m["role"] == "user"]
    assert users == [QUERY, "성과 좋은 캠페인은 어떤 거야?"]
    assert all("conversationId" in m and "createdAt" in m for m in opened["messages"])
    two = local.get(f"{BASE}/conversations/{first}", params={"user": "alice", "messageLimit": 2}).json()
    assert len(two["messages"]) == 2

    assert local.delete(f"{BASE}/conversations/{first}", params={"user": "alice"}).json() == {"success": True}
    assert local.get(f"{BASE}/conversations/{first}", params={"user": "alice"}).status_code == 404
    assert local.get(f"{BASE}/conversations", params={"user": "alice"}).json() == {"conversations": [], "total": 0}


def test_alerts_answer_as_written(local: TestClient) -> None:
    checked = local.post(f"{BASE}/alerts/check", params={"user": "alice"}).json()
    assert set(checked) == {"created", "types"} and set(checked["types"]) == {"anomaly", "budget", "milestone"}
    assert checked["created"] >= 1 and all(isinstance(v, int) for v in checked["types"].values())
    listed = local.get(f"{BASE}/alerts", params={"user": "alice", "status": "UNREAD", "limit": 10}).json()
    assert set(listed) == {"alerts", "unreadCount"} and listed["unreadCount"] == checked["created"]
    alert = listed["alerts"][0]
    assert {"id", "type", "severity", "status", "title", "message", "createdAt"} <= set(alert)
    assert local.patch(f"{BASE}/alerts/{alert['id']}", params={"user": "alice"},
                       json={"status": "READ"}).json() == {"success": True}
    after = local.get(f"{BASE}/alerts", params={"user": "alice"}).json()
    assert after["unreadCount"] == checked["created"] - 1


def _turns(conversation_id: str) -> list[tuple[str, str | None]]:
    return [(m.role, m.content) for m in runtime_store().messages.recent(conversation_id, 100)
            if m.role in ("user", "assistant")]


def test_the_seed_route_and_api_v1_record_the_same_turns(local: TestClient) -> None:
    seed = chat(local, {"message": QUERY}, params={"user": "alice"})["chunks"][-1]["conversationId"]
    chat(local, {"message": CREATE, "conversationId": seed}, params={"user": "alice"})
    ours = None
    for message in (QUERY, CREATE):
        body: dict[str, Any] = {"message": message, "user": "alice"}  # the same sandbox account
        if ours:
            body["conversation_id"] = ours
        text = local.post("/api/v1/agents/marketing/chat", json=body).text
        ours = ours or text.split('"conversation_id":"')[1].split('"')[0]
    assert _turns(seed) == _turns(ours)
    assert [role for role, _ in _turns(seed)] == ["user", "assistant", "assistant", "user", "assistant"]
    store = runtime_store()
    seed_actions = [(a.tool_name, a.tool_args, a.status.value) for a in store.actions.list_for_conversation(seed)]
    v1_actions = [(a.tool_name, a.tool_args, a.status.value) for a in store.actions.list_for_conversation(ours)]
    assert seed_actions == v1_actions and seed_actions[0][0] == "createCampaign"


def test_identity_as_in_api_v1(shared: TestClient, alice: dict[str, str], bob: dict[str, str]) -> None:
    assert shared.post(f"{BASE}/chat", json={"message": QUERY}).status_code == 401
    got = chat(shared, {"message": CREATE}, headers=alice)
    conversation = got["chunks"][-1]["conversationId"]
    action = got["message"]["confirmationCard"]["actionId"]
    # bob can name alice's ids, and gets 404 for every one of them; nothing of hers changes.
    refused = shared.post(f"{BASE}/chat", json={"message": QUERY, "conversationId": conversation}, headers=bob)
    assert refused.status_code == 404 and refused.json()["error"]["code"] == "conversation_not_found"
    assert shared.get(f"{BASE}/conversations/{conversation}", headers=bob).status_code == 404
    assert shared.delete(f"{BASE}/conversations/{conversation}", headers=bob).status_code == 404
    for verb in ("confirm", "cancel"):
        assert shared.post(f"{BASE}/actions/{action}/{verb}", headers=bob).status_code == 404
    assert shared.post(f"{BASE}/actions/{action}/modify", json={"args": {}}, headers=bob).status_code == 404
    assert shared.get(f"{BASE}/conversations", headers=bob).json() == {"conversations": [], "total": 0}
    assert shared.get(f"{BASE}/conversations", headers=alice).json()["total"] == 1
    assert runtime_store().actions.get(action).status.value == "PENDING"
    # A token cannot act as someone else.
    assert shared.post(f"{BASE}/chat", json={"message": QUERY, "user": "alice"}, headers=bob).status_code == 403


def test_another_agents_conversation_is_not_reachable(local: TestClient) -> None:
    text = local.post("/api/v1/agents/travel/chat", json={"message": "도쿄 맛집 추천해줘", "user": "alice"}).text
    travel = text.split('"conversation_id":"')[1].split('"')[0]
    assert local.get(f"{BASE}/conversations/{travel}", params={"user": "alice"}).status_code == 404
    assert local.delete(f"{BASE}/conversations/{travel}", params={"user": "alice"}).status_code == 404


@pytest.mark.parametrize(("body", "field", "korean"), [
    ({}, "message", "항목이 필요합니다"),
    ({"message": "hi", "conversationId": 5}, "conversationId", "값이 올바르지 않습니다"),
    ({"message": "hi", "conversationId": "../etc"}, "conversationId", "값이 올바르지 않습니다"),
    ({"message": "hi", "sessionId": "x"}, "sessionId", "받지 않는 항목"),
    ({"message": "\ud800"}, "message", "값이 올바르지 않습니다"),
    ({"message": ["a"]}, "message", "값이 올바르지 않습니다"),
])
def test_bad_input_is_422_naming_the_field_in_korean_and_english(local: TestClient, body: dict[str, Any],
                                                                  field: str, korean: str) -> None:
    response = local.post(f"{BASE}/chat", params={"user": "alice"}, content=json.dumps(body),  # \ud800 escaped
                          headers={"content-type": "application/json"})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["field"] == field and error["code"] == "invalid_input"
    assert korean in error["message"] and f"'{field}'" in error["message"].split("(", 1)[1]
    assert runtime_store().conversations.count("alice") == 0  # nothing saved


def test_bad_bodies_elsewhere_are_422_too(local: TestClient) -> None:
    modify = local.post(f"{BASE}/actions/act_x/modify", params={"user": "alice"}, json={"args": [1]})
    assert modify.status_code == 422 and modify.json()["error"]["field"] == "args"
    patch = local.patch(f"{BASE}/alerts/alert_x", params={"user": "alice"}, json={"status": "GONE"})
    assert patch.status_code == 422 and patch.json()["error"]["field"] == "status"
    limit = local.get(f"{BASE}/conversations", params={"user": "alice", "limit": 10**9})
    assert limit.status_code == 422 and limit.json()["error"]["field"] == "limit"
    not_json = local.post(f"{BASE}/chat", params={"user": "alice"}, content=b"{", headers={"content-type":
                                                                                           "application/json"})
    assert not_json.status_code == 400 and "JSON" in not_json.json()["error"]["message"]


def test_openapi_lists_the_seed_routes_under_their_tag(local: TestClient) -> None:
    paths = local.get("/api/openapi.json").json()["paths"]
    seed = {p: ops for p, ops in paths.items() if p.startswith("/seeds/000/")}
    assert set(seed) == {f"{BASE}/chat", f"{BASE}/actions/{{action_id}}/confirm", f"{BASE}/actions/{{action_id}}/cancel",
                         f"{BASE}/actions/{{action_id}}/modify", f"{BASE}/conversations",
                         f"{BASE}/conversations/{{conversation_id}}", f"{BASE}/alerts", f"{BASE}/alerts/{{alert_id}}",
                         f"{BASE}/alerts/check"}
    assert all(op["tags"] == ["seed interfaces"] for ops in seed.values() for op in ops.values())
