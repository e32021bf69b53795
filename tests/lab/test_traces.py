"""Traces: every filter, one turn's detail (waterfall, prompt, messages sent, tool calls, raw events,
errors, feedback) and cost from genai-prices, an unknown model shown as no figure."""

from __future__ import annotations

from datetime import UTC, timedelta

import pytest
from genai_prices import Usage, calc_price

from agents.core.errors import ProviderError, TurnNotFound
from agents.core.providers.offline import call, fail, say
from agents.core.store.lab import TraceFilter
from agents.services.lab import traces
from agents.services.lab.access import LabUser


def _ids(page):
    return [r["turn_id"] for r in page.rows]


def test_detail_has_the_waterfall_prompt_messages_tools_events_and_link(store, clock, run, local_lab):
    session, events = run("list my notes", call("list_notes", {"limit": 5}, text="Looking."), say("You have none."))
    turn_id = events[-1].turn_id
    store.feedback.rate(turn_id, "demo", "down", "too terse", clock())
    detail = traces.trace_detail(store, turn_id, local_lab)
    assert (detail.agent_id, detail.status, detail.message, detail.prompt_version, detail.prompt_label) == (
        "notes", "done", "list my notes", 0, "built-in")
    assert detail.system_prompt.startswith("You manage the user's notes.")
    assert [b.label for b in detail.timeline] == ["guards", "save · message", "model · turn",
                                                  "tool · list_notes", "model · turn", "save · reply"]
    starts = [b.start_ms for b in detail.timeline]
    assert starts == sorted(starts) and all(b.ms >= 0 for b in detail.timeline)
    model_bars = [b for b in detail.timeline if b.kind == "model"]
    assert all(b.ttft_ms is not None and 0 <= b.ttft_ms <= b.ms for b in model_bars)
    # the messages sent: the first call had the user message, the second also the tool result
    assert [r["purpose"] for r in detail.requests] == ["turn", "turn"]
    assert detail.requests[0]["messages"] == [{"role": "user", "content": "list my notes"}]
    assert [m["role"] for m in detail.requests[1]["messages"]] == ["user", "assistant", "tool"]
    assert detail.requests[0]["tools"] == ["list_notes", "add_note", "explode"]
    [tool] = detail.tool_calls
    assert (tool.name, tool.args, tool.ok, tool.summary) == ("list_notes", {"limit": 5}, True, "0 note(s)")
    assert [e["type"] for e in detail.events] == [e.type for e in events]
    assert detail.errors == []
    assert [(f["rating"], f["comment"]) for f in detail.feedback] == [("down", "too terse")]
    assert detail.openable and detail.conversation_id == session.conversation_id
    assert detail.reply == "Looking.\n\nYou have none."  # a paragraph after a tool step (agents/core/reply_text.py)
    assert (detail.input_tokens, detail.output_tokens) == (
        sum(b.detail["input_tokens"] for b in model_bars), sum(b.detail["output_tokens"] for b in model_bars))
    assert detail.cost_usd == 0.0  # the offline model is free


def test_errors_and_failed_tools_are_listed(store, run, local_lab):
    _, events = run("boom", call("explode", {}), fail(ProviderError("the model went away")))
    detail = traces.trace_detail(store, events[-1].turn_id, local_lab)
    assert detail.status == "error" and detail.error_code == "provider_error"
    assert [e["type"] for e in detail.errors] == ["error", "tool_result"]
    assert detail.errors[0]["message"] == "the model went away"
    assert detail.errors[1]["name"] == "explode"


def test_cost_is_tokens_times_the_price_table_and_unknown_models_have_none(store, run, local_lab, clock):
    _, known = run("hello", say("hi there friend"), name="openai", model="gpt-4o-mini")
    _, unknown = run("hello", say("hi there"), name="openai", model="my-local-llama")
    _, gemini = run("hello", say("hi"), name="gemini", model="gemini-2.5-flash")
    for events, provider_id, model in ((known, "openai", "gpt-4o-mini"), (gemini, "google", "gemini-2.5-flash")):
        detail = traces.trace_detail(store, events[-1].turn_id, local_lab)
        expected = calc_price(Usage(input_tokens=detail.input_tokens, output_tokens=detail.output_tokens), model,
                              provider_id=provider_id, genai_request_timestamp=clock().replace(tzinfo=UTC))
        assert detail.input_tokens > 0 and detail.cost_usd == pytest.approx(float(expected.total_price))
        assert detail.cost_usd > 0
    assert traces.trace_detail(store, unknown[-1].turn_id, local_lab).cost_usd is None
    row = next(r for r in traces.list_traces(store, local_lab).rows if r["turn_id"] == unknown[-1].turn_id)
    assert row["cost_usd"] is None


