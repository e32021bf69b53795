"""The Modify form of a pending action, framework-neutral: one field per property of the tool's JSON
Schema (the right widget, enums as choices, money with its unit), the edited values turned back into a
PARTIAL object (only what changed; the core merges it over the stored arguments), and the core's
validation problems named by the same labels in the UI's language.

Both front ends draw these fields with their own widgets (pages/gradio/dock.py, pages/streamlit/dock.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Literal

from agents.core.errors import PlaygroundError
from agents.view.conversation import BadEdit
from agents.view.texts import FIELD_ERROR_HEAD, FIELD_ERRORS, Lang, error_parts, t

if TYPE_CHECKING:
    from agents.core.agent import AgentSpec

Widget = Literal["text", "integer", "number", "money", "percent", "choice", "choices", "date", "check", "list", "json"]
_HANGUL = re.compile(r"[가-힣]")
_MONEY_NAME = re.compile(r"(budget|price|amount|cost|krw)$", re.IGNORECASE)


@dataclass(frozen=True)
class FormField:
    name: str
    label: str
    widget: Widget
    value: object  # as the widget shows it: a number, text, a list of choices, JSON text
    required: bool = False
    nullable: bool = True
    choices: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()  # what each choice shows, when not the value itself (an entity's name for its id)
    minimum: float | None = None
    maximum: float | None = None
    unit: str = ""
    help: str = ""
    original: object = field(default=None, compare=False)  # the stored value, to send only what changed


def _items(value: object) -> list[object]:
    """A schema's (or a widget's) list; anything else reads as an empty one."""
    return list(value) if isinstance(value, list | tuple) else []


def _mapping(value: object) -> dict[str, object]:
    """A schema's mapping; anything else reads as an empty one."""
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}


def _bound(value: object) -> int | float | None:
    """A schema's minimum or maximum as it is written (an int stays an int: Streamlit refuses mixed types)."""
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def _plain(prop: Mapping[str, object]) -> tuple[dict[str, object], bool]:
    """The property without its ``anyOf [..., null]`` wrapper, and whether null is allowed."""
    options = [_mapping(o) for o in _items(prop.get("anyOf"))]
    if not options:
        return dict(prop), prop.get("type") == "null"
    kept = [o for o in options if o.get("type") != "null"]
    inner: dict[str, object] = dict(kept[0]) if len(kept) == 1 else {"type": "json"}
    inner.update({k: v for k, v in prop.items() if k not in ("anyOf", "type")})
    return inner, len(kept) < len(options)


def humanize(name: str) -> str:
    """``dailyBudget`` / ``trip_id`` -> "Daily budget" / "Trip id"."""
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ").split()
    return " ".join(words).capitalize() if words else name


def _label(name: str, prop: Mapping[str, object], lang: Lang) -> str:
    description = str(prop.get("description") or "")
    if lang == "ko" and _HANGUL.search(description):
        return re.split(r"\s*[(,]", description, maxsplit=1)[0].strip() or humanize(name)
    return humanize(name)


def _widget(name: str, prop: Mapping[str, object]) -> tuple[Widget, tuple[str, ...], str]:
    kind, description = prop.get("type"), str(prop.get("description") or "")
    if "enum" in prop:
        return "choice", tuple(str(v) for v in _items(prop["enum"])), ""
    if kind in ("integer", "number"):
        if "(원)" in description or "원)" in description or _MONEY_NAME.search(name):
            return "money", (), "원"
        if "%" in description or "percent" in name.lower():
            return "percent", (), "%"
        return ("integer" if kind == "integer" else "number"), (), ""
    if kind == "boolean":
        return "check", (), ""
    if kind == "string":
        return ("date" if prop.get("format") == "date" else "text"), (), ""
    if kind == "array":
        items = _mapping(prop.get("items"))
        if "enum" in items:
            return "choices", tuple(str(v) for v in _items(items["enum"])), ""
        if items.get("type") in ("string", "integer", "number"):
            return "list", (), ""
    return "json", (), ""


def _help(name: str, prop: Mapping[str, object], lang: Lang, unit: str) -> str:
    """The description under the label, when it says more than the label (and is in the UI's language)."""
    description = str(prop.get("description") or "")
    if lang == "en" and _HANGUL.search(description):
        return ""
    label = _label(name, prop, lang)
    said = re.sub(r"[\s()]", "", description)
    return "" if said in (re.sub(r"[\s()]", "", label), re.sub(r"[\s()]", "", f"{label}{unit}")) else description


def _shown(widget: Widget, value: object) -> object:
    if widget == "json":
        return json.dumps(value, ensure_ascii=False, indent=2) if value is not None else ""
    if widget == "list":
        return ", ".join(str(v) for v in _items(value))
    if widget == "choices":
        return _items(value)
    if widget in ("text", "date"):
        return "" if value is None else str(value)
    if isinstance(value, float) and value.is_integer():  # 20.0 % reads as 20
        return int(value)
    return value


Options = Callable[[str], list[tuple[str, str]]]


