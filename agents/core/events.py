"""The one event contract every front end consumes (DESIGN.md, "One event contract").

Events are pydantic models in a single union discriminated on ``type``. Once an
event name has been persisted in a trace it is a contract: extend, never rename.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache, cached_property
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from agents.core import cards
from agents.core.cards import CardData, CardField
from agents.core.redact import redact, redact_data


def utcnow() -> datetime:
    return datetime.now(UTC)


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True)

    turn_id: str
    seq: int
    ts: datetime = Field(default_factory=utcnow)


class Thinking(_Event):
    type: Literal["thinking"] = "thinking"
    stage: str
    message: str = ""
    progress: int | None = None


class Intent(_Event):
    type: Literal["intent"] = "intent"
    name: str
    confidence: float
    reasoning: str = ""
    # Parsed arguments (budget, tags, product numbers...) so evaluators can see them.
    args: dict[str, object] = Field(default_factory=dict)


class TextDelta(_Event):
    type: Literal["text_delta"] = "text_delta"
    content: str


ToolCallStatus = Literal["running", "done", "error", "awaiting_confirmation"]


class ToolCall(_Event):
    type: Literal["tool_call"] = "tool_call"
    call_id: str
    name: str
    args: dict[str, object] = Field(default_factory=dict)
    status: ToolCallStatus = "running"


class ToolResult(_Event):
    type: Literal["tool_result"] = "tool_result"
    call_id: str
    name: str
    ok: bool
    summary: str
    data: object = None


class DataCard(_Event):
    type: Literal["data_card"] = "data_card"
    card_type: str
    title: str
    # The JSON of its kind's model (agents/core/cards.py); a stored card loads without being walked again.
    data: CardField = Field(default_factory=dict)

    @cached_property
    def typed(self) -> CardData:
        """The data as its kind's model, validated when a consumer first reads it."""
        return cards.parse(self.card_type, self.data)


class Detail(BaseModel):
    model_config = ConfigDict(frozen=True)

    label: str
    value: str
    changed: bool = False


class ActionConfirmation(_Event):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    type: Literal["action_confirmation"] = "action_confirmation"
    action_id: str
    tool_name: str
    summary: str
    details: list[Detail] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    expires_at: datetime
    # The args let the UI's Modify editor start from what will actually run.
    args: dict[str, object] = Field(default_factory=dict)


class ActionResult(_Event):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    type: Literal["action_result"] = "action_result"
    action_id: str
    ok: bool
    message: str
    status: str = ""


class UIAction(_Event):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    type: Literal["ui_action"] = "ui_action"
    action_id: str
    params: dict[str, object] = Field(default_factory=dict)
    risk: Literal["low", "high"] = "low"
    needs_confirmation: bool = False
    label: str | None = None  # what a person reads (the catalog's words), never the action id


class Clarification(_Event):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    type: Literal["clarification"] = "clarification"
    question: str
    context: dict[str, object] = Field(default_factory=dict)
    options: list[str] = Field(default_factory=list)


class SuggestedQuestions(_Event):
    type: Literal["suggested_questions"] = "suggested_questions"
    questions: list[str]


class Alert(_Event):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    type: Literal["alert"] = "alert"
    alert_id: str
    severity: Literal["INFO", "WARNING", "CRITICAL"]
    title: str
    message: str


class Usage(BaseModel):
    model_config = ConfigDict(frozen=True)

    input_tokens: int = 0
    output_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
        )


class Done(_Event):
    type: Literal["done"] = "done"
    conversation_id: str
    message_id: str | None = None
    provider: str
    model: str
    usage: Usage = Field(default_factory=Usage)
    latency_ms: float = 0.0
    ttft_ms: float | None = None
    # Seed-specific extras: search_used, response_mode, structured, steps, ...
    meta: dict[str, object] = Field(default_factory=dict)


class Error(_Event):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    type: Literal["error"] = "error"
    code: str
    message: str
    retryable: bool = False
    conversation_id: str | None = None

    # Messages are often built from exceptions, which may quote a key (issue 26): masked however made.
    @field_validator("message")
    @classmethod
    def _masked(cls, value: str) -> str:
        return redact(value)


Event = Annotated[
    Thinking
    | Intent
    | TextDelta
    | ToolCall
    | ToolResult
    | DataCard
    | ActionConfirmation
    | ActionResult
    | UIAction
    | Clarification
    | SuggestedQuestions
    | Alert
    | Done
    | Error,
    Field(discriminator="type"),
]

TERMINAL_TYPES = frozenset({"done", "error"})


@cache
def event_adapter() -> TypeAdapter[Event]:
    """The union's validator, built the first time a stored or sent event is parsed (a chat turn only makes
    events): building it at import built every kind's schema, the rarely made ones too."""
    return TypeAdapter(Event)


def parse_event(raw: str | bytes | dict[str, object]) -> Event:
    if isinstance(raw, dict):
        return event_adapter().validate_python(raw)
    return event_adapter().validate_json(raw)


def to_sse(event: Event) -> str:
    """SSE frame: ``event:`` names the type and ``data:`` carries it too (seed 002)."""
    return f"event: {event.type}\ndata: {event.model_dump_json()}\n\n"


E = TypeVar("E", bound=Event)  # one kind of event: emit(DataCard, ...) returns a DataCard


class Emitter:
    """Stamps events of one turn with its id and a gap-free sequence number."""

    def __init__(self, turn_id: str) -> None:
        self.turn_id = turn_id
        self._seq = 0

    def __call__(self, cls: type[E], **fields: object) -> E:
        self._seq += 1
        data = fields.get("data")
        if isinstance(data, CardData):  # a card's model is stored as its JSON, redacted like any
            fields = {**fields, "data": cards.json_of(data)}
        # Every event a turn streams and records passes here: no secret goes out or into a trace.
        return cls(turn_id=self.turn_id, seq=self._seq, **redact_data(fields))
