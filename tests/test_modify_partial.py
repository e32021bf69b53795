"""Issue 28 point 11: Modify takes a PARTIAL object merged over the stored arguments, in the Session, HTTP,
CLI and eval suites alike; the merged whole is validated, and a refusal names the field in the UI's language.

Before: ``{"changePercent": 30}`` -> 422 "campaignId: Field required". After: 200, the card says +30%."""

from __future__ import annotations

import io
import json
import sys

import pytest
from fastapi.testclient import TestClient

from agents.cli.main import main
from agents.core.agent import get_agent
from agents.core.errors import InvalidArgs
from agents.core.session import Session
from agents.view.arg_form import problems_text, tool_schema
from tests.support.helpers import one


def budget_card(clock=None) -> tuple[Session, object]:
    session = Session("marketing", clock=clock) if clock else Session("marketing")
    card = one(session.run("봄 시즌 세일 예산 20% 늘려줘"), "action_confirmation")
    assert card.args["changePercent"] == 20 and card.args["dailyBudget"] is None
    return session, card


def test_session_merges_a_partial_object_over_the_stored_arguments(store, clock) -> None:
    session, card = budget_card(clock)
    row = session.modify_action(card.action_id, {"changePercent": 30})
    assert row.tool_args == {**card.args, "changePercent": 30}
    assert row.summary.endswith("₩150,000에서 ₩195,000으로 변경합니다") and any(d.changed for d in row.details)
    # an amount replaces the stored percentage (the two are exclusive), and the other way round
    row = session.modify_action(card.action_id, {"dailyBudget": 200_000})
    assert row.tool_args == {"campaignId": card.args["campaignId"], "dailyBudget": 200_000, "changePercent": None}
    row = session.modify_action(card.action_id, {"changePercent": -10})
    assert row.tool_args == {"campaignId": card.args["campaignId"], "dailyBudget": None, "changePercent": -10}
    session.confirm_action(card.action_id)
    assert store.actions.get(card.action_id).status.value == "COMPLETED"


def test_the_merged_result_is_validated_and_named_in_the_uis_language(store, clock) -> None:
    session, card = budget_card(clock)
    with pytest.raises(InvalidArgs) as refused:
        session.modify_action(card.action_id, {"changePercent": 900})
    problems = refused.value.problems
    assert problems == [{"field": "changePercent", "kind": "less_than_equal", "limits": {"le": 500},
                         "message": "Input should be less than or equal to 500"}]
    assert refused.value.field == "args.changePercent"
    schema = tool_schema(get_agent("marketing"), "updateCampaignBudget")
    ko = problems_text(problems, schema, "ko")
    assert ko == ("입력값이 올바르지 않아 카드를 바꾸지 않았어요. 고친 뒤 다시 저장하세요.\n"
                  "- 현재 예산 대비 변경 비율: 500 이하여야 해요")
    en = problems_text(problems, schema, "en")
    assert en.endswith("- Change percent: must be at most 500")
    for text in (ko, en):  # no pydantic wording reaches a person
        assert "Input should" not in text and "Field required" not in text
    # a model's own check is named by its sentence, Korean first
    with pytest.raises(InvalidArgs) as refused:
        session.modify_action(card.action_id, {"dailyBudget": 100_000, "changePercent": 10})
    assert "중 하나만 주세요" in problems_text(refused.value.problems, schema, "ko")
    assert store.actions.get(card.action_id).tool_args == card.args  # nothing changed


def test_http_modify_takes_a_partial_object(store, clock) -> None:
    from agents.http.api import create_api

    _, card = budget_card()  # the server runs on the real clock
    client = TestClient(create_api("local"), raise_server_exceptions=False)
    answer = client.post(f"/api/v1/actions/{card.action_id}/modify", json={"args": {"changePercent": 30}})
    assert answer.status_code == 200, answer.text  # before: 422 "campaignId: Field required"
    assert answer.json()["tool_args"] == {**card.args, "changePercent": 30}
    refused = client.post(f"/api/v1/actions/{card.action_id}/modify", json={"args": {"changePercent": "lots"}})
    assert refused.status_code == 422
    assert refused.json()["error"]["field"] == "args.changePercent"
    assert refused.json()["error"]["message"].startswith("인자가 올바르지 않아 카드를 바꾸지 않았습니다")
    assert store.actions.get(card.action_id).tool_args["changePercent"] == 30


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    real_err, sys.stderr = sys.stderr, err
    try:
        code = main(list(argv), out=out)
    finally:
        sys.stderr = real_err
    return code, out.getvalue(), err.getvalue()


def test_cli_modify_takes_a_partial_object(store, clock) -> None:
    _, card = budget_card()
    code, out, err = run_cli("actions", "modify", card.action_id, "--args", '{"changePercent": 30}', "--user", "demo")
    assert (code, err) == (0, "")
    assert out.startswith("PENDING: ") and json.loads(out.splitlines()[1]) == {**card.args, "changePercent": 30}
    code, out, err = run_cli("actions", "modify", card.action_id, "--args", '{"changePercent": 900}', "--user", "demo")
    assert code == 2 and err.startswith("error (invalid_args): 인자가 올바르지 않아") and "changePercent" in err
    code, _, err = run_cli("actions", "modify", card.action_id, "--args", "[1]", "--user", "demo")
    assert code == 2 and "--args" in err and "JSON 객체" in err
    code, _, err = run_cli("actions", "modify", card.action_id, "--user", "demo")
    assert code == 2 and "--args" in err
    assert store.actions.get(card.action_id).tool_args["changePercent"] == 30


SUITE = """\
suite: partial-modify
agent: marketing
cases:
  - name: a partial modify keeps the campaign
    turns:
      - user: 봄 시즌 세일 예산 20% 늘려줘
        expect:
          - needs_approval: updateCampaignBudget
            args: {changePercent: 20}
      - modify: {changePercent: 30}
        expect:
          - needs_approval: updateCampaignBudget
            args: {changePercent: 30}
          - action_outcome: PENDING
      - confirm: last
        expect:
          - action_outcome: COMPLETED
"""


def test_an_eval_modify_step_takes_a_partial_object(store) -> None:
    from agents.services.evals.loader import parse_suite
    from agents.services.evals.runner import run_suite

    [run] = run_suite(parse_suite(SUITE, "partial.yaml"))
    assert run.passed, [(c.case.name, c.error, c.results) for c in run.cases]
    [case] = run.cases
    row = store.actions.list_for_conversation(case.conversation_id)[-1]
    assert row.status.value == "COMPLETED" and row.tool_args["changePercent"] == 30
    assert row.tool_args["campaignId"] == row.original_args["campaignId"]
