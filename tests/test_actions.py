"""Pending actions: confirm, cancel, modify, expiry, races and crash recovery."""

from __future__ import annotations

import threading

import pytest

from agents.core.actions import ActionService
from agents.core.errors import ActionNotFound, ActionRefused, InvalidArgs
from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import Session, runtime_store
from agents.core.store import reset_shared_store
from tests.support.helpers import one


def propose(clock, text="buy milk", user="demo"):
    provider = OfflineProvider.scripted(call("add_note", {"text": text}))
    session = Session("notes", user_id=user, provider=provider, clock=clock)
    card = one(session.run(f"add {text}"), "action_confirmation")
    return session, card.action_id


def notes(store):
    return [r[0] for r in store.db.fetchall("SELECT text FROM test_notes ORDER BY text")]


def test_confirm_executes_once_and_records_the_outcome(store, clock):
    session, action_id = propose(clock)
    outcome = session.confirm_action(action_id)
    assert outcome.ok and outcome.status == "COMPLETED" and outcome.message == "Added note 'buy milk'"
    assert notes(store) == ["buy milk"]
    row = store.actions.get(action_id)
    assert row.status == "COMPLETED" and row.result == {"text": "buy milk"}
    assert row.confirmed_at == clock() and row.executed_at == clock()
    last = session.history()[-1]
    assert last.role == "assistant" and last.content == "✅ Added note 'buy milk'"
    assert last.meta["action_status"] == "COMPLETED"
    with pytest.raises(ActionRefused, match="already completed") as refused:
        session.confirm_action(action_id)
    assert refused.value.code == "action_completed"
    assert notes(store) == ["buy milk"]


def test_cancel_changes_nothing(store, clock):
    session, action_id = propose(clock)
    outcome = session.cancel_action(action_id)
    assert outcome.status == "CANCELLED"
    assert notes(store) == []
    # an English conversation ("add buy milk"): its line is English (before: "🚫 작업을 취소했습니다: ...")
    assert session.history()[-1].content == "🚫 Cancelled: Add the note 'buy milk'. Nothing was changed."
    with pytest.raises(ActionRefused, match="cancelled") as refused:
        session.confirm_action(action_id)
    assert refused.value.code == "action_cancelled"
    assert notes(store) == []


def test_modify_revalidates_and_flags_changes(store, clock):
    session, action_id = propose(clock)
    row = session.modify_action(action_id, {"text": "buy oat milk", "pinned": True})
    assert row.tool_args == {"text": "buy oat milk", "pinned": True}
    assert row.summary == "Add the note 'buy oat milk'"
    assert [(d.label, d.value, d.changed) for d in row.details] == [("Text", "buy oat milk", True),
                                                                     ("Pinned", "yes", True)]
    with pytest.raises(InvalidArgs, match=r"text: String should have at least 1 character"):
        session.modify_action(action_id, {"text": ""})
    with pytest.raises(InvalidArgs, match="must be a JSON object"):
        session.modify_action(action_id, ["not", "a", "dict"])
    assert store.actions.get(action_id).tool_args == {"text": "buy oat milk", "pinned": True}
    session.confirm_action(action_id)
    assert notes(store) == ["buy oat milk"]
    with pytest.raises(ActionRefused, match="cannot be modified"):
        session.modify_action(action_id, {"text": "too late"})


def test_expired_action_never_runs(store, clock):
    session, action_id = propose(clock)
    clock.advance(minutes=30, seconds=1)
    with pytest.raises(ActionRefused, match="expired") as refused:
        session.confirm_action(action_id)
    assert refused.value.code == "action_expired"
    assert store.actions.get(action_id).status == "EXPIRED"
    assert notes(store) == []
    assert session.history()[-1].content == "⌛ Expired before it was confirmed, so not run: Add the note 'buy milk'."
    with pytest.raises(ActionRefused, match="expired"):
        session.cancel_action(action_id)
    with pytest.raises(ActionRefused, match="expired"):
        session.modify_action(action_id, {"text": "x"})


def test_sweep_expires_due_actions_only(store, clock):
    _, old = propose(clock, "old")
    clock.advance(minutes=20)
    _, fresh = propose(clock, "fresh")
    clock.advance(minutes=11)
    assert ActionService(store, clock).sweep_expired() == [old]
    assert store.actions.get(old).status == "EXPIRED"
    assert store.actions.get(fresh).status == "PENDING"


