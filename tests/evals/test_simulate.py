"""The ``simulate`` step (issue 31): a persona with a goal writes the next messages, from the script on the offline
provider or played by a model through the provider layer (the fake OpenAI server), up to max_turns, ending as
soon as ``until`` holds; each simulated turn is a real turn, traced with origin ``eval``; the persona's model
calls are spans of the case, apart from the judge's."""

from __future__ import annotations

import io
import json

import pytest

from agents.cli.main import main
from agents.core.session import runtime_store
from agents.services.evals.loader import SuiteError, parse_suite
from agents.services.evals.report import run_detail
from agents.services.evals.runner import run_suite
from agents.services.evals.store import EvalRepo
from tests.support.fake_openai import Reply, responses_stream

SCRIPTED = """\
suite: simulated
agent: notes
cases:
  - name: a shopper finds the list on the third try
    turns:
      - simulate:
          persona: a busy person who types little
          goal: see their notes
          max_turns: 4
          until: {tool: list_notes}
          script: [hello, "what can you do?", list my notes, thanks]
        expect:
          - text_contains: note(s)
  - name: the script ends before the goal
    turns:
      - user: hello
        expect: [{no_error: true}]
      - simulate:
          persona: someone vague
          goal: see their notes
          max_turns: 5
          until: {tool: list_notes}
          script: [hi again, "what can you do?"]
"""


def test_a_scripted_user_plays_on_the_offline_provider_until_the_goal_holds(store) -> None:
    [run] = run_suite(parse_suite(SCRIPTED, "simulated.yaml"), concurrency=1)
    detail = run_detail(EvalRepo(runtime_store().db), run.id)
    reached, ended = sorted(detail["cases"], key=lambda c: c["case_index"])
    assert reached["status"] == "passed" and ended["status"] == "failed"
    [step] = reached["steps"]
    assert step["kind"] == "simulate"
    turns = step["input"]["turns"]
    assert [t["user"] for t in turns] == ["hello", "what can you do?", "list my notes"]  # "thanks" never sent
    assert [t["turn"] for t in turns] == [1, 2, 3] and turns[2]["reply"] == "Let me look.\n\nHere you go: 0 note(s)."
    assert step["input"]["simulate"]["played_by"] == "script"
    assert [(a["kind"], a["assertion_index"], a["status"], a["message"]) for a in reached["assertions"]] == [
        ("text_contains", 0, "pass", "the reply contains ['note(s)']"),
        ("tool", 1, "pass", "until: reached at turn 3: list_notes was called")]  # the goal: after the step's own
    # Each simulated turn is a real turn, traced as the eval's.
    ids = [t["turn_id"] for t in turns]
    assert store.db.fetchall("SELECT turn_id, origin FROM traces WHERE turn_id IN (?, ?, ?) ORDER BY started_at",
                             ids) == [(i, "eval") for i in ids]
    [until] = ended["assertions"][1:]
    assert (until["step_index"], until["status"]) == (1, "fail")
    assert until["message"] == "until: not reached after 2 turn(s): list_notes was not called (no tool was called)"
    assert [t["user"] for t in ended["steps"][1]["input"]["turns"]] == ["hi again", "what can you do?"]


def test_the_cli_lists_every_simulated_turn_as_a_trace(store, write) -> None:
    out = io.StringIO()
    code = main(["eval", "run", str(write("sim.yaml", SCRIPTED)), "--json", "--concurrency", "1"], out=out)
    cases = [line for line in map(json.loads, out.getvalue().splitlines()) if line["type"] == "case"]
    assert code == 1
    first = next(c for c in cases if c["name"].startswith("a shopper"))
    assert len(first["turn_ids"]) == 3 and first["judge"]["calls"] == 0
    second = next(c for c in cases if c["name"].startswith("the script"))
    assert len(second["turn_ids"]) == 3  # the user step, then two simulated turns
    assert second["failures"][0]["message"].startswith("until: not reached after 2 turn(s)")