def test_every_filter(store, clock, run, local_lab):
    _, a = run("list my notes", say("none yet"), user="ann")
    clock.advance(hours=1)
    _, b = run("add milk", call("add_note", {"text": "milk"}), user="bob")
    clock.advance(hours=1)
    _, c = run("boom", fail(ProviderError("down")), user="ann", name="openai", model="gpt-4o-mini")
    clock.advance(hours=1)
    store.prompts.save("notes", "Be brief.", clock())
    _, d = run("hello again", say("hello"), user="bob")
    ta, tb, tc, td = (e[-1].turn_id for e in (a, b, c, d))
    store.feedback.rate(ta, "ann", "up", None, clock())
    store.feedback.rate(td, "bob", "down", "meh", clock())

    def ids(**kw):
        return _ids(traces.list_traces(store, local_lab, TraceFilter(**kw)))

    assert ids() == [td, tc, tb, ta]  # newest first, everyone's in local mode
    assert ids(owner="ann") == [tc, ta]
    assert ids(provider="openai") == [tc] == ids(model="gpt-4o-mini") and ids(provider="offline") == [td, tb, ta]
    assert ids(model="scripted") == [td, tb, ta]
    assert ids(status="error") == [tc] and ids(status="done") == [td, tb, ta]
    assert ids(prompt_version=1) == [td] and ids(prompt_version=0) == [tc, tb, ta]
    assert ids(feedback="up") == [ta] and ids(feedback="down") == [td] and ids(feedback="none") == [tc, tb]
    assert ids(since=clock() - timedelta(hours=1, minutes=30)) == [td, tc]
    assert ids(until=clock() - timedelta(hours=1, minutes=30)) == [tb, ta]
    assert ids(since=clock() - timedelta(hours=2, minutes=30), until=clock() - timedelta(minutes=30)) == [tc, tb]
    assert ids(text="MILK") == [tb]  # the message, case-insensitively
    assert ids(text="add_note") == [tb]  # a tool name
    assert ids(text="down") == [tc]  # the error message
    assert ids(agent="notes", owner="bob", status="done", feedback="down") == [td]
    assert ids(agent="marketing") == []
    page = traces.list_traces(store, local_lab, limit=3)
    assert _ids(page) == [td, tc, tb] and page.next_cursor
    assert _ids(traces.list_traces(store, local_lab, limit=3, before=page.next_cursor)) == [ta]
    row = traces.list_traces(store, local_lab, TraceFilter(owner="bob", text="hello")).rows[0]
    assert (row["rating"], row["comment"], row["message"]) == ("down", "meh", "hello again")
    assert {"latency_ms", "ttft_ms", "input_tokens", "output_tokens", "cost_usd"} <= set(row)


def test_filters_reject_bad_values():
    with pytest.raises(ValueError):
        TraceFilter(status="weird")
    with pytest.raises(ValueError):
        TraceFilter(feedback="maybe")
    with pytest.raises(ValueError):
        TraceFilter(text="x" * 201)


def test_shared_mode_sees_only_ones_own_turns(store, run):
    _, alice = run("alice secret plan", say("ok"), user="alice")
    _, bob = run("bob things", say("ok"), user="bob")
    as_alice, as_bob = LabUser("alice", "shared"), LabUser("bob", "shared")
    assert _ids(traces.list_traces(store, as_alice)) == [alice[-1].turn_id]
    assert _ids(traces.list_traces(store, as_bob)) == [bob[-1].turn_id]
    assert _ids(traces.list_traces(store, as_bob, TraceFilter(text="secret"))) == []
    with pytest.raises(TurnNotFound):
        traces.trace_detail(store, alice[-1].turn_id, as_bob)
    with pytest.raises(Exception, match="theirs to see"):
        traces.list_traces(store, as_bob, TraceFilter(owner="alice"))
    assert traces.facets(store, as_bob)["users"] == ["bob"]


@pytest.mark.parametrize("filters", [
    {}, {"agent": "travel"}, {"owner": "user03", "status": "done"}, {"feedback": "none"}, {"feedback": "down"},
    {"text": "라멘 "}, {"text": "zeppelin"}, {"text": "budget", "agent": "shopping"}, {"provider": "openai"},
])
def test_pages_walk_every_matching_turn_newest_first(store, clock, local_lab, filters):
    """The time windows a page is read in never skip or repeat a turn: walking the pages with the
    cursor gives exactly the matching rows, newest first, as pandas orders them."""
    from tests.support.lab_data import add_feedback, load, synthetic_traces

    frame = synthetic_traces(2500, clock(), seed=9, heavy=False, users=6, days=40)
    # ties on started_at: the cursor must order them by turn id
    frame.loc[frame.index % 7 == 0, "started_at"] = frame["started_at"].shift(1)
    frame = frame.dropna(subset=["started_at"])
    load(store, frame)
    ratings = add_feedback(store, frame, 0.15, clock())
    want = frame.merge(ratings[["turn_id", "rating"]], on="turn_id", how="left")
    for key, value in filters.items():
        match key:
            case "owner":
                want = want[want["owner_id"] == value]
            case "agent":
                want = want[want["agent_id"] == value]
            case "feedback":
                want = want[want["rating"].isna()] if value == "none" else want[want["rating"] == value]
            case "text":
                want = want[want["search_text"].str.contains(" ".join(value.split()).lower(), regex=False)]
            case _:
                want = want[want[key] == value]
    expected = want.sort_values(["started_at", "turn_id"], ascending=False)["turn_id"].tolist()
    seen, cursor = [], None
    while True:
        page = traces.list_traces(store, local_lab, TraceFilter(**filters), limit=37, before=cursor)
        seen += _ids(page)
        cursor = page.next_cursor
        if cursor is None:
            break
    assert seen == expected
