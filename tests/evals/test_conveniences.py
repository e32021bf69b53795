"""The suites' conveniences (issue 31): --tag and --case, modify merging with {{refs}}, every failure shown per
case, steps numbered from 1 in --json, numbers with separators, the matrix labelled by configuration with its
grid aligned for Korean names, a warm-up that covers the guards, and a stopped run that reads "stopped"."""

from __future__ import annotations

import io
import json

from agents.cli.eval import _num, _width
from agents.cli.main import main
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import runtime_store
from agents.services.evals import spec
from agents.services.evals.loader import parse_suite
from agents.services.evals.runner import run_suite
from agents.view.lab_evals import final_status

SUITE = """\
suite: picks
agent: notes
cases:
  - name: 목록 보여주기
    tags: [list, smoke]
    turns:
      - user: list my notes
        expect:
          - tool: list_notes
  - name: adds a note
    tags: [write]
    turns:
      - user: add milk
        expect:
          - needs_approval: add_note
  - name: two failures
    tags: [smoke]
    turns:
      - user: list my notes
        expect:
          - tool: add_note
          - text_contains: nothing like this
          - no_error: true
"""


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_tag_and_case_pick_the_cases_and_nothing_picked_is_refused(write, capsys) -> None:
    path = write("picks.yaml", SUITE)
    code, out = run("eval", "run", str(path), "--tag", "write", "--json")
    assert code == 0 and [json.loads(line)["name"] for line in out.splitlines()[:-1]] == ["adds a note"]
    code, out = run("eval", "run", str(path), "--tag", "smoke", "--tag", "write", "--json")
    assert [json.loads(line).get("name") for line in out.splitlines()][:3] == ["목록 보여주기", "adds a note",
                                                                                 "two failures"]
    code, out = run("eval", "run", str(path), "--case", "목록*", "--case", "adds a note", "--json")
    assert code == 0 and json.loads(out.splitlines()[-1])["cases_total"] == 2
    code, out = run("eval", "run", str(path), "--tag", "smoke", "--case", "two*", "--json")
    assert json.loads(out.splitlines()[-1])["cases_total"] == 1
    runs_before = run("eval", "list")[1]
    code, _ = run("eval", "run", str(path), "--case", "no such case")
    assert code == 2 and "No case matches --case 'no such case'; nothing was run." in capsys.readouterr().err
    assert run("eval", "list")[1] == runs_before


def test_every_failure_is_shown_and_json_numbers_steps_from_1(write) -> None:
    path = write("picks.yaml", SUITE)
    code, out = run("eval", "run", str(path), "--case", "two failures", "--concurrency", "1")
    assert code == 1
    assert ("✗ [1/1] two failures — step 1 tool: add_note was not called\n"
            "      ✗ step 1 text_contains: the reply lacks ['nothing like this']\n") in out
    code, out = run("eval", "run", str(path), "--case", "two failures", "--json")
    case = json.loads(out.splitlines()[0])
    assert [f["step"] for f in case["failures"]] == [1, 1]
    detail = json.loads(run("eval", "show", case["run_id"], "--json")[1])
    assert [s["step"] for s in detail["cases"][0]["steps"]] == [1]
    assert {a["step"] for a in detail["cases"][0]["assertions"]} == {1}


def test_modify_merges_into_the_proposed_arguments_and_takes_refs() -> None:
    text = """\
suite: modify
agent: notes
cases:
  - name: pin, then rename from the list
    turns:
      - user: add bread
        expect: [{needs_approval: add_note}]
      - confirm: last
        expect: [{action_outcome: COMPLETED}]
      - user: list my notes
        expect: [{card: table}]
      - user: pin milk
        expect: [{needs_approval: add_note, args: {text: milk, pinned: true}}]
      - modify: {text: "{{card.table.rows.0.0}}"}
        expect:
          - needs_approval: add_note
            args: {text: bread, pinned: true}
      - confirm: last
        expect: [{action_outcome: COMPLETED}]
"""
    [result] = run_suite(parse_suite(text, "m.yaml"))
    assert result.passed, [r["message"] for c in result.cases for r in c.results if r["status"] != "pass"]
    pending = runtime_store().db.fetchall(
        "SELECT tool_args FROM pending_actions WHERE user_id = ? ORDER BY created_at", [result.cases[0].user_id])
    assert json.loads(pending[-1][0]) == {"text": "bread", "pinned": True}


