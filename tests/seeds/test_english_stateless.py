"""Issue 30 'English': a stateless client (no conversation_id, its own history with the SYSTEM_ARTICLE
marker) continues the conversation its marker and user identify. Before: 10 calls with a growing history
left 10 conversations; after: 1, holding all 10 turns. Another user's copy of the marker is not a key to it."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from agents.core.session import runtime_store
from tests.api.conftest import parse_sse

HELLO = "Hi! I'm ready to talk about the news."
LINES = ["I like this article.", "Yesterday I go to the library.", "It was very interesting.", "I think so too.",
         "My brother like soccer.", "We watched a movie.", "She don't know.", "It is raining today.",
         "Thank you for helping."]


def _said(events: list) -> str:
    return "".join(e.content for e in events if e.type == "text_delta")


def _call(client: TestClient, user: str, history: list[dict[str, Any]], message: str) -> list:
    response = client.post("/api/v1/english/chat", json={"history": history, "message": message, "user": user})
    assert response.status_code == 200, response.text
    return parse_sse(response.text)


def test_ten_stateless_calls_leave_one_conversation(local: TestClient) -> None:
    events = _call(local, "alice", [], HELLO)
    marker = events[0].data["system_message"]
    history = [{"sender": "user", "text": HELLO}, marker, {"sender": "assistant", "text": _said(events)}]
    conversations = {events[-1].conversation_id}
    for line in LINES:
        events = _call(local, "alice", history, line)
        assert events[-1].type == "done" and events[-1].meta["new_session"] is False
        conversations.add(events[-1].conversation_id)
        history += [{"sender": "user", "text": line}, {"sender": "assistant", "text": _said(events)}]
    store = runtime_store()
    assert len(conversations) == 1 and store.conversations.count("alice", agent_id="english") == 1
    (conversation,) = conversations
    users = [m.content for m in store.messages.recent(conversation, 200) if m.role == "user"]
    assert users == [HELLO, *LINES]
    # bob holding alice's marker starts his own conversation with it; hers is untouched.
    bob = _call(local, "bob", [marker], "Hello there.")
    assert bob[-1].conversation_id != conversation and store.conversations.get(conversation, "bob") is None
    assert len([m for m in store.messages.recent(conversation, 200) if m.role == "user"]) == 10
