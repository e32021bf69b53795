"""Every assertion type, each passing and failing on real turns, and ``not:`` flipping both ways: none can
pass for lack of evidence. The records come from real turns (the notes test agent on scripted models, the
shopping and travel agents on the offline model), not from hand-made events."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from agents.core.errors import ProviderError
from agents.core.providers.offline import OfflineProvider, Step, call, fail, say
from agents.core.session import Session
from agents.services.evals import spec
from agents.services.evals.assertions import StepRecord, check, subset
from agents.services.evals.cases import CaseClock, _action_step, _user_step

ADAPTER = TypeAdapter(spec.Assertion)


def _user(session: Session, text: str, extra=None) -> StepRecord:
    record = StepRecord(index=0, kind="user", input={"user": text})
    _user_step(session, spec.Step(user=text, extra=extra), record, CaseClock(), [])
    return record


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    # One database for the module: these turns are the evidence every row below is checked against.
    import os

    from agents.core import agent as registry
    from agents.core.store import reset_shared_store
    from tests.support import notes_agent

    old = os.environ.get("PLAYGROUND_DB")
    os.environ["PLAYGROUND_DB"] = str(tmp_path_factory.mktemp("records") / "db.duckdb")
    reset_shared_store()
    registry.register_agent(notes_agent.AGENT)
    out: dict[str, StepRecord] = {}

    def notes(*steps: Step) -> Session:
        return Session("notes", user_id="rec", provider=OfflineProvider.scripted(*steps))

    out["list"] = _user(notes(call("list_notes", {"limit": 5}, text="Let me look. "), say("You have 0 notes.")), "list")
    out["hello"] = _user(notes(say("Hello there, I can list notes.")), "hi")
    out["json"] = _user(notes(say('{"notes": [1, 2]}')), "as json")
    out["two_tools"] = _user(notes(Step(tool_calls=[("list_notes", {"limit": 2}), ("explode", {})]), say("Done.")), "both")
    out["crash"] = _user(notes(fail(ProviderError("the model is down", code="provider_unavailable"))), "hi")
    adding = notes(call("add_note", {"text": "milk"}))
    out["add"] = _user(adding, "add milk")
    confirmed = StepRecord(index=1, kind="confirm", input={"confirm": "last"})
    _action_step(adding, spec.Step(confirm="last"), confirmed)
    out["confirmed"] = confirmed
    shop = Session("shopping", user_id="rec")
    out["shop_vague"] = _user(shop, "더 저렴한 걸로 다시 보여줘")
    out["shop_refilter"] = _user(Session("shopping", user_id="rec2"), "분유포트 10만원 아래로 추천해줘")
    out["travel"] = _user(Session("travel", user_id="rec"), "라멘집 추천해줘")
    out["english_error"] = _user(Session("english", user_id="rec"), "he go to school")
    out["english_ok"] = _user(Session("english", user_id="rec2"), "I like reading the news.")
    from agents.services.evals.code import resolve

    for name in ("lists_notes", "verdict_dict", "says_notes", "not_a_verdict", "explodes"):
        resolve(f"tests.support.eval_checks:{name}")  # what loading a suite with code allowed does
    yield out
    reset_shared_store()
    if old is None:
        os.environ.pop("PLAYGROUND_DB", None)
    else:
        os.environ["PLAYGROUND_DB"] = old


# (assertion as written in a suite, the record it passes on, the record it fails on)
CASES = [
    ({"tool": "list_notes", "args": {"limit": 5}}, "list", "hello"),
    ({"tool": "list_notes", "args": {"limit": 5}}, "list", "two_tools"),  # called, but with other args
    ({"tool": "list_notes", "count": 1}, "list", "hello"),
    ({"no_tool": "list_notes"}, "hello", "list"),
    ({"tool_order": ["list_notes", "explode"]}, "two_tools", "list"),
    ({"needs_approval": "add_note", "args": {"text": "milk"}}, "add", "list"),
    ({"needs_approval": "add_note", "args": {"text": "milk"}}, "add", "confirmed"),
    ({"action_outcome": "PENDING"}, "add", "list"),
    ({"action_outcome": "COMPLETED"}, "confirmed", "add"),
    ({"card": "table", "contains": "Notes"}, "list", "hello"),
    ({"card": "table", "contains": {"columns": ["text", "pinned"]}}, "list", "hello"),
    ({"text_contains": ["0 notes", "Let me look"]}, "list", "hello"),
    ({"text_contains": "note 'milk'"}, "confirmed", "list"),  # a confirm's text is its outcome message
    ({"text_matches": r"\d+ notes"}, "list", "hello"),
    ({"text_not_contains": "0 notes"}, "hello", "list"),
    ({"intent": "REFILTER", "args": {"budget": {"max": 100000}}}, "shop_refilter", "shop_vague"),
    ({"intent": "ASK_CLARIFICATION"}, "shop_vague", "list"),
    ({"clarification": "최대 얼마까지", "options": ["5만원 이하"]}, "shop_vague", "shop_refilter"),
    ({"clarification": True}, "shop_vague", "list"),
    ({"clarification": False}, "list", "shop_vague"),
    ({"event_order": ["tool_call", "tool_result", "data_card", "done"]}, "list", "hello"),
    ({"no_error": True}, "list", "crash"),
    ({"error_code": "provider_unavailable"}, "crash", "list"),
    ({"meta": {"lang": "ko"}}, "travel", "list"),
    ({"state": {"corrections": 1, "turns": 1}}, "english_error", "english_ok"),
    ({"state": {"turns": 1}}, "english_ok", "list"),
    ({"latency_ms_max": 60_000}, "list", None),
    ({"latency_ms_max": 0.0001}, None, "list"),
    ({"tokens_max": 100_000}, "list", None),
    ({"tokens_max": 1}, None, "list"),
    ({"cost_max": 0}, "list", None),  # the offline model is free
    ({"text_contains": ["HELLO", "LIST"], "ignore_case": True}, "hello", "list"),
    ({"text_contains": ["nothing like it", "Hello"], "any": True}, "hello", "list"),
    ({"text_equals": "Hello there, I can list notes."}, "hello", "list"),
    ({"text_equals": ["x", "hello there i can list notes"], "normalise": True}, "hello", "list"),
    ({"is_json": True}, "json", "hello"),
    ({"python": "tests.support.eval_checks:lists_notes"}, "list", "hello"),
    ({"python": "tests.support.eval_checks:verdict_dict"}, "list", "hello"),
    ({"python": "tests.support.eval_checks:says_notes"}, "list", "confirmed"),
]


def _case_id(row) -> str:
    return next(k for k in row[0] if k in spec.ASSERTION_KINDS) + ":" + str(row[1]) + "/" + str(row[2])


@pytest.mark.parametrize(("written", "passes_on", "fails_on"), CASES, ids=[_case_id(c) for c in CASES])
def test_each_assertion_passes_and_fails(records, written, passes_on, fails_on) -> None:
    assertion = ADAPTER.validate_python(written)
    negated = ADAPTER.validate_python({**written, "not": True})
    if passes_on is not None:
        result = check(assertion, records[passes_on])
        assert result.status == "pass", result.message
        assert check(negated, records[passes_on]).status == "fail"
    if fails_on is not None:
        result = check(assertion, records[fails_on])
        assert result.status == "fail", result.message
        assert result.message  # a failure says what was seen
        assert check(negated, records[fails_on]).status == "pass"


def test_every_assertion_kind_is_covered_by_the_table() -> None:
    covered = {next(k for k in row[0] if k in spec.ASSERTION_KINDS) for row in CASES}
    assert covered | {"judge"} == set(spec.ASSERTION_KINDS)  # judge: tests/evals/test_judge.py


def test_observed_values_are_what_the_step_produced(records) -> None:
    result = check(ADAPTER.validate_python({"tool": "add_note"}), records["list"])
    assert result.observed == [{"name": "list_notes", "args": {"limit": 5}}]
    assert result.message == "add_note was not called"
    result = check(ADAPTER.validate_python({"action_outcome": "COMPLETED"}), records["list"])
    assert result.observed is None and "missing" in result.message
    result = check(ADAPTER.validate_python({"tokens_max": 1}), records["list"])
    assert result.observed == records["list"].tokens > 1


def test_cost_without_a_known_price_is_skipped_not_passed(records) -> None:
    unpriced = StepRecord(index=0, kind="user", input={}, events=records["list"].events, cost=None,
                          provider="openai", model="some-private-model")
    for written in ({"cost_max": 100}, {"cost_max": 100, "not": True}):
        result = check(ADAPTER.validate_python(written), unpriced)
        assert result.status == "skip" and "no price is known for openai/some-private-model" in result.message
    priced = StepRecord(index=0, kind="user", input={}, cost=0.02, provider="openai", model="gpt-4o-mini")
    assert check(ADAPTER.validate_python({"cost_max": 0.01}), priced).status == "fail"
    assert check(ADAPTER.validate_python({"cost_max": 0.05}), priced).status == "pass"


def test_judge_is_skipped_without_a_judge_and_not_flips_nothing(records) -> None:
    for written in ({"judge": "The reply is polite."}, {"judge": "The reply is polite.", "not": True}):
        assert check(ADAPTER.validate_python(written), records["hello"]).status == "skip"


def test_subset_semantics() -> None:
    assert subset({"a": 1}, {"a": 1.0, "b": 2}) and not subset({"a": 1}, {"b": 1})
    assert subset({"a": {"b": [1]}}, {"a": {"b": [1, 2], "c": 3}}) and not subset([2], [1, 2])
    assert not subset(True, 1) and not subset(1, True) and subset(None, None) and not subset({"a": None}, {})