def test_a_modify_ref_that_is_not_a_reference_is_refused_with_its_line(write) -> None:
    from agents.services.evals.loader import SuiteError

    bad = SUITE.split("  - name: adds")[0] + """\
      - user: add milk
        expect: [{needs_approval: add_note}]
      - modify: {text: "{{ card.table }} and more"}
        expect: [{needs_approval: add_note}]
"""
    try:
        parse_suite(bad, "bad.yaml")
    except SuiteError as exc:
        assert "bad.yaml:12: cases[0].turns[2].modify.text: '{{ card.table }} and more' is not a reference" in str(exc)
    else:
        raise AssertionError("refused")


def test_numbers_have_separators_and_never_an_exponent() -> None:
    assert [_num(v) for v in (14860, 14860.0, 1234.56, 0.000123, 2.5, -3, None)] == [
        "14,860", "14,860", "1,234.6", "0.000123", "2.5", "-3", "—"]


def scripted(config: spec.Config, case: spec.Case) -> OfflineProvider:
    provider = OfflineProvider.scripted(say("ok" if config.model == "good" or "짧은" in case.name else "no"))
    provider.model = str(config.model)
    return provider


def test_the_matrix_is_labelled_by_configuration_and_its_grid_aligns_korean_names(write) -> None:
    text = """\
suite: grid
agent: notes
matrix: [{model: good}, {model: bad}]
cases:
  - name: 아주 긴 한국어 케이스 이름입니다
    turns: [{user: hi, expect: [{text_contains: ok}]}]
  - name: 짧은
    turns: [{user: hi, expect: [{text_contains: ok}]}]
  - name: ascii case
    turns: [{user: hi, expect: [{text_contains: ok}]}]
"""
    runs = run_suite(parse_suite(text, "g.yaml"), provider_factory=scripted)
    _, out = run("eval", "show", runs[0].run["matrix_id"])
    lines = out.splitlines()
    assert lines[0].endswith("· grid · 2 configuration(s)")
    assert lines[1].startswith("  [1] offline/good v(active): 100% passed (run evr_")
    assert lines[2].startswith("  [2] offline/bad v(active): 33% passed (run evr_")
    grid = lines[3:]
    assert [_width(line) for line in grid] == [_width(grid[0])] * 4  # every row as wide on a terminal
    assert [line.index("|") - (len(line) - _width(line)) for line in grid] == [grid[0].index("|")] * 4
    assert grid[1].startswith("  아주 긴 한국어 케이스 이름입니다 ✓")


def test_a_matrix_summary_names_each_configuration(write) -> None:
    path = write("picks.yaml", SUITE.split("  - name: adds")[0])
    code, out = run("eval", "run", str(path), "--prompt-version", "active,active")
    assert code == 0
    summaries = [line for line in out.splitlines() if line.startswith("PASSED")]
    assert len(summaries) == 2 and all(line.startswith("PASSED: [picks · offline/rules-v1 v(active)] 1/1 cases")
                                       for line in summaries)


def test_a_stopped_run_reads_stopped_not_failed() -> None:
    assert final_status(["failed", "aborted"], True) == "stopped"
    assert final_status(["passed", "passed"], True) == "stopped"
    assert final_status(["passed", "failed"], False) == "failed"
    assert final_status(["passed"], False) == "passed"


def test_the_warm_up_covers_the_guards_for_four_cold_concurrent_cases() -> None:
    """Four cases started together from a cold start: none spends more than 1 s in the guards (issue 31
    measured ~5.3 s each: they all waited for the injection guard's first load)."""
    from agents.nlu import classifier, injection

    classifier._from_yaml.cache_clear()  # cold: the guard's classifier and patterns are loaded again
    injection.patterns.cache_clear()
    injection.benign_contexts.cache_clear()
    text = "suite: cold\nagent: notes\ncases:\n" + "".join(
        f"  - name: case {i}\n    turns: [{{user: list my notes, expect: [{{tool: list_notes}}]}}]\n" for i in range(4))
    [result] = run_suite(parse_suite(text, "cold.yaml"), concurrency=4)
    assert result.passed
    store = runtime_store()
    guards_ms = []
    for case in result.cases:
        trace = store.traces.get(case.steps[0].turn_id)
        guards_ms += [p["ms"] for p in trace.phases if p["kind"] == "guards"]
    assert len(guards_ms) == 4 and max(guards_ms) < 1000, guards_ms
