"""``playground eval import promptfoo|jsonl|csv`` (issue 31): real files in the public formats (tests/evals/data,
written from promptfoo's and OpenAI evals' documentation) become suites that run; what could not be converted is
listed with its line; hostile files (an alias bomb, too big, too many combinations, bad rows) are refused by
name, and nothing is written."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from agents.cli.main import main
from agents.core import safe_yaml
from agents.services.evals.loader import load_suite

DATA = Path(__file__).parent / "data"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_a_promptfoo_config_becomes_a_suite_that_runs_and_what_was_left_out_is_listed(store, tmp_path) -> None:
    target = tmp_path / "suites" / "notes.yaml"
    code, out = run("eval", "import", "promptfoo", str(DATA / "promptfooconfig.yaml"), "--out", str(target))
    config = str(DATA / "promptfooconfig.yaml")
    assert code == 0
    assert out.splitlines() == [
        f"wrote {target}: suite 'Notes-assistant' (notes), 12 case(s) from {config}",
        "not converted (7):",
        f"  {config}:12: prompts[3]: file://prompts/chat.json: only .txt and .md prompt files are read (a chat or "
        "code prompt is not converted)",
        f"  {config}:16: providers[2]: provider 'anthropic:messages:claude-sonnet-4-5' is not converted "
        "(openai:MODEL, google:MODEL and vertex:MODEL are; the run's --provider and --model choose others)",
        f"  {config}:23: evaluateOptions: 'evaluateOptions' is not converted (only prompts, providers, tests and "
        "defaultTest are)",
        f"  {config}:36: tests[0].assert[3]: javascript assertions are refused: this app runs no JavaScript; write "
        "the check as a python: module:function assertion",
        f"  {config}:48: tests[1].assert[2]: similar is not converted",
        f"  {config}:54: tests[2].options: 'options' is not converted",
        f"  {config}:58: tests[2].assert[1]: promptfoo's python assertions (inline code or file://) are not "
        "converted: write the check as python: module:function"]
    loaded = load_suite(target)
    suite = loaded.suite
    assert (suite.suite, suite.agent, suite.judge_model.label()) == ("Notes-assistant", "notes", "openai/gpt-4.1-nano")
    assert [c.label() for c in suite.configs()] == ["openai/gpt-4o-mini", "gemini/gemini-2.0-flash-exp"]
    tests = ["lists the notes", "never an error (action=list)", "never an error (action=show)", "asks for json"]
    assert [c.name for c in suite.cases] == [f"{t} · prompt {p}" for t in tests for p in (1, 2, 3)]
    # The third prompt was read from its file beside the config (file://prompts/ask.txt).
    assert [c.turns[0].user for c in suite.cases][:6] == ["Please list my notes", "list notes",
                                                          "Could you list my notes?"] * 2
    assert [c.turns[0].user for c in suite.cases][6:9] == ["Please show my notes", "show notes",
                                                           "Could you show my notes?"]
    first = [a.model_dump(mode="json", by_alias=True, exclude_defaults=True) for a in suite.cases[0].turns[0].expect]
    assert first == [{"latency_ms_max": 60000.0}, {"text_contains": "NOTE(S)", "ignore_case": True},
                     {"text_equals": "Let me look.\n\nHere you go: 0 note(s)."}, {"text_matches": r"\d+ note"},
                     {"judge": "Says how many notes there are"}]
    never = [a.model_dump(mode="json", by_alias=True, exclude_defaults=True) for a in suite.cases[3].turns[0].expect]
    assert never == [{"latency_ms_max": 60000.0}, {"not": True, "text_contains": "error", "ignore_case": True},
                     {"text_contains": ["note", "Note"], "any": True}]
    assert target.read_text(encoding="utf-8").startswith(
        f"# Imported from {config} by `playground eval import promptfoo`.\n# Not converted:\n#   {config}:12:")
    # It runs, offline: the judge is skipped (never passed), the rest is checked.
    code, out = run("eval", "run", str(target), "--provider", "offline", "--model", "rules-v1", "--judge", "offline",
                    "--json", "--concurrency", "2")
    cases = {c["name"]: c for c in map(json.loads, out.splitlines()) if c["type"] == "case"}
    assert cases["lists the notes · prompt 1"]["status"] == "passed"
    assert cases["lists the notes · prompt 1"]["assertions"] == {"pass": 4, "fail": 0, "skip": 1}
    assert cases["never an error (action=show) · prompt 2"]["status"] == "passed"
    assert cases["asks for json · prompt 1"]["failures"][0]["kind"] == "is_json"  # the offline reply is prose
    assert code == 1


def test_the_import_prints_the_suite_when_no_out_is_given_and_never_overwrites(store, tmp_path, capsys) -> None:
    code, out = run("eval", "import", "promptfoo", str(DATA / "promptfooconfig.yaml"), "--agent", "marketing",
                    "--name", "mkt")
    err = capsys.readouterr().err
    assert code == 0 and out.startswith("# Imported from") and "\nsuite: mkt\nagent: marketing\n" in out
    assert "suite 'mkt' (marketing), 12 case(s)" in err and "not converted (7):" in err
    existing = tmp_path / "kept.yaml"
    existing.write_text("mine", encoding="utf-8")
    code, _ = run("eval", "import", "promptfoo", str(DATA / "promptfooconfig.yaml"), "--out", str(existing))
    assert code == 2 and existing.read_text(encoding="utf-8") == "mine"
    assert "already exists and is not overwritten" in capsys.readouterr().err


@pytest.mark.parametrize(("text", "said"), [
    ("prompts: ['{{q}}']\ntests: [{vars: {q: hi}}]\n", "Name the agent with --agent"),
    ("tags: {agent: notes}\ntests: [{vars: {q: hi}}]\n", "no prompts: a promptfoo config lists the prompts to send"),
    ("tags: {agent: nobody}\nprompts: ['{{q}}']\ntests: [{vars: {q: hi}}]\n", "unknown agent 'nobody'"),
    ("tags: {agent: notes}\nprompts: ['{{q}}']\ntests: [{vars: {other: hi}}]\n",
     "nothing to import: no test could be converted"),
    ("tags: {agent: notes}\nprompts: ['{{q}}']\ntests: [{vars: {q: [" + ", ".join(["a"] * 40) + "], r: ["
     + ", ".join(["b"] * 40) + "]}}]\n", "the list values in vars make more than 1,000 combinations"),
    ("- just\n- a list\n", "a promptfoo config is a mapping with prompts and tests, not a list"),
    ("a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
     "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
     "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n",
     "like a 'billion laughs' bomb; it was not read"),
    ("tags: {agent: notes}\nprompts: ['" + "x" * 300_000 + "']\n", "at most 262,144 bytes are read"),
])
def test_a_hostile_or_unusable_promptfoo_config_is_refused_by_name(store, tmp_path, capsys, text, said) -> None:
    path = tmp_path / "promptfooconfig.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = run("eval", "import", "promptfoo", str(path), "--out", str(tmp_path / "out.yaml"))
    err = capsys.readouterr().err
    assert code == 2 and out == "" and said in err, err
    assert not (tmp_path / "out.yaml").exists()


def test_jsonl_samples_in_openai_evals_format_become_cases_with_each_match(store, tmp_path) -> None:
    samples = str(DATA / "samples.jsonl")
    expected = {"exact": ["passed", "failed", "failed"], "normalised": ["passed", "failed", "passed"],
                "contains": ["passed", "passed", "failed"], "judge": ["skipped", "skipped", "skipped"]}
    for match, statuses in expected.items():
        target = tmp_path / f"{match}.yaml"
        code, out = run("eval", "import", "jsonl", samples, "--agent", "notes", "--match", match, "--out", str(target))
        assert code == 0 and out.splitlines() == [
            f"wrote {target}: suite 'samples' (notes), 3 case(s) from {samples}", "not converted (1):",
            f"  {samples}: 1 earlier message(s) of the samples' chats (system prompts, earlier turns) were left out: "
            "a case sends the last user message to the agent, which has its own prompt"]
        suite = load_suite(target).suite
        assert [c.name for c in suite.cases] == ["line 1: list my notes", "line 2: list my notes please",
                                                 "line 4: list my notes now"]
        code, out = run("eval", "run", str(target), "--json", "--concurrency", "1")
        cases = [c for c in map(json.loads, out.splitlines()) if c["type"] == "case"]
        assert [c["status"] for c in sorted(cases, key=lambda c: c["name"])] == statuses, (match, cases)
    second = load_suite(tmp_path / "contains.yaml").suite.cases[1].turns[0].expect[0]
    assert second.model_dump(exclude_defaults=True) == {"text_contains": ["Here you go: 0 note(s).",
                                                                         "You have no notes."], "any": True}


def test_a_csv_with_a_header_names_its_columns(store, tmp_path) -> None:
    samples = str(DATA / "samples.csv")
    target = tmp_path / "csv.yaml"
    code, _ = run("eval", "import", "csv", samples, "--agent", "notes", "--input-field", "question",
                  "--ideal-field", "answer", "--match", "contains", "--out", str(target))
    assert code == 0
    suite = load_suite(target).suite
    assert [(c.name, c.turns[0].user) for c in suite.cases] == [
        ("line 2: list my notes", "list my notes"), ("line 3: list my notes, all of them", "list my notes, all of them")]
    code, out = run("eval", "run", str(target))
    assert code == 0 and "PASSED: 2/2 cases passed" in out


@pytest.mark.parametrize(("fmt", "content", "said"), [
    ("jsonl", b'{"input": "hi", "ideal": "x"}\n{"input": "hi"\n[1, 2]\n{"input": "", "ideal": "x"}\n'
              b'{"prompt": "hi", "ideal": "x"}\n{"input": "hi", "ideal": []}\n',
     ["samples.jsonl:2: not JSON: Expecting ',' delimiter at column 15",
      "samples.jsonl:3: a sample is a JSON object, not list",
      "samples.jsonl:4: 'input' is empty or not text (a text, or a chat: a list of {role, content})",
      "samples.jsonl:5: no 'input' field (its fields: 'prompt', 'ideal'); name it with --input-field",
      "samples.jsonl:6: 'ideal' is empty or not text (a text, or a list of acceptable texts)"]),
    ("csv", b'input,ideal\nhi,x\n"two\nlines",y,extra\nonly\n,z\n',
     ["samples.csv:3: 3 cells, but the header has 2 columns", "samples.csv:5: fewer cells than the header has columns",
      "samples.csv:6: 'input' is empty or not text"]),
    ("csv", b"question\nhi\n", ["samples.csv:2: no 'input' field (its fields: 'question'); name it with --input-field"]),
    ("jsonl", b"\xff\xfe", ["not UTF-8 at byte 0"]),
    ("jsonl", b"\n\n", ["no rows: the file has no samples to import"]),
    ("jsonl", b"".join(b'{"input": "q%d", "ideal": "a"}\n' % i for i in range(1_002)),
     ["samples.jsonl:1001: more than 1,000 rows: split the file"]),
    ("jsonl", b'{"input": "' + b"x" * 20_001 + b'", "ideal": "a"}\n', ["'input' has 20,001 characters (at most 20,000)"]),
])
def test_bad_rows_are_each_named_by_line_and_nothing_is_written(store, tmp_path, capsys, fmt, content, said) -> None:
    path = tmp_path / f"samples.{fmt}"
    path.write_bytes(content)
    code, out = run("eval", "import", fmt, str(path), "--agent", "notes", "--out", str(tmp_path / "out.yaml"))
    err = capsys.readouterr().err
    assert code == 2 and out == "" and not (tmp_path / "out.yaml").exists()
    for line in said:
        assert line in err, (line, err)


def test_the_rows_need_an_agent_and_a_readable_file(store, tmp_path, capsys) -> None:
    code, _ = run("eval", "import", "jsonl", str(DATA / "samples.jsonl"))
    assert code == 2 and "Name the agent the cases run against with --agent" in capsys.readouterr().err
    code, _ = run("eval", "import", "csv", str(tmp_path), "--agent", "notes")
    assert code == 2 and "is not a file" in capsys.readouterr().err
    code, _ = run("eval", "import", "csv", "/dev/zero", "--agent", "notes")
    assert code == 2 and "is larger than 4,000,000 bytes" in capsys.readouterr().err
    assert safe_yaml.MAX_YAML_BYTES == 262_144


def test_a_prompt_file_is_read_beside_the_config_bounded(store, tmp_path, capsys) -> None:
    (tmp_path / "big.txt").write_text("x" * 70_000, encoding="utf-8")
    (tmp_path / "ok.md").write_text("list my {{what}}\n", encoding="utf-8")
    config = tmp_path / "promptfooconfig.yaml"
    config.write_text("tags: {agent: notes}\nprompts: [file://ok.md, file://big.txt, file://missing.txt, "
                      "file:///dev/zero.txt]\ntests: [{vars: {what: notes}}]\n", encoding="utf-8")
    code, out = run("eval", "import", "promptfoo", str(config))
    err = capsys.readouterr().err
    assert code == 0 and "      - user: list my notes\n" in out
    assert f"{config}:2: prompts[1]: file://big.txt: cannot be read: 'big.txt' is larger than 65,536 bytes" in err
    assert f"{config}:2: prompts[2]: file://missing.txt: cannot be read: 'missing.txt' is not a file" in err
    assert f"{config}:2: prompts[3]: file:///dev/zero.txt: cannot be read: '/dev/zero.txt' is not a file" in err


def test_default_vars_that_are_not_a_mapping_are_listed_not_a_crash(store, tmp_path) -> None:
    """defaultTest.vars as a list (or a file name) crashed the import with a TypeError; it is listed as not read."""
    config = tmp_path / "promptfooconfig.yaml"
    config.write_text("prompts: ['{{q}}']\ndefaultTest:\n  vars: [1, 2]\ntests:\n  - vars: {q: hello}\n"
                      "    assert: [{type: contains, value: hi}]\n", encoding="utf-8")
    target = tmp_path / "out.yaml"
    code, out = run("eval", "import", "promptfoo", str(config), "--agent", "marketing", "--out", str(target))
    assert code == 0
    assert out.splitlines() == [f"wrote {target}: suite 'promptfoo' (marketing), 1 case(s) from {config}",
                                "not converted (1):", f"  {config}:3: defaultTest.vars: vars given as a file are not read"]
    [case] = load_suite(target).suite.cases
    assert (case.name, case.turns[0].user) == ("test 1", "hello")
