"""Runs: each case a fresh sandbox user on its own clock, expiry through wait_minutes, cases at once on a
bounded pool, everything stored in DuckDB (recomputed here from the rows), a matrix, and compare."""

from __future__ import annotations

import threading

import pandas as pd
import pytest

from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import runtime_store
from agents.services.evals import spec
from agents.services.evals.compare import compare_runs, matrix_grid
from agents.services.evals.loader import load_suite, parse_suite
from agents.services.evals.runner import run_suite
from agents.services.evals.store import EvalRepo

NOTES = """\
suite: notes-flow
agent: notes
cases:
  - name: add needs approval and runs once
    turns:
      - user: add milk
        expect:
          - needs_approval: add_note
            args: {text: milk}
      - confirm: last
        expect:
          - action_outcome: COMPLETED
      - user: list my notes
        expect:
          - tool: list_notes
          - text_contains: milk
  - name: expiry through wait_minutes
    turns:
      - user: add bread
        expect:
          - needs_approval: add_note
      - wait_minutes: 31
      - confirm: last
        expect:
          - action_outcome: EXPIRED
          - error_code: action_expired
      - user: list my notes
        expect:
          - text_contains: bread
            not: true
  - name: just under the expiry still runs
    turns:
      - user: add eggs
        expect:
          - needs_approval: add_note
      - wait_minutes: 29.5
      - confirm: last
        expect:
          - action_outcome: COMPLETED
"""


def test_expiry_is_real_and_each_case_is_its_own_user() -> None:
    store = runtime_store()
    [run] = run_suite(parse_suite(NOTES, "notes.yaml"), concurrency=2)
    assert run.passed, [(c.case.name, c.error, c.results) for c in run.cases]
    users = [c.user_id for c in run.cases]
    assert len(set(users)) == 3 and all(u.startswith("eval-") for u in users)
    conversations = {c.conversation_id for c in run.cases}
    assert len(conversations) == 3
    # The rows are the truth: the expired action never ran, the others ran exactly once.
    expired, kept = run.cases[1], run.cases[2]
    row = store.actions.list_for_conversation(expired.conversation_id)[0]
    assert row.status.value == "EXPIRED" and row.executed_at is None
    assert store.actions.list_for_conversation(kept.conversation_id)[0].status.value == "COMPLETED"
    notes = store.db.fetch_dicts("SELECT user_id, text FROM test_notes ORDER BY text")
    assert notes == sorted([{"user_id": users[0], "text": "milk"}, {"user_id": users[2], "text": "eggs"}],
                           key=lambda r: r["text"])
    # The clock moved for that case only: its expiry note and next turn were written 31 minutes later.
    messages = store.messages.recent(expired.conversation_id, 20)
    note = next(m for m in messages if "Expired before it was confirmed" in (m.content or ""))  # the suite's English
    assert 31 * 60 <= (note.created_at - messages[0].created_at).total_seconds() < 32 * 60
    other = store.messages.recent(kept.conversation_id, 20)
    assert 29.5 * 60 <= (other[-1].created_at - other[0].created_at).total_seconds() < 30 * 60


def test_everything_is_stored_and_the_totals_recompute() -> None:
    store = runtime_store()
    [run] = run_suite(parse_suite(NOTES, "notes.yaml"), concurrency=3)
    repo = EvalRepo(store.db)
    cases = pd.DataFrame(repo.cases(run.id))
    asserts = pd.DataFrame(repo.assertions(run.id))
    steps = pd.DataFrame(repo.steps(run.id))
    assert list(cases.name) == ["add needs approval and runs once", "expiry through wait_minutes",
                                "just under the expiry still runs"]
    stored = repo.run(run.id)
    assert stored["suite_text"] == NOTES and stored["status"] == "passed" and stored["concurrency"] == 3
    assert stored["cases_passed"] == (cases.status == "passed").sum() == 3
    assert stored["assertions_passed"] == (asserts.status == "pass").sum() == 10
    assert (stored["assertions_failed"], stored["assertions_skipped"]) == (0, 0)
    # Every user step has its trace, and the trace is the turn the runner saw.
    users = steps[steps.kind == "user"]
    assert users.turn_id.notna().all() and len(users) == 5
    for _, step in users.iterrows():
        trace = store.traces.get(step.turn_id)
        case = cases[cases.case_index == step.case_index].iloc[0]
        assert trace.conversation_id == case.conversation_id and trace.user_id == case.user_id
        assert [e["type"] for e in trace.events][-1] == "done"
    actions = steps[steps.kind == "confirm"]
    assert actions.action_id.notna().all() and list(actions.outcome) == ["COMPLETED", "EXPIRED", "COMPLETED"]
    waited = steps[steps.kind == "wait_minutes"]
    assert list(waited.input.map(lambda i: i["wait_minutes"])) == [31, 29.5]
    observed = asserts[(asserts.kind == "action_outcome") & (asserts.case_index == 1)].observed.iloc[0]
    assert observed == "EXPIRED"


