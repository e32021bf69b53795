"""``playground eval``: what CI sees. Exit codes, --json lines, JUnit XML, list / show / compare / export,
a matrix from the flags (two prompt versions × two providers, the second a real SDK against the fake
server), and the judge graded by a real model there while skipped offline."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

import pandas as pd
import pytest

from agents.cli.main import main
from agents.core.clock import system_clock
from agents.core.session import runtime_store
from tests.support.fake_openai import Reply, responses_stream

FAILING = """\
suite: must-fail
agent: marketing
cases:
  - name: weekly KPI
    turns:
      - user: 이번 주 성과 어때?
        expect:
          - tool: getPerformanceKPI
            args: {period: 7d}
          - card: kpi_summary
  - name: wrong expectation
    turns:
      - user: 이번 주 성과 어때?
        expect:
          - tool: getPerformanceKPI
            args: {period: 30d}
          - no_error: true
"""


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_a_suite_that_must_fail_fails_with_a_non_zero_exit(write, tmp_path) -> None:
    path = write("fail.yaml", FAILING)
    junit = tmp_path / "reports" / "junit.xml"
    code, out = run("eval", "run", str(path), "--junit", str(junit))
    assert code == 1
    assert "✓ [" in out and "✗ [" in out
    assert "wrong expectation — step 1 tool: getPerformanceKPI with {\"period\": \"30d\"} was not called" in out
    assert "FAILED: 1/2 cases passed · assertions 3 passed, 1 failed, 0 skipped" in out
    root = ET.parse(junit).getroot()
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("2", "1", "0")
    suite = root.find("testsuite")
    assert suite.get("name") == "must-fail [offline/rules-v1]"
    cases = {c.get("name"): c for c in suite.findall("testcase")}
    assert cases["weekly KPI"].find("failure") is None
    failure = cases["wrong expectation"].find("failure")
    assert failure.get("message").startswith("1 assertion(s) failed: step 1 {\"tool\": \"getPerformanceKPI\"")
    assert '"period": "7d"' in failure.text and "(trace turn_" in failure.text
    assert {p.get("name"): p.get("value") for p in suite.find("properties")}["provider"] == "offline"


def test_json_prints_one_object_per_case_then_a_summary(write) -> None:
    code, out = run("eval", "run", str(write("fail.yaml", FAILING)), "--json", "--concurrency", "1")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [line["type"] for line in lines] == ["case", "case", "summary"]
    ok, bad, summary = lines
    assert ok["status"] == "passed" and ok["assertions"] == {"pass": 2, "fail": 0, "skip": 0}
    assert bad["status"] == "failed" and len(bad["failures"]) == 1
    failure = bad["failures"][0]
    assert failure["kind"] == "tool" and failure["observed"][0]["args"]["period"] == "7d"
    assert failure["turn_id"] == bad["turn_ids"][0]
    assert summary["status"] == "failed" and summary["cases_passed"] == 1 and summary["pass_rate"] == 0.5


def test_a_bad_suite_exits_2_and_runs_nothing(write, capsys) -> None:
    path = write("bad.yaml", FAILING.replace("- card: kpi_summary", "- cardd: kpi_summary"))
    code, out = run("eval", "run", str(path))
    assert code == 2 and out == ""
    err = capsys.readouterr().err
    assert f"{path}:10: cases[0].turns[0].expect[1].cardd: unknown assertion 'cardd' (did you mean 'card'?)" in err
    assert runtime_store().db.fetchall("SELECT count(*) FROM traces") == [(0,)]


def test_list_show_compare_and_export(write) -> None:
    passing = write("pass.yaml", FAILING.split("  - name: wrong expectation")[0])
    assert run("eval", "run", str(passing))[0] == 0
    assert run("eval", "run", str(write("fail.yaml", FAILING)))[0] == 1
    code, out = run("eval", "list", "--json")
    runs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["suite"] for r in runs] == ["must-fail", "must-fail"]
    newer, older = runs[0]["id"], runs[1]["id"]
    code, out = run("eval", "show", newer)
    assert code == 0 and "✗ wrong expectation" in out and "fail step 1 tool:" in out and "[trace turn_" in out
    code, out = run("eval", "show", newer, "--json")
    detail = json.loads(out)
    assert [c["name"] for c in detail["cases"]] == ["weekly KPI", "wrong expectation"]
    code, out = run("eval", "compare", older, newer)
    assert code == 0 and "pass rate  100% → 50%" in out and "[added] wrong expectation" in out
    code, out = run("eval", "compare", older, newer, "--json")
    assert json.loads(out)["counts"]["added"] == 1
    code, out = run("eval", "export", newer, "--format", "csv")
    frame = pd.read_csv(io.StringIO(out))
    assert code == 0 and len(frame) == 4 and set(frame.status) == {"pass", "fail"}
    assert frame.loc[frame.status == "fail", "case"].tolist() == ["wrong expectation"]
    assert frame.turn_id.str.startswith("turn_").all()
    code, out = run("eval", "export", newer, "--format", "jsonl")
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 4 and rows[0]["run_id"] == newer and rows[0]["prompt_version"] is None
    assert run("eval", "show", "evr_missing")[0] == 2
    assert run("eval", "list", "--user", "someone-else")[1].startswith("No evaluation runs for user someone-else")
    assert run("eval", "show", newer, "--user", "someone-else")[0] == 2  # another user's run is not found


NOTES = """\
suite: notes-matrix
agent: notes
cases:
  - name: greets
    turns:
      - user: hello
        expect:
          - no_error: true
          - text_contains: Hello
