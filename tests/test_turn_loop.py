"""The turn loop with the scripted provider: exact event sequences and what is stored."""

from __future__ import annotations

import json

import pytest

from agents.core.errors import ProviderError
from agents.core.providers.offline import OfflineProvider, ScriptError, call, fail, say
from agents.core.session import Session
from tests.support.helpers import one, text_of, types


def test_text_query_tool_then_mutation_full_sequence(store, clock):
    provider = OfflineProvider.scripted(
        say("Hello! I can help with notes."),
        call("list_notes", {"limit": 5}, text="Checking."),
        say("You have no notes yet."),
        call("add_note", {"text": "buy milk", "pinned": True}),
    )
    session = Session("notes", provider=provider, clock=clock)

    first = session.run("hi")
    assert types(first) == ["text", "suggested_questions", "done"]
    assert one(first, "suggested_questions").questions == ["list my notes"]
    assert text_of(first) == "Hello! I can help with notes."
    assert [e.seq for e in first] == list(range(1, len(first) + 1))

    second = session.run("list my notes")
    assert types(second) == ["text", "tool_call", "tool_result", "data_card", "text", "suggested_questions", "done"]
    call_event = one(second, "tool_call")
    assert (call_event.name, call_event.args, call_event.status) == ("list_notes", {"limit": 5}, "running")
    result = one(second, "tool_result")
    assert result.call_id == call_event.call_id and result.ok and result.summary == "0 note(s)"
    assert one(second, "data_card").data == {"columns": ["text", "pinned"], "rows": []}
    assert text_of(second) == "Checking.You have no notes yet."
    done = second[-1]
    assert done.type == "done" and done.conversation_id == session.conversation_id
    assert done.provider == "offline" and done.model == "scripted" and done.usage.output_tokens > 0

    third = session.run("add buy milk, pinned")
    assert types(third) == ["tool_call", "action_confirmation", "done"]
    card = one(third, "action_confirmation")
    assert card.tool_name == "add_note" and card.summary == "Add the note 'buy milk'"
    assert [(d.label, d.value) for d in card.details] == [("Text", "buy milk"), ("Pinned", "yes")]
    assert card.warnings == ["Applies to the sandbox notes table"]
    assert (card.expires_at.replace(tzinfo=None) - clock()).total_seconds() == 30 * 60
    assert one(third, "tool_call").status == "awaiting_confirmation"
    provider.assert_complete()

    # The mutation did not run; its row is PENDING, and the model was told so.
    assert store.db.fetchall("SELECT count(*) FROM test_notes") == [(0,)]
    row = store.actions.get(card.action_id)
    assert row.status == "PENDING" and row.tool_args == {"text": "buy milk", "pinned": True}
    roles = [(m.role, m.tool_name) for m in session.history()]
    assert roles == [("user", None), ("assistant", None), ("user", None), ("assistant", None), ("tool", "list_notes"),
                     ("assistant", None), ("user", None), ("assistant", None), ("tool", "add_note")]
    assert json.loads(session.history()[-1].content)["status"] == "pending_confirmation"


def test_model_sees_tool_results_and_history(store, clock):
    seen = []

    def check(request):
        seen.append([(m.role, m.content) for m in request.messages])

    provider = OfflineProvider.scripted(
        call("list_notes", {}, check=check),
        say("done", check=check),
    )
    Session("notes", provider=provider, clock=clock).run("what do I have?")
    assert seen[0] == [("user", "what do I have?")]
    assert seen[1][0] == ("user", "what do I have?")
    assert seen[1][1][0] == "assistant"
    tool_role, tool_content = seen[1][2]
    assert tool_role == "tool" and json.loads(tool_content) == {"ok": True, "summary": "0 note(s)", "data": {"notes": []}}
    assert "notes" in provider.calls[0].system.lower()
    assert {t["name"] for t in provider.calls[0].tools} == {"list_notes", "add_note", "explode"}


def test_max_steps_stops_the_loop(store, clock):
    provider = OfflineProvider.scripted(*[call("list_notes", {}) for _ in range(5)])
    events = Session("notes", provider=provider, clock=clock).run("loop forever")
    provider.assert_complete()
    assert len(provider.calls) == 5
    assert types(events)[-2:] == ["text", "done"]
    assert "Stopped after 5 model calls" in text_of(events)
    assert events[-1].meta["max_steps_reached"] is True


