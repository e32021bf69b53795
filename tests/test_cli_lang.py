"""Issue 28: the CLI's language. ``--lang ko|en`` anywhere on the line, else PLAYGROUND_LANG, else the locale
(LC_ALL, LC_MESSAGES, LANG: ko_* Korean, another named locale English, C/POSIX both as before). Every refusal line
and the human-readable labels follow it (before: refusals "Korean (English)" or English only, labels English)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from agents.cli.main import main
from agents.cli.texts import lang_from, without_lang
from agents.core.agent import list_agents

ROOT = Path(__file__).resolve().parents[1]
HANGUL = re.compile("[가-힣]")
NEEDS_ID_KO = "error (missing_id): `playground actions confirm`에는 작업 id가 필요합니다.\n"
NEEDS_ID_EN = "error (missing_id): `playground actions confirm` needs an action id.\n"


@pytest.mark.parametrize(("argv", "expected"), [
    (["--lang", "en", "actions", "confirm"], NEEDS_ID_EN),
    (["actions", "confirm", "--lang=ko"], NEEDS_ID_KO),  # global: after the subcommand too
    (["actions", "confirm"], NEEDS_ID_KO[:-1] + " (`playground actions confirm` needs an action id.)\n"),
])
def test_a_refusal_in_the_language_asked_for(argv, expected, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    # before: "error (missing_id): `playground actions confirm` needs an action id." whatever was asked
    assert captured.err == expected and captured.out == ""


@pytest.mark.parametrize(("env", "lang"), [
    ({"PLAYGROUND_LANG": "ko", "LANG": "en_US.UTF-8"}, "ko"),
    ({"LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"}, "ko"),
    ({"LC_ALL": "", "LC_MESSAGES": "en_GB.UTF-8", "LANG": "ko_KR.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "ko_KR.UTF-8"}, "ko"),
    ({"LANG": "C.UTF-8"}, None),
    ({"LANG": "POSIX"}, None),
    ({}, None),
])
def test_the_language_from_the_environment(env, lang):
    assert lang_from([], env) == lang
    assert lang_from(["--lang", "en"], env) == "en"  # the flag wins


def test_a_bad_language_is_refused_by_name(capsys, monkeypatch):
    assert main(["--lang", "de", "agents"]) == 2
    assert capsys.readouterr().err == ("error (bad_argument): --lang='de'은(는) 알 수 없는 언어입니다: ko 또는 en을 쓰세요. "
                                       "(--lang='de' is not a language this CLI speaks: use ko or en.)\n")
    monkeypatch.setenv("PLAYGROUND_LANG", "x" * 10_000)  # hostile: named, cut short
    assert main(["agents"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error (bad_argument): PLAYGROUND_LANG='xxxx") and len(err) < 400


def test_without_lang_keeps_a_message_after_a_bare_double_dash():
    assert without_lang(["--lang", "en", "chat", "notes", "--", "--lang", "ko"]) == ["chat", "notes", "--", "--lang",
                                                                                     "ko"]
    assert lang_from(["chat", "notes", "--", "--lang", "ko"], {}) is None


def test_an_option_value_refused_in_korean_and_in_english():
    """argparse's own error line: the option's refusal in the terminal's language."""
    def run(env: dict[str, str]) -> str:
        result = subprocess.run([sys.executable, "-m", "agents.cli.main", "serve", "--port", "99999"],
                                capture_output=True, text=True, timeout=120, cwd=ROOT,
                                env={**os.environ, "PYTHONPATH": str(ROOT), "PLAYGROUND_LANG": "", **env})
        assert result.returncode == 2
        return result.stderr.splitlines()[-1]

    # argparse's own head in Korean too (tests/test_cli_argparse_lang.py); before: "error: argument --port:"
    assert run({"LC_ALL": "ko_KR.UTF-8"}) == ("playground serve: 오류: 인자 --port: --port은(는) 1에서 65535 사이여야 "
                                              "합니다 (99999).")
    assert run({"LC_ALL": "en_US.UTF-8"}) == "playground serve: error: argument --port: --port must be from 1 to 65535, not 99999"


