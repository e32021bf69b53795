"""Load suite files: YAML with line numbers, checked whole before anything runs.

A bad file is refused with its path, the line and the reason of every problem found (an unknown
assertion, an unknown agent or tool, a malformed step, a bad regex...), never half-run.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import yaml
from pydantic import ValidationError

from agents.core import safe_yaml
from agents.core.errors import PlaygroundError
from agents.core.messages import Lang, in_lang
from agents.services.evals.checks import near as _near
from agents.services.evals.checks import semantics
from agents.services.evals.spec import ASSERTION_KINDS, MODIFIERS, STEP_KINDS, Suite
from agents.services.messages import one, say

Path_ = tuple[str | int, ...]
MAX_SUITE_BYTES = safe_yaml.MAX_YAML_BYTES


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    where: str
    reason: str

    def __str__(self) -> str:
        at = f"{self.file}:{self.line}" if self.line else self.file
        return f"{at}: {self.where + ': ' if self.where else ''}{self.reason}"


class SuiteError(PlaygroundError):
    """A suite file that cannot run; ``problems`` lists every reason with its line."""

    code = "bad_suite"

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems, key=lambda p: (p.file, p.line or 0))
        lines = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(f"{say('suite_problems', n=len(self.problems))}\n{lines}")

    def text(self, lang: Lang) -> str:
        """The head and every problem in one language."""
        lines = "\n".join(f"  {replace(p, reason=in_lang(p.reason, lang))}" for p in self.problems)
        return f"{one('suite_problems', lang, n=len(self.problems))}\n{lines}"


@dataclass(frozen=True)
class LoadedSuite:
    suite: Suite
    path: str
    text: str


def select(suites: list[LoadedSuite], *, tags: list[str] | None = None,
           names: list[str] | None = None) -> list[LoadedSuite]:
    """Only the cases with any of ``tags`` and (when given) named by one of ``names`` (an exact name or a
    shell pattern: ``"§9.*"``); suites left with no case drop out. Nothing selected is refused, naming the
    option, so a typo never runs (and passes) nothing."""
    from fnmatch import fnmatchcase

    from agents.core.inputs import InvalidInput

    if not tags and not names:
        return suites
    for option, values in (("--case", names or []), ("--tag", tags or [])):
        for value in values:
            if len(value) > 200:  # a case name has at most 200 characters: a longer pattern is a mistake
                raise InvalidInput(option, say("select_too_long", option=option, n=len(value)))
    out = []
    for loaded in suites:
        cases = [c for c in loaded.suite.cases
                 if (not tags or set(tags) & set(c.tags)) and (not names or any(
                     c.name == n or fnmatchcase(c.name, n) for n in names))]
        if cases:
            out.append(LoadedSuite(loaded.suite.model_copy(update={"cases": cases}), loaded.path, loaded.text))
    if not out:
        option = "--case" if names else "--tag"
        given = ", ".join(repr(v) for v in (names or tags or []))
        raise InvalidInput(option, say("select_nothing", option=option, given=given))
    return out


# --- YAML with line numbers --------------------------------------------------------------------------------


def _parse(text: str, file: str) -> tuple[object, dict[Path_, int]]:
    """The document and the line (1-based) of every mapping key and sequence item. The bounded loader
    refuses an alias bomb before anything walks it (the walk below visits every expanded value)."""
    try:
        node = safe_yaml.compose(text, MAX_SUITE_BYTES)
    except safe_yaml.YamlRefused as exc:
        raise SuiteError([Problem(file, exc.line, "", exc.message)]) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        reason = " ".join(str(p) for p in (getattr(exc, "context", None), getattr(exc, "problem", None)) if p)
        raise SuiteError([Problem(file, mark.line + 1 if mark else None, "", f"not valid YAML: {reason or exc}")]) \
            from None
    if node is None:
        raise SuiteError([Problem(file, 1, "", "the file is empty: a suite needs suite, agent and cases")])
    lines: dict[Path_, int] = {}

    def walk(n: yaml.Node, path: Path_) -> None:
        lines.setdefault(path, n.start_mark.line + 1)
        if isinstance(n, yaml.MappingNode):
            for key, value in n.value:
                lines[(*path, str(key.value))] = key.start_mark.line + 1
                walk(value, (*path, str(key.value)))
        elif isinstance(n, yaml.SequenceNode):
            for index, item in enumerate(n.value):
                lines[(*path, index)] = item.start_mark.line + 1
                walk(item, (*path, index))

    walk(node, ())
    try:
        data = safe_yaml.construct(node)
    except yaml.YAMLError as exc:
        raise SuiteError([Problem(file, None, "", f"not valid YAML: {exc}")]) from None
    return data, lines


def _where(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class _Checker:
    def __init__(self, file: str, lines: dict[Path_, int]) -> None:
        self.file = file
        self.lines = lines
        self.problems: list[Problem] = []

    def add(self, path: Path_, reason: str) -> None:
        line = None
        for cut in range(len(path), -1, -1):
            line = self.lines.get(path[:cut])
            if line is not None:
                break
        self.problems.append(Problem(self.file, line, _where(path), reason))


# --- the checks pydantic cannot make with a useful message -------------------------------------------------


def _structure(data: object, check: _Checker) -> None:
    if not isinstance(data, dict):
        check.add((), f"a suite is a mapping with suite, agent and cases, not a {type(data).__name__}")
        return
    cases = data.get("cases")
    if not isinstance(cases, list):
        return  # pydantic names it
    for ci, case in enumerate(cases):
        if not isinstance(case, dict) or not isinstance(case.get("turns"), list):
            continue
        for si, step in enumerate(case["turns"]):
            path: Path_ = ("cases", ci, "turns", si)
            if not isinstance(step, dict):
                check.add(path, f"malformed step: a step is a mapping such as 'user: …' or 'confirm: last', "
                                f"not {step!r}")
                continue
            kinds = [k for k in STEP_KINDS if k in step]
            unknown = [k for k in step if k not in (*STEP_KINDS, "extra", "expect")]
            for key in unknown:
                check.add((*path, key), f"malformed step: unknown key {key!r}{_near(key, [*STEP_KINDS, 'extra', 'expect'])}")
            if not kinds and not unknown:
                check.add(path, f"malformed step: it needs one of {', '.join(STEP_KINDS)}")
            elif len(kinds) > 1:
                check.add(path, f"malformed step: one step does one thing, but this has {' and '.join(kinds)}; "
                                "split it into separate steps")
            expect = step.get("expect")
            if expect is None:
                continue
            if not isinstance(expect, list):
                check.add((*path, "expect"), "'expect' is a list of assertions (each line starts with '- ')")
                continue
            for ai, item in enumerate(expect):
                _assertion(item, (*path, "expect", ai), check)


def _assertion(item: object, path: Path_, check: _Checker) -> None:
    if not isinstance(item, dict):
        check.add(path, f"an assertion is a mapping such as 'tool: NAME' or 'text_contains: TEXT', not {item!r}")
        return
    kinds = [k for k in item if k in ASSERTION_KINDS]
    if len(kinds) > 1:
        check.add(path, f"one assertion per list item, but this has {' and '.join(kinds)}: give each its own '- '")
        return
    if not kinds:
        names = [k for k in item if k not in MODIFIERS] or list(item)
        word = str(names[0]) if names else ""
        check.add((*path, word) if word else path,
                  f"unknown assertion {word!r}{_near(word, list(ASSERTION_KINDS))}; known: {', '.join(ASSERTION_KINDS)}")


def _pydantic_problems(exc: ValidationError, check: _Checker, data: object) -> None:
    found: list[tuple[Path_, str]] = []
    for error in exc.errors():
        path = _real_path(data, error["loc"])
        kind, msg = error["type"], error["msg"]
        if kind == "extra_forbidden":
            key = str(path[-1]) if path else "?"
            siblings = _siblings(data, path[:-1])
            reason = f"unknown key {key!r}{_near(key, siblings)}"
        elif kind == "missing":
            reason = f"'{path[-1]}' is required" if path else msg
            path = path[:-1] if path else path
        elif kind == "union_tag_invalid" or kind == "union_tag_not_found":
            continue  # already reported by _assertion with the known names
        else:
            reason = msg.removeprefix("Value error, ")
            value = error.get("input")
            if kind not in ("value_error", "assertion_error") and not isinstance(value, dict | list):
                reason += f" (got {value!r})"
            if kind == "string_type" and isinstance(value, int | float | bool):
                reason += "; YAML read it as a number or true/false: put the text in quotes"
        found.append((path, reason))
    # A union reports every member; keep the deepest place (a list item rather than "not a string").
    for path, reason in found:
        if not any(len(other) > len(path) and other[:len(path)] == path for other, _ in found):
            check.add(path, reason)


def _real_path(data: object, loc: tuple[int | str, ...]) -> Path_:
    """Pydantic's location without the union tags it inserts (``expect.0.tool.args`` -> ``expect.0.args``)."""
    out: list[str | int] = []
    node = data
    tag_skipped = False
    for part in loc:
        if isinstance(node, list) and isinstance(part, int) and part < len(node):
            out.append(part)
            node = node[part]
        elif (isinstance(node, dict) and part in ASSERTION_KINDS and len(out) >= 2 and out[-2] == "expect"
              and not tag_skipped):
            tag_skipped = True  # the union's tag, not a key of the document (the key may follow it)
        elif isinstance(part, str) and not isinstance(node, dict) and out:
            continue  # a union member's label ("str", "list[str]"), not a key of the document
        elif isinstance(node, dict) and part in node:
            out.append(part)
            node = node[part]
        else:
            out.append(part)
            node = None
    return tuple(out)


