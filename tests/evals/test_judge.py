"""The judge (issue 31): its own provider and model, never silently the model under test; its calls stored as
child spans of the case and costed apart from the agent; skipped (never passed) without a judge or offline;
a malformed verdict asked for once more, then ``judge_error``; its calls count against the server's daily
budget. At the wire: the real OpenAI SDK against the fake server."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime

import pytest

from agents.cli.main import main
from agents.core.session import runtime_store
from agents.services.evals.loader import parse_suite
from agents.services.evals.report import run_detail
from agents.services.evals.runner import run_suite
from agents.services.evals.store import EvalRepo
from tests.support.fake_openai import Reply, responses_stream

R = "/v1/responses"
SUITE = """\
suite: judged
agent: notes
judge_model: {provider: openai, model: gpt-4o-mini}
cases:
  - name: graded by the suite's judge
    turns:
      - user: list my notes
        expect:
          - judge: The reply talks about the user's notes.
  - name: graded by its own judge on a scale
    turns:
      - user: list my notes
        expect:
          - tool: list_notes
          - judge: {rubric: The reply is helpful., provider: openai, model: gpt-4.1-nano, scale: 1-5, threshold: 4}
"""


@pytest.fixture
def openai_env(fake, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    return fake


def verdict(text: str, usage: tuple[int, int] = (120, 30)) -> Reply:
    return Reply(R, frames=responses_stream(text=text, usage=usage))


def test_the_judge_is_its_own_model_and_its_calls_are_spans_of_the_case_costed_apart(openai_env) -> None:
    fake = openai_env
    fake.queue(verdict('{"pass": true, "reason": "It lists the notes."}'),
               verdict('{"score": 5, "reason": "Clear and useful."}', usage=(200, 10)))
    [run] = run_suite(parse_suite(SUITE, "judged.yaml"), concurrency=1)  # the agent under test: offline
    assert run.passed
    # Only the judge went to the wire, each with the model it was given (the suite's, then the assertion's).
    assert [r["body"]["model"] for r in fake.requests] == ["gpt-4o-mini", "gpt-4.1-nano"]
    assert all("grade one reply" in r["body"]["instructions"] for r in fake.requests)
    assert '"score": 1 to 5' in fake.requests[1]["body"]["instructions"]

    detail = run_detail(EvalRepo(runtime_store().db), run.id)
    first, second = detail["cases"]
    assert [(s["kind"], s["provider"], s["model"], s["attempt"], s["status"], s["input_tokens"], s["output_tokens"])
            for s in first["spans"]] == [("judge", "openai", "gpt-4o-mini", 1, "ok", 120, 30)]
    assert second["spans"][0]["model"] == "gpt-4.1-nano" and second["spans"][0]["step_index"] == 0
    assert second["spans"][0]["assertion_index"] == 1
    assert json.loads(first["spans"][0]["request"])["rubric"] == "The reply talks about the user's notes."
    assert first["spans"][0]["cost_usd"] > 0 and first["judge_cost"] == first["spans"][0]["cost_usd"]
    assert first["judge_tokens"] == 150 and second["judge_tokens"] == 210
    assert first["cost"] == 0.0  # the agent (offline) cost nothing: the judge's cost is kept apart
    assert second["assertions"][1]["observed"]["score"] == 5
    assert second["assertions"][1]["message"] == "judge: 5/5 (needs 4): Clear and useful."
    totals = detail["run"]["judge"]
    assert totals["calls"] == 2 and totals["tokens"] == 360
    assert totals["cost"] == pytest.approx(first["judge_cost"] + second["judge_cost"])


def test_a_malformed_verdict_is_asked_again_once_then_is_a_judge_error(openai_env, write) -> None:
    fake = openai_env
    text = SUITE.split("  - name: graded by its own")[0] + """\
  - name: negated, still an error
    turns:
      - user: list my notes
        expect:
          - judge: The reply talks about the user's notes.
            not: true