def test_trace_is_persisted_with_timings(store, clock):
    session = Session("notes", provider=OfflineProvider.scripted(call("list_notes", {}), say("ok")), clock=clock)
    events = session.run("list")
    trace = store.traces.get(events[0].turn_id)
    assert trace.status == "done" and trace.provider == "offline"
    assert [e["type"] for e in trace.events] == [e.type for e in events]
    assert [e["seq"] for e in trace.events] == [e.seq for e in events]
    elapsed = [e["elapsed_ms"] for e in trace.events]
    assert elapsed == sorted(elapsed) and elapsed[-1] <= trace.latency_ms
    assert [s["kind"] for s in trace.spans] == ["model", "tool", "model"]
    assert trace.spans[1]["name"] == "list_notes"


def test_provider_failure_keeps_user_message_and_ends_in_one_error(store, clock):
    provider = OfflineProvider.scripted(fail(ProviderError("upstream 503", code="provider_unavailable", retryable=True)))
    session = Session("notes", provider=provider, clock=clock)
    events = session.run("are you there?")
    assert types(events) == ["error"]
    assert (events[0].code, events[0].retryable) == ("provider_unavailable", True)
    history = session.history()
    assert [(m.role, m.content) for m in history] == [("user", "are you there?")]
    assert store.traces.get(events[0].turn_id).status == "error"


def test_stream_cut_mid_reply_keeps_partial_text_marked(store, clock):
    provider = OfflineProvider.scripted(say("one two three four", error=ProviderError("stream cut", code="stream_broken"),
                                            error_after_chunks=2))
    session = Session("notes", provider=provider, clock=clock)
    events = session.run("count")
    assert types(events) == ["text", "error"]
    assert text_of(events) == "one two "
    last = session.history()[-1]
    assert (last.role, last.content, last.status) == ("assistant", "one two ", "interrupted")


def test_consumer_stop_saves_partial_reply_as_interrupted(store, clock):
    provider = OfflineProvider.scripted(say("a long answer that the user stops early"))
    session = Session("notes", provider=provider, clock=clock)
    stream = session.send("talk")
    first = next(stream)
    second = next(stream)
    stream.close()
    assert (first.content, second.content) == ("a ", "long ")
    last = session.history()[-1]
    assert (last.role, last.content, last.status) == ("assistant", "a long ", "interrupted")
    trace = store.traces.get(first.turn_id)
    assert trace.status == "interrupted" and trace.events[-1]["code"] == "interrupted"


def test_scripted_provider_refuses_unexpected_calls():
    provider = OfflineProvider.scripted(say("only one"))
    events = Session("notes", provider=provider).run("first")
    assert types(events) == ["text", "done"]
    with pytest.raises(ScriptError, match="unexpected model call #2"):
        provider.stream(provider.calls[0])
    leftover = OfflineProvider.scripted(say("a"), say("b"))
    Session("notes", provider=leftover).run("x")
    with pytest.raises(ScriptError, match="1 scripted step"):
        leftover.assert_complete()


def test_script_error_inside_a_turn_becomes_an_error_event():
    provider = OfflineProvider.scripted(call("list_notes", {}))  # no step for the follow-up call
    events = Session("notes", provider=provider).run("list")
    assert types(events) == ["tool_call", "tool_result", "data_card", "error"]
    assert events[-1].code == "internal_error" and "unexpected model call" in events[-1].message


def test_offline_policy_is_deterministic(store, clock):
    def run_once() -> list[tuple[str, str]]:
        session = Session("notes", clock=clock)
        return [(e.type, e.model_dump_json(exclude={"ts", "turn_id", "conversation_id", "message_id", "latency_ms",
                                                    "ttft_ms"}))
                for e in session.run("list my notes")]

    assert run_once() == run_once()


