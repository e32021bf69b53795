"""Repeats and the response cache (issue 31): a case run N times has a pass rate and passes at its
``min_pass_rate``; a re-run through the cache costs $0 and is recorded as cached, counted at the fake
OpenAI server (the real SDK)."""

from __future__ import annotations

import io
import json
import threading
import xml.etree.ElementTree as ET

from agents.cli.main import main
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import runtime_store
from agents.services.evals import spec
from agents.services.evals.loader import parse_suite
from agents.services.evals.report import run_detail
from agents.services.evals.runner import run_suite
from agents.services.evals.store import EvalRepo
from tests.support.fake_openai import Reply, responses_stream

REPEATED = """\
suite: repeated
agent: notes
repeat: 5
cases:
  - name: must always pass
    turns:
      - user: hello
        expect:
          - text_contains: sure
  - name: flaky but good enough
    min_pass_rate: 0.6
    turns:
      - user: hello
        expect:
          - text_contains: sure
"""


def test_repeats_give_per_case_pass_rates_against_min_pass_rate(tmp_path) -> None:
    calls: dict[str, int] = {}
    lock = threading.Lock()

    def factory(config: spec.Config, case: spec.Case) -> OfflineProvider:
        with lock:
            k = calls[case.name] = calls.get(case.name, -1) + 1
        good = k < 3 if case.name.startswith("flaky") else k != 2  # 3 of 5, and 4 of 5
        return OfflineProvider.scripted(say("sure" if good else "nope"))

    [run] = run_suite(parse_suite(REPEATED, "r.yaml"), provider_factory=factory, concurrency=4)
    # 5 each, counted from 0 (the first case's provider is also built once to name the run's model)
    assert calls == {"flaky but good enough": 4, "must always pass": 5}
    strict, flaky = run.cases
    assert (flaky.status, flaky.repeats, flaky.passes, flaky.pass_rate, flaky.min_pass_rate) == (
        "passed", 5, 3, 0.6, 0.6)
    assert (strict.status, strict.repeats, strict.passes, strict.pass_rate, strict.min_pass_rate) == (
        "failed", 5, 4, 0.8, 1.0)
    assert run.run["cases_passed"] == 1 and run.run["cases_failed"] == 1 and run.run["cases_total"] == 2
    # The stored steps are the repetition that shows the verdict: a passing one, a failing one.
    assert flaky.results[0]["status"] == "pass" and strict.results[0]["status"] == "fail"

    detail = run_detail(EvalRepo(runtime_store().db), run.id)
    stored = {c["name"]: c for c in detail["cases"]}["must always pass"]
    assert (stored["repeats"], stored["passes"], stored["pass_rate"], stored["status"]) == (5, 4, 0.8, "failed")
    reps = stored["repetitions"]
    assert [r["repeat_index"] for r in reps] == [0, 1, 2, 3, 4]
    assert sorted(r["status"] for r in reps) == ["failed", "passed", "passed", "passed", "passed"]
    assert len({r["conversation_id"] for r in reps}) == 5 and len({r["user_id"] for r in reps}) == 5
    assert all(len(r["turn_ids"]) == 1 for r in reps)


def test_repeat_on_the_cli_and_in_json_and_junit(write, tmp_path) -> None:
    path = write("r.yaml", REPEATED.replace("repeat: 5\n", "").replace("text_contains: sure", "no_error: true"))
    junit = tmp_path / "j.xml"
    out = io.StringIO()
    code = main(["eval", "run", str(path), "--repeat", "3", "--concurrency", "1", "--junit", str(junit)], out=out)
    assert code == 0
    assert "(passed 3/3 repetitions, pass rate 100%, needs 60%)" in out.getvalue()
    assert "(passed 3/3 repetitions, pass rate 100%, needs 100%)" in out.getvalue()
    props = {p.get("name"): p.get("value") for p in ET.parse(junit).getroot().iter("property")}
    assert props["repeats"] == "3" and props["pass_rate"] == "1"
    out = io.StringIO()
    assert main(["eval", "run", str(path), "--repeat", "2", "--json"], out=out) == 0
    first = json.loads(out.getvalue().splitlines()[0])
    assert (first["repeats"], first["passes"], first["pass_rate"]) == (2, 2, 1.0) and len(first["repetitions"]) == 2


CACHED = """\
suite: cached
agent: notes
cases:
  - name: greets
    turns:
      - user: hello
        expect:
          - text_contains: Hello
          - judge: The reply greets the user.
"""


def test_a_rerun_through_the_cache_costs_nothing_and_is_recorded_as_cached(write, fake, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    path = write("c.yaml", CACHED)
    argv = ["eval", "run", str(path), "--provider", "openai", "--model", "gpt-4o-mini", "--judge",
            "openai/gpt-4o-mini", "--json"]

    def run(*more: str) -> dict:
        out = io.StringIO()
        assert main([*argv, *more], out=out) == 0
        return json.loads(out.getvalue().splitlines()[0])

    def answers() -> None:
        fake.queue(Reply("/v1/responses", frames=responses_stream(text="Hello there!", usage=(900, 40))),
                   Reply("/v1/responses", frames=responses_stream(text='{"pass": true, "reason": "greets"}')))

    answers()
    first = run("--cache", "read")  # a miss: the model is called and the answer stored
    assert len(fake.requests) == 2 and first["cost"] > 0 and first["judge"]["cost"] > 0 and not first["cached"]
    again = run("--cache", "read")  # a hit: nothing goes to the wire
    assert len(fake.requests) == 2
    assert again["status"] == "passed" and again["cost"] == 0.0 and again["judge"]["cost"] == 0.0
    assert again["cached"] is True and again["tokens"] == 0
    trace = runtime_store().traces.get(again["turn_ids"][0])
    assert trace.cost_usd == 0.0 and [s.get("cache") for s in trace.spans if s["kind"] == "model"] == ["hit"]
    done = next(e for e in trace.events if e["type"] == "done")
    assert done["meta"]["cache"] == "hit"
    answers()
    off = run("--cache", "off")
    assert len(fake.requests) == 4 and off["cost"] > 0 and off["cached"] is False
    answers()
    fresh = run("--cache", "write")  # write: always called, the fresh answer stored
    assert len(fake.requests) == 6 and not fresh["cached"]
    assert run("--cache", "read")["cached"] is True and len(fake.requests) == 6