"""
    fake.queue(verdict("I think it passes."), verdict('{"pass": true, "reason": "Fine on a second look."}'),
               verdict("no json here"), verdict('{"verdict": "yes"}'))
    first, second = run_suite(parse_suite(text, "judged.yaml"), concurrency=1)[0].cases
    assert len(fake.requests) == 4
    assert first.status == "passed" and [s["status"] for s in first.spans] == ["malformed", "ok"]
    assert [s["attempt"] for s in first.spans] == [1, 2]
    # Two malformed answers: judge_error, and `not: true` does not turn a judge that could not grade into a pass.
    assert second.status == "failed" and [s["status"] for s in second.spans] == ["malformed", "malformed"]
    row = second.results[0]
    assert row["status"] == "fail" and row["message"].startswith("judge_error: the judge openai/gpt-4o-mini did not "
                                                                 "answer with the verdict asked for (2 attempts)")
    assert row["observed"] == '{"verdict": "yes"}'


def test_without_a_judge_or_offline_the_rubric_is_skipped_and_skipped_is_never_passed(openai_env, write) -> None:
    fake = openai_env
    fake.queue(Reply(R, frames=responses_stream(text="Here are your notes.")))
    no_judge = SUITE.replace("judge_model: {provider: openai, model: gpt-4o-mini}\n", "").split(
        "  - name: graded by its own")[0]
    path = write("nojudge.yaml", no_judge)
    out = io.StringIO()
    code = main(["eval", "run", str(path), "--provider", "openai", "--model", "gpt-4o-mini", "--json"], out=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert code == 0 and lines[0]["status"] == "skipped" and lines[1]["cases_passed"] == 0
    assert lines[1]["cases_skipped"] == 1 and lines[1]["pass_rate"] == 0.0
    assert [r["body"]["instructions"][:40] for r in fake.requests] != [] and len(fake.requests) == 1  # no judge call
    detail = json.loads(_run("eval", "show", lines[1]["id"], "--json"))
    assert detail["cases"][0]["assertions"][0]["message"].startswith(
        "no judge model: name one with judge_model: {provider, model} in the suite")

    offline = SUITE.replace("provider: openai, model: gpt-4o-mini", "provider: offline").split(
        "  - name: graded by its own")[0]
    [run] = run_suite(parse_suite(offline, "judged.yaml"))
    assert run.cases[0].status == "skipped" and run.run["cases_passed"] == 0 and run.run["cases_skipped"] == 1
    assert run.cases[0].results[0]["message"].startswith("skipped on the offline provider")
    assert len(fake.requests) == 1 and run.cases[0].spans == []


def test_judge_calls_count_against_the_daily_budget(openai_env, monkeypatch) -> None:
    fake = openai_env
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", "0.5")
    store = runtime_store()
    day = datetime.now(UTC).replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0)
    text = SUITE.split("  - name: graded by its own")[0]
    fake.queue(verdict('{"pass": true, "reason": "ok"}'))
    [run] = run_suite(parse_suite(text, "judged.yaml"), store=store)
    spent = store.limits.get("budget", "server", day)
    assert run.passed and spent.used == 1 and spent.spent_usd == pytest.approx(run.cases[0].spans[0]["cost_usd"])

    store.limits.settle_spend("server", day, 0.0, 0.5)  # everyone's spending used the rest of today's budget
    [run] = run_suite(parse_suite(text, "judged.yaml"), store=store)
    assert len(fake.requests) == 1  # nothing was sent
    row = run.cases[0].results[0]
    assert run.cases[0].status == "failed" and row["message"].startswith("judge_error: budget_exhausted: ")
    assert "(The shared daily budget of $0.50" in row["message"] and "saved, marked refused" not in row["message"]


def test_judge_is_refused_with_a_reason_when_its_provider_is_unknown(write) -> None:
    bad = SUITE.replace("provider: openai, model: gpt-4.1-nano", "provider: opneai, model: x")
    path = write("bad.yaml", bad)
    out = io.StringIO()
    import contextlib
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["eval", "run", str(path)], out=out)
    assert code == 2 and "unknown judge provider 'opneai' (did you mean 'openai'?)" in err.getvalue() + out.getvalue()
    with contextlib.redirect_stderr(err):
        assert main(["eval", "run", str(path), "--judge", "nope/x"], out=out) == 2


def _run(*argv: str) -> str:
    out = io.StringIO()
    main(list(argv), out=out)
    return out.getvalue()
