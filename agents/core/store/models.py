"""Typed rows the repositories return. Front ends render these, never raw tuples."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from agents.core.events import Detail


class ConversationRow(BaseModel):
    id: str
    user_id: str
    agent_id: str
    title: str | None
    archived: bool
    created_at: datetime
    updated_at: datetime
    message_count: int
    last_preview: str | None
    state: dict[str, Any] = Field(default_factory=dict)


class MessageRow(BaseModel):
    id: str
    conversation_id: str
    seq: int
    turn_id: str | None
    role: str
    content: str | None
    tool_calls: list[dict[str, Any]] = Field(default_factory=list)
    tool_call_id: str | None = None
    tool_name: str | None = None
    status: str = "complete"
    meta: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime


class NewMessage(BaseModel):
    """A message to insert; the repository assigns id, seq and time."""

    role: str
    content: str | None = None
    turn_id: str | None = None
    tool_calls: list[dict[str, Any]] = Field(default_factory=list)
    tool_call_id: str | None = None
    tool_name: str | None = None
    status: str = "complete"
    meta: dict[str, Any] = Field(default_factory=dict)
    id: str | None = None


class ActionStatus(StrEnum):
    PENDING = "PENDING"
    CONFIRMED = "CONFIRMED"
    EXECUTING = "EXECUTING"
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    CANCELLED = "CANCELLED"
    EXPIRED = "EXPIRED"


class PendingActionRow(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    id: str
    conversation_id: str
    user_id: str
    agent_id: str
    turn_id: str | None  # the turn that proposed it (its trace)
    tool_name: str
    tool_args: dict[str, Any]
    original_args: dict[str, Any]
    summary: str
    details: list[Detail] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    status: ActionStatus
    result: Any = None
    error_message: str | None = None
    expires_at: datetime
    confirmed_at: datetime | None = None
    executed_at: datetime | None = None
    created_at: datetime
    updated_at: datetime
    # Since core_050: the message that proposed it (the assistant message with the tool call; the user's
    # message when a button or an API call proposed it). None for actions stored before.
    proposed_message_id: str | None = None


class AlertRow(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    id: str
    user_id: str
    agent_id: str
    type: str
    severity: str
    status: str
    title: str
    message: str
    data: dict[str, Any] = Field(default_factory=dict)
    dedupe_key: str
    created_at: datetime
    read_at: datetime | None = None
    pushed_at: datetime | None = None  # when it entered a chat as an alert event (once)


class TraceRow(BaseModel):
    turn_id: str
    conversation_id: str | None
    user_id: str
    agent_id: str
    provider: str
    model: str
    status: str
    error_code: str | None
    started_at: datetime
    latency_ms: float | None
    ttft_ms: float | None
    input_tokens: int | None
    output_tokens: int | None
    events: list[dict[str, Any]]
    spans: list[dict[str, Any]] = Field(default_factory=list)
    # Since core_030 (the Lab). owner_id is the person (a side-by-side sandbox user's owner).
    owner_id: str | None = None
    prompt_version: int | None = None
    system_prompt: str | None = None
    requests: list[dict[str, Any]] = Field(default_factory=list)
    phases: list[dict[str, Any]] = Field(default_factory=list)
    comparison_id: str | None = None
    comparison_side: str | None = None
    origin: str = "chat"  # chat, api, eval or compare (core_051)
    message: str | None = None
    search_text: str | None = None
    cost_usd: float | None = None
    fallbacks: list[str] = Field(default_factory=list)
    # Since core_050: the wall-clock time of the write (started_at follows the conversation's clock).
    recorded_at: datetime | None = None
    # 👍/👎 ratings with comments (filled by TraceRepo.get, not stored in the trace row).
    feedback: list[dict[str, Any]] = Field(default_factory=list)
