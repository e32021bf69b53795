"""``python: module:function`` code assertions (issue 31): the function gets the step's reply and context and
returns bool, (bool, reason) or {pass, reason}; it runs from the CLI and in local mode, is refused in shared mode
with the reason (Korean, then English) without importing anything, and a module or function that cannot be
imported is refused by name and line before anything runs."""

from __future__ import annotations

import io
import json
import sys

import pytest

from agents.cli.main import main
from agents.services.evals.loader import SuiteError, parse_suite

CHECKS = '''
def mentions_notes(reply, context):
    return "note(s)" in reply, f"reply of step {context['step']}: {reply[:40]}"


def called(reply, context):
    return {"pass": [c["name"] for c in context["tool_calls"]] == ["list_notes"], "reason": "only list_notes"}


def broken(reply, context):
    return "yes"
'''

SUITE = """\
suite: coded
agent: notes
cases:
  - name: graded by code
    turns:
      - user: list my notes
        expect:
          - python: {module}:mentions_notes
          - python: {module}:called
  - name: code says no
    turns:
      - user: hello
        expect:
          - python: {module}:called
  - name: code answers nonsense
    turns:
      - user: list my notes
        expect:
          - python: {module}:broken
            not: true
"""


@pytest.fixture
def module(tmp_path, request):
    """A module of checks beside the suite file (a unique name: imported modules stay in sys.modules)."""
    name = f"suite_checks_{request.node.name.replace('[', '_').replace(']', '_').replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(CHECKS, encoding="utf-8")
    yield name
    sys.modules.pop(name, None)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_the_cli_runs_code_assertions_from_the_suites_folder(store, write, module) -> None:
    path = write("coded.yaml", SUITE.format(module=module))
    code, out = run("eval", "run", str(path), "--json", "--concurrency", "1")
    lines = [json.loads(line) for line in out.splitlines()]
    cases = {c["name"]: c for c in lines if c["type"] == "case"}
    assert code == 1
    assert cases["graded by code"]["status"] == "passed", str(cases["graded by code"]["failures"])
    assert cases["graded by code"]["assertions"] == {"pass": 2, "fail": 0, "skip": 0}
    [failure] = cases["code says no"]["failures"]
    assert failure["kind"] == "python" and failure["message"] == f"python {module}:called: only list_notes"
    assert failure["observed"] == {"pass": False, "reason": "only list_notes"}
    # A function that answers something else fails, naming what it returned; `not: true` cannot flip that.
    [nonsense] = cases["code answers nonsense"]["failures"]
    assert nonsense["message"] == (f"python {module}:broken returned str, not a bool, (bool, reason) or "
                                   "{'pass': bool, 'reason': str}")


def test_a_module_or_function_that_cannot_be_imported_is_refused_by_name_and_line(store, write, module,
                                                                                    capsys) -> None:
    text = SUITE.format(module=module).replace(f"{module}:called\n  - name: code answers",
                                               f"{module}:missing\n  - name: code answers")
    text = text.replace(f"python: {module}:mentions_notes", "python: no_such_module_xyz:check")
    code, out = run("eval", "run", str(write("bad.yaml", text)))
    err = capsys.readouterr().err
    assert code == 2 and out == ""
    assert "bad.yaml:8: cases[0].turns[0].expect[0].python: python: 모듈 'no_such_module_xyz'을(를) 가져올 수 " \
           "없습니다: ModuleNotFoundError" in err
    assert "(python: the module 'no_such_module_xyz' cannot be imported: ModuleNotFoundError" in err
    assert f"bad.yaml:14: cases[1].turns[0].expect[0].python: python: {module}에 함수 'missing'이(가) 없습니다. " \
           f"(python: the module '{module}' has no function 'missing'.)" in err


def test_without_code_allowed_nothing_is_imported_and_the_reason_is_given(write, module) -> None:
    with pytest.raises(SuiteError) as refused:
        parse_suite(SUITE.format(module=module), "coded.yaml")
    reasons = {p.reason for p in refused.value.problems}
    assert len(refused.value.problems) == 4 and len(reasons) == 1
    assert reasons.pop().startswith("python: 코드 검증은 CLI와 로컬 모드에서만 실행됩니다")
    assert module not in sys.modules  # refused before any import