def test_a_case_that_cannot_run_is_an_error_not_a_pass() -> None:
    text = """\
suite: broken
agent: notes
cases:
  - name: nothing to confirm
    turns:
      - user: hello
        expect: [{no_error: true}]
      - confirm: last
        expect: [{action_outcome: COMPLETED}]
  - name: fine
    turns:
      - user: hello
        expect: [{no_error: true}]
"""
    [run] = run_suite(parse_suite(text, "b.yaml"))
    assert [c.status for c in run.cases] == ["error", "passed"]
    assert run.cases[0].error == "step 2 (confirm): no action has been proposed in this conversation"
    assert run.run["status"] == "failed" and run.run["cases_failed"] == 1


def test_the_pool_is_bounded_and_cases_really_overlap() -> None:
    text = "suite: many\nagent: notes\ncases:\n" + "".join(
        f"  - name: c{i}\n    turns:\n      - user: hi\n        expect: [{{no_error: true}}]\n" for i in range(8))
    active, peak, lock = 0, 0, threading.Lock()
    gate = threading.Barrier(3, timeout=5)

    def factory(config: spec.Config, case: spec.Case) -> OfflineProvider:
        def step(request):
            nonlocal active, peak
            with lock:
                active += 1
                peak = max(peak, active)
            if case.name in ("c0", "c1", "c2"):
                gate.wait()  # the first three must be running at the same time to get past this
            with lock:
                active -= 1
            return say("hello")
        return OfflineProvider.scripted(step)

    [run] = run_suite(parse_suite(text, "m.yaml"), concurrency=3, provider_factory=factory)
    assert run.passed and peak == 3
    assert len({c.user_id for c in run.cases}) == 8


def test_prompt_version_reaches_the_model_and_is_checked_first() -> None:
    from agents.core.clock import system_clock
    from agents.core.errors import PlaygroundError

    store = runtime_store()
    store.prompts.save("notes", "Version one: you manage notes.", system_clock())
    store.prompts.save("notes", "Version two: you manage notes tersely.", system_clock())
    seen: dict[int | None, str] = {}

    def factory(config, case):
        return OfflineProvider.scripted(say("ok", check=lambda r: seen.__setitem__(config.prompt_version, r.system)))

    configs = [spec.Config(prompt_version=1), spec.Config(prompt_version=2), spec.Config()]
    runs = run_suite(parse_suite(NOTES.split("  - name: expiry")[0].replace("add milk", "hi").replace(
        "          - needs_approval: add_note\n            args: {text: milk}\n", "          - no_error: true\n")
        .split("      - confirm")[0], "p.yaml"), configs=configs, provider_factory=factory)
    assert [r.run["prompt_version"] for r in runs] == [1, 2, None]
    assert seen[1].startswith("Version one") and seen[2].startswith("Version two")
    assert seen[None].startswith("Version two")  # none pinned: the active (highest) version
    with pytest.raises(PlaygroundError, match="notes has no system-prompt version 7; stored versions: v1, v2"):
        run_suite(parse_suite(NOTES, "n.yaml"), configs=[spec.Config(prompt_version=7)])


