"""Side-by-side: one message to two configurations at once, each in its own sandbox user and
conversation; votes are stored and counted in the metrics; only the owner reaches a comparison."""

from __future__ import annotations

import threading

import pytest

from agents.core.errors import PlaygroundError
from agents.core.inputs import InvalidInput
from agents.core.providers.offline import OfflineProvider, Step, call, say
from agents.core.session import Session
from agents.core.store.comparisons import SideConfig
from agents.services.lab import compare, metrics, prompts
from agents.services.lab.access import LabUser
from agents.services.lab.compare import ComparisonNotFound, RoundEnd, SideEvent


def _both_at_once(barrier: threading.Barrier, text: str, **kw) -> Step:
    """A model step that only answers while the other side's model call is in flight too."""
    def check(_request) -> None:
        barrier.wait(timeout=10)  # raises BrokenBarrierError if the sides ran one after the other

    return Step(text=text, check=check, **kw)


def test_two_scripted_sides_stream_at_once_and_the_vote_is_stored(store, clock, local_lab):
    v1 = prompts.create(store, "notes", "Be very brief.", local_lab, clock(), label="brief")
    cmp = compare.start(store, local_lab, "notes", SideConfig(prompt_version=0), SideConfig(prompt_version=v1.version),
                        clock())
    barrier = threading.Barrier(2)
    a = OfflineProvider.scripted(_both_at_once(barrier, "Here are your notes: none yet, add one anytime."))
    b = OfflineProvider.scripted(_both_at_once(barrier, "None."))
    out = list(compare.run_round(store, local_lab, cmp.id, "list my notes", providers={"a": a, "b": b}, clock=clock))
    a.assert_complete()
    b.assert_complete()
    end = out[-1]
    assert isinstance(end, RoundEnd) and end.round == 1
    side_events = [e for e in out if isinstance(e, SideEvent)]
    for side, provider in (("a", a), ("b", b)):
        mine = [e.event for e in side_events if e.side == side]
        assert [e.type for e in mine][-1] == "done" and sum(e.type == "done" for e in mine) == 1
        assert end.turns[side] == mine[-1].turn_id
        assert provider.calls[0].system == ("You manage the user's notes." if side == "a" else "Be very brief.")
    assert "".join(e.event.content for e in side_events if e.side == "b" and e.type == "text_delta") == "None."

    # each side's trace: its own sandbox user, the person as owner, the comparison and the version
    ta, tb = store.traces.get(end.turns["a"]), store.traces.get(end.turns["b"])
    assert (ta.user_id, tb.user_id) == (cmp.user_a, cmp.user_b) and ta.user_id != tb.user_id
    assert (ta.owner_id, tb.owner_id) == ("demo", "demo")
    assert (ta.comparison_id, ta.comparison_side, tb.comparison_side) == (cmp.id, "a", "b")
    assert (ta.prompt_version, tb.prompt_version) == (0, v1.version)

    with pytest.raises(InvalidInput, match="vote must be one of"):
        compare.vote(store, local_lab, cmp.id, 1, "c", clock())
    with pytest.raises(ComparisonNotFound, match="no round 2"):
        compare.vote(store, local_lab, cmp.id, 2, "a", clock())
    compare.vote(store, local_lab, cmp.id, 1, "tie", clock())
    row = compare.vote(store, local_lab, cmp.id, 1, "b", clock())  # a changed mind replaces the vote
    assert (row.vote, row.turn_a, row.turn_b) == ("b", end.turns["a"], end.turns["b"])
    [view] = compare.rounds(store, local_lab, cmp.id)
    assert (view.vote, view.a.prompt_version, view.b.prompt_version, view.b.status) == ("b", 0, 1, "done")
    assert view.a.latency_ms is not None and view.b.output_tokens == 1

    frame = metrics.metrics(store, local_lab).set_index("prompt_version")
    assert (frame.loc[1, "wins"], frame.loc[1, "losses"], frame.loc[0, "wins"], frame.loc[0, "losses"]) == (1, 0, 0, 1)


def test_each_side_keeps_its_own_history_and_data(store, clock, local_lab):
    cmp = compare.start(store, local_lab, "notes", SideConfig(), SideConfig(), clock())
    a = OfflineProvider.scripted(call("add_note", {"text": "from A"}))
    b = OfflineProvider.scripted(say("I would rather not."))
    first = list(compare.run_round(store, local_lab, cmp.id, "add a note", providers={"a": a, "b": b}, clock=clock))
    [confirmation] = [e.event for e in first if isinstance(e, SideEvent) and e.type == "action_confirmation"]
    assert [e.side for e in first if isinstance(e, SideEvent) and e.type == "action_confirmation"] == ["a"]
    with pytest.raises(PlaygroundError):  # side B's user does not own side A's action
        compare.act(store, local_lab, cmp.id, "b", confirmation.action_id, "confirm")
    outcome = compare.act(store, local_lab, cmp.id, "a", confirmation.action_id, "confirm", clock)
    assert outcome.ok
    row = compare.get(store, local_lab, cmp.id)
    notes = dict(store.db.fetchall("SELECT user_id, text FROM test_notes"))
    assert notes == {row.user_a: "from A"}  # B's sandbox and the person's own notes are untouched

    def sees(history: str):
        def check(request) -> None:
            assert history in " ".join(m.content for m in request.messages)
        return check

    a2 = OfflineProvider.scripted(Step(text="Noted again.", check=sees("add a note")))
    b2 = OfflineProvider.scripted(Step(text="Still no.", check=sees("I would rather not.")))
    second = list(compare.run_round(store, local_lab, cmp.id, "and again", providers={"a": a2, "b": b2}, clock=clock))
    a2.assert_complete()
    b2.assert_complete()
    assert second[-1].round == 2
    assert [m.content for m in store.messages.recent(row.conversation_b) if m.role == "assistant"] == [
        "I would rather not.", "Still no."]
    assert row.conversation_a != row.conversation_b
    assert [r.message for r in store.comparisons.rounds(cmp.id)] == ["add a note", "and again"]


