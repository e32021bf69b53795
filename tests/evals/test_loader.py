"""Bad suite files are refused whole, each problem with its file, line and reason; nothing runs."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from agents.services.evals.loader import SuiteError, load_all, load_suite, parse_suite
from agents.services.evals.spec import suite_json_schema

ROOT = Path(__file__).resolve().parents[2]


def problems(text: str) -> list[tuple[int | None, str]]:
    with pytest.raises(SuiteError) as caught:
        parse_suite(text, "s.yaml")
    return [(p.line, f"{p.where}: {p.reason}" if p.where else p.reason) for p in caught.value.problems]


GOOD = """\
suite: ok
agent: notes
cases:
  - name: one
    turns:
      - user: list
        expect:
          - tool: list_notes
"""


def test_a_good_suite_loads_with_its_text() -> None:
    loaded = parse_suite(GOOD, "s.yaml")
    assert loaded.suite.agent == "notes" and loaded.text == GOOD and loaded.path == "s.yaml"
    assert loaded.suite.cases[0].turns[0].expect[0].tool == "list_notes"


def test_unknown_assertion_names_the_line_and_suggests() -> None:
    found = problems(GOOD.replace("- tool: list_notes", "- toool: list_notes"))
    assert found == [(8, "cases[0].turns[0].expect[0].toool: unknown assertion 'toool' (did you mean 'tool'?); known: "
                         "tool, no_tool, tool_order, needs_approval, action_outcome, card, text_contains, text_matches, "
                         "text_not_contains, intent, clarification, event_order, no_error, error_code, meta, state, "
                         "latency_ms_max, tokens_max, cost_max, judge, text_equals, is_json, python")]


def test_unknown_agent() -> None:
    assert problems(GOOD.replace("agent: notes", "agent: nots")) == [
        (2, "agent: unknown agent 'nots' (did you mean 'notes'?); known: marketing, travel, shopping, tutor, english, notes")]


STEPS = """\
suite: bad
agent: notes
cases:
  - name: steps
    turns:
      - user: list
        expect: [{tool: list_notes}]
      - user: hi
        confirm: last
      - frobnicate: 1
      - just a string
      - confirm: first
      - wait_minutes: 31
        expect: [{no_error: true}]
      - cancel: last
        extra: {a: 1}
"""


def test_malformed_steps() -> None:
    assert problems(STEPS) == [
        (8, "cases[0].turns[1]: malformed step: one step does one thing, but this has user and confirm; split it "
            "into separate steps"),
        (10, "cases[0].turns[2].frobnicate: malformed step: unknown key 'frobnicate'"),
        (11, "cases[0].turns[3]: malformed step: a step is a mapping such as 'user: …' or 'confirm: last', not "
             "'just a string'"),
        (12, "cases[0].turns[4].confirm: Input should be 'last' (got 'first')"),
        (13, "cases[0].turns[5]: a 'wait_minutes' step only moves the clock: put 'expect' on the step after it"),
        (15, "cases[0].turns[6]: 'extra' goes with a 'user' step (it is structured input sent beside the message)"),
    ]


def test_names_that_must_exist_and_checks_of_values() -> None:
    text = """\
suite: names
agent: notes
defaults: {provider: openia, modle: x}
cases:
  - name: a
    turns:
      - user: list
        expect:
          - tool: list_note
          - event_order: [tool_call, tool_reslt]
          - text_matches: "notes("
          - card: table
            contain: x
          - text_contains: [a, ₩120,000]
      - confirm: last
        expect:
          - tool: add_note
  - name: a
    turns:
      - user: hi
        extra: {anchor: "{{card}x}}"}