MATRIX = """\
suite: matrix
agent: notes
defaults: {provider: offline}
matrix:
  - {model: good}
  - {model: bad}
cases:
  - name: lists notes
    turns:
      - user: list
        expect:
          - tool: list_notes
  - name: greets
    turns:
      - user: hi
        expect:
          - text_contains: Hello
  - name: stays polite
    turns:
      - user: hi
        expect:
          - text_not_contains: go away
"""


def scripted_by_model(config: spec.Config, case: spec.Case) -> OfflineProvider:
    """'good' answers well; 'bad' forgets the tool, greets rudely, but answers the other case."""
    good = config.model == "good"
    match case.name:
        case "lists notes":
            steps = [call("list_notes", {"limit": 5}), say("You have 0 notes.")] if good else [say("No idea.")]
        case "greets":
            steps = [say("Hello!" if good else "go away")]
        case _:
            steps = [say("Hello, how can I help?")]
    provider = OfflineProvider.scripted(*steps)
    provider.model = str(config.model)
    return provider


def test_a_matrix_runs_every_configuration_and_shows_as_a_grid() -> None:
    store = runtime_store()
    runs = run_suite(parse_suite(MATRIX, "x.yaml"), provider_factory=scripted_by_model)
    assert [r.run["model"] for r in runs] == ["good", "bad"]
    assert runs[0].run["matrix_id"] == runs[1].run["matrix_id"] is not None
    assert [r.run["status"] for r in runs] == ["passed", "failed"]
    grid = matrix_grid(EvalRepo(store.db), runs[0].run["matrix_id"])
    assert [c["model"] for c in grid["columns"]] == ["good", "bad"]
    assert grid["rows"] == [{"name": "lists notes", "cells": ["passed", "failed"]},
                            {"name": "greets", "cells": ["passed", "failed"]},
                            {"name": "stays polite", "cells": ["passed", "passed"]}]
    assert [c["pass_rate"] for c in grid["columns"]] == [1.0, pytest.approx(1 / 3)]


def test_compare_puts_regressions_first_with_differences_traces_and_metric_deltas() -> None:
    store = runtime_store()
    repo = EvalRepo(store.db)
    good, bad = run_suite(parse_suite(MATRIX, "x.yaml"), provider_factory=scripted_by_model)
    result = compare_runs(repo, good.id, bad.id)
    assert [(r["name"], r["change"]) for r in result["cases"]] == [
        ("lists notes", "regression"), ("greets", "regression"), ("stays polite", "still_passing")]
    assert result["counts"]["regression"] == 2 and result["counts"]["fixed"] == 0
    assert result["pass_rate"] == {"a": 1.0, "b": pytest.approx(1 / 3), "delta": pytest.approx(-2 / 3)}
    first = result["cases"][0]
    assert first["differences"] == [{
        "step_index": 0, "assertion_index": 0, "kind": "tool", "spec": {"tool": "list_notes"},
        "a": {"status": "pass", "observed": [{"name": "list_notes", "args": {"limit": 5}}],
              "message": "list_notes was called"},
        "b": {"status": "fail", "observed": [], "message": "list_notes was not called (no tool was called)"}}]
    assert first["traces"]["a"][0]["turn_id"].startswith("turn_") and first["traces"]["b"][0]["turn_id"]
    assert result["cases"][2]["differences"] == []
    # Metric deltas recomputed independently from the stored steps.
    for run, side in ((good, "a"), (bad, "b")):
        steps = store.db.execute("SELECT latency_ms, tokens FROM eval_steps WHERE run_id = ? AND kind = 'user'",
                                 [run.id]).df()
        assert result["metrics"]["latency_p50_ms"][side] == pytest.approx(steps.latency_ms.median(), abs=1e-3)
        assert result["metrics"]["tokens"][side] == int(steps.tokens.sum())
        assert result["metrics"]["cost"][side] == 0.0
    m = result["metrics"]["tokens"]
    assert m["delta"] == m["b"] - m["a"]
    # The other way round, the same cases are newly passing.
    back = compare_runs(repo, bad.id, good.id)
    assert [r["change"] for r in back["cases"]] == ["fixed", "fixed", "still_passing"]