def _siblings(data: object, path: Path_) -> list[str]:
    from agents.services.evals import spec

    node = data
    for part in path:
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and -len(node) <= part < len(node):
            node = node[part]
        else:
            node = None
    if path == ():
        return list(spec.Suite.model_fields)
    if path[-1] == "defaults" or (len(path) >= 2 and path[-2] == "matrix"):
        return list(spec.Config.model_fields)
    if isinstance(node, dict) and (kind := spec.assertion_kind(node)):
        return ["not", *spec.ASSERTION_KINDS[kind].model_fields]
    if len(path) >= 2 and path[-2] == "cases":
        return list(spec.Case.model_fields)
    return []


# --- entry points ------------------------------------------------------------------------------------------


def parse_suite(text: str, file: str = "<suite>", *, allow_code: bool = False) -> LoadedSuite:
    """Parse and check one suite's text; raises ``SuiteError`` listing every problem. ``allow_code``: the CLI
    and local mode, where ``python:`` assertions are imported (code.py); elsewhere they are refused."""
    data, lines = _parse(text, file)
    if isinstance(data, dict):
        # "x-..." keys hold YAML anchors for reuse (x-start: &start ...), as in compose files.
        data = {k: v for k, v in data.items() if not (isinstance(k, str) and k.startswith("x-"))}
    check = _Checker(file, lines)
    _structure(data, check)
    suite: Suite | None = None
    try:
        suite = Suite.model_validate(data)
    except ValidationError as exc:
        _pydantic_problems(exc, check, data)
    semantics(data, check)
    _code(data, check, allow_code, Path(file).parent)
    if check.problems or suite is None:
        if not check.problems:
            check.add((), "the suite is not valid")
        raise SuiteError(_dedupe(check.problems))
    return LoadedSuite(suite=suite, path=file, text=text)