def test_racing_confirms_execute_exactly_once(store, clock):
    session, action_id = propose(clock)
    barrier = threading.Barrier(8)
    results: list[str] = []

    def confirm() -> None:
        barrier.wait()
        try:
            results.append(Session("notes", clock=clock).confirm_action(action_id).status.value)
        except ActionRefused as exc:
            results.append(exc.code)

    threads = [threading.Thread(target=confirm) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("COMPLETED") == 1, results
    assert len(results) == 8
    # A loser is told the real state; nobody is promised a run that then doesn't happen.
    assert set(results) - {"COMPLETED"} <= {"action_confirmed", "action_executing", "action_completed"}
    assert notes(store) == ["buy milk"]
    outcome_messages = [m for m in session.history() if m.meta.get("action_status") == "COMPLETED"]
    assert len(outcome_messages) == 1


def test_failing_handler_marks_failed_and_rolls_back(store, clock):
    session, action_id = propose(clock, "fail")
    outcome = session.confirm_action(action_id)
    assert not outcome.ok and outcome.status == "FAILED"
    assert "the notes service is down" in outcome.message
    assert store.actions.get(action_id).status == "FAILED"
    assert notes(store) == []
    assert session.history()[-1].content.startswith("❌")


@pytest.mark.duckdb_only("on PostgreSQL other processes may still run the action: recovery waits RECOVERY_GRACE")
def test_crash_while_executing_becomes_failed_and_never_reruns(clock, tmp_path, monkeypatch):
    store = runtime_store(clock=clock)
    session, action_id = propose(clock)
    store.db.execute("UPDATE pending_actions SET status = 'EXECUTING' WHERE id = ?", [action_id])
    reset_shared_store()  # the process "restarts"
    import agents.core.session as session_module

    monkeypatch.setattr(session_module, "_recovered", set())
    store = runtime_store(clock=clock)
    row = store.actions.get(action_id)
    assert row.status == "FAILED" and "not re-run" in row.error_message
    assert notes(store) == []
    history = store.messages.recent(session.conversation_id)
    assert history[-1].meta["action_status"] == "FAILED"
    with pytest.raises(ActionRefused, match="failed"):
        Session("notes", clock=clock).confirm_action(action_id)
    assert notes(store) == []


def test_unknown_and_foreign_action_ids(store, clock):
    _, action_id = propose(clock, user="alice")
    with pytest.raises(ActionNotFound, match="No action 'act_nope' for user 'demo'"):
        Session("notes", clock=clock).confirm_action("act_nope")
    with pytest.raises(ActionNotFound, match=f"No action '{action_id}' for user 'bob'"):
        Session("notes", user_id="bob", clock=clock).confirm_action(action_id)
    with pytest.raises(ActionNotFound):
        Session("notes", user_id="bob", clock=clock).cancel_action(action_id)
    assert store.actions.get(action_id).status == "PENDING"


def test_model_is_told_the_real_status_of_actions(store, clock):
    session, action_id = propose(clock)
    session.cancel_action(action_id)
    seen = []
    session.provider = OfflineProvider.scripted(say("ok", check=lambda request: seen.append(request.system)))
    session.run("did it work?")
    assert f"{action_id} add_note: CANCELLED" in seen[0]
    assert "Cancelled" in session.history()[-3].content  # the outcome message the model also reads


def test_a_user_proposed_action_uses_the_same_card_and_state_machine(store, clock):
    from agents.core.errors import ConversationNotFound, InvalidArgs

    session, _ = propose(clock)
    service = ActionService(store, clock)
    row = service.propose(user_id="demo", conversation_id=session.conversation_id, agent_id="notes",
                          tool_name="add_note", args={"text": "from a button"})
    assert row.status == "PENDING" and row.summary == "Add the note 'from a button'" and row.turn_id is None
    note = session.history()[-1]
    assert note.meta["action_id"] == row.id and note.meta["confirmation"]["args"] == {"text": "from a button",
                                                                                       "pinned": False}
    assert session.confirm_action(row.id).status == "COMPLETED"
    assert "from a button" in notes(store)
    with pytest.raises(ConversationNotFound):
        service.propose(user_id="bob", conversation_id=session.conversation_id, agent_id="notes",
                        tool_name="add_note", args={"text": "x"})
    with pytest.raises(InvalidArgs, match="not an action"):
        service.propose(user_id="demo", conversation_id=session.conversation_id, agent_id="notes",
                        tool_name="list_notes", args={})
    with pytest.raises(InvalidArgs, match="text"):
        service.propose(user_id="demo", conversation_id=session.conversation_id, agent_id="notes",
                        tool_name="add_note", args={"text": ""})
