"""The CLI fuzz pass: every command and subcommand of ``playground`` (agents/cli/main.py, cli_eval.py, cli_lab.py)
with bad option values, missing arguments, hostile text, bad ids (another user's, nonexistent, SQL-ish, path
traversal) and bad files (missing, a directory, binary, not UTF-8, invalid YAML / JSON, empty). Each case runs
in this process through ``main``; anything but a return code or argparse's exit is a traceback."""

from __future__ import annotations

import io
import json
import sys
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml

from agents.cli.main import main
from agents.core.clock import system_clock
from agents.core.session import runtime_store
from tests.support.fuzz import LONG, SQLISH, TRAVERSAL, ErrorLog, Tally, short

SUITE = """\
suite: {name}
agent: notes
cases:
  - name: lists
    turns:
      - user: list my notes
        expect:
          - tool: list_notes
"""
# Text that is hostile as a command-line value: empty, a lone surrogate (how Python hands over an argument that
# is not valid UTF-8: surrogateescape; NUL cannot be in an argv at all), control characters, emoji and Hangul,
# 100 KB, SQL-ish, path traversal, something that looks like an option.
TEXTS = ["", "\udcff", "a\x01b\x1b[2J\u202e", "😀 한국어", LONG, SQLISH, TRAVERSAL, "-x"]
# For whole-number options: zero, negative, huge, not a number.
NUMBERS = ["0", "-1", "99999999999999999999", "1e400", "NaN", "abc", ""]
# For options where a valid value runs a whole turn (or two), one of each kind.
TURN_TEXTS = ["", "\udcff", "a\x01b\x1b[2J", LONG, SQLISH]


@dataclass
class Case:
    argv: list[str]
    stdin: bytes = b""


@dataclass
class Outcome:
    code: int | None
    out: str
    err: str
    crash: str | None


def run(case: Case, log: ErrorLog) -> Outcome:
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(case.stdin), encoding="utf-8")
    crash = None
    code: int | None = None
    real = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, out, err
    try:
        code = main(list(case.argv), out=out)
    except SystemExit as exc:  # argparse: a usage error names the option, exit 2
        code = exc.code if isinstance(exc.code, int) else 2
        if not isinstance(exc.code, int | None):
            err.write(str(exc.code))
    except BaseException:  # noqa: BLE001 - a traceback is what this pass counts
        crash = traceback.format_exc()
    finally:
        sys.stdin, sys.stdout, sys.stderr = real
    logged = log.take()
    if crash is None and logged:
        record = logged[0]
        crash = f"logged: {record.getMessage()}\n" + "".join(traceback.format_exception(*record.exc_info))
    if crash is None and "Traceback (most recent call last)" in err.getvalue() + out.getvalue():
        crash = err.getvalue()
    return Outcome(code, out.getvalue(), err.getvalue(), crash)


def check(case: Case, outcome: Outcome, tally: Tally) -> None:
    tally.cases += 1
    tally.statuses[outcome.code if outcome.code is not None else -1] += 1
    if outcome.crash is not None:
        last = outcome.crash.strip().splitlines()[-1]
        tally.fail("traceback", f"playground {' '.join(short(a, 40) for a in case.argv)} -> {last[:300]}")


@dataclass
class CliWorld:
    ids: dict[str, dict[str, str]]
    files: dict[str, str]


