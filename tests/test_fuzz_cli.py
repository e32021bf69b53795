"""Issue 26: a fuzz pass of our own over every ``playground`` command (tests/fuzz_cli.py makes the cases): no
traceback, a refusal is exit 2 naming the input. The counts are printed for the notes; then one test per
bug the pass found, each with the exact input."""

from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path

import pytest

from agents.cli.main import build_parser
from tests.fuzz_cli import Case, check, make_world, run
from tests.fuzz_cli import cases as all_cases
from tests.support.fuzz import ErrorLog, Tally


@pytest.fixture
def log():
    handler = ErrorLog()
    logging.getLogger().addHandler(handler)
    yield handler
    logging.getLogger().removeHandler(handler)


def _commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """Every command path of the parser: ('eval', 'run'), ('traces',), ..."""
    out: set[tuple[str, ...]] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                out.add((*prefix, name))
                out |= _commands(child, (*prefix, name))
    return out


def _options(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> set[str]:
    for name in path:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[name]
    return {max(a.option_strings, key=len) for a in parser._actions if a.option_strings and a.dest != "help"}


def test_hostile_input_on_every_command_gives_no_traceback(store, tmp_path, log, monkeypatch, capsys) -> None:
    monkeypatch.setenv("PLAYGROUND_DAILY_LIMIT", "1000000")
    world = make_world(tmp_path, log)
    tally = Tally("CLI", http=False)
    ran: list[Case] = []
    for case in all_cases(world):
        check(case, run(case, log), tally)
        ran.append(case)
    with capsys.disabled():
        print(f"\nfuzz {tally.line()}; exit codes {dict(sorted(tally.statuses.items()))}")
        for failure in tally.failures[:40]:
            print("  " + failure[:300])
    # Every command and every option of each was given something hostile.
    parser = build_parser()
    commands = _commands(parser)
    covered = {tuple(a for a in c.argv if not a.startswith("-"))[:3] for c in ran}
    missing = {c for c in commands if not any(k[:len(c)] == c for k in covered)}
    assert not missing, missing
    for command in commands - {("eval",)}:
        used = {a for c in ran if tuple(c.argv[:len(command)]) == command for a in c.argv if a.startswith("--")}
        assert _options(parser, command) - used - {"--json", "--all", "--full", "--print", "--activate", "--fail-on-skip"} == set(), \
            command
    assert tally.cases >= 500
    assert (tally.server_errors, tally.tracebacks) == (0, 0), tally.failures[:20]


# --- what the pass found, one test each ------------------------------------------------------------------


def cli(*argv: str, stdin: bytes = b"") -> tuple[int | None, str, str]:
    outcome = run(Case(list(argv), stdin), ErrorLog())
    assert outcome.crash is None, outcome.crash
    return outcome.code, outcome.out, outcome.err


@pytest.mark.parametrize(("argv", "option"), [
    (["actions", "confirm", "act_\udcff"], "'id'"),
    (["conversations", "show", "\udcff"], "'id'"),
    (["conversations", "list", "--agent", "\udcff"], "'--agent'"),
    (["eval", "save-case", "conv_1", "--name", "caf\udce9", "--print"], "'--name'"),
    (["traces", "list", "--search", "\udcff"], "'--search'"),
    (["metrics", "--agent", "\ud800"], "'--agent'"),
    (["prompts", "pick", "notes", "0", "--conversation", "\udcff"], "'--conversation'"),
])
def test_an_argument_that_is_not_utf8_is_refused_by_name(store, argv, option) -> None:
    code, _, err = cli(*argv)
    assert code == 2 and err.startswith(f"error (invalid_input): {option}의 ") and "not valid UTF-8" in err


def test_the_lab_user_filter_is_checked_like_every_user(store) -> None:
    code, _, err = cli("traces", "list", "--user", "a b")
    assert code == 2 and "Invalid user id 'a b'" in err


def _write(path: Path, data: bytes) -> str:
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize(("content", "said"), [
    (None, "is a folder, not a file"),
    (bytes(range(256)), "is not UTF-8 text (byte 128)"),
    (b"- text: [unclosed", "is not valid YAML at line 1"),
    (b"just text", "must be a YAML list of items, not a str"),
    (b"- 1\n", "item 1 must be a mapping"),
    (b"- text: hi\n", "needs 'tool'"),
    (b"- text: 5\n  tool: x\n", "text: Input should be a valid string"),
    (b"- text: hi\n  tool: updateCampaignBudget\n  args: {changePercent: lots}\n", "args.changePercent"),
])
def test_nlu_report_names_a_bad_labelled_file(store, tmp_path, content, said) -> None:
    path = str(tmp_path) if content is None else _write(tmp_path / "set.yaml", content)
    code, out, err = cli("nlu-report", "marketing", "--file", path)
    assert code == 2 and out == "" and said in err and "--file" in err, err


@pytest.mark.parametrize(("agent", "content", "said"), [
    ("travel", b"- {text: hi, tool: recommend_places, trip: atlantis}\n", "trip must be one of"),
    ("tutor", b"- {text: hi, answer: x, screen: /nowhere}\n", "알 수 없는 화면 주소"),
    ("english", b"- {text: hi, has_errors: true}\n", "needs 'corrected'"),
    ("shopping", b"- {text: hi, intent: REFILTER, args: {remove: 5}}\n", "args.remove"),
    ("shopping", b"- {text: hi, intent: REFILTER, clicked_anchor: 9}\n", "clicked_anchor"),
])
def test_each_agents_report_checks_the_keys_it_reads(store, tmp_path, agent, content, said) -> None:
    code, _, err = cli("nlu-report", agent, "--file", _write(tmp_path / "set.yaml", content))
    assert code == 2 and said in err, err


def test_nlu_report_of_a_missing_file_is_refused_not_an_empty_report(store, tmp_path) -> None:
    code, out, err = cli("nlu-report", "shopping", "--file", str(tmp_path / "none.yaml"))
    assert code == 2 and out == "" and "does not exist" in err


def test_prompt_text_from_stdin_that_is_not_utf8_is_refused(store) -> None:
    code, _, err = cli("prompts", "create", "notes", stdin=b"\xff\xfe")
    assert code == 2 and "Standard input is not UTF-8 at byte 0" in err


def test_a_file_that_never_ends_is_read_only_up_to_a_bound(store) -> None:
    code, _, err = cli("chat", "notes", "--file", "/dev/zero")  # read whole, it would fill the memory
    assert code == 2 and "is larger than 4,000,000 bytes" in err
    code, _, err = cli("prompts", "create", "notes", "--file", "/dev/zero")
    assert code == 2 and "is larger than 4,000,000 bytes" in err
    _, out, _ = cli("chat", "notes", "list my notes", "--json")
    conversation = json.loads(out.splitlines()[-1])["conversation_id"]
    code, _, err = cli("eval", "save-case", conversation, "--suite", "/dev/zero")
    assert code == 2 and "is not a regular file" in err


def test_traces_search_over_the_limit_names_the_option(store) -> None:
    code, _, err = cli("traces", "list", "--search", "x" * 201)
    assert code == 2 and "error (invalid_input): --search 값이 올바르지 않습니다" in err


@pytest.mark.parametrize(("argv", "said"), [
    (["traces", "list", "--limit", "0"], "--limit must be from 1 to 200, not 0"),
    (["traces", "list", "--limit", "99999999999999999999"], "--limit must be from 1 to 200"),
    (["export", "traces", "--prompt-version", "-1"], "--prompt-version must be from 0 to 1000000, not -1"),
    (["serve", "--host", "no such host"], "--host must be an IP address or a host name"),
    (["serve", "--host", "::1%zz"], "names no network interface"),
    (["chat", "notes", "hi", "--provider", ""], "argument --provider: invalid choice: ''"),
])
def test_option_values_that_were_accepted_or_clamped_are_refused(store, argv, said) -> None:
    code, _, err = cli(*argv)
    assert code == 2 and said in err, err


@pytest.mark.parametrize("target", ["folder", "/proc/version", "missing/x.csv"])
def test_export_out_that_cannot_be_written_is_refused_by_name(store, tmp_path, target) -> None:
    out = {"folder": str(tmp_path), "missing/x.csv": str(tmp_path / "missing" / "x.csv")}.get(target, target)
    code, _, err = cli("export", "traces", "--out", out)
    assert code == 2 and "--out" in err, err
    code, stdout, _ = cli("export", "traces", "--out", str(tmp_path / "t.csv"))
    assert code == 0 and (tmp_path / "t.csv").exists() and stdout.endswith(f"→ {tmp_path / 't.csv'}\n")
