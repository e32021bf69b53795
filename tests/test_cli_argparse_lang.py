"""Issue 28: argparse's own words (usage, help, "invalid choice", "the following arguments are required",
"unrecognized arguments") follow the CLI's language, in a terminal and in a command relayed to a running app
(before: English in a Korean CLI, "usage: ... error: the following arguments are required: agent")."""

from __future__ import annotations

import io

import pytest

from agents.cli.main import main, run_relayed


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err


@pytest.mark.parametrize(("argv", "korean", "english"), [
    (["chat"], "playground chat: 오류: 다음 인자가 필요합니다: agent\n",
     "playground chat: error: the following arguments are required: agent\n"),
    (["chat", "marketing", "hi", "--provider", "zz"],
     "playground chat: 오류: 인자 --provider: 고를 수 없는 값입니다: 'zz' (다음 중에서 고르세요: 'offline', 'openai', "
     "'gemini')\n",
     "playground chat: error: argument --provider: invalid choice: 'zz' (choose from 'offline', 'openai', 'gemini')\n"),
    (["agents", "--bogus"], "playground: 오류: 알 수 없는 인자입니다: --bogus\n",
     "playground: error: unrecognized arguments: --bogus\n"),
    # the option's own refusal keeps its catalogue text, under argparse's Korean head
    (["serve", "--port", "abc"], "playground serve: 오류: 인자 --port: --port은(는) 1에서 65535 사이의 정수여야 합니다 ('abc').\n",
     "playground serve: error: argument --port: --port must be a whole number from 1 to 65535, not 'abc'\n"),
], ids=["required", "choice", "unrecognized", "own-refusal"])
def test_argparse_refusals_in_the_language_asked_for(argv, korean, english, capsys):
    ko = _refused(["--lang", "ko", *argv], capsys)
    assert ko.startswith("사용법: playground") and ko.endswith(korean)
    assert "usage:" not in ko and "error:" not in ko  # before: "usage: ..." and "error: ..." in English
    en = _refused(["--lang", "en", *argv], capsys)
    assert en.startswith("usage: playground") and en.endswith(english)  # English untouched


def test_argparse_help_in_korean_and_english(capsys):
    for lang, usage, options, help_line in (("ko", "사용법: playground agents", "옵션:", "이 도움말을 보여 주고 끝냅니다"),
                                            ("en", "usage: playground agents", "options:",
                                             "show this help message and exit")):
        with pytest.raises(SystemExit) as stop:
            main(["--lang", lang, "agents", "-h"])
        assert stop.value.code == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0].startswith(usage) and lines[2] == options  # one group: the shared options' too
        assert lines[3].split(None, 2)[2] == help_line and lines[4].startswith("  --user USER")


def test_a_relayed_command_is_refused_in_its_own_language():
    for lang, expected in (("ko", "playground chat: 오류: 다음 인자가 필요합니다: agent\n"),
                           ("en", "playground chat: error: the following arguments are required: agent\n")):
        out, err = io.StringIO(), io.StringIO()
        assert run_relayed(["--lang", lang, "chat"], out, err, io.StringIO(), "/tmp") == 2
        assert err.getvalue().endswith(expected) and out.getvalue() == ""
    # the language was the command's only: a command with none named after it speaks argparse's English
    err = io.StringIO()
    assert run_relayed(["chat"], io.StringIO(), err, io.StringIO(), "/tmp") == 2
    assert err.getvalue().startswith("usage: playground chat")


def test_a_wrapped_korean_usage_lines_up_under_the_command(capsys, monkeypatch):
    """"사용법: " is 5 characters but 8 columns: the wrapped lines start under the first option, as in English
    (before: 3 columns to the left of it)."""
    monkeypatch.setenv("COLUMNS", "80")

    def usage(lang: str) -> list[str]:
        with pytest.raises(SystemExit):
            main(["--lang", lang, "prompts", "--help"])
        lines = capsys.readouterr().out.split("\n\n")[0].splitlines()
        assert len(lines) > 2  # wrapped
        return lines

    for lines, head in ((usage("ko"), "사용법: playground prompts "), (usage("en"), "usage: playground prompts ")):
        assert lines[0].startswith(head + "[-h]")
        columns = sum(2 if "가" <= ch <= "힣" else 1 for ch in head)
        assert all(line.startswith(" " * columns + "[") or line.startswith(" " * columns + "{") for line in lines[1:])
