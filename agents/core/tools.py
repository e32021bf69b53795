"""Tools: a name, a description, a pydantic args model, a kind and a handler.

The registry exports the same tools in the shapes each provider expects, so an
agent declares its tools once.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from agents.core import cards
from agents.core.events import Detail
from agents.core.ids import new_id
from agents.core.messages import Lang, one

if TYPE_CHECKING:
    from datetime import datetime

    from agents.core.store import Store


class ToolKind(StrEnum):
    QUERY = "query"  # runs at once, result goes back to the model
    MUTATION = "mutation"  # becomes a pending action; runs only after confirmation
    META = "meta"  # steers the conversation (clarify, free-form reply)


class Card(BaseModel):
    card_type: str
    title: str
    data: cards.CardField = {}  # its kind's registered model (agents/core/cards.py), kept as JSON

    @model_validator(mode="before")
    @classmethod
    def _fits_its_kind(cls, values: object) -> object:
        """A model is checked for its kind, a dict against the kind's model, before either becomes JSON."""
        if isinstance(values, dict) and isinstance(values.get("card_type"), str):
            cards.check(values["card_type"], values.get("data") or {})
        return values


class ToolOutput(BaseModel):
    ok: bool = True
    summary: str  # human-readable result, shown in chat and given to the model
    data: object = None  # what the model is given back (JSON-able), passed through to the trace
    cards: list[Card] = []
    # A question for the user ({question, options, context}); streamed as a clarification event.
    clarification: dict[str, object] | None = None


class Confirmation(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    summary: str
    details: list[Detail] = []
    warnings: list[str] = []


@dataclass(frozen=True)
class ToolContext:
    user_id: str
    conversation_id: str
    agent_id: str
    store: Store
    now: datetime
    # The turn's done.meta, for tools that report usage (e.g. Places calls); empty outside a turn.
    meta: dict[str, object] = field(default_factory=dict)


Handler = Callable[[Any, ToolContext], ToolOutput]
ConfirmationBuilder = Callable[[Any, ToolContext, Any], Confirmation]


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    args_model: type[BaseModel]
    kind: ToolKind
    handler: Handler
    # For mutations: (args, ctx, previous_args or None) -> Confirmation.
    confirmation: ConfirmationBuilder | None = None
    # False for actions only a person starts (a card's button): the model never sees or calls them.
    model_visible: bool = True

    def validate(self, raw: dict[str, object]) -> BaseModel:
        return self.args_model.model_validate(raw)

    def build_confirmation(self, args: BaseModel, ctx: ToolContext, previous: BaseModel | None = None) -> Confirmation:
        if self.confirmation is not None:
            return self.confirmation(args, ctx, previous)
        lang = ctx.meta.get("lang")  # the turn's reading of the conversation's language, when it made one
        return default_confirmation(self, args, previous, "en" if lang == "en" else "ko")

    def json_schema(self) -> dict[str, object]:
        return _schema_of(self.args_model)


@functools.cache
def _schema_of(model: type[BaseModel]) -> dict[str, object]:
    # Generating a schema costs milliseconds; tools are immutable, so once per model.
    return inline_refs(model.model_json_schema())


@functools.cache
def _for_model(model: type[BaseModel]) -> dict[str, object]:
    """The schema a model is sent: without the ``x-`` keys, which are hints for our forms (``x-choices``), not
    JSON Schema a provider is bound to accept."""
    def strip(value: object) -> object:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if not (isinstance(k, str) and k.startswith("x-"))}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    stripped = strip(_schema_of(model))
    assert isinstance(stripped, dict)
    return stripped


def default_confirmation(tool: Tool, args: BaseModel, previous: BaseModel | None,
                         lang: Lang = "ko") -> Confirmation:
    now = args.model_dump(mode="json")
    before = previous.model_dump(mode="json") if previous is not None else now
    details = [
        Detail(label=key, value=json.dumps(value, ensure_ascii=False), changed=before.get(key) != value)
        for key, value in now.items()
    ]
    return Confirmation(summary=one("default_summary", lang, tool=tool.name), details=details)