def test_concurrent_turns_in_one_conversation_run_one_after_the_other(store, clock):
    import threading

    from agents.core.agent import AgentSpec, register_agent, unregister_agent
    from agents.core.events import TextDelta

    def counting(turn):
        count = turn.state.get("count", 0)
        yield turn.emit(TextDelta, content=str(count))
        turn.state["count"] = count + 1

    register_agent(AgentSpec(id="counter", title="c", description="c", system_prompt="", pipeline=counting))
    try:
        first = Session("counter", clock=clock)
        first.run("start")
        conversation = first.conversation_id
        barrier = threading.Barrier(6)

        def bump():
            barrier.wait()
            Session("counter", conversation_id=conversation, clock=clock).run("bump")

        threads = [threading.Thread(target=bump) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert store.conversations.get(conversation, "demo").state == {"count": 7}  # no lost update
    finally:
        unregister_agent("counter")


def test_a_busy_conversation_refuses_at_once_and_saves_nothing(store, clock, monkeypatch):
    import agents.core.runner as runner
    from agents.core.locks import conversation_lock

    session = Session("notes", provider=OfflineProvider.scripted(say("first")), clock=clock)
    session.run("one")
    monkeypatch.setattr(runner, "TURN_LOCK_SECONDS", 0.05)
    lock = conversation_lock(session.conversation_id)
    lock.acquire()
    try:
        events = session.run("two")
    finally:
        lock.release()
    assert types(events) == ["error"] and events[0].code == "conversation_busy" and events[0].retryable
    assert "저장되지 않음" in events[0].message and "not saved" in events[0].message
    # Not accepted, so not kept: a resend after the busy reply must not leave a duplicate.
    assert [m.content for m in session.history() if m.role == "user"] == ["one"]


def test_a_tool_call_without_an_id_gets_one(store, clock):
    from agents.core.providers.base import Finish, ToolCallChunk

    class NoIds(OfflineProvider):
        def stream(self, request):
            self.calls.append(request)
            if len(self.calls) == 1:
                yield ToolCallChunk(id="", name="list_notes", arguments="{}")
                yield Finish("tool_calls")
            else:
                yield Finish()

    events = Session("notes", provider=NoIds(), clock=clock).run("list")
    call = one(events, "tool_call")
    assert call.call_id.startswith("call_") and one(events, "tool_result").call_id == call.call_id


@pytest.mark.duckdb_only("on PostgreSQL other processes may still run the turn: recovery waits RECOVERY_GRACE")
def test_a_turn_cut_off_by_kill_9_reads_as_interrupted_after_restart(clock, monkeypatch):
    import agents.core.session as session_module
    from agents.core.runner import INTERRUPTED_BY_RESTART
    from agents.core.store import NewMessage, reset_shared_store

    store = session_module.runtime_store(clock=clock)
    session = Session("notes", provider=OfflineProvider.scripted(say("fine")), clock=clock)
    session.run("answered")
    # What a process killed between "user message saved" and "turn persisted" leaves behind.
    store.db.write(lambda: store.messages.add(session.conversation_id, [
        NewMessage(role="user", content="cut off", turn_id="turn_dead", id="msg_dead")], clock()))
    reset_shared_store()  # the process restarts
    monkeypatch.setattr(session_module, "_recovered", set())
    store = session_module.runtime_store(clock=clock)
    history = [(m.role, m.content, m.status) for m in store.messages.recent(session.conversation_id)]
    assert history == [("user", "answered", "complete"), ("assistant", "fine", "complete"),
                       ("user", "cut off", "complete"), ("assistant", INTERRUPTED_BY_RESTART, "interrupted")]
    reset_shared_store()
    monkeypatch.setattr(session_module, "_recovered", set())
    store = session_module.runtime_store(clock=clock)  # a second restart adds nothing
    assert len(store.messages.recent(session.conversation_id)) == 4


def test_a_state_key_put_while_a_turn_runs_survives_the_turns_write(store, clock):
    """Before: the turn wrote its whole copy of the state at the end, undoing a workspace panel's put_state made
    while it ran (here: a key no turn touches, and one the turn removes must stay removed)."""
    session = Session("marketing", user_id="demo", clock=clock)
    session.run("이번 주 성과 어때?")
    conv = session.conversation_id
    store.conversations.put_state(conv, "demo", {"old": 1})
    before = store.conversations.get(conv, "demo").state
    stream = session.send("캠페인 목록 보여줘")
    first = next(stream)  # the turn has read the conversation's state
    store.conversations.put_state(conv, "demo", {"panel": {"tab": "map"}})
    events = [first, *stream]
    assert events[-1].type == "done"
    after = store.conversations.get(conv, "demo").state
    assert after["panel"] == {"tab": "map"} and after["old"] == 1
    assert set(after) - {"panel"} >= set(before)  # the turn's own keys are written as well
