"""Suites from the ecosystem's files: a promptfoo config (here) and JSONL / CSV samples (import_rows.py).

Each import makes one suite of single-turn cases, checked by the suite loader before it is written, and lists
what it could not convert, each item naming where it was. The files come from people: the promptfoo config is
read by the bounded YAML loader (agents/core/safe_yaml.py), the cases and each message are capped, and a suite
larger than a suite file may be is refused rather than written half.

promptfoo's format, from its documentation (https://www.promptfoo.dev/docs/configuration/reference/,
https://www.promptfoo.dev/docs/configuration/test-cases, https://www.promptfoo.dev/docs/configuration/expected-outputs/
and .../expected-outputs/deterministic): ``prompts`` (strings with ``{{var}}`` placeholders, or ``{raw, id,
label}``), ``providers`` (``openai:gpt-4o-mini``...), ``tests`` (each ``{description, vars, assert: [{type,
value, provider}]}``; a list value in ``vars`` runs every combination), ``defaultTest`` (vars and asserts every
test gets; ``options.provider`` grades ``llm-rubric``), and ``not-`` before any assertion type negates it. Every
prompt runs with every test: here each (prompt, test) is one case whose one step sends the rendered prompt.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from agents.core.inputs import InvalidInput
from agents.core.user_regex import PatternRefused, compile_pattern
from agents.services.evals.from_chat import to_yaml
from agents.services.evals.loader import (
    MAX_SUITE_BYTES,
    LoadedSuite,
    Path_,
    Problem,
    SuiteError,
    _parse,
    _where,
    parse_suite,
)
from agents.services.messages import say

MAX_CASES = 1_000
MAX_MESSAGE_CHARS = 20_000
MAX_LISTED = 200  # items of the "not converted" list shown; the rest are counted
_VAR = re.compile(r"\{\{\s*([A-Za-z_][\w]*)\s*\}\}")
_TEMPLATE = re.compile(r"\{\{|\{%|\{#")
# promptfoo provider ids -> our providers (the part after the last ':' is the model).
_PROVIDERS = {"openai": "openai", "google": "gemini", "vertex": "gemini", "gemini": "gemini"}


@dataclass
class Imported:
    """The suite's YAML (already checked) and what could not be converted, each naming its place."""

    text: str
    suite: LoadedSuite
    not_converted: list[str] = field(default_factory=list)

    def report(self) -> list[str]:
        shown = self.not_converted[:MAX_LISTED]
        more = len(self.not_converted) - len(shown)
        return shown + ([f"… and {more:,} more"] if more > 0 else [])


class _Notes:
    def __init__(self, file: str, lines: dict[Path_, int]) -> None:
        self.file, self.lines = file, lines
        self.items: list[str] = []
        self._at: list[int] = []  # each item's line, to list them in the file's order

    def add(self, path: Path_, reason: str) -> None:
        """Once per place and reason: an assertion shared by every prompt and var combination is said once."""
        line = next((self.lines[path[:cut]] for cut in range(len(path), -1, -1) if path[:cut] in self.lines), None)
        at = f"{self.file}:{line}" if line else self.file
        item = f"{at}: {_where(path) + ': ' if path else ''}{reason}"
        if item not in self.items:
            index = sum(1 for other in self._at if other <= (line or 0))
            self.items.insert(index, item)
            self._at.insert(index, line or 0)


def suite_name(name: str | None, fallback: str) -> str:
    chosen = re.sub(r"[^\w.-]+", "-", (name or fallback)).strip("-.")[:100]
    return chosen or "imported"


def finish(data: Mapping[str, object], *, source: str, command: str, notes: list[str], file: str) -> Imported:
    """The suite's YAML with a header saying where it came from and what was left out; checked like any suite
    file before anyone writes it."""
    header = f"# Imported from {source} by `playground eval import {command}`.\n"
    if notes:
        header += "# Not converted:\n" + "".join(f"#   {line}\n" for line in _one_line(notes[:MAX_LISTED]))
        if len(notes) > MAX_LISTED:
            header += f"#   … and {len(notes) - MAX_LISTED:,} more\n"
    text = header + to_yaml(data)
    size = len(text.encode("utf-8"))
    if size > MAX_SUITE_BYTES:
        raise SuiteError([Problem(source, None, "", f"the imported suite would be {size:,} bytes, more than a suite "
                                                    f"file may be ({MAX_SUITE_BYTES:,}): import fewer cases at once")])
    return Imported(text, parse_suite(text, file), notes)


def _one_line(items: list[str]) -> list[str]:
    return [" ".join(item.split())[:300] for item in items]


# --- promptfoo ---------------------------------------------------------------------------------------------


