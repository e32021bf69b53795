"""Each pending action records the message that proposed it (core_050) and its turn: in the row, in
the HTTP action payloads, and in the Lab's trace detail, which links the action to its message."""

from __future__ import annotations

import io

from rich.console import Console

from agents.cli.lab import _print_detail
from agents.core.providers.offline import OfflineProvider, call
from agents.core.session import Session
from agents.core.store import Database, open_store
from agents.core.store.migrations import CORE_MIGRATIONS, migrate
from agents.services.lab import traces
from agents.services.lab.access import LabUser
from agents.view.lab import detail_view
from tests.api.conftest import local, parse_sse  # noqa: F401 - the local HTTP client, as a fixture

LAB = LabUser("ann", "local")


def test_a_proposed_action_records_its_turn_and_the_reply_that_carried_the_call(store, clock) -> None:
    session = Session("notes", user_id="ann", clock=clock,
                      provider=OfflineProvider.scripted(call("add_note", {"text": "milk"})))
    events = session.run("add milk")
    [card] = [e for e in events if e.type == "action_confirmation"]
    row = store.actions.get(card.action_id, "ann")
    assert row.turn_id == events[-1].turn_id
    proposer = store.messages.get(row.proposed_message_id)
    assert proposer.role == "assistant" and proposer.turn_id == row.turn_id
    [tool_call] = [e for e in events if e.type == "tool_call"]
    assert [c["id"] for c in proposer.tool_calls] == [tool_call.call_id] and proposer.conversation_id == row.conversation_id


def test_an_action_proposed_without_a_model_reply_names_the_users_message(store, clock, monkeypatch) -> None:
    """A pipeline that proposes from a button (no assistant message carries the call): the user's message."""
    from dataclasses import replace

    from agents.core import agent as registry
    from agents.core.providers.base import ModelToolCall

    def pipeline(turn):
        _, pending = yield from turn.run_tool(ModelToolCall(id="btn", name="add_note", arguments='{"text": "x"}'),
                                              from_button=True)
        assert pending

    monkeypatch.setitem(registry._registry, "notes", replace(registry.get_agent("notes"), pipeline=pipeline))
    events = Session("notes", user_id="ann", clock=clock, provider=OfflineProvider.scripted()).run("press the button")
    [card] = [e for e in events if e.type == "action_confirmation"]
    row = store.actions.get(card.action_id, "ann")
    user = store.messages.get(row.proposed_message_id)
    assert (user.role, user.content, user.turn_id) == ("user", "press the button", events[-1].turn_id)


def test_the_http_payloads_and_the_lab_trace_link_the_action_to_its_message(local, store) -> None:  # noqa: F811
    events = parse_sse(local.post("/api/v1/agents/notes/chat", json={"message": "add bread", "user": "ann"}).text)
    [card] = [e for e in events if e.type == "action_confirmation"]
    turn_id, conversation = events[-1].turn_id, events[-1].conversation_id
    row = store.actions.get(card.action_id, "ann")
    assert row.proposed_message_id and row.proposed_message_id.startswith("msg_")

    detail = local.get(f"/api/v1/conversations/{conversation}", params={"user": "ann"}).json()
    [listed] = detail["actions"]
    assert (listed["turn_id"], listed["proposed_message_id"]) == (turn_id, row.proposed_message_id)
    modified = local.post(f"/api/v1/actions/{card.action_id}/modify", json={"user": "ann", "args": {"text": "rye"}})
    assert modified.status_code == 200 and modified.json()["proposed_message_id"] == row.proposed_message_id
    confirmed = local.post(f"/api/v1/actions/{card.action_id}/confirm", json={"user": "ann"}).json()
    assert confirmed["status"] == "COMPLETED"
    assert (confirmed["proposed_turn_id"], confirmed["proposed_message_id"]) == (turn_id, row.proposed_message_id)

    trace = local.get(f"/api/v1/traces/{turn_id}", params={"user": "ann"}).json()
    assert trace["actions"] == [{"action_id": card.action_id, "tool_name": "add_note", "status": "COMPLETED",
                                 "summary": "Add the note 'rye'", "proposed_message_id": row.proposed_message_id,
                                 "proposed_by": "reply"}]
    detail = traces.trace_detail(store, turn_id, LAB)
    view = detail_view(detail)
    assert (f"- `{card.action_id}` **add_note** · COMPLETED · Add the note &#x27;rye&#x27; ← 이 턴의 답 "
            f"`{row.proposed_message_id}`") in view.tools
    printed = io.StringIO()
    _print_detail(detail, Console(file=printed, width=300))  # `playground traces show`
    assert (f"action {card.action_id} add_note COMPLETED ← proposed by reply message {row.proposed_message_id}"
            in printed.getvalue())


def test_core_050_adds_the_column_to_a_database_written_before_it(tmp_path, clock) -> None:
    path = tmp_path / "old.duckdb"
    db = Database(path)
    migrate(db, [m for m in CORE_MIGRATIONS if m.name != "core_050_action_provenance"])
    now = clock()
    db.execute("INSERT INTO pending_actions (id, conversation_id, user_id, agent_id, turn_id, tool_name, tool_args, "
               "original_args, summary, details, warnings, status, expires_at, created_at, updated_at) VALUES "
               "('act_old', 'conv_1', 'ann', 'notes', 'turn_1', 'add_note', '{}', '{}', 'old one', '[]', '[]', "
               "'PENDING', ?, ?, ?)", [now, now, now])
    db.close()
    store = open_store(path)
    old = store.actions.get("act_old", "ann")
    assert (old.turn_id, old.proposed_message_id) == ("turn_1", None)
    assert [a.id for a in store.actions.list_for_turn("turn_1")] == ["act_old"]
    store.close()