def make_files(folder: Path) -> dict[str, str]:
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        "missing": str(folder / "no-such-file.yaml"),
        "directory": str(folder),
        "empty": folder / "empty.yaml",
        "binary": folder / "binary.yaml",
        "latin1": folder / "latin1.txt",
        "bad_yaml": folder / "bad.yaml",
        "yaml_list": folder / "list.yaml",
        "yaml_scalar": folder / "scalar.yaml",
        "json": folder / "suite.json",
        "bad_json": folder / "bad.json",
        "long": folder / "long.txt",
        "wrong_agent": folder / "wrong-agent.yaml",
        "no_cases": folder / "no-cases.yaml",
        "suite": folder / "fz.yaml",
        "nul": folder / "nul.txt",
    }
    (folder / "empty.yaml").write_bytes(b"")
    (folder / "binary.yaml").write_bytes(bytes(range(256)) * 8)
    (folder / "latin1.txt").write_bytes("caf\xe9 r\xe9sum\xe9".encode("latin-1"))
    (folder / "bad.yaml").write_text("suite: [unclosed\n  agent: : :\n\t- tab", encoding="utf-8")
    (folder / "list.yaml").write_text("- 1\n- 2\n", encoding="utf-8")
    (folder / "scalar.yaml").write_text("just text\n", encoding="utf-8")
    (folder / "suite.json").write_text(json.dumps({"suite": "fzjson", "agent": "notes", "cases": [
        {"name": "x", "turns": [{"user": "list", "expect": [{"tool": "list_notes"}]}]}]}), encoding="utf-8")
    (folder / "bad.json").write_text('{"suite": "x", "agent": ', encoding="utf-8")
    (folder / "long.txt").write_text(LONG, encoding="utf-8")
    (folder / "wrong-agent.yaml").write_text(SUITE.format(name="fzw").replace("agent: notes", "agent: nope"),
                                             encoding="utf-8")
    (folder / "no-cases.yaml").write_text("suite: fzn\nagent: notes\ncases: []\n", encoding="utf-8")
    (folder / "fz.yaml").write_text(SUITE.format(name="fz"), encoding="utf-8")
    (folder / "nul.txt").write_bytes(b"list my notes\x00 and more")
    files["samples"], files["promptfoo"] = folder / "samples.jsonl", folder / "promptfooconfig.yaml"
    (folder / "samples.jsonl").write_text('{"input": "list my notes", "ideal": "0 note(s)"}\n', encoding="utf-8")
    (folder / "promptfooconfig.yaml").write_text("prompts: ['{{q}}']\ntests: [{vars: {q: list my notes}, assert: "
                                                 "[{type: contains, value: note}]}]\n", encoding="utf-8")
    (folder / "no-label.yaml").write_text("- text: hi\n", encoding="utf-8")
    (folder / "bad-types.yaml").write_text(yaml.safe_dump([{
        "text": "hi", "clarify": "yes please", "tool": 5, "intent": 5, "action": 5, "screen": 5, "has_errors": "x",
        "trip": "atlantis", "state": "lost", "budget": {"max": "cheap"}, "clicked_anchor": 9}]), encoding="utf-8")
    files["no_label"], files["bad_types"] = folder / "no-label.yaml", folder / "bad-types.yaml"
    for agent, shipped in LABELLED.items():  # real phrasings whose labelled args are all of the wrong type
        items = yaml.safe_load(shipped.read_text(encoding="utf-8"))[:4]
        for item in items:
            item["args"] = dict(GARBAGE_ARGS)
        files[f"garbage_{agent}"] = folder / f"garbage-{agent}.yaml"
        files[f"garbage_{agent}"].write_text(yaml.safe_dump(items, allow_unicode=True), encoding="utf-8")
    return {k: str(v) for k, v in files.items()}


ROOT = Path(__file__).resolve().parent
LABELLED = {"marketing": ROOT / "marketing" / "phrasings.yaml", "travel": ROOT / "travel" / "phrasings.yaml",
            "tutor": ROOT / "tutor" / "phrasings.yaml", "english": ROOT / "english" / "corrections.yaml",
            "shopping": ROOT / "shopping" / "phrasings.yaml"}
# Every args key an agent's report compares, each with a value of the wrong type.
GARBAGE_ARGS = {"changePercent": "abc", "campaignId": 5, "campaignIds": 7, "known": 3, "near": 5, "reference": [1],
                "place": {"a": 1}, "keyword": 5, "code": [1], "period": 5, "budget_max": "x", "budget_min": [],
                "pros_add": 5, "cons_add": "x", "remove": 5, "ranks": 5, "exclude_ranks": "x", "anchor_rank": "x",
                "anchor_name": 5, "topic": 5, "category": 5, "day": "x", "dailyBudget": "x", "product": 5}


