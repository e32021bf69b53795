"""POST /api/v1/english/chat, the seed's client-held session: the marker comes first on a new session as
the article card's system message, the client sends it back in ``history`` and the next turn runs neither
News nor Analysis; a tampered marker or message is a 422 naming it. The stateful chat endpoint works
too, and the profile endpoints edit the same profile, each user their own."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from agents.core.clock import system_clock
from agents.http.api import create_api
from agents.services.access import issue_token
from tests.api.conftest import bearer, parse_sse

HELLO = "Hi! I'm ready to talk about the news."


@pytest.fixture
def client(store) -> TestClient:
    return TestClient(create_api("local", burst_limit=1000))


def chat(client: TestClient, **body: object) -> tuple[int, list]:
    response = client.post("/api/v1/english/chat", json=body)
    if response.status_code != 200:
        return response.status_code, [response.json()]
    return 200, parse_sse(response.text)


def said(events: list) -> str:
    return "".join(e.content for e in events if e.type == "text_delta")


def test_client_held_session_reuses_the_marker(client, store) -> None:
    status, events = chat(client, history=[], message=HELLO)
    assert status == 200
    first = events[0]
    assert first.type == "data_card" and first.card_type == "article"  # the marker, before any other output
    system = first.data["system_message"]
    assert system["sender"] == "system" and system["text"].startswith("SYSTEM_ARTICLE:")
    assert events[-1].meta["new_session"] is True and "news" in events[-1].meta["agents"]
    history = [{"sender": "user", "text": HELLO, "timestamp": "2026-11-02T09:00:00Z"}, system,
               {"sender": "assistant", "text": said(events), "timestamp": "2026-11-02T09:00:01Z"}]
    status, events = chat(client, history=history, message="Yesterday I go to the library.")
    assert status == 200
    assert [e.card_type for e in events if e.type == "data_card"] == ["correction"]
    assert events[-1].meta["new_session"] is False
    assert events[-1].meta["agents"] == ["profile", "correction", "conversation"]
    correction = next(e for e in events if e.type == "data_card")
    assert correction.data["corrected"] == "Yesterday I went to the library."
    analysis = json.loads(system["text"].removeprefix("SYSTEM_ARTICLE:"))
    assert any(f"**{v['word']}**" in said(events) for v in analysis["vocabulary"]) or any(
        q in said(events) for q in analysis["questions"])  # the reply builds on the client's article
    # Each call is recorded (guards, persistence, traces); the marker the client holds names its conversation
    # (issue 30: before, each stateless call left a conversation of its own).
    rows = store.db.fetchall("SELECT count(*), sum(message_count) FROM conversations WHERE agent_id = 'english'")
    assert rows[0][0] == 1 and rows[0][1] >= 5  # user, marker, reply, user, reply


def test_a_client_marker_wins_over_nothing_stored(client, store) -> None:
    _, events = chat(client, history=[], message=HELLO)
    marker = events[0].data["system_message"]
    _, again = chat(client, history=[marker], message="I like it.", conversation_id=events[-1].conversation_id)
    assert again[-1].conversation_id == events[-1].conversation_id and again[-1].meta["new_session"] is False
    # Without the marker in the history, the client is starting over: a new article.
    _, fresh = chat(client, history=[], message=HELLO)
    assert fresh[0].card_type == "article" and fresh[0].title != events[0].title


def test_a_tampered_marker_is_422_naming_it(client, store) -> None:
    bad = {"sender": "system", "text": 'SYSTEM_ARTICLE:{"summary": "x", "vocabulary": [], "questions": ["q"]}'}
    status, [body] = chat(client, history=[{"sender": "user", "text": "hi"}, bad], message="hello")
    assert status == 422 and body["error"]["code"] == "invalid_marker"
    assert body["error"]["field"] == "history[1].text" and "vocabulary" in body["error"]["message"]
    assert store.db.fetchall("SELECT count(*) FROM conversations") == [(0,)]  # nothing ran


@pytest.mark.parametrize(("history", "field"), [
    ([{"sender": "robot", "text": "hi"}], "history.0.sender"),
    ([{"sender": "user"}], "history.0.text"),
    ([{"sender": "user", "text": "hi", "mood": "happy"}], "history.0.mood"),
])
def test_a_bad_history_message_is_422_naming_it(client, history, field) -> None:
    status, [body] = chat(client, history=history, message="hello")
    assert status == 422 and body["error"]["field"] == field


def test_the_message_is_required_and_bounded(client) -> None:
    assert chat(client, history=[])[1][0]["error"]["field"] == "message"
    assert chat(client, history=[], message="")[0] == 422


def test_the_usual_agent_chat_endpoint_works_too(client, store) -> None:
    response = client.post("/api/v1/agents/english/chat", json={"message": HELLO})
    events = parse_sse(response.text)
    assert events[0].card_type == "article" and events[-1].type == "done"
    conversation = events[-1].conversation_id
    response = client.post("/api/v1/agents/english/chat", json={"message": "He like it.",
                                                                 "conversation_id": conversation})
    events = parse_sse(response.text)
    assert [e.card_type for e in events if e.type == "data_card"] == ["correction"]
    assert events[-1].meta["new_session"] is False


def test_profile_endpoints(client, store) -> None:
    profile = client.get("/api/v1/english/profile", params={"user": "mina"}).json()
    assert profile == {"name": "Learner", "interests": ["technology", "travel", "food"],
                       "learningLevel": "intermediate", "recentCorrections": []}
    saved = client.put("/api/v1/english/profile", json={"name": "Mina", "interests": ["soccer", "요리"],
                                                        "learningLevel": "beginner", "user": "mina"})
    assert saved.status_code == 200 and saved.json()["interests"] == ["soccer", "요리"]
    assert client.get("/api/v1/english/profile", params={"user": "mina"}).json()["name"] == "Mina"
    assert client.get("/api/v1/english/profile", params={"user": "other"}).json()["name"] == "Learner"
    bad = client.put("/api/v1/english/profile", json={"name": "Mina", "interests": [], "learningLevel": "beginner"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "interests"
    bad = client.put("/api/v1/english/profile", json={"name": "Mina", "interests": ["x"], "learningLevel": "expert"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "learningLevel"


def test_shared_mode_acts_as_the_tokens_owner(store) -> None:
    shared = TestClient(create_api("shared", burst_limit=1000))
    alice = bearer(issue_token(store, "alice", "t", system_clock())[1])
    response = shared.post("/api/v1/english/chat", json={"history": [], "message": HELLO}, headers=alice)
    done = parse_sse(response.text)[-1]
    assert store.conversations.get(done.conversation_id, "alice") is not None
    shared.put("/api/v1/english/profile", json={"name": "Alice", "interests": ["travel"]}, headers=alice)
    assert shared.get("/api/v1/english/profile", headers=alice).json()["name"] == "Alice"
    other = shared.put("/api/v1/english/profile", json={"name": "B", "interests": ["travel"], "user": "bob"},
                       headers=alice)
    assert other.status_code == 403
    assert shared.post("/api/v1/english/chat", json={"history": [], "message": "x", "user": "bob"},
                       headers=alice).status_code == 403