def test_the_readable_labels_follow_the_language(capsys):
    assert main(["--lang", "ko", "actions", "list", "--user", "nobody"]) == 0
    assert capsys.readouterr().out == "사용자 nobody의 작업이 없습니다.\n"
    assert main(["--lang", "en", "actions", "list", "--user", "nobody"]) == 0
    assert capsys.readouterr().out == "No actions for user nobody.\n"
    assert main(["tokens", "list", "--user", "nobody"]) == 0  # no language named: English, as before
    assert capsys.readouterr().out == "No API tokens for user nobody.\n"
    assert main(["--lang", "ko", "conversations", "list", "--user", "nobody"]) == 0
    assert capsys.readouterr().out == "사용자 nobody의 대화가 없습니다.\n"


def test_a_core_refusal_from_the_cli_in_english(capsys):
    """A refusal the runtime raises (an unknown action) reaches an English terminal without Korean."""
    assert main(["--lang", "en", "actions", "cancel", "act_missing"]) == 2
    err = capsys.readouterr().err
    assert err == ("error (action_not_found): No action 'act_missing' for user 'demo'. List your actions with "
                   "`playground actions list` or reload the conversation.\n")
    assert main(["--lang", "ko", "actions", "cancel", "act_missing"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error (action_not_found): 사용자 'demo'의 작업 'act_missing'이(가) 없습니다.") and \
        "List your" not in err


def test_a_command_relayed_to_the_app_speaks_the_callers_language(store, monkeypatch):
    """The CLI beside a running app sends its command there (agents/http/operator.py): the answer follows the
    --lang the sending CLI adds, not the server's own locale."""
    from fastapi.testclient import TestClient

    from agents.cli.main import run_relayed
    from agents.http.api import create_api
    from agents.http.operator import Operator
    from tests.test_cli_relay import TOKEN, _lines, _post, _said

    monkeypatch.setenv("LC_ALL", "ko_KR.UTF-8")  # the server's terminal is Korean
    client = TestClient(create_api("local", operator=Operator(TOKEN, run_relayed)), raise_server_exceptions=False)
    english = _said(_lines(_post(client, ["--lang", "en", "actions", "confirm"])))
    assert english == ("", NEEDS_ID_EN, 2)
    korean = _said(_lines(_post(client, ["actions", "confirm", "--lang", "ko"])))
    assert korean == ("", NEEDS_ID_KO, 2)
    unnamed = _said(_lines(_post(client, ["actions", "list", "--user", "nobody"])))
    assert unnamed == ("No actions for user nobody.\n", "", 0)  # as before: the server's locale is not the caller's


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "error (missing_agent): `playground prompts list` needs an agent id. Available agents: {known}.\n"),
    ("ko", "error (missing_agent): `playground prompts list`에는 에이전트 id가 필요합니다. 쓸 수 있는 에이전트: {known}.\n"),
])
def test_prompts_without_an_agent_asks_for_one(lang, expected, capsys, monkeypatch, tmp_path):
    """Before: "에이전트 'None'은(는) 없습니다" -- the missing agent was refused as an unknown one named None."""
    monkeypatch.setenv("PLAYGROUND_DB", str(tmp_path / "p.duckdb"))
    assert main(["--lang", lang, "prompts", "list"]) == 2
    captured = capsys.readouterr()
    known = ", ".join(spec.id for spec in list_agents())  # the five, then the test suite's own (tests/support)
    assert known.startswith("marketing, travel, shopping, tutor, english")
    assert captured.err == expected.format(known=known) and captured.out == ""
    assert main(["--lang", "en", "prompts", "pick"]) == 2  # pick finds the agent from its conversation, which it needs
    assert capsys.readouterr().err == "error (missing_id): `playground prompts pick` needs a conversation id.\n"