def from_promptfoo(text: str, *, agent: str | None = None, name: str | None = None,
                   file: str = "promptfooconfig.yaml", agent_field: str = "--agent",
                   read: Callable[[str], str] | None = None) -> Imported:
    """A promptfoo config as a suite: every prompt × test (× each combination of list vars) one case.
    ``read`` reads a ``file://`` prompt (the CLI: beside the config, bounded); without it such prompts are listed
    as not converted."""
    data, lines = _parse(text, file)  # bounded: size, aliases, depth, expanded values
    if not isinstance(data, dict):
        raise SuiteError([Problem(file, 1, "", f"a promptfoo config is a mapping with prompts and tests, not a "
                                               f"{type(data).__name__}")])
    notes = _Notes(file, lines)
    tags: dict[str, object] = data["tags"] if isinstance(data.get("tags"), dict) else {}
    agent = agent or (str(tags["agent"]) if tags.get("agent") else None)
    if not agent:
        raise InvalidInput(agent_field, say("import_no_agent", field=agent_field))
    for key in data:
        if key not in ("description", "prompts", "providers", "tests", "defaultTest", "tags"):
            notes.add((str(key),), f"'{key}' is not converted (only prompts, providers, tests and defaultTest are)")
    prompts = _prompts(data.get("prompts"), notes, read)
    configs = _providers(data.get("providers"), notes)
    default: dict[str, object] = data["defaultTest"] if isinstance(data.get("defaultTest"), dict) else {}
    if data.get("defaultTest") is not None and not default:
        notes.add(("defaultTest",), "a defaultTest given as a file is not read: inline it")
    if default.get("vars") is not None and not isinstance(default.get("vars"), dict):
        notes.add(("defaultTest", "vars"), "vars given as a file are not read")
    judge = _judge_model(default, notes)
    tests = data.get("tests")
    if not isinstance(tests, list):
        notes.add(("tests",), "tests given as a file or a dataset are not read: list them in the config")
        tests = []
    cases: list[dict[str, object]] = []
    names: set[str] = set()
    for ti, test in enumerate(tests):
        if not isinstance(test, dict):
            notes.add(("tests", ti), "a test is a mapping with vars and assert")
            continue
        for key in test:
            if key not in ("description", "vars", "assert"):
                notes.add(("tests", ti, str(key)), f"'{key}' is not converted")
        for combo in _combinations(default.get("vars"), test.get("vars"), ("tests", ti), notes):
            for pi, (prompt_path, prompt) in enumerate(prompts):
                if len(cases) >= MAX_CASES:
                    raise SuiteError([Problem(file, lines.get(("tests", ti)), _where(("tests", ti)),
                                              f"more than {MAX_CASES:,} cases (prompts × tests × var combinations): "
                                              "split the config")])
                case = _case(test, ti, pi, len(prompts), prompt_path, prompt, combo, default, notes)
                if case is not None:
                    case["name"] = _unique(str(case["name"]), names)
                    cases.append(case)
    if not cases:
        raise SuiteError([Problem(file, None, "", "nothing to import: no test could be converted into a case"),
                          *(Problem(file, None, "", item) for item in notes.items[:20])])
    suite: dict[str, object] = {"suite": suite_name(name, str(data.get("description") or "") or "promptfoo"),
                             "agent": agent}
    if isinstance(data.get("description"), str):
        suite["description"] = data["description"][:500]
    if configs:
        suite["defaults"] = configs[0]
        if len(configs) > 1:
            suite["matrix"] = configs
    if judge:
        suite["judge_model"] = judge
    suite["cases"] = cases
    return finish(suite, source=file, command="promptfoo", notes=notes.items, file=f"{suite['suite']}.yaml")


def _prompts(value: object, notes: _Notes, read: Callable[[str], str] | None) -> list[tuple[Path_, str]]:
    items = [value] if isinstance(value, str | dict) else value if isinstance(value, list) else []
    out: list[tuple[Path_, str]] = []
    for i, item in enumerate(items):
        path: Path_ = ("prompts", i) if isinstance(value, list) else ("prompts",)
        raw = item.get("raw") if isinstance(item, dict) else item
        if not isinstance(raw, str):
            notes.add(path, "a prompt is text or {raw: text}")
        elif raw.startswith("file://") and (read is None or not raw.endswith((".txt", ".md"))):
            notes.add(path, f"{raw[:80]}: " + ("prompts in files are not read: paste the prompt's text" if read is None
                                              else "only .txt and .md prompt files are read (a chat or code prompt "
                                                   "is not converted)"))
        elif raw.startswith("file://") and read is not None:
            try:
                out.append((path, read(raw.removeprefix("file://"))))
            except (OSError, ValueError) as exc:
                notes.add(path, f"{raw[:80]}: cannot be read: {getattr(exc, 'strerror', None) or exc}")
        elif raw.lstrip().startswith("["):
            notes.add(path, "a chat-format prompt (a list of messages) is not converted: the agent has its own "
                            "system prompt; give the user's message as text")
        else:
            out.append((path, raw))
    if not out:
        reason = "no prompts: a promptfoo config lists the prompts to send" if value is None else \
            "no prompt could be converted: " + "; ".join(notes.items[-3:])
        raise SuiteError([Problem(notes.file, notes.lines.get(("prompts",)), "prompts" if value else "", reason)])
    return out