@pytest.fixture
def openai_env(fake, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    return fake


def said(text: str) -> Reply:
    return Reply("/v1/responses", frames=responses_stream(text=text, usage=(90, 12)))


def test_a_model_plays_the_persona_through_the_provider_layer(store, openai_env) -> None:
    fake = openai_env
    fake.queue(said("hello there"), said('"list my notes"'), said("DONE"))
    text = """\
suite: persona
agent: notes
cases:
  - name: played by a model
    turns:
      - simulate:
          persona: a student who keeps notes for exams
          goal: get the list of their notes
          model: openai/gpt-4o-mini
          max_turns: 5
          until: {tool: list_notes}
  - name: the model gives up
    turns:
      - simulate:
          persona: a student
          goal: something the agent cannot do
          model: openai/gpt-4.1-nano
          max_turns: 5
        expect:
          - no_error: true
"""
    [run] = run_suite(parse_suite(text, "persona.yaml"), concurrency=1)
    played, gave_up = run.cases
    assert played.status == "passed"
    assert [t["user"] for t in played.steps[0].input["turns"]] == ["hello there", "list my notes"]
    # The persona's calls went to the wire with the persona, the goal and the conversation so far.
    first, second, gave_up_call = fake.requests
    assert [r["body"]["model"] for r in fake.requests] == ["gpt-4o-mini", "gpt-4o-mini", "gpt-4.1-nano"]
    assert "Persona: a student who keeps notes for exams" in first["body"]["instructions"]
    assert "Goal: get the list of their notes" in first["body"]["instructions"]
    assert "Goal: something the agent cannot do" in gave_up_call["body"]["instructions"]
    assert "The conversation has not started" in json.dumps(first["body"]["input"])
    assert "User: hello there\\nAssistant: I can list your notes or add one." in json.dumps(second["body"]["input"])
    assert [(s["kind"], s["model"], s["input_tokens"], s["status"]) for s in played.spans] == [
        ("simulate", "gpt-4o-mini", 90, "ok"), ("simulate", "gpt-4o-mini", 90, "ok")]
    # "DONE" on the first call: the simulated user wrote nothing, and that is an error, not a pass.
    assert gave_up.status == "error" and gave_up.error == "simulate: the simulated user wrote no message"
    detail = run_detail(EvalRepo(runtime_store().db), run.id)
    case = next(c for c in detail["cases"] if c["name"] == "played by a model")
    assert case["judge_tokens"] is None and case["judge_cost"] is None  # the persona is not the judge
    assert [s["kind"] for s in case["spans"]] == ["simulate", "simulate"]


def test_offline_without_a_script_is_an_error_and_a_bad_step_is_refused_by_line(store) -> None:
    text = SCRIPTED.replace('          script: [hello, "what can you do?", list my notes, thanks]\n', "")
    [run] = run_suite(parse_suite(text, "simulated.yaml"), concurrency=1)
    first = next(c for c in run.cases if c.index == 0)
    assert first.status == "error" and first.error.startswith("simulate: on the offline provider the user's "
                                                              "messages come from 'script'")
    with pytest.raises(SuiteError) as refused:
        parse_suite(SCRIPTED.replace("max_turns: 4", "max_turns: 50").replace(
            "persona: someone vague", "persona: someone vague\n          mood: x").replace(
            "goal: see their notes\n          max_turns: 50", "goal: see their notes\n          max_turns: 50\n"
                                                            "          model: anthropic/claude"), "bad.yaml")
    assert [str(p) for p in refused.value.problems] == [
        "bad.yaml:9: cases[0].turns[0].simulate.max_turns: Input should be less than or equal to 20 (got 50)",
        "bad.yaml:10: cases[0].turns[0].simulate.model: unknown provider 'anthropic' for the simulated user; known: "
        "offline, openai, gemini",
        "bad.yaml:21: cases[1].turns[1].simulate.mood: unknown key 'mood'"]


def test_a_rambling_persona_model_is_cut_and_the_turns_are_bounded(store, openai_env) -> None:
    fake = openai_env
    fake.queue(*[said("list my notes " + "please " * 2_000)] * 3)
    text = """\
suite: rambling
agent: notes
cases:
  - name: rambles
    turns:
      - simulate:
          persona: someone who never stops typing
          goal: never stop
          model: openai/gpt-4o-mini
          max_turns: 3
          until: {text_contains: unreachable words}
"""
    [run] = run_suite(parse_suite(text, "rambling.yaml"), concurrency=1)
    [case] = run.cases
    turns = case.steps[0].input["turns"]
    assert len(turns) == 3 and len(fake.requests) == 3  # max_turns, then it stops asking
    assert [len(t["user"]) for t in turns] == [2_000] * 3  # each message cut at 2,000 characters
    assert case.status == "failed" and case.results[0]["message"].startswith("until: not reached after 3 turn(s)")