def _code(data: object, check: _Checker, allow_code: bool, folder: Path) -> None:
    """``python:`` assertions: refused without ``allow_code``, else imported now, so a bad name is refused
    with its line before anything runs."""
    from agents.services.evals.code import REFUSED_SHARED, resolve

    cases = data.get("cases") if isinstance(data, dict) else None
    for ci, case in enumerate(cases if isinstance(cases, list) else []):
        turns = case.get("turns") if isinstance(case, dict) else None
        for si, step in enumerate(turns if isinstance(turns, list) else []):
            if not isinstance(step, dict):
                continue
            places: list[tuple[Path_, object]] = []
            if isinstance(step.get("expect"), list):
                places += [(("cases", ci, "turns", si, "expect", ai), a) for ai, a in enumerate(step["expect"])]
            simulate = step.get("simulate")
            if isinstance(simulate, dict) and isinstance(simulate.get("until"), dict):
                places.append((("cases", ci, "turns", si, "simulate", "until"), simulate["until"]))
            for path, item in places:
                ref = item.get("python") if isinstance(item, dict) else None
                if not isinstance(ref, str):
                    continue
                if not allow_code:
                    check.add((*path, "python"), REFUSED_SHARED)
                    continue
                try:
                    resolve(ref, folder)
                except LookupError as exc:
                    check.add((*path, "python"), str(exc))


def _dedupe(problems: list[Problem]) -> list[Problem]:
    """One problem per place: the structural checks run first and say it best."""
    seen: set[tuple[int | None, str]] = set()
    out = []
    for p in problems:
        if (p.line, p.where) not in seen:
            seen.add((p.line, p.where))
            out.append(p)
    return out


def load_suite(path: str | Path, *, allow_code: bool = False) -> LoadedSuite:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SuiteError([Problem(str(path), None, "", f"cannot read the file: {exc.strerror}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SuiteError([Problem(str(path), None, "", f"not UTF-8 at byte {exc.start}: save the file as UTF-8")]) \
            from None
    return parse_suite(text, str(path), allow_code=allow_code)


def suite_files(target: str | Path) -> list[Path]:
    """A file; a folder of agents (``agents/``): each ``<id>/evals.yaml``; else every ``*.yaml`` / ``*.yml``
    under a folder (sorted)."""
    target = Path(target)
    if target.is_dir():
        shipped = sorted(p for p in target.glob("*/evals.yaml") if p.is_file())
        if shipped:  # the agents/ folder: each agent ships agents/<id>/evals.yaml
            return shipped
        files = sorted(p for p in target.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
        if not files:
            raise SuiteError([Problem(str(target), None, "", "no *.yaml suite files in this folder")])
        return files
    if not target.exists():
        raise SuiteError([Problem(str(target), None, "", "no such file or folder")])
    return [target]


def load_all(target: str | Path, *, allow_code: bool = False) -> list[LoadedSuite]:
    """Every suite of a file or folder; all are checked before any runs, and all problems are reported."""
    loaded: list[LoadedSuite] = []
    problems: list[Problem] = []
    for file in suite_files(target):
        try:
            loaded.append(load_suite(file, allow_code=allow_code))
        except SuiteError as exc:
            problems.extend(exc.problems)
    if problems:
        raise SuiteError(problems)
    return loaded


def iter_problems(error: SuiteError) -> Iterator[dict[str, str | int | None]]:
    for p in error.problems:
        yield {"file": p.file, "line": p.line, "where": p.where, "reason": p.reason}
