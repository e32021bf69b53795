"""Seed 003 opens the session's conversation before its turn: a turn refused after that (429 burst
limit) must not leave an empty conversation behind (issue 30's known limit at the seed edge)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from agents.core.session import runtime_store
from agents.http.api import create_api

URL = "/seeds/003/api/agent"


def body(session_id: str, text: str = "10만원 아래로 다시 보여줘") -> dict:
    return {"userInput": text, "sessionId": session_id, "context": {"currentRecommendations": [],
                                                                    "currentSession": {}}}


def conversations(user: str) -> list[dict]:
    return [{"id": r.id, "message_count": r.message_count} for r in runtime_store().conversations.list(user)]


def test_a_turn_refused_by_the_burst_limit_leaves_no_empty_conversation(store) -> None:
    client = TestClient(create_api("local", burst_limit=1))
    first = client.post(URL, json=body("session-one-0001"), params={"user": "carol"})
    assert first.status_code == 200
    refused = client.post(URL, json=body("session-two-0002"), params={"user": "carol"})
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
    rows = conversations("carol")
    # Before: 2 conversations, the refused session's with 0 messages. After: only the one that ran.
    assert len(rows) == 1 and rows[0]["message_count"] > 0
    again = client.post(URL, json=body("session-one-0001", "더 싼 거"), params={"user": "carol"})
    assert again.status_code == 429  # an existing session's conversation is kept whatever happens
    assert [r["id"] for r in conversations("carol")] == [rows[0]["id"]]