def format_validation_error(tool_name: str, exc: ValidationError) -> str:
    problems = "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or '(args)'}: {err['msg']}" for err in exc.errors()
    )
    return f"Invalid arguments for tool '{tool_name}': {problems}"


def new_call_id() -> str:
    """Providers that give no call id get one, so results can be matched to calls."""
    return new_id("call")


def inline_refs(schema: dict[str, object]) -> dict[str, object]:
    """Resolve pydantic's ``$defs`` in place: Gemini and some servers reject ``$ref``."""
    found = schema.get("$defs")
    defs = found if isinstance(found, dict) else {}

    def walk(node: object) -> object:
        if isinstance(node, dict):
            if "$ref" in node:
                target = str(node["$ref"]).split("/")[-1]
                expanded = walk(copy.deepcopy(defs[target]))
                return {**(expanded if isinstance(expanded, dict) else {}),
                        **{k: v for k, v in node.items() if k != "$ref"}}
            return {k: walk(v) for k, v in node.items() if k != "$defs"}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return {k: walk(v) for k, v in schema.items() if k != "$defs"}


@dataclass
class ToolRegistry:
    tools: dict[str, Tool] = field(default_factory=dict)

    def register(self, tool: Tool) -> Tool:
        if tool.name in self.tools:
            raise ValueError(f"tool {tool.name!r} is registered twice")
        self.tools[tool.name] = tool
        return tool

    def get(self, name: str) -> Tool | None:
        return self.tools.get(name)

    def names(self) -> list[str]:
        return list(self.tools)

    def all(self) -> list[Tool]:
        return list(self.tools.values())

    def by_kind(self, kind: ToolKind) -> list[Tool]:
        return [t for t in self.tools.values() if t.kind is kind]

    def specs(self) -> list[dict[str, object]]:
        """Provider-neutral specs: name, description and JSON schema (shared, do not mutate)."""
        return [{"name": t.name, "description": t.description, "parameters": _for_model(t.args_model)}
                for t in self.all() if t.model_visible]

    def for_model(self, name: str) -> Tool | None:
        tool = self.tools.get(name)
        return tool if tool is not None and tool.model_visible else None

    def model_names(self) -> list[str]:
        return [t.name for t in self.all() if t.model_visible]

    def openai_responses_tools(self) -> list[dict[str, object]]:
        return [{"type": "function", **spec} for spec in self.specs()]

    def openai_chat_tools(self) -> list[dict[str, object]]:
        return [{"type": "function", "function": spec} for spec in self.specs()]

    def gemini_declarations(self) -> list[dict[str, object]]:
        return [{**spec, "parameters": gemini_schema(parameters_of(spec))} for spec in self.specs()]


_GEMINI_KEYS = {"type", "format", "description", "nullable", "enum", "properties", "required", "items", "minimum",
                "maximum", "minItems", "maxItems", "minLength", "maxLength", "pattern", "anyOf"}


def parameters_of(spec: dict[str, object]) -> dict[str, object]:
    """A provider-neutral tool spec's JSON schema (``specs``)."""
    parameters = spec.get("parameters")
    return parameters if isinstance(parameters, dict) else {}


def gemini_schema(schema: dict[str, object]) -> dict[str, object]:
    """Gemini takes an OpenAPI subset: no titles, no defaults, no additionalProperties."""
    out: dict[str, object] = {}
    for key, value in schema.items():
        if key not in _GEMINI_KEYS:
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: gemini_schema(sub) for name, sub in value.items()}
        elif key == "items" and isinstance(value, dict):
            out[key] = gemini_schema(value)
        elif key == "anyOf" and isinstance(value, list):
            non_null = [gemini_schema(s) for s in value if s.get("type") != "null"]
            if len(non_null) == 1:
                out.update(non_null[0])
                out["nullable"] = True
            else:
                out[key] = non_null
        else:
            out[key] = value
    return out
