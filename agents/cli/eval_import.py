"""``playground eval import promptfoo|jsonl|csv FILE``: a suite from the ecosystem's files.

The suite's YAML goes to ``--out`` (never over an existing file) or to standard output, and what could not be
converted is listed, each item with its file and line (on standard error when the YAML goes to standard output).
Exit 0 when a suite was made, 2 when the file was refused (every bad row or problem named): nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from agents.cli.texts import CLI_MESSAGES  # noqa: F401 -- registers the words said here
from agents.core import inputs
from agents.core.errors import PlaygroundError
from agents.core.inputs import InvalidInput
from agents.core.messages import say

# The importers' choices, kept here so that building the parser loads none of the evals machinery
# (tests/test_cli_startup.py checks them against import_rows.py).
MATCHES = ("exact", "normalised", "contains", "judge")
PROMPT_FILE_BYTES = 64 * 1024  # a file:// prompt; the message sent is capped again at 20,000 characters


def _read(path: str) -> bytes:
    file = Path(path)
    if file.exists() and not file.is_file() and not file.is_char_device():
        raise InvalidInput("file", say("cli_not_a_file", path=path))
    try:
        with file.open("rb") as handle:
            return inputs.read_bounded(handle, f"file {path!r}", "file")
    except OSError as exc:
        raise InvalidInput("file", say("cli_cannot_read", path=path, why=exc.strerror)) from exc


def _prompt_file(folder: Path, name: str) -> str:
    """A ``file://`` prompt, beside the config (or where it names), read bounded as one prompt's text."""
    path = folder / name
    if not path.is_file():
        raise ValueError(f"{name!r} is not a file")
    with path.open("rb") as handle:
        raw = handle.read(PROMPT_FILE_BYTES + 1)
    if len(raw) > PROMPT_FILE_BYTES:
        raise ValueError(f"{name!r} is larger than {PROMPT_FILE_BYTES:,} bytes")
    try:
        return raw.decode("utf-8").strip()
    except UnicodeDecodeError as exc:
        raise ValueError(f"{name!r} is not UTF-8 at byte {exc.start}") from None


def _exists(path: str) -> bool:
    try:
        return Path(path).exists()
    except OSError as exc:  # a name too long for the file system, say
        raise InvalidInput("--out", say("cli_cannot_write_out", path=path[:80], why=exc.strerror)) from exc


def cmd_import(args: argparse.Namespace, out: TextIO) -> int:
    from agents.services.evals.import_rows import from_rows
    from agents.services.evals.imports import from_promptfoo

    raw = _read(args.file)
    if args.out and _exists(args.out):
        raise InvalidInput("--out", say("cli_out_exists", path=args.out))
    if args.format == "promptfoo":
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidInput("file", say("cli_file_not_utf8", path=args.file, at=exc.start)) from exc
        imported = from_promptfoo(text, agent=args.agent, name=args.name, file=args.file,
                                  read=lambda name: _prompt_file(Path(args.file).parent, name))
    else:
        if not args.agent:
            raise InvalidInput("--agent", say("cli_import_needs_agent"))
        imported = from_rows(raw, args.format, agent=args.agent, file=args.file, input_field=args.input_field,
                             ideal_field=args.ideal_field, match=args.match, name=args.name)
    suite = imported.suite.suite
    summary: dict[str, object] = {"type": "import", "suite": suite.suite, "agent": suite.agent,
                               "cases": len(suite.cases), "out": args.out, "not_converted": imported.report()}
    if args.out:
        try:
            Path(args.out).parent.mkdir(parents=True, exist_ok=True)
            with Path(args.out).open("x", encoding="utf-8") as handle:
                handle.write(imported.text)
        except OSError as exc:
            raise PlaygroundError(f"Cannot write --out {args.out}: {exc.strerror}.", code="bad_path") from exc
        notes = out
    else:
        out.write(imported.text)
        notes = sys.stderr
    if args.json:
        notes.write(json.dumps(summary, ensure_ascii=False) + "\n")
        return 0
    where = f"wrote {args.out}: " if args.out else ""
    notes.write(f"{where}suite {suite.suite!r} ({suite.agent}), {len(suite.cases):,} case(s) from {args.file}\n")
    if imported.not_converted:
        notes.write(f"not converted ({len(imported.not_converted):,}):\n")
        notes.write("".join(f"  {line}\n" for line in imported.report()))
    return 0


def add_import_parser(actions: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """``eval import promptfoo|jsonl|csv``, under ``playground eval``."""
    importer = actions.add_parser("import", help="make a suite from a promptfoo config, JSONL samples or a CSV")
    formats = importer.add_subparsers(dest="format", required=True)

    def shared(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--name", help="the suite's name (default: from the file)")
        parser.add_argument("--out", help="write the suite here (a new file); default: standard output")
        parser.set_defaults(func=cmd_import)

    promptfoo = formats.add_parser("promptfoo", parents=[common],
                                   help="prompts × tests with vars and the common asserts, from a promptfooconfig.yaml")
    promptfoo.add_argument("file", help="a promptfooconfig.yaml")
    promptfoo.add_argument("--agent", help="the agent the cases run against (default: the config's tags.agent)")
    shared(promptfoo)
    for fmt, what in (("jsonl", "JSON Lines samples (OpenAI evals: input, ideal)"), ("csv", "a CSV with a header")):
        rows = formats.add_parser(fmt, parents=[common], help=f"single-turn cases from {what}")
        rows.add_argument("file", help=f"the .{fmt} file")
        rows.add_argument("--agent", help="the agent the cases run against (required)")
        rows.add_argument("--input-field", default="input", help="the field sent as the message (default input)")
        rows.add_argument("--ideal-field", default="ideal", help="the field holding the answer (default ideal)")
        rows.add_argument("--match", choices=MATCHES, default="exact",
                          help="how the reply must match the answer: exact (default), normalised (case, punctuation, "
                               "articles and spaces ignored), contains, or judge (a rubric for the judge model)")
        shared(rows)
