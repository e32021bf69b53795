"""As a hostile visitor with a valid token of their own: bob can see and change nothing of alice's, and
her ids answer 404 exactly like ids that do not exist, so they do not leak."""

from __future__ import annotations

from tests.api.conftest import parse_sse


def _alice_data(shared, alice) -> tuple[str, str, str]:
    events = parse_sse(shared.post("/api/v1/agents/notes/chat", json={"message": "add water plants"},
                                   headers=alice).text)
    action = next(e for e in events if e.type == "action_confirmation").action_id
    shared.post("/api/v1/alerts/check", headers=alice)
    alert = shared.get("/api/v1/alerts", headers=alice).json()["alerts"][0]["id"]
    return events[-1].conversation_id, action, alert


def test_bob_cannot_reach_alices_conversations_actions_or_alerts(shared, alice, bob, store):
    conversation, action, alert = _alice_data(shared, alice)
    before = store.actions.get(action)

    listed = shared.get("/api/v1/conversations", params={"archived": "all"}, headers=bob).json()
    assert listed == {"conversations": [], "total": 0}
    attempts = {
        "open": shared.get(f"/api/v1/conversations/{conversation}", headers=bob),
        "delete": shared.delete(f"/api/v1/conversations/{conversation}", headers=bob),
        "continue": shared.post("/api/v1/agents/notes/chat", json={"message": "list", "conversation_id": conversation},
                                headers=bob),
        "modify": shared.post(f"/api/v1/actions/{action}/modify", json={"args": {"text": "pwned"}}, headers=bob),
        "confirm": shared.post(f"/api/v1/actions/{action}/confirm", headers=bob),
        "cancel": shared.post(f"/api/v1/actions/{action}/cancel", json={}, headers=bob),
        "alert": shared.patch(f"/api/v1/alerts/{alert}", json={"status": "DISMISSED"}, headers=bob),
    }
    lookalikes = {
        "open": shared.get("/api/v1/conversations/conv_0000", headers=bob),
        "confirm": shared.post("/api/v1/actions/act_0000/confirm", headers=bob),
        "alert": shared.patch("/api/v1/alerts/alert_0000", json={"status": "DISMISSED"}, headers=bob),
    }
    for name, response in attempts.items():
        assert response.status_code == 404, (name, response.text)
        assert "alice" not in response.text, name
    for name, response in lookalikes.items():  # the same answer as for an id that does not exist
        assert response.json()["error"]["code"] == attempts[name].json()["error"]["code"]
    assert shared.get("/api/v1/alerts", headers=bob).json() == {"alerts": [], "unreadCount": 0}

    # Naming alice is refused outright (403), and still changes nothing.
    assert shared.get("/api/v1/conversations", params={"user": "alice"}, headers=bob).status_code == 403
    assert shared.post(f"/api/v1/actions/{action}/confirm", json={"user": "alice"}, headers=bob).status_code == 403
    assert shared.patch(f"/api/v1/alerts/{alert}", json={"status": "READ", "user": "alice"},
                        headers=bob).status_code == 403

    after = store.actions.get(action)
    assert (after.status, after.tool_args) == (before.status, before.tool_args) == ("PENDING", before.tool_args)
    assert store.conversations.get(conversation, "alice") is not None
    assert store.alerts.get(alert, "alice").status == "UNREAD"
    assert store.conversations.count("bob", archived=None) == 0
    # alice still has it all.
    assert shared.get(f"/api/v1/conversations/{conversation}", headers=alice).status_code == 200
    assert shared.post(f"/api/v1/actions/{action}/confirm", headers=alice).json()["status"] == "COMPLETED"
