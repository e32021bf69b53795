"""Single-turn cases from rows of samples: JSON Lines in OpenAI evals' format and CSV with a header.

OpenAI evals' samples (https://github.com/openai/evals/blob/main/docs/build-eval.md): one JSON object per line,
``input`` a chat (a list of ``{role, content}``; the last user message is what a case sends: the agent has its
own system prompt) or a text, and ``ideal`` the right answer (a text, or a list of acceptable ones). A CSV names
its columns in its first row. ``--input-field`` and ``--ideal-field`` pick other names. Each row becomes one case
whose reply must match the ideal answer: ``exact``, ``normalised`` (case, punctuation, articles and spaces
ignored: evals' fuzzy match), ``contains`` (any acceptable answer inside the reply) or ``judge`` (a rubric).

A bad row is named by its line, every bad row at once, and nothing is imported: a file is refused whole rather
than converted half.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Literal

from agents.services.evals.imports import MAX_CASES, MAX_MESSAGE_CHARS, Imported, finish, suite_name
from agents.services.evals.loader import Problem, SuiteError

Match = Literal["exact", "normalised", "contains", "judge"]
MATCHES: tuple[Match, ...] = ("exact", "normalised", "contains", "judge")
FORMATS = ("jsonl", "csv")
MAX_PROBLEMS = 50  # bad rows listed; the rest are counted
_EXTRA = "\0extra"  # where csv puts the cells past the header's columns


def from_rows(raw: bytes, fmt: str, *, agent: str, file: str, input_field: str = "input",
              ideal_field: str = "ideal", match: str = "exact", name: str | None = None) -> Imported:
    if fmt not in FORMATS:
        raise SuiteError([Problem(file, None, "", f"the format is jsonl or csv, not {fmt!r}")])
    if match not in MATCHES:
        raise SuiteError([Problem(file, None, "", f"--match is one of {', '.join(MATCHES)}, not {match!r}")])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SuiteError([Problem(file, None, "", f"not UTF-8 at byte {exc.start}: save the file as UTF-8")]) from None
    rows = _jsonl(text, file) if fmt == "jsonl" else _csv(text, file)
    problems: list[Problem] = []
    cases: list[dict[str, object]] = []
    dropped = 0
    for line, row in rows:
        if isinstance(row, Problem):
            problems.append(row)
            continue
        message, ideal, why, earlier = _sample(row, input_field, ideal_field)
        if message is None or ideal is None:
            problems.append(Problem(file, line, "", why))
            continue
        dropped += earlier
        if len(cases) >= MAX_CASES:
            problems.append(Problem(file, line, "", f"more than {MAX_CASES:,} rows: split the file"))
            break
        cases.append({"name": f"line {line}: {' '.join(message.split())[:80]}", "tags": [fmt],
                      "turns": [{"user": message, "expect": [_expect(ideal, match)]}]})
    if problems:
        more = len(problems) - MAX_PROBLEMS
        shown = problems[:MAX_PROBLEMS] + ([Problem(file, None, "", f"… and {more:,} more bad rows")] if more > 0 else [])
        raise SuiteError(shown)
    if not cases:
        raise SuiteError([Problem(file, None, "", "no rows: the file has no samples to import")])
    notes = [f"{file}: {dropped:,} earlier message(s) of the samples' chats (system prompts, earlier turns) were left "
             "out: a case sends the last user message to the agent, which has its own prompt"] if dropped else []
    stem = file.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    suite: dict[str, object] = {"suite": suite_name(name, stem), "agent": agent,
             "description": f"{len(cases):,} samples from {stem}.{fmt}, matched {match}", "cases": cases}
    return finish(suite, source=file, command=fmt, notes=notes, file=f"{suite['suite']}.yaml")


def _jsonl(text: str, file: str) -> list[tuple[int, dict[str, object] | Problem]]:
    out: list[tuple[int, dict[str, object] | Problem]] = []
    for line, content in enumerate(text.splitlines(), start=1):
        if not content.strip():
            continue
        try:
            row = json.loads(content)
        except json.JSONDecodeError as exc:
            out.append((line, Problem(file, line, "", f"not JSON: {exc.msg} at column {exc.colno}")))
            continue
        if not isinstance(row, dict):
            out.append((line, Problem(file, line, "", f"a sample is a JSON object, not {type(row).__name__}")))
            continue
        out.append((line, row))
    return out


def _csv(text: str, file: str) -> list[tuple[int, dict[str, object] | Problem]]:
    reader = csv.DictReader(io.StringIO(text, newline=""), restkey=_EXTRA)
    out: list[tuple[int, dict[str, object] | Problem]] = []
    start = 2  # the row after the header
    try:
        if reader.fieldnames is None:
            return out
        for row in reader:
            if _EXTRA in row:
                cells = len(reader.fieldnames) + len(row[_EXTRA])
                out.append((start, Problem(file, start, "", f"{cells} cells, but the header has "
                                                            f"{len(reader.fieldnames)} columns")))
            elif any(v is None for v in row.values()):
                out.append((start, Problem(file, start, "", "fewer cells than the header has columns")))
            else:
                out.append((start, dict(row)))
            start = reader.line_num + 1
    except csv.Error as exc:
        out.append((reader.line_num, Problem(file, reader.line_num, "", f"not CSV: {exc}")))
    return out


def _sample(row: dict[str, object], input_field: str,
            ideal_field: str) -> tuple[str | None, str | list[str] | None, str, int]:
    """(message, ideal, why not, earlier messages left out)."""
    fields = ", ".join(repr(k) for k in list(row)[:12])
    if input_field not in row:
        return None, None, f"no {input_field!r} field (its fields: {fields}); name it with --input-field", 0
    if ideal_field not in row:
        return None, None, f"no {ideal_field!r} field (its fields: {fields}); name it with --ideal-field", 0
    value, earlier = row[input_field], 0
    if isinstance(value, list):  # a chat: the last user message is sent
        users = [i for i, m in enumerate(value) if isinstance(m, dict) and m.get("role") == "user"]
        if not users or not isinstance(value[users[-1]].get("content"), str):
            return None, None, f"{input_field!r} is a chat with no user message whose content is text", 0
        earlier = len(value) - 1
        value = value[users[-1]]["content"]
    if not isinstance(value, str) or not value.strip():
        return None, None, f"{input_field!r} is empty or not text (a text, or a chat: a list of {{role, content}})", 0
    if len(value) > MAX_MESSAGE_CHARS:
        return None, None, f"{input_field!r} has {len(value):,} characters (at most {MAX_MESSAGE_CHARS:,})", 0
    ideal = row[ideal_field]
    if isinstance(ideal, int | float) and not isinstance(ideal, bool):
        ideal = str(ideal)
    if isinstance(ideal, list) and ideal and all(isinstance(i, str) and i.strip() for i in ideal):
        return value, ideal if len(ideal) > 1 else ideal[0], "", earlier
    if not isinstance(ideal, str) or not ideal.strip():
        return None, None, f"{ideal_field!r} is empty or not text (a text, or a list of acceptable texts)", 0
    return value, ideal, "", earlier


def _expect(ideal: str | list[str], match: str) -> dict[str, object]:
    if match == "exact":
        return {"text_equals": ideal}
    if match == "normalised":
        return {"text_equals": ideal, "normalise": True}
    if match == "contains":
        return {"text_contains": ideal, **({"any": True} if isinstance(ideal, list) else {})}
    answers = ideal if isinstance(ideal, list) else [ideal]
    wanted = answers[0] if len(answers) == 1 else "one of: " + "; ".join(answers)
    return {"judge": f"The reply gives the same answer as the ideal answer, {wanted}"}