def _providers(value: object, notes: _Notes) -> list[dict[str, str]]:
    items = [value] if isinstance(value, str | dict) else value if isinstance(value, list) else []
    out: list[dict[str, str]] = []
    for i, item in enumerate(items):
        path: Path_ = ("providers", i) if isinstance(value, list) else ("providers",)
        ident = item.get("id") if isinstance(item, dict) else item
        family, _, rest = str(ident or "").partition(":")
        model = rest.rsplit(":", 1)[-1] if rest else None
        if family in _PROVIDERS and model:
            config = {"provider": _PROVIDERS[family], "model": model}
            if config not in out:
                out.append(config)
        else:
            notes.add(path, f"provider {str(ident)[:80]!r} is not converted (openai:MODEL, google:MODEL and "
                            "vertex:MODEL are; the run's --provider and --model choose others)")
    return out


def _judge_model(default: dict[str, object], notes: _Notes) -> dict[str, object] | None:
    found = default.get("options")
    options: dict[str, object] = found if isinstance(found, dict) else {}
    provider = options.get("provider")
    if provider is None:
        return None
    judge = _provider_of(provider)
    if judge is None:
        notes.add(("defaultTest", "options", "provider"), f"the grader {str(provider)[:80]!r} is not converted: "
                                                          "llm-rubric is skipped until a judge_model is named")
    return judge


def _provider_of(value: object) -> dict[str, object] | None:
    ident = value.get("id") if isinstance(value, dict) else value
    family, _, rest = str(ident or "").partition(":")
    if family not in _PROVIDERS or not rest:
        return None
    return {"provider": _PROVIDERS[family], "model": rest.rsplit(":", 1)[-1]}


def _combinations(defaults: object, given: object, path: Path_, notes: _Notes) -> list[dict[str, object]]:
    """promptfoo runs every combination of the list values in ``vars``."""
    merged = {**(defaults if isinstance(defaults, dict) else {}), **(given if isinstance(given, dict) else {})}
    if given is not None and not isinstance(given, dict):
        notes.add((*path, "vars"), "vars given as a file are not read")
    keys = [k for k, v in merged.items() if isinstance(v, list)]
    total = 1
    for key in keys:
        total *= max(len(merged[key]), 1)
        if total > MAX_CASES:
            raise SuiteError([Problem(notes.file, notes.lines.get(path), _where(path),
                                      f"the list values in vars make more than {MAX_CASES:,} combinations")])
    if not keys:
        return [merged]
    return [{**merged, **dict(zip(keys, values, strict=True))}
            for values in itertools.product(*(merged[k] for k in keys))]


def _render(template: str, values: dict[str, object]) -> tuple[str | None, str]:
    """``{{name}}`` replaced by its var; (None, why) when the template needs more than that."""
    missing = [m for m in _VAR.findall(template) if m not in values]
    if missing:
        return None, f"the prompt uses {{{{{missing[0]}}}}}, which the test's vars do not give"
    for name in _VAR.findall(template):
        if isinstance(values[name], dict | list):
            return None, f"the var {name!r} is not text"
        if isinstance(text := values[name], str) and text.startswith("file://"):
            return None, f"the var {name!r} names a file, which is not read"
    out = _VAR.sub(lambda m: str(values[m.group(1)]), template)
    rest = _TEMPLATE.search(_VAR.sub("", template))
    if rest is not None:
        return None, "the prompt uses Nunjucks beyond {{var}} (filters, tags): not converted"
    if len(out) > MAX_MESSAGE_CHARS:
        return None, f"the rendered prompt has {len(out):,} characters (at most {MAX_MESSAGE_CHARS:,})"
    if not out.strip():
        return None, "the rendered prompt is empty"
    return out, ""