"""
    assert problems(text) == [
        (3, "defaults.modle: unknown key 'modle' (did you mean 'model'?)"),
        (3, "defaults.provider: unknown provider 'openia' (did you mean 'openai'?); known: offline, openai, gemini"),
        (9, "cases[0].turns[0].expect[0].tool: unknown tool 'list_note' for agent 'notes' (did you mean "
            "'list_notes'?); notes's tools: list_notes, add_note, explode"),
        (10, "cases[0].turns[0].expect[1].event_order: unknown event type 'tool_reslt' (did you mean 'tool_result'?); "
             "known: action_confirmation, action_result, alert, clarification, data_card, done, error, intent, "
             "suggested_questions, text_delta, thinking, tool_call, tool_result, ui_action"),
        (11, "cases[0].turns[0].expect[2].text_matches: 올바른 정규식이 아닙니다: missing ), unterminated subpattern "
             "at position 5. (not a valid regular expression: missing ), unterminated subpattern at position 5.)"),
        (13, "cases[0].turns[0].expect[3].contain: unknown key 'contain' (did you mean 'contains'?)"),
        (14, "cases[0].turns[0].expect[4].text_contains[2]: Input should be a valid string (got 0); YAML read it as "
             "a number or true/false: put the text in quotes"),
        (17, "cases[0].turns[1].expect[0].tool: a 'confirm' step runs no model turn, so 'tool' has nothing to check; "
             "put it on a 'user' step"),
        (18, "cases[1]: this case has no 'expect' anywhere: a case without assertions would always pass"),
        (18, "cases[1].name: two cases are named 'a': names identify cases across runs, make them unique"),
        (21, "cases[1].turns[0].extra.anchor: '{{card}x}}' is not a reference: write \"{{card.TYPE.path}}\" (a card "
             "an earlier step showed) or \"{{done.meta.KEY}}\" as the whole value"),
    ]


def test_not_yaml_empty_and_not_a_mapping() -> None:
    assert problems("suite: [unclosed\n") == [
        (2, "not valid YAML: while parsing a flow sequence expected ',' or ']', but got '<stream end>'")]
    assert problems("") == [(1, "the file is empty: a suite needs suite, agent and cases")]
    assert problems("- a\n- b\n")[0] == (1, "a suite is a mapping with suite, agent and cases, not a list")
    assert problems("suite: x\nagent: notes\n") == [(1, "'cases' is required")]


def test_a_folder_is_refused_whole_when_one_file_is_bad(write, tmp_path) -> None:
    write("a.yaml", GOOD)
    write("b.yaml", GOOD.replace("agent: notes", "agent: none"))
    with pytest.raises(SuiteError) as caught:
        load_all(tmp_path)
    assert [(Path(p.file).name, p.line) for p in caught.value.problems] == [("b.yaml", 2)]
    assert "nothing was run" in caught.value.message
    with pytest.raises(SuiteError, match="no such file or folder"):
        load_all(tmp_path / "missing")
    (tmp_path / "c.yaml").write_bytes(b"suite: \xff\n")
    with pytest.raises(SuiteError, match="not UTF-8 at byte 7"):
        load_suite(tmp_path / "c.yaml")


def test_x_keys_hold_anchors_for_reuse() -> None:
    text = """\
suite: anchors
agent: notes
x-list: &list
  user: list
  expect: [{tool: list_notes}]
cases:
  - name: one
    turns: [*list]
  - name: two
    turns: [*list, *list]
"""
    loaded = parse_suite(text, "s.yaml")
    assert [len(c.turns) for c in loaded.suite.cases] == [1, 2]


def test_matrix_fills_in_from_defaults() -> None:
    text = GOOD.replace("cases:", "defaults: {provider: offline, user: qa}\nmatrix:\n  - {prompt_version: 1}\n"
                                  "  - {prompt_version: 2, provider: openai}\ncases:")
    configs = parse_suite(text, "s.yaml").suite.configs()
    assert [(c.provider, c.prompt_version, c.user) for c in configs] == [("offline", 1, "qa"), ("openai", 2, "qa")]


def test_the_json_schema_accepts_every_shipped_suite_and_is_published() -> None:
    schema = suite_json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    shipped = sorted((ROOT / "agents").glob("*/evals.yaml"))
    assert len(shipped) >= 4
    for path in shipped:
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8"))))
        assert not errors, (path.name, errors[0].message)
    bad = yaml.safe_load(GOOD.replace("- tool: list_notes", "- toool: list_notes"))
    assert list(validator.iter_errors(bad))
    published = json.loads((ROOT / "docs" / "evals.schema.json").read_text(encoding="utf-8"))
    assert published == schema, "docs/evals.schema.json is stale: run `playground eval schema > docs/evals.schema.json`"
