"""The seed-000 §5 endpoints: conversations with total / archived / limit / offset, messageLimit, delete;
alerts with unreadCount, PATCH status and the check."""

from __future__ import annotations

from agents.core.clock import system_clock
from tests.api.conftest import parse_sse

CHAT = "/api/v1/agents/notes/chat"


def _new_conversation(client, headers, text: str) -> str:
    events = parse_sse(client.post(CHAT, json={"message": text}, headers=headers).text)
    assert events[-1].type == "done"
    return events[-1].conversation_id


def test_list_honours_archived_limit_offset_and_counts_the_total(shared, alice, store):
    ids = [_new_conversation(shared, alice, f"list my notes {i}") for i in range(5)]
    store.conversations.set_archived(ids[0], "alice", True, system_clock())
    page = shared.get("/api/v1/conversations", headers=alice).json()
    assert set(page) == {"conversations", "total"}
    assert page["total"] == 4 and [c["id"] for c in page["conversations"]] == ids[:0:-1]  # newest first
    second = shared.get("/api/v1/conversations", params={"limit": 2, "offset": 2}, headers=alice).json()
    assert [c["id"] for c in second["conversations"]] == [ids[2], ids[1]] and second["total"] == 4
    assert shared.get("/api/v1/conversations", params={"offset": 10}, headers=alice).json() == \
        {"conversations": [], "total": 4}
    archived = shared.get("/api/v1/conversations", params={"archived": "true"}, headers=alice).json()
    assert [c["id"] for c in archived["conversations"]] == [ids[0]] and archived["total"] == 1
    every = shared.get("/api/v1/conversations", params={"archived": "all", "agent": "notes"}, headers=alice).json()
    assert every["total"] == 5 and {c["id"] for c in every["conversations"]} == set(ids)
    assert shared.get("/api/v1/conversations", params={"agent": "marketing"}, headers=alice).json()["total"] == 0


def test_open_with_message_limit(shared, alice, store):
    conversation = _new_conversation(shared, alice, "list my notes")
    for i in range(3):
        shared.post(CHAT, json={"message": f"list again {i}", "conversation_id": conversation}, headers=alice)
    stored = store.messages.recent(conversation, 1000)
    full = shared.get(f"/api/v1/conversations/{conversation}", headers=alice).json()
    assert [m["id"] for m in full["messages"]] == [m.id for m in stored]
    last_two = shared.get(f"/api/v1/conversations/{conversation}", params={"messageLimit": 2}, headers=alice).json()
    assert [m["id"] for m in last_two["messages"]] == [m.id for m in stored[-2:]]
    assert last_two["conversation"]["id"] == conversation and last_two["conversation"]["message_count"] == len(stored)


def test_delete_removes_the_conversation_and_everything_under_it(shared, alice, store):
    events = parse_sse(shared.post(CHAT, json={"message": "add water plants"}, headers=alice).text)
    conversation = events[-1].conversation_id
    assert store.actions.list_for_conversation(conversation)
    deleted = shared.delete(f"/api/v1/conversations/{conversation}", headers=alice)
    assert deleted.status_code == 200 and deleted.json() == {"success": True, "deleted": conversation}
    for table in ("conversations", "messages", "pending_actions", "traces"):
        column = "id" if table == "conversations" else "conversation_id"
        assert store.db.fetchall(f"SELECT count(*) FROM {table} WHERE {column} = ?", [conversation]) == [(0,)]
    again = shared.delete(f"/api/v1/conversations/{conversation}", headers=alice)
    assert again.status_code == 404 and again.json()["error"]["code"] == "conversation_not_found"


def test_actions_over_http_with_a_token(shared, alice, store):
    events = parse_sse(shared.post(CHAT, json={"message": "add water plants"}, headers=alice).text)
    action_id = next(e for e in events if e.type == "action_confirmation").action_id
    modified = shared.post(f"/api/v1/actions/{action_id}/modify", json={"args": {"text": "water the fern"}},
                           headers=alice)
    assert modified.status_code == 200 and modified.json()["tool_args"]["text"] == "water the fern"
    confirmed = shared.post(f"/api/v1/actions/{action_id}/confirm", headers=alice)  # no body needed
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "COMPLETED"
    assert store.actions.get(action_id).result is not None
    again = shared.post(f"/api/v1/actions/{action_id}/cancel", json={}, headers=alice)
    assert again.status_code == 409


def test_alerts_list_patch_and_check(shared, alice, store):
    checked = shared.post("/api/v1/alerts/check", headers=alice)
    assert checked.status_code == 200
    assert checked.json() == {"created": 4, "types": {"anomaly": 1, "budget": 1, "milestone": 1, "recommendation": 1}}
    assert shared.post("/api/v1/alerts/check", headers=alice).json() == \
        {"created": 0, "types": dict.fromkeys(("anomaly", "budget", "milestone", "recommendation"), 0)}
    listed = shared.get("/api/v1/alerts", headers=alice).json()
    assert listed["unreadCount"] == 4 and len(listed["alerts"]) == 4
    stored = {a.id: a for a in store.alerts.list("alice")}
    assert {a["id"] for a in listed["alerts"]} == set(stored)
    first = listed["alerts"][0]["id"]
    patched = shared.patch(f"/api/v1/alerts/{first}", json={"status": "READ"}, headers=alice)
    assert patched.status_code == 200 and patched.json()["alert"]["status"] == "READ"
    assert store.alerts.get(first, "alice").read_at is not None
    unread = shared.get("/api/v1/alerts", params={"status": "UNREAD", "limit": 1}, headers=alice).json()
    assert len(unread["alerts"]) == 1 and unread["alerts"][0]["status"] == "UNREAD" and unread["unreadCount"] == 3
    assert shared.patch(f"/api/v1/alerts/{first}", json={"status": "DISMISSED"}, headers=alice).status_code == 200
    closed = shared.patch(f"/api/v1/alerts/{first}", json={"status": "READ"}, headers=alice)
    assert closed.status_code == 409 and closed.json()["error"]["code"] == "alert_closed"
    missing = shared.patch("/api/v1/alerts/alert_nope", json={"status": "READ"}, headers=alice)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "alert_not_found"
    no_alerts = shared.post("/api/v1/alerts/check", params={"agent": "notes"}, headers=alice)
    assert no_alerts.status_code == 400 and no_alerts.json()["error"]["code"] == "no_alerts"
