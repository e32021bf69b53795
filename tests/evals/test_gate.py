"""The release gate (issue 31), by exit code: ``--min-pass-rate``, ``--baseline`` (written by ``eval baseline
update``), ``eval compare --fail-on-regression``, and JUnit's ``<skipped/>`` and per-case properties."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

from agents.cli.main import main

CASES = {
    "lists": """\
  - name: lists
    turns:
      - user: list my notes
        expect:
          - tool: list_notes
""",
    "adds": """\
  - name: adds
    turns:
      - user: add milk
        expect:
          - needs_approval: add_note
""",
    "judged": """\
  - name: judged
    turns:
      - user: list my notes
        expect:
          - judge: The reply lists the notes.
""",
}
OFFLINE_MODEL = "rules-v1"
BROKEN_ADDS = CASES["adds"].replace("needs_approval: add_note", "tool: list_notes")
BROKEN_LISTS = CASES["lists"].replace("tool: list_notes", "no_tool: list_notes")


def suite(*cases: str) -> str:
    return "suite: gate\nagent: notes\ncases:\n" + "".join(cases)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_min_pass_rate_decides_the_exit_code(write) -> None:
    path = write("gate.yaml", suite(CASES["lists"], BROKEN_ADDS, CASES["judged"]))
    code, out = run("eval", "run", str(path))
    assert code == 1  # without a gate every case must pass
    code, out = run("eval", "run", str(path), "--min-pass-rate", "0.3")
    assert code == 0 and "GATE PASSED (--min-pass-rate 30.0%)" in out
    # 1 of 3 passed: the skipped case is not a passed one, so 33% is below 50%.
    code, out = run("eval", "run", str(path), "--min-pass-rate", "0.5")
    assert code == 1 and "GATE FAILED: gate [offline/MODEL]: pass rate 33.3% (1/3) is below --min-pass-rate " \
                         "50.0%" in out.replace(OFFLINE_MODEL, "MODEL")
    code, out = run("eval", "run", str(path), "--min-pass-rate", "0.5", "--json")
    gate = json.loads(out.splitlines()[-1])
    assert code == 1 and gate["type"] == "gate" and gate["passed"] is False and len(gate["failures"]) == 1


def test_a_bad_min_pass_rate_or_baseline_is_refused_with_exit_2_and_nothing_runs(write, tmp_path, capsys) -> None:
    path = write("gate.yaml", suite(CASES["lists"]))
    for bad in ("1.5", "-0.1", "nan", "ninety"):
        try:
            main(["eval", "run", str(path), "--min-pass-rate", bad], out=io.StringIO())
        except SystemExit as exc:
            assert exc.code == 2
        assert "--min-pass-rate" in capsys.readouterr().err
    (tmp_path / "not.json").write_text("{\"runs\": []}", encoding="utf-8")
    for given, said in ((tmp_path / "missing.json", "No baseline file"), (tmp_path / "not.json", "not a baseline")):
        code, _out = run("eval", "run", str(path), "--baseline", str(given))
        assert code == 2
        assert said in capsys.readouterr().err
    assert run("eval", "list")[1].startswith("No evaluation runs")  # nothing ran


def test_the_baseline_fails_on_regressions_and_tolerates_known_failures(write, tmp_path) -> None:
    base = tmp_path / "evals" / "baseline.json"
    before = write("gate.yaml", suite(CASES["lists"], BROKEN_ADDS))
    code, _ = run("eval", "run", str(before))
    assert code == 1
    code, out = run("eval", "baseline", "update", "--file", str(base))  # the newest run of each suite and config
    assert code == 0 and "gate [offline/rules-v1]: 1/2 passed, 1 kept as known failures" in out
    written = json.loads(base.read_text(encoding="utf-8"))
    assert written["version"] == 1
    [entry] = written["runs"].values()
    assert entry["cases"] == {"lists": {"status": "passed", "pass_rate": 1.0},
                              "adds": {"status": "failed", "pass_rate": 0.0}}

    code, out = run("eval", "run", str(before), "--baseline", str(base))
    assert code == 0 and "known failure: gate [offline/rules-v1]: 'adds' (failing in the baseline too)" in out
    assert "GATE PASSED (--baseline" in out

    regressed = write("gate.yaml", suite(BROKEN_LISTS, BROKEN_ADDS))
    code, out = run("eval", "run", str(regressed), "--baseline", str(base))
    assert code == 1 and "GATE FAILED: gate [offline/rules-v1]: 'lists' passed in the baseline and failed now" in out

    added = write("gate.yaml", suite(CASES["lists"], BROKEN_ADDS, BROKEN_LISTS.replace("name: lists", "name: new")))
    code, out = run("eval", "run", str(added), "--baseline", str(base))
    assert code == 1 and "'new' failed and is not in the baseline" in out
    # With a threshold too, a new failing case is the threshold's to judge: 1 of 3 passed, below 50%.
    code, out = run("eval", "run", str(added), "--baseline", str(base), "--min-pass-rate", "0.3")
    assert code == 0


def test_compare_fail_on_regression_exits_1(write) -> None:
    path = write("gate.yaml", suite(CASES["lists"], CASES["adds"]))
    run("eval", "run", str(path))
    path = write("gate.yaml", suite(BROKEN_LISTS, CASES["adds"]))
    run("eval", "run", str(path))
    new, old = [line.split()[0] for line in run("eval", "list")[1].splitlines()]
    assert run("eval", "compare", old, new)[0] == 0
    code, out = run("eval", "compare", old, new, "--fail-on-regression")
    assert code == 1 and "--fail-on-regression: 1 case(s) passed in A and fail in B" in out
    assert run("eval", "compare", old, new, "--fail-on-regression", "--json")[0] == 1
    assert run("eval", "compare", new, old, "--fail-on-regression")[0] == 0  # a fix is no regression


def test_junit_has_skipped_and_per_case_properties(write, tmp_path) -> None:
    path = write("gate.yaml", suite(CASES["lists"], BROKEN_ADDS, CASES["judged"]))
    junit = tmp_path / "junit.xml"
    code, _ = run("eval", "run", str(path), "--junit", str(junit), "--concurrency", "1")
    assert code == 1
    cases = {c.get("name"): c for c in ET.parse(junit).getroot().iter("testcase")}

    def props(name: str) -> dict[str, str]:
        return {p.get("name"): p.get("value") for p in cases[name].find("properties")}

    assert cases["judged"].find("skipped") is not None and props("judged")["pass_rate"] == ""
    assert props("lists")["pass_rate"] == "1" and props("adds")["pass_rate"] == "0"
    assert props("adds")["status"] == "failed" and props("adds")["trace_id"].startswith("t")
    failure = cases["adds"].find("failure")
    assert f"(trace {props('adds')['trace_id']})" in failure.text
    assert next(iter(cases["adds"])).tag == "properties"  # first, as the JUnit schema wants


def test_the_github_actions_example_uses_these_commands_as_they_parse() -> None:
    import re
    import shlex
    from pathlib import Path

    from agents.cli.main import build_parser

    docs = (Path(__file__).resolve().parents[2] / "docs" / "evals.md").read_text(encoding="utf-8")
    workflow = docs[docs.index("```yaml\nname: evals"):]
    workflow = workflow[:workflow.index("\n```\n")]
    commands = re.findall(r"(?:\.\./base-venv/bin/)?playground (eval [^;|>\n]+)", workflow)
    assert {c.split()[1] for c in commands} == {"run", "compare"}
    assert any("--min-pass-rate 0.95 --baseline evals/baseline.json --junit" in c for c in commands)
    assert any("--fail-on-regression" in c for c in commands)
    parser = build_parser()
    for command in commands:
        argv = shlex.split(command.replace('"$a"', "evr_a").replace('"$b"', "evr_b").replace("|| true", ""))
        assert parser.parse_args(argv).func is not None, command


def test_a_baseline_whose_case_entry_is_not_a_mapping_is_refused_before_anything_runs(write, tmp_path,
                                                                                      capsys) -> None:
    """A case entry written as a bare status ("lists": "passed") crashed the gate with an AttributeError after the
    run; the file is refused as not a baseline, with exit 2, and nothing runs."""
    path = write("gate.yaml", suite(CASES["lists"]))
    bad = tmp_path / "baseline.json"
    bad.write_text(json.dumps({"version": 1, "runs": {f"gate [offline/{OFFLINE_MODEL}]": {"cases": {
        "lists": "passed"}}}}), encoding="utf-8")
    code, out = run("eval", "run", str(path), "--baseline", str(bad))
    assert (code, out) == (2, "")
    assert "is not a baseline file" in capsys.readouterr().err
    assert run("eval", "list")[1].startswith("No evaluation runs")  # nothing ran