def make_world(folder: Path, log: ErrorLog) -> CliWorld:
    """alice's and bob's data, made through the CLI itself."""
    files = make_files(folder / "files")
    ids: dict[str, dict[str, str]] = {}
    for user in ("alice", "bob"):
        mine: dict[str, str] = {}
        done = run(Case(["chat", "notes", "add water plants", "--json", "--user", user]), log)
        events = [json.loads(line) for line in done.out.splitlines()]
        mine["conversation"] = events[-1]["conversation_id"]
        mine["action"] = next(e["action_id"] for e in events if e.get("type") == "action_confirmation")
        mine["turn"] = next(e["turn_id"] for e in events if e.get("type") == "done")
        runtime_store().feedback.rate(mine["turn"], user, "down", "meh", system_clock())  # the CLI rates nothing
        mine["review"] = f"fb-{mine['turn']}"  # a 👎 waiting in the review queue
        run(Case(["alerts", "check", "--user", user]), log)
        alerts = run(Case(["alerts", "list", "--json", "--user", user]), log).out.splitlines()
        mine["alert"] = json.loads(alerts[0])["id"]
        token = run(Case(["tokens", "create", "--json", "--user", user, "--label", "fuzz"]), log)
        mine["token"] = json.loads(token.out)["id"]
        ran = run(Case(["eval", "run", files["suite"], "--json", "--user", user, "--provider", "offline",
                        "--model", "rules-v1,rules-v2"]), log)
        summaries = [json.loads(line) for line in ran.out.splitlines() if '"cases_total"' in line]
        mine["run"], mine["run2"] = summaries[0]["id"], summaries[1]["id"]
        mine["matrix"] = summaries[0]["matrix_id"]
        compared = run(Case(["compare", "run", "notes", "list my notes", "--json", "--user", user]), log)
        mine["comparison"] = next(json.loads(line)["comparison_id"] for line in compared.out.splitlines()
                                  if '"comparison_round"' in line)
        created = run(Case(["prompts", "create", "notes", "--text", "Be brief.", "--json", "--user", user]), log)
        mine["prompt_version"] = str(json.loads(created.out)["version"])
        ids[user] = mine
    return CliWorld(ids, files)