def test_compare_matches_cases_by_name_and_reports_added_and_removed(write) -> None:
    store = runtime_store()
    first = load_suite(write("a.yaml", MATRIX.replace("matrix:\n  - {model: good}\n  - {model: bad}\n", "")))
    second = parse_suite(first.text.replace("name: greets", "name: says hello"), "b.yaml")
    [a] = run_suite(first, provider_factory=scripted_by_model, configs=[spec.Config(model="good")])
    [b] = run_suite(second, provider_factory=scripted_by_model, configs=[spec.Config(model="good")])
    result = compare_runs(EvalRepo(store.db), a.id, b.id)
    assert {(r["name"], r["change"]) for r in result["cases"]} == {
        ("lists notes", "still_passing"), ("stays polite", "still_passing"), ("greets", "removed"),
        ("says hello", "added")}


def test_stop_lets_running_cases_finish_and_marks_the_run_aborted() -> None:
    text = "suite: stoppable\nagent: notes\ncases:\n" + "".join(
        f"  - name: c{i}\n    turns:\n      - user: hi\n        expect: [{{no_error: true}}]\n" for i in range(6))
    stop = threading.Event()

    def factory(config, case):
        if case.name == "c2":
            stop.set()  # the Stop button, pressed while the third case runs
        return OfflineProvider.scripted(say("hello"))

    [run] = run_suite(parse_suite(text, "s.yaml"), concurrency=1, provider_factory=factory, stop=stop)
    assert [c.case.name for c in run.cases] == ["c0", "c1", "c2"]
    assert run.run["status"] == "aborted" and run.run["error"] == "stopped before every case ran"
    assert run.run["cases_total"] == 6 and run.run["cases_passed"] == 3


def test_a_run_cut_off_by_a_restart_reads_as_aborted() -> None:
    from agents.core.clock import system_clock
    from agents.core.store import reset_shared_store

    store = runtime_store()
    repo = EvalRepo(store.db)
    repo.start_run({"id": "evr_cut", "suite": "s", "suite_file": None, "suite_text": "x", "agent_id": "notes",
                    "provider": "offline", "model": "rules-v1", "prompt_version": None, "matrix_id": None,
                    "owner": "demo", "concurrency": 1, "started_at": system_clock(), "cases_total": 2})
    assert repo.run("evr_cut")["status"] == "running"
    reset_shared_store()  # the process stops; the next one opens the same file
    again = EvalRepo(runtime_store().db).run("evr_cut")
    assert (again["status"], again["error"]) == ("aborted", "the app stopped during the run")


def test_a_runs_turns_are_its_owners_in_the_lab_in_shared_mode() -> None:
    """Each case runs as a fresh eval user, yet the turns are the run owner's: in shared mode the owner opens
    a failing case's trace from the run, and nobody else can."""
    from agents.core.errors import PlaygroundError
    from agents.core.store.lab import ORIGINS, TraceFilter
    from agents.services.lab.access import LabUser
    from agents.services.lab.traces import list_traces, trace_detail

    store = runtime_store()
    [run] = run_suite(parse_suite(NOTES, "notes.yaml"), owner="alice")
    turns = [s["turn_id"] for s in EvalRepo(store.db).steps(run.id) if s["turn_id"]]
    assert turns
    alice, bob = LabUser("alice", "shared"), LabUser("bob", "shared")
    # With the "평가 포함" filter (issue 31): by default the Lab shows people's turns, not eval cases.
    every = TraceFilter(origins=list(ORIGINS))
    assert {r["turn_id"] for r in list_traces(store, alice, every, limit=200).rows} >= set(turns)
    assert not {r["turn_id"] for r in list_traces(store, alice, limit=200).rows} & set(turns)
    detail = trace_detail(store, turns[0], alice)
    assert detail.turn_id == turns[0] and detail.user_id.startswith("eval-") and detail.owner_id == "alice"
    with pytest.raises(PlaygroundError):
        trace_detail(store, turns[0], bob)
    assert not list_traces(store, bob, every, limit=200).rows