def _case(test: dict[str, object], ti: int, pi: int, prompts: int, prompt_path: Path_, prompt: str,
          values: dict[str, object], default: dict[str, object], notes: _Notes) -> dict[str, object] | None:
    message, why = _render(prompt, values)
    if message is None:
        notes.add(("tests", ti), f"with {_where(prompt_path)}: {why}")
        return None
    described = test.get("description")
    name = str(described) if isinstance(described, str) and described.strip() else f"test {ti + 1}"
    given, defaults = test.get("vars") or {}, default.get("vars") or {}
    listed = [k for k, v in {**(defaults if isinstance(defaults, dict) else {}), **given}.items()
              if isinstance(v, list)] if isinstance(given, dict) else []
    if listed:
        name += " (" + ", ".join(f"{k}={str(values[k])[:30]}" for k in listed) + ")"
    if prompts > 1:
        name += f" · prompt {pi + 1}"
    expect: list[dict[str, object]] = []
    asserts: list[tuple[Path_, object]] = [(("defaultTest", "assert", i), a)
                                        for i, a in enumerate(_list(default.get("assert")))]
    asserts += [(("tests", ti, "assert", i), a) for i, a in enumerate(_list(test.get("assert")))]
    for path, item in asserts:
        converted = _assertion(item, values, path, notes)
        if converted is not None:
            expect.append(converted)
    if not expect:
        expect.append({"no_error": True})  # what running a test without assertions checks
    return {"name": name[:200], "tags": ["promptfoo"], "turns": [{"user": message, "expect": expect}]}


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _assertion(item: object, values: dict[str, object], path: Path_, notes: _Notes) -> dict[str, object] | None:
    def skip(reason: str) -> dict[str, object] | None:
        notes.add(path, reason)
        return None

    if not isinstance(item, dict) or not isinstance(item.get("type"), str):
        return skip("an assertion is a mapping with a type")
    kind = item["type"]
    negated = kind.startswith("not-")
    base = kind.removeprefix("not-")
    if "transform" in item:
        return skip(f"{kind}: 'transform' changes the output before the check; not converted")
    value = item.get("value")
    if isinstance(value, str):
        rendered, _ = _render(value, values) if _VAR.search(value) else (value, "")
        value = rendered if rendered is not None else value
    out: dict[str, object] | None = None
    texts = [str(v) for v in value] if isinstance(value, list) and all(
        isinstance(v, str | int | float) for v in value) else None
    scalar = str(value) if isinstance(value, str | int | float) and not isinstance(value, bool) else None
    match base:
        case "javascript":
            return skip("javascript assertions are refused: this app runs no JavaScript; write the check as a "
                        "python: module:function assertion")
        case "python":
            return skip("promptfoo's python assertions (inline code or file://) are not converted: write the check "
                        "as python: module:function")
        case "equals" if scalar is not None:
            out = {"text_equals": scalar}
        case "contains" | "icontains" if scalar is not None:
            out = {"text_contains": scalar, **({"ignore_case": True} if base == "icontains" else {})}
        case "contains-all" | "icontains-all" | "contains-any" | "icontains-any" if texts:
            out = {"text_contains": texts, **({"ignore_case": True} if base.startswith("i") else {}),
                   **({"any": True} if base.endswith("any") else {})}
        case "starts-with" if scalar is not None:
            out = {"text_matches": "^" + re.escape(scalar)}
        case "regex" if scalar is not None:
            try:
                compile_pattern(scalar)
            except PatternRefused as exc:
                return skip(f"regex: {exc.message}")
            out = {"text_matches": scalar}
        case "is-json":
            if value is not None:
                skip("is-json: the JSON schema is not checked, only that the reply is JSON")
            out = {"is_json": True}
        case "llm-rubric" if scalar is not None:
            judge = _provider_of(item.get("provider")) if item.get("provider") is not None else None
            if item.get("provider") is not None and judge is None:
                skip(f"llm-rubric: the grader {str(item.get('provider'))[:80]!r} is not converted (the suite's "
                     "judge_model grades it)")
            out = {"judge": {"rubric": scalar, **(judge or {})} if judge else scalar}
        case "latency" if isinstance(item.get("threshold"), int | float):
            out = {"latency_ms_max": item["threshold"]}
        case "cost" if isinstance(item.get("threshold"), int | float):
            out = {"cost_max": item["threshold"]}
        case _:
            return skip(f"{kind} is not converted" + (" (its value is not text)" if base in _KNOWN else ""))
    if negated:
        out["not"] = True
    return out


_KNOWN = frozenset({"equals", "contains", "icontains", "contains-all", "icontains-all", "contains-any",
                    "icontains-any", "starts-with", "regex", "llm-rubric", "latency", "cost"})


def _unique(name: str, seen: set[str]) -> str:
    out, n = name, 2
    while out in seen:
        out = f"{name[:190]} #{n}"
        n += 1
    seen.add(out)
    return out