def form_fields(schema: Mapping[str, object], args: Mapping[str, object], lang: Lang,
                options: Options | None = None) -> list[FormField]:
    """One field per property, in the schema's order, holding the stored value. A property that names where
    its choices come from (``"x-choices": source``) is a choice among ``options(source)``: (value, label) pairs,
    e.g. campaigns shown by name holding their ids (``agents.view.registry.arg_choices``)."""
    required = {str(r) for r in _items(schema.get("required"))}
    fields: list[FormField] = []
    for name, given in _mapping(schema.get("properties")).items():
        raw = _mapping(given)
        prop, nullable = _plain(raw)
        widget, choices, unit = _widget(name, prop)
        value = args.get(name, raw.get("default"))
        labels: tuple[str, ...] = ()
        offered = options(str(prop["x-choices"])) if options is not None and prop.get("x-choices") else []
        if offered and widget == "text":
            if value is not None and str(value) not in {v for v, _ in offered}:
                offered = [(str(value), str(value)), *offered]  # a name or a gone entity: kept as it was stored
            widget, choices, labels = "choice", tuple(v for v, _ in offered), tuple(label for _, label in offered)
        fields.append(FormField(
            name=name, label=_label(name, prop, lang), widget=widget, value=_shown(widget, value),
            required=name in required, nullable=nullable or name not in required, choices=choices, labels=labels,
            minimum=_bound(prop.get("minimum")), maximum=_bound(prop.get("maximum")), unit=unit,
            help=_help(name, prop, lang, unit), original=value))
    return fields


def _number(f: FormField, raw: object, lang: Lang) -> int | float | None:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    try:
        number = float(raw) if isinstance(raw, int | float) else float(str(raw).replace(",", "").strip())
    except ValueError:
        raise BadEdit(field_problem_text(f.label, "float_parsing", {}, lang)) from None
    whole = f.widget in ("integer", "money") or (f.original is None or isinstance(f.original, int))
    return int(number) if whole and number.is_integer() else number


def _value(f: FormField, raw: object, lang: Lang) -> object:
    """A widget's value as the tool's argument."""
    match f.widget:
        case "integer" | "number" | "money" | "percent":
            return _number(f, raw, lang)
        case "check":
            return bool(raw)
        case "choices":
            return _items(raw)
        case "list":
            items = [part.strip() for part in str(raw or "").split(",") if part.strip()]
            return items or (None if f.original is None else [])
        case "json":
            if not str(raw or "").strip():
                return None
            try:
                return json.loads(str(raw))
            except json.JSONDecodeError as exc:
                where = f"{exc.lineno}:{exc.colno}"
                raise BadEdit(f"{f.label}: " + t("bad_json", lang, where=where)) from None
        case "choice":
            return None if raw in (None, "", t("none_choice", lang)) else raw
        case "date":
            text = str(raw or "").strip()
            if text:
                try:
                    date.fromisoformat(text)
                except ValueError:
                    raise BadEdit(field_problem_text(f.label, "date_parsing", {}, lang)) from None
            return text or None
        case _:
            text = "" if raw is None else str(raw)
            return None if not text and f.original is None else text


def form_patch(fields: list[FormField], values: Sequence[object], lang: Lang) -> dict[str, object]:
    """The fields whose value differs from the stored one: the partial object Modify sends."""
    patch: dict[str, object] = {}
    for f, raw in zip(fields, values, strict=True):
        value = _value(f, raw, lang)
        if value != f.original:
            patch[f.name] = value
    return patch


def field_problem_text(label: str, kind: str, limits: Mapping[str, object], lang: Lang, message: str = "") -> str:
    known = FIELD_ERRORS.get(kind)
    if known is None:  # a model's own check (value_error): its sentence is already written for people
        return f"{label}: {message}" if label and message else (message or label)
    shown = {k: f"{v:,}" if isinstance(v, (int, float)) and not isinstance(v, bool) else v for k, v in limits.items()}
    words = (known[0] if lang == "ko" else known[1]).format_map(_Limits(shown))
    return f"{label}: {words}" if label else words


class _Limits(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "?"


def problems_text(problems: Sequence[Mapping[str, object]], schema: Mapping[str, object] | None, lang: Lang) -> str:
    """The core's validation problems (agents/core/arg_patch.py) as lines a person reads, in ``lang``,
    each field named by the label the form shows."""
    labels = {f.name: f.label for f in form_fields(schema or {}, {}, lang)}
    lines = []
    for problem in problems:
        path = str(problem.get("field") or "")
        top = path.split(".")[0]
        label = labels.get(top, humanize(top)) if top else ""
        if "." in path:
            label = f"{label} ({path.split('.', 1)[1]})"
        lines.append("- " + field_problem_text(label, str(problem.get("kind")), _mapping(problem.get("limits")), lang,
                                               str(problem.get("message") or "")))
    head = FIELD_ERROR_HEAD[0] if lang == "ko" else FIELD_ERROR_HEAD[1]
    return head + ("\n" + "\n".join(lines) if lines else "")


def modify_error_text(exc: PlaygroundError, schema: Mapping[str, object], lang: Lang) -> str:
    """A refused Modify in the UI's language: the fields named by the form's labels when the core said
    which, else the catalogue's words for the error's code with the core's own sentence under them."""
    problems = getattr(exc, "problems", None)
    if problems:
        return problems_text(problems, schema, lang)
    head, detail = error_parts(exc.code, exc.message, lang)
    return f"{head}\n\n<small>{detail}</small>" if detail else head


def tool_schema(spec: AgentSpec, tool_name: str) -> dict[str, object]:
    """The JSON Schema of one of ``spec``'s tools ({} when it no longer exists)."""
    tool = spec.tools.get(tool_name)
    return tool.json_schema() if tool is not None else {}
