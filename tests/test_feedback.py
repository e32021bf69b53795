"""👍 / 👎 with a comment: stored against the turn (one per user, replaced), shown in the trace,
over HTTP; only the user who ran the turn may rate it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from agents.core.errors import InvalidArgs, TurnNotFound
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from tests.support.gradio_app import shared_server


def _turn(clock, user="demo"):
    session = Session("notes", user_id=user, provider=OfflineProvider.scripted(say("hi")), clock=clock)
    events = session.run("hello")
    return session, events[-1].turn_id


def test_rating_is_stored_replaced_and_shown_in_the_trace(store, clock):
    session, turn_id = _turn(clock)
    first = store.feedback.rate(turn_id, "demo", "down", "too short", clock())
    assert (first["rating"], first["comment"], first["conversation_id"]) == ("down", "too short",
                                                                            session.conversation_id)
    store.feedback.rate(turn_id, "demo", "up", None, clock())  # a new thumb keeps the comment
    rows = store.db.fetchall("SELECT rating, comment FROM feedback WHERE turn_id = ?", [turn_id])
    assert rows == [("up", "too short")]
    trace = store.traces.get(turn_id)
    assert [(f["user_id"], f["rating"], f["comment"]) for f in trace.feedback] == [("demo", "up", "too short")]
    assert store.feedback.for_conversation(session.conversation_id, "demo")[turn_id]["rating"] == "up"
    store.conversations.delete(session.conversation_id, "demo")
    assert store.db.fetchall("SELECT count(*) FROM feedback") == [(0,)]


def test_bad_ratings_and_other_peoples_turns_are_refused(store, clock):
    _, turn_id = _turn(clock, user="ann")
    with pytest.raises(TurnNotFound):
        store.feedback.rate(turn_id, "bob", "up", None, clock())
    with pytest.raises(TurnNotFound):
        store.feedback.rate("turn_missing", "ann", "up", None, clock())
    with pytest.raises(InvalidArgs, match="rating must be 'up' or 'down'"):
        store.feedback.rate(turn_id, "ann", "meh", None, clock())
    assert store.db.fetchall("SELECT count(*) FROM feedback") == [(0,)]


def test_http_feedback_endpoint(store, clock):
    _, turn_id = _turn(clock, user="ann")
    client = TestClient(shared_server())
    ok = client.post(f"/api/v1/turns/{turn_id}/feedback", json={"user": "ann", "rating": "up", "comment": "clear"})
    assert ok.status_code == 200 and ok.json()["rating"] == "up" and ok.json()["comment"] == "clear"
    assert client.post(f"/api/v1/turns/{turn_id}/feedback", json={"user": "bob", "rating": "up"}).status_code == 404
    bad = client.post(f"/api/v1/turns/{turn_id}/feedback", json={"user": "ann", "rating": "sideways"})
    assert bad.status_code == 422
    assert store.traces.get(turn_id).feedback[0]["comment"] == "clear"


def test_offline_pace_is_zero_by_default_and_configurable(monkeypatch):
    from agents.core.providers import make_provider

    assert make_provider("offline").pace_ms == 0
    assert make_provider("offline", pace_ms=15).pace_ms == 15
    monkeypatch.setenv("PLAYGROUND_OFFLINE_PACE_MS", "3")
    assert make_provider("offline", pace_ms=15).pace_ms == 3
    from pages.gradio.identity import APP_PACE_MS, AppConfig

    assert AppConfig().offline_pace_ms == 0 and AppConfig.detect("127.0.0.1").offline_pace_ms == APP_PACE_MS == 15


def test_the_last_replys_suggestions_are_kept_in_its_meta(store, clock):
    from agents.core.agent import get_agent

    spec = get_agent("notes")
    monkey = spec.suggest
    object.__setattr__(spec, "suggest", lambda turn, text: ["list my notes", "add milk"])
    try:
        session = Session("notes", provider=OfflineProvider.scripted(say("hi")), clock=clock)
        session.run("hello")
    finally:
        object.__setattr__(spec, "suggest", monkey)
    last = [m for m in session.history() if m.role == "assistant"][-1]
    assert last.meta["suggestions"] == ["list my notes", "add milk"]
