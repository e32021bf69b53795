"""The provider protocol: ``stream(request) -> Iterator[ModelEvent]``.

Everything provider-specific lives in the adapter modules of this package; the
runner only sees these types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from agents.core.events import Usage


class ModelToolCall(BaseModel):
    id: str
    name: str
    arguments: str  # raw JSON text as the model produced it; the runner validates it


class ChatMessage(BaseModel):
    role: Literal["user", "assistant", "tool"]
    content: str = ""
    tool_calls: list[ModelToolCall] = Field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None  # tool name, for role == "tool"


class ModelOptions(BaseModel):
    """What a model call is sent with and how it is retried. ``None`` leaves a field to the layer
    below: a turn's override (side-by-side, eval matrix) over the agent's seed settings
    (``AgentSpec.model_options``) over the adapter's defaults."""

    model: str | None = None
    temperature: float | None = Field(None, ge=0.0, le=2.0)
    max_output_tokens: int | None = Field(None, ge=16, le=65_536)
    # Retries of a call that failed before any output with 429, 5xx, a timeout or a lost connection,
    # with exponential backoff from ``backoff_s`` (tenacity), and the circuit breaker around the
    # provider's endpoint: open after ``breaker_failures`` failed calls in a row, half-open (one trial
    # call) after ``breaker_cooldown_s`` (agents/core/providers/resilience.py).
    retries: int | None = Field(None, ge=0, le=5)
    backoff_s: float | None = Field(None, ge=0.0, le=30.0)
    breaker_failures: int | None = Field(None, ge=1, le=100)
    breaker_cooldown_s: float | None = Field(None, ge=0.0, le=3600.0)
    # Seed-specific switches a provider may honour (use_web_search, json_schema...).
    extra: dict[str, object] = Field(default_factory=dict)

    def over(self, base: ModelOptions) -> ModelOptions:
        """These options on top of ``base``: a field set here wins, the rest (and extra's keys) come from base."""
        mine = self.model_dump(exclude_none=True, exclude={"extra"})
        return base.model_copy(update={**mine, "extra": {**base.extra, **self.extra}})

    def settings(self) -> dict[str, object]:
        """The fields that are set, for the trace (never a key: options hold none)."""
        return self.model_dump(exclude_none=True, exclude={"extra", "model"})


class ModelRequest(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    agent_id: str
    system: str
    messages: list[ChatMessage]
    tools: list[dict[str, object]] = Field(default_factory=list)  # ToolRegistry.specs()
    options: ModelOptions = Field(default_factory=ModelOptions)
    # The agent's rule-based policy; only the offline provider reads it.
    policy: Any = Field(default=None, exclude=True)
    # A label for what this call is for ("turn", "classify", "summary") so scripts and traces can tell.
    purpose: str = "turn"


# --- what a provider streams back -------------------------------------------------


@dataclass(frozen=True)
class TextChunk:
    content: str


@dataclass(frozen=True)
class ToolCallChunk:
    id: str
    name: str
    arguments: str


@dataclass(frozen=True)
class UsageChunk:
    usage: Usage


@dataclass(frozen=True)
class Finish:
    reason: str = "stop"
    meta: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class RetryChunk:
    """A failed attempt about to be retried (nothing had streamed yet): recorded in the trace."""

    attempt: int  # the attempt that failed, from 1
    reason: str  # the error code: rate_limited, provider_unavailable, timeout ...
    wait_s: float


ModelEvent = TextChunk | ToolCallChunk | UsageChunk | Finish | RetryChunk


@runtime_checkable
class Provider(Protocol):
    name: str
    model: str
    #: Shown in the UI so nobody mistakes the rule-based model for an LLM.
    label: str

    def stream(self, request: ModelRequest) -> Iterator[ModelEvent]: ...


@dataclass
class ModelResponse:
    text: str = ""
    tool_calls: list[ModelToolCall] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    finish: Finish = field(default_factory=Finish)


def drain(events: Iterator[ModelEvent], on_text: Callable[[str], None] | None = None) -> ModelResponse:
    """The non-streaming path: collect a stream so both paths behave alike."""
    response = ModelResponse()
    parts: list[str] = []
    for event in events:
        match event:
            case TextChunk(content=content):
                parts.append(content)
                if on_text is not None:
                    on_text(content)
            case ToolCallChunk(id=call_id, name=name, arguments=arguments):
                response.tool_calls.append(ModelToolCall(id=call_id, name=name, arguments=arguments))
            case UsageChunk(usage=usage):
                response.usage = response.usage + usage
            case Finish():
                response.finish = event
    response.text = "".join(parts)
    return response


def complete(provider: Provider, request: ModelRequest) -> ModelResponse:
    return drain(provider.stream(request))