def cases(world: CliWorld) -> Iterator[Case]:
    """Every command with one bad part at a time."""
    a, b, f = world.ids["alice"], world.ids["bob"], world.files
    me = ["--user", "alice"]
    bad_ids = ["nope", SQLISH, TRAVERSAL, "\udcff", "x" * 5000, ""]
    files = [f[k] for k in ("missing", "directory", "empty", "binary", "latin1", "bad_yaml", "yaml_list",
                            "yaml_scalar", "json", "bad_json", "long", "nul")]
    users = ["", "a b", "alice\n", "x" * 65, "\udcff", SQLISH, TRAVERSAL, "-"]

    # Every command with a hostile --user, and with none of its arguments.
    for i, command in enumerate((["chat", "notes", "hi"], ["traces", "list"], ["agents"], ["actions", "list"],
                                 ["conversations", "list"], ["alerts", "list"], ["tokens", "list"], ["eval", "list"],
                                 ["eval", "show", a["run"]], ["prompts", "list", "notes"], ["compare", "list"],
                                 ["metrics"], ["export", "traces"], ["eval", "run", f["suite"]])):
        for user in users if i < 2 else users[4:6]:  # one check in main; every value on a CLI and a Lab command
            yield Case([*command, "--user", user])
    for command in (["chat"], ["actions"], ["conversations"], ["alerts"], ["tokens"], ["nlu-report"], ["eval"],
                    ["eval", "run"], ["eval", "show"], ["eval", "compare"], ["eval", "export"], ["eval", "save-case"],
                    ["traces"], ["prompts"], ["compare"], ["export"], ["serve", "--port"], [], ["nope"],
                    ["eval", "nope"], ["--json"], ["conversations", "show", *me], ["actions", "confirm", *me],
                    ["alerts", "read", *me], ["tokens", "revoke", *me], ["traces", "show"], ["compare", "run"],
                    ["compare", "vote"]):
        yield Case(command)
    for action in ("show", "create", "diff", "activate", "rollback", "pick", "list"):
        yield Case(["prompts", action])

    # db copy: unreadable or odd files on either side, the same file twice, junk names.
    fresh = f["missing"] + "-copy.duckdb"
    for path in (f["directory"], f["binary"], f["latin1"], f["empty"], "/proc/version", "\udcff", "duckdb:", " "):
        yield Case(["db", "copy", "--from", path, "--to", fresh])
        yield Case(["db", "copy", "--from", fresh, "--to", path])
    yield Case(["db", "copy", "--from", fresh, "--to", fresh, "--replace"])
    yield Case(["db", "copy", "--from", fresh])
    yield Case(["db"])

    # chat: the message (argument, stdin, --file) and every option.
    for text in TEXTS:
        yield Case(["chat", "notes", "--", text, *me])
        yield Case(["chat", "notes", "hi", "--conversation", text, *me])
        yield Case(["chat", "notes", "hi", "--provider", text, *me])
        yield Case(["chat", text, "hi", *me])
    for text in TURN_TEXTS:
        yield Case(["chat", "notes", "hi", "--model", text, *me])
        yield Case(["chat", "shopping", "hi", "--anchor", text, *me])
    for path in [*files, "/dev/zero"]:
        yield Case(["chat", "notes", "--file", path, *me])
    yield Case(["chat", "notes", "hi", "--file", f["suite"], *me])
    yield Case(["chat", "notes", "-", *me], stdin=b"\xff\xfe not utf-8")
    yield Case(["chat", "notes", "-", *me], stdin=b"")
    yield Case(["chat", "notes", "hi", "--conversation", b["conversation"], *me])
    yield Case(["chat", "notes", "hi", "--conversation", a["action"], *me])
    yield Case(["chat", "notes", "hi", "--provider", "openai", *me])  # no key: refused, not a crash

    # actions, conversations, alerts, tokens: ids of others, of the wrong kind, and junk.
    for id_ in [*bad_ids, b["action"], a["conversation"]]:
        for action in ("confirm", "cancel"):
            yield Case(["actions", action, id_, *me])
        yield Case(["actions", "modify", id_, "--args", '{"text": "x"}', *me])
    # modify's partial object (issue 28): junk, non-objects, surrogates and absurd numbers.
    for text in [*TEXTS, "[1]", "{", "null", '{"text": "\\ud800"}', '{"text": 1e999999}', '{"pinned": "maybe"}']:
        yield Case(["actions", "modify", a["action"], "--args", text, *me])
    yield Case(["actions", "modify", *me])
    for id_ in [*bad_ids, b["conversation"], a["action"]]:
        for action in ("show", "archive", "delete"):
            yield Case(["conversations", action, id_, *me])
    for id_ in [*bad_ids, b["alert"]]:
        yield Case(["alerts", "read", id_, *me])
    for id_ in [*bad_ids, b["token"]]:
        yield Case(["tokens", "revoke", id_, *me])
    for id_ in [*bad_ids, b["conversation"], a["conversation"]]:
        yield Case(["conversations", "rename", id_, "--title", "renamed", *me])
    for text in TEXTS:
        yield Case(["conversations", "rename", a["conversation"], "--title", text, *me])
        yield Case(["conversations", "list", "--agent", text, *me])
        yield Case(["alerts", "check", "--agent", text, *me])
        yield Case(["tokens", "create", "--label", text, *me])
    for number in NUMBERS:
        yield Case(["conversations", "list", "--limit", number, *me])
    yield Case(["alerts", "check", "--agent", "notes", *me])

    # nlu-report: agents and labelled files (each agent reads its own item keys).
    for text in ["nope", "", SQLISH, "\udcff", "notes"]:
        yield Case(["nlu-report", text])
    for path in [*files, "/dev/zero"]:
        yield Case(["nlu-report", "marketing", "--file", path])
    for agent in LABELLED:
        for path in (f["no_label"], f["bad_types"], f[f"garbage_{agent}"]):
            yield Case(["nlu-report", agent, "--file", path, "--json"])

    # eval: run (targets and options), list, show, compare, export, save-case, schema.
    for path in [*files, f["wrong_agent"], f["no_cases"], "/dev/null"]:
        yield Case(["eval", "run", path, *me])
    for text in TEXTS:
        yield Case(["eval", "run", f["suite"], "--provider", text, *me])
        yield Case(["eval", "list", "--suite", text, "--agent", text, *me])
    for number in [*NUMBERS, "999999", "1,,2"]:
        yield Case(["eval", "run", f["suite"], "--prompt-version", number, *me])
        yield Case(["eval", "run", f["suite"], "--concurrency", number, *me])
        yield Case(["eval", "list", "--limit", number, *me])
    yield Case(["eval", "run", f["suite"], "--model", ",,,", *me])
    for text in [*TEXTS, *NUMBERS]:
        yield Case(["eval", "run", f["suite"], "--min-pass-rate", text, *me])
        yield Case(["eval", "run", f["suite"], "--judge", text, *me])
        yield Case(["eval", "run", f["suite"], "--repeat", text, *me])
        yield Case(["eval", "run", f["suite"], "--cache", text, *me])
        yield Case(["eval", "run", f["suite"], "--tag", text, "--case", text, *me])
    for path in (f["directory"], f["binary"], f["latin1"], f["json"], f["missing"], "/proc/version", "/dev/zero"):
        yield Case(["eval", "run", f["suite"], "--baseline", path, *me])
        yield Case(["eval", "baseline", "update", a["run"], "--file", path, *me])
    for id_ in [*bad_ids, "evm_nope"]:
        yield Case(["eval", "baseline", "update", id_, "--file", f["missing"] + ".json", *me])
    yield Case(["eval", "run", f["suite"], "--junit", f["directory"], *me])
    yield Case(["eval", "run", f["suite"], "--junit", "/proc/version", *me])
    for id_ in [*bad_ids, b["run"], b["matrix"], "evm_nope", a["conversation"]]:
        yield Case(["eval", "show", id_, *me])
        yield Case(["eval", "compare", id_, a["run"], "--fail-on-regression", *me])
        yield Case(["eval", "compare", a["run"], id_, *me])
        yield Case(["eval", "export", id_, *me])
        yield Case(["eval", "save-case", id_, *me])
    yield Case(["eval", "export", a["run"], "--format", "xml", *me])
    for path in (f["directory"], "/proc/version", f["missing"] + "/x/y"):
        yield Case(["eval", "export", a["run"], "--output", path, *me])
    for path in [f["directory"], f["binary"], f["latin1"], f["bad_yaml"], f["yaml_list"], f["wrong_agent"],
                 "/proc/version", f["json"], "/dev/zero"]:
        yield Case(["eval", "save-case", a["conversation"], "--suite", path, *me])
    yield Case(["eval", "save-case", a["conversation"], "--name", "\udcff", "--print", *me])
    yield Case(["eval", "schema", "--json"])
    # eval import: every format with every bad file, and hostile option values (a real file and an --out that
    # does not exist yet, so each value reaches the importer).
    out = str(Path(f["directory"]) / "imported-{n}.yaml")
    for fmt in ("promptfoo", "jsonl", "csv"):
        for path in [*files, f["suite"], "/proc/version", "/dev/zero"]:
            yield Case(["eval", "import", fmt, path, "--agent", "notes", *me])
        for n, text in enumerate(TEXTS):
            given = f["samples"] if fmt != "promptfoo" else f["promptfoo"]
            yield Case(["eval", "import", fmt, given, "--agent", text, "--name", text, *me])
            # Hostile names inside the folder: a relative one would land in the working directory.
            yield Case(["eval", "import", fmt, given, "--agent", "notes", "--out",
                        str(Path(f["directory"]) / f"x{n}-{text.replace('/', '_')}"), *me])
        yield Case(["eval", "import", fmt, f["samples"] if fmt != "promptfoo" else f["promptfoo"], "--agent", "notes",
                    "--out", f["suite"], *me])  # exists: never overwritten
    for fmt in ("jsonl", "csv"):
        for n, text in enumerate(TEXTS):
            yield Case(["eval", "import", fmt, f["samples"], "--agent", "notes", "--input-field", text,
                        "--ideal-field", text, "--match", text, *me])
            yield Case(["eval", "import", fmt, f["samples"], "--agent", "notes", "--input-field", text,
                        "--ideal-field", text, "--out", out.format(n=f"{fmt}-{n}"), *me])

    # review: the list's filters, ids of others, of the wrong kind and junk, and every option.
    yield Case(["review"])
    for text in TEXTS:
        yield Case(["review", "list", "--status", text, "--source", text, *me])
        yield Case(["review", "label", a["review"], "--label", text, "--note", text, *me])
        yield Case(["review", "save-case", a["review"], "--suite", text, "--name", text, *me])
    for number in NUMBERS:
        yield Case(["review", "list", "--limit", number, *me])
        yield Case(["review", "label", a["review"], "--label", "incorrect", "--step", number, *me])
    for id_ in [*bad_ids, b["review"], a["conversation"]]:
        for action in ("label", "save-case", "dismiss"):
            yield Case(["review", action, id_, "--label", "correct", *me])
    yield Case(["review", "label", a["review"], *me])
    yield Case(["review", "label", a["review"], "--label", "incorrect", "--step", "1", "--note", "terse", *me])
    yield Case(["review", "save-case", a["review"], "--suite", "fz-review", *me])
    yield Case(["review", "dismiss", a["review"], *me])
    yield Case(["review", "list", "--status", "all", "--source", "feedback", "--json", *me])

    # serve: only values that are refused before a server starts.
    for port in NUMBERS:
        yield Case(["serve", "--port", port])
    for host in ("", " ", "no such host", "::1%zz", "a..b", "-", "\udcff", "x" * 300, "http://x"):
        yield Case(["serve", "--host", host])

    # traces, prompts, compare, metrics, export (the Lab).
    for text in TEXTS:
        yield Case(["traces", "list", "--before", text])
        yield Case(["traces", "list", "--since", text])
        yield Case(["traces", "list", "--until", text])
        yield Case(["traces", "list", "--search", text, "--agent", text, "--provider", text, "--model", text])
        yield Case(["traces", "list", "--origin", text])
        yield Case(["metrics", "--origin", text])
        yield Case(["export", "traces", "--origin", text])
        yield Case(["traces", "show", text])
        yield Case(["prompts", "list", text])
        yield Case(["prompts", "create", "notes", "--text", text])
        yield Case(["prompts", "create", "notes", "--text", "x", "--label", text, "--note", text])
        yield Case(["prompts", "create", "notes", a["prompt_version"], "--append", text])
        yield Case(["prompts", "pick", "notes", "0", "--conversation", text, *me])
        yield Case(["compare", "run", text, "hi"])
        yield Case(["compare", "run", "notes", "hi", "--a", text])
        yield Case(["compare", "run", "notes", "hi", "--b", text])
        yield Case(["compare", "run", "notes", "hi", "--comparison", text])
        yield Case(["compare", "vote", a["comparison"], "1", text, *me])
        yield Case(["compare", "vote", text, "1", "a", *me])
        yield Case(["metrics", "--agent", text])
        yield Case(["metrics", "--period", text])
        yield Case(["export", "traces", "--agent", text, "--search", text, "--since", text])
        yield Case(["export", "traces", "--provider", text, "--model", text, "--until", text])
        for command in (["traces", "list"], ["export", "votes"]):
            yield Case([*command, "--status", text])
            yield Case([*command, "--feedback", text])
        yield Case(["nlu-report", "marketing", "--file", f["empty"], "--user", text])
    for number in NUMBERS:
        yield Case(["traces", "list", "--limit", number])
        yield Case(["traces", "list", "--prompt-version", number])
        yield Case(["prompts", "show", "notes", number])
        yield Case(["prompts", "diff", "notes", "0", number])
        yield Case(["prompts", "activate", "notes", number])
        yield Case(["prompts", "pick", "notes", number, "--conversation", a["conversation"], *me])
        yield Case(["compare", "vote", a["comparison"], number, "a", *me])
        yield Case(["export", "traces", "--prompt-version", number])
        yield Case(["export", "feedback", "--limit", number])
    for text in TURN_TEXTS:
        yield Case(["compare", "run", "notes", text])
    for side in ("offline@-1", "offline@abc", "offline@99999999999999999999", "nope:model", "openai:@", "gemini::@@"):
        yield Case(["compare", "run", "notes", "hi", "--b", side])
    for path in [*files, "/dev/zero"]:
        yield Case(["prompts", "create", "notes", "--file", path])
    yield Case(["prompts", "create", "notes"], stdin=b"\xff\xfe")
    yield Case(["prompts", "pick", "notes", "1", "--conversation", b["conversation"], *me])
    yield Case(["prompts", "rollback", "notes"])
    yield Case(["compare", "run", "notes", "hi", "--comparison", b["comparison"], *me])
    yield Case(["compare", "vote", b["comparison"], "1", "a", *me])
    yield Case(["traces", "show", b["turn"], "--user", "alice"])
    for path in (f["directory"], "/proc/version", f["missing"] + "/x/y.csv", f["binary"]):
        yield Case(["export", "traces", "--out", path])
    for kind in ("feedback", "votes"):
        for fmt in ("csv", "jsonl", "parquet"):
            yield Case(["export", kind, "--format", fmt, "--out", str(Path(f["directory"]) / f"out.{fmt}")])