"""


def test_a_matrix_of_two_prompt_versions_by_two_providers(write, fake, monkeypatch) -> None:
    store = runtime_store()
    store.prompts.save("notes", "v1: you manage notes.", system_clock())
    store.prompts.save("notes", "v2: you manage notes, briefly.", system_clock())
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    fake.queue(*[Reply("/v1/responses", frames=responses_stream(text="Hello from the fake model")) for _ in range(2)])
    code, out = run("eval", "run", str(write("n.yaml", NOTES)), "--provider", "offline,openai", "--model",
                    "gpt-4o-mini", "--prompt-version", "1,2", "--concurrency", "1", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    summaries = [line for line in lines if line["type"] == "summary"]
    assert [(s["provider"], s["prompt_version"]) for s in summaries] == [
        ("offline", 1), ("offline", 2), ("openai", 1), ("openai", 2)]
    # The offline notes model answers "I can list your notes..." (no "Hello"): its two runs fail, openai's pass.
    assert [s["status"] for s in summaries] == ["failed", "failed", "passed", "passed"] and code == 1
    assert len({s["matrix_id"] for s in summaries}) == 1
    sent = [r["body"]["instructions"] for r in fake.requests]
    assert sorted(i.split(":")[0] for i in sent) == ["v1", "v2"]  # each run really used its prompt version
    code, out = run("eval", "show", summaries[0]["matrix_id"])
    assert code == 0 and out.count("greets") == 1 and "openai/gpt-4o-mini v2" in out


JUDGED = """\
suite: judged
agent: notes
cases:
  - name: polite
    turns:
      - user: hello
        expect:
          - judge: The reply greets the user politely.
  - name: rude
    turns:
      - user: hello
        expect:
          - judge: The reply greets the user politely.
"""


def test_the_judge_is_skipped_offline_and_graded_by_a_real_model(write, fake, monkeypatch) -> None:
    path = write("j.yaml", JUDGED)
    code, out = run("eval", "run", str(path), "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [line["assertions"] for line in lines[:2]] == [{"pass": 0, "fail": 0, "skip": 1}] * 2
    detail = json.loads(run("eval", "show", lines[-1]["id"], "--json")[1])
    assert detail["cases"][0]["assertions"][0]["message"].startswith("skipped on the offline provider")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    R = "/v1/responses"
    fake.queue(Reply(R, frames=responses_stream(text="Hello! How can I help with your notes?")),
               Reply(R, frames=responses_stream(text='{"pass": true, "reason": "It greets politely."}')),
               Reply(R, frames=responses_stream(text="What do you want.")),
               Reply(R, frames=responses_stream(text='Verdict: {"pass": false, "reason": "Curt, no greeting."}')))
    # The judge is named apart from the model under test (issue 31: never silently the model under test).
    code, out = run("eval", "run", str(path), "--provider", "openai", "--model", "gpt-4o-mini", "--concurrency", "1",
                    "--judge", "openai/gpt-4o-mini", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [line["status"] for line in lines[:2]] == ["passed", "failed"]
    assert lines[1]["failures"][0]["message"] == "judge: Curt, no greeting."
    judge_request = fake.requests[1]["body"]
    assert "grade one reply" in judge_request["instructions"]
    graded = json.loads(judge_request["input"][0]["content"])
    assert graded["rubric"] == "The reply greets the user politely." and graded["reply"].startswith("Hello!")


@pytest.mark.parametrize("argv", [["eval", "run", "x.yaml", "--concurrency", "0"],
                                  ["eval", "export", "evr_x", "--format", "xml"]])
def test_refused_arguments(argv) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv, out=io.StringIO())
    assert caught.value.code == 2


def test_another_provider_without_a_model_runs_its_own_default_not_the_suites_model(write) -> None:
    suite = NOTES.replace("cases:", "defaults: {provider: openai, model: gpt-4o-mini}\ncases:")
    code, out = run("eval", "run", str(write("m.yaml", suite)), "--provider", "offline", "--json")
    summary = [json.loads(line) for line in out.splitlines() if json.loads(line)["type"] == "summary"]
    # the suite's model is the suite's provider's: it was carried over as offline/gpt-4o-mini
    assert [(s["provider"], s["model"]) for s in summary] == [("offline", "rules-v1")], summary
    code, out = run("eval", "list")
    assert code == 0
    assert "offline/gpt-4o-mini" not in out