def test_offline_against_offline_with_two_prompt_versions(store, clock, local_lab):
    v1 = prompts.create(store, "marketing", "간결하게 답하세요.", local_lab, clock())
    cmp = compare.start(store, local_lab, "marketing", SideConfig(prompt_version=0),
                        SideConfig(prompt_version=v1.version), clock())
    out = list(compare.run_round(store, local_lab, cmp.id, "이번 주 성과 어때?", clock=clock))
    texts = {s: "".join(e.event.content for e in out if isinstance(e, SideEvent) and e.side == s
                        and e.type == "text_delta") for s in "ab"}
    # the rule-based model ignores the prompt text: the same reply on both sides (README says so)
    assert texts["a"] == texts["b"] and "ROAS" in texts["a"].upper()
    traces = [store.traces.get(out[-1].turns[s]) for s in "ab"]
    assert [t.prompt_version for t in traces] == [0, v1.version]
    assert traces[1].system_prompt.startswith("간결하게 답하세요.")


def test_only_the_owner_reaches_a_comparison_and_configs_are_checked(store, clock):
    alice, bob = LabUser("alice", "shared"), LabUser("bob", "shared")
    draft = prompts.create(store, "notes", "alice draft", alice, clock())
    with pytest.raises(PlaygroundError, match="no prompt version"):
        compare.start(store, bob, "notes", SideConfig(prompt_version=draft.version), SideConfig(), clock())
    with pytest.raises(PlaygroundError, match="Unknown provider"):
        compare.start(store, bob, "notes", SideConfig(provider="claude"), SideConfig(), clock())
    cmp = compare.start(store, alice, "notes", SideConfig(prompt_version=draft.version), SideConfig(), clock())
    for attempt in (lambda: compare.get(store, bob, cmp.id),
                    lambda: list(compare.run_round(store, bob, cmp.id, "hi")),
                    lambda: compare.vote(store, bob, cmp.id, 1, "a", clock()),
                    lambda: compare.rounds(store, bob, cmp.id)):
        with pytest.raises(ComparisonNotFound):
            attempt()
    assert compare.list_comparisons(store, bob) == [] and [c.id for c in compare.list_comparisons(store, alice)] == [cmp.id]
    with pytest.raises(InvalidInput, match="Type a message"):
        list(compare.run_round(store, alice, cmp.id, "   "))


def test_a_side_that_fails_reports_it_and_the_other_still_runs(store, clock, local_lab):
    cmp = compare.start(store, local_lab, "notes", SideConfig(provider="openai", model="gpt-4o-mini"), SideConfig(),
                        clock())
    out = list(compare.run_round(store, local_lab, cmp.id, "list my notes",
                                 providers={"b": OfflineProvider.scripted(say("ok"))}, clock=clock))
    a_events = [e.event for e in out if isinstance(e, SideEvent) and e.side == "a"]
    assert a_events[-1].type == "error" and "OPENAI_API_KEY" in a_events[-1].message  # no key in tests
    assert store.traces.get(out[-1].turns["a"]).status == "error"
    assert store.traces.get(out[-1].turns["b"]).status == "done"


def test_both_sides_count_against_the_persons_daily_limit(store, clock, local_lab, monkeypatch, run):
    monkeypatch.setenv("PLAYGROUND_DAILY_LIMIT", "3")
    run("hello", say("hi"))  # one turn of the person's own
    cmp = compare.start(store, local_lab, "notes", SideConfig(), SideConfig(), clock())
    first = list(compare.run_round(store, local_lab, cmp.id, "list my notes", clock=clock))
    assert all(store.traces.get(first[-1].turns[s]).status == "done" for s in "ab")  # turns 2 and 3
    second = list(compare.run_round(store, local_lab, cmp.id, "list my notes", clock=clock))
    codes = {e.side: e.event.code for e in second if isinstance(e, SideEvent) and e.type == "error"}
    assert codes == {"a": "usage_limit", "b": "usage_limit"}
    assert store.usage.turns_since("demo", clock().replace(hour=0)) == 3
    _, refused = run("hello again")
    assert refused[-1].type == "error" and refused[-1].code == "usage_limit"


def test_the_alert_timer_skips_comparison_sandboxes(store, clock, local_lab):
    import threading
    import time

    from pages.gradio.shell import start_alert_checks

    cmp = compare.start(store, local_lab, "marketing", SideConfig(), SideConfig(), clock())
    list(compare.run_round(store, local_lab, cmp.id, "이번 주 성과 어때?", clock=clock))
    Session("marketing", user_id="demo", clock=clock)  # the person's own account, seeded as a tab would
    stop = threading.Event()
    thread = start_alert_checks(interval=0.05, stop=stop, clock=clock)
    deadline = time.time() + 20
    while store.alerts.count_unread("demo") == 0 and time.time() < deadline:
        time.sleep(0.05)
    stop.set()
    thread.join(timeout=10)
    assert store.alerts.count_unread("demo") > 0
    assert store.alerts.count_unread(cmp.user_a) == 0 and store.alerts.count_unread(cmp.user_b) == 0
