"""Traces: a filtered page of turns and one turn's detail (timeline, prompt, messages sent to the
model, tool calls, raw events, errors, feedback, cost and a link back to its conversation)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel, Field

from agents.core.errors import TurnNotFound
from agents.core.inputs import InvalidInput
from agents.core.reply_text import joined
from agents.core.store import Store
from agents.core.store.lab import DEFAULT_ORIGINS, TraceFilter, TracePage
from agents.core.store.prompts import BUILTIN
from agents.services.lab.access import LabUser
from agents.services.messages import say

MAX_PAGE = 200
_RELATIVE = re.compile(r"^(\d{1,4})\s*([mhd])$")


def parse_time(raw: str | None, now: datetime, field: str = "since") -> datetime | None:
    """``24h``, ``7d``, ``30m`` (before now) or an ISO date / time in UTC; blank is no bound."""
    if raw is None or not str(raw).strip():
        return None
    text = str(raw).strip()
    match = _RELATIVE.match(text)
    if match:
        amount, unit = int(match.group(1)), match.group(2)
        return now - timedelta(**{{"m": "minutes", "h": "hours", "d": "days"}[unit]: amount})
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise InvalidInput(field, say("since_unreadable", field=field, shown=text[:40])) from None
    return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment


def scoped(filters: TraceFilter, who: LabUser) -> TraceFilter:
    """The filters with the owner the caller may see (shared mode: always the caller), and the origins shown:
    chat and api unless the caller asked for more (the "평가 포함" filter) or looks at one comparison."""
    origins = filters.origins
    if origins is None and filters.comparison is None:
        origins = list(DEFAULT_ORIGINS)  # type: ignore[arg-type]
    return filters.model_copy(update={"owner": who.owner_filter(filters.owner), "origins": origins})


def list_traces(store: Store, who: LabUser, filters: TraceFilter | None = None, *, limit: int = 50,
                before: str | None = None) -> TracePage:
    """A page of turns, newest first; ``before`` is the previous page's ``next_cursor``."""
    limit = max(1, min(int(limit), MAX_PAGE))
    return store.lab.page(scoped(filters or TraceFilter(), who), limit, before)


class Span(BaseModel):
    """One bar of the waterfall."""

    kind: str  # guards, persist, model, tool, classify...
    label: str
    start_ms: float
    ms: float
    ttft_ms: float | None = None  # model calls: time to the first token, from the call's start
    ok: bool = True
    detail: dict[str, Any] = Field(default_factory=dict)


class ToolCallView(BaseModel):
    call_id: str
    name: str
    args: dict[str, Any] = Field(default_factory=dict)
    status: str = "running"
    ok: bool | None = None
    summary: str = ""
    data: Any = None


class ActionLink(BaseModel):
    """An action this turn proposed, and the message that proposed it (issue 30)."""

    action_id: str
    tool_name: str
    status: str
    summary: str
    proposed_message_id: str | None = None
    # Where that message stands in the turn: "reply" (the assistant message with the tool call) or "user".
    proposed_by: str | None = None


class TraceDetail(BaseModel):
    turn_id: str
    started_at: datetime
    recorded_at: datetime | None = None  # the wall clock (started_at is virtual in an eval case)
    owner_id: str
    user_id: str
    agent_id: str
    provider: str
    model: str
    status: str
    error_code: str | None
    message: str | None
    latency_ms: float | None
    ttft_ms: float | None
    input_tokens: int | None
    output_tokens: int | None
    cost_usd: float | None  # None: the model is not in the price table ("—")
    prompt_version: int | None
    prompt_label: str | None = None
    system_prompt: str | None
    requests: list[dict[str, Any]]
    timeline: list[Span]
    tool_calls: list[ToolCallView]
    actions: list[ActionLink] = Field(default_factory=list)
    events: list[dict[str, Any]]
    errors: list[dict[str, Any]]
    feedback: list[dict[str, Any]]
    fallbacks: list[str]
    conversation_id: str | None
    comparison_id: str | None = None
    comparison_side: str | None = None
    # The conversation opens in its agent tab only when it is the owner's own (not a sandbox side).
    openable: bool = False

    @property
    def reply(self) -> str:
        return joined(self.events)  # blocks of text split by a tool call stay apart


def _label(span: dict[str, Any]) -> str:
    match span.get("kind"):
        case "model":
            return f"model · {span.get('purpose', 'turn')}"
        case "tool":
            return f"tool · {span.get('name', '?')}"
        case "persist":  # short, so a phone-width waterfall keeps room for the bars
            return {"user message": "save · message", "reply, actions and state": "save · reply"}.get(
                span.get("name", ""), "save")
        case kind:
            return str(kind)


def timeline(phases: list[dict[str, Any]], spans: list[dict[str, Any]]) -> list[Span]:
    """Phases and spans as waterfall bars in start order. Spans stored before core_030 have no start:
    they are laid end to end after the guards, which is how the turn ran them."""
    bars: list[Span] = []
    cursor = max((p.get("start_ms", 0) + p.get("ms", 0) for p in phases if p.get("kind") != "persist"
                  or p.get("name") == "user message"), default=0.0)
    for item in [*phases, *spans]:
        start = item.get("start_ms")
        if start is None:
            start = cursor
        cursor = max(cursor, float(start) + float(item.get("ms") or 0))
        detail = {k: v for k, v in item.items() if k not in ("kind", "start_ms", "ms", "ttft_ms", "ok")}
        bars.append(Span(kind=str(item.get("kind", "?")), label=_label(item), start_ms=float(start),
                         ms=float(item.get("ms") or 0), ttft_ms=item.get("ttft_ms"), ok=item.get("ok", True) is not False,
                         detail=detail))
    return sorted(bars, key=lambda b: (b.start_ms, b.kind != "guards"))


def tool_calls(events: list[dict[str, Any]]) -> list[ToolCallView]:
    calls: dict[str, ToolCallView] = {}
    for event in events:
        if event.get("type") == "tool_call":
            calls[event["call_id"]] = ToolCallView(call_id=event["call_id"], name=event["name"],
                                                   args=event.get("args") or {}, status=event.get("status", "running"))
        elif event.get("type") == "tool_result":
            call = calls.setdefault(event["call_id"], ToolCallView(call_id=event["call_id"], name=event["name"]))
            call.ok, call.summary, call.data = event.get("ok"), event.get("summary", ""), event.get("data")
    return list(calls.values())


def trace_detail(store: Store, turn_id: str, who: LabUser) -> TraceDetail:
    """One turn's detail; another person's turn reads as not found in shared mode."""
    owner = store.lab.owner_of(turn_id)
    scope = who.owner_filter(None)
    trace = store.traces.get(turn_id) if owner is not None and scope in (None, owner) else None
    if trace is None:
        raise TurnNotFound(say("lab_turn_not_found", shown=turn_id))
    label = None
    if trace.prompt_version == BUILTIN:
        label = "built-in"
    elif trace.prompt_version is not None:
        row = store.prompts.get(trace.agent_id, trace.prompt_version)
        label = row.label if row and who.may_see(row) else None
    errors = [e for e in trace.events if e.get("type") == "error"]
    errors += [{"type": "tool_result", "name": e.get("name"), "message": e.get("summary")}
               for e in trace.events if e.get("type") == "tool_result" and e.get("ok") is False]
    return TraceDetail(
        **trace.model_dump(include={"turn_id", "started_at", "user_id", "agent_id", "provider", "model", "status",
                                    "error_code", "message", "latency_ms", "ttft_ms", "input_tokens", "output_tokens",
                                    "cost_usd", "prompt_version", "system_prompt", "requests", "events", "feedback",
                                    "fallbacks", "conversation_id", "comparison_id", "comparison_side",
                                    "recorded_at"}),
        owner_id=trace.owner_id or trace.user_id, prompt_label=label,
        timeline=timeline(trace.phases, trace.spans), tool_calls=tool_calls(trace.events), errors=errors,
        actions=_actions(store, trace.turn_id),
        openable=trace.conversation_id is not None and trace.user_id == (trace.owner_id or trace.user_id),
    )


def _actions(store: Store, turn_id: str) -> list[ActionLink]:
    links = []
    for row in store.actions.list_for_turn(turn_id):
        message = store.messages.get(row.proposed_message_id) if row.proposed_message_id else None
        links.append(ActionLink(action_id=row.id, tool_name=row.tool_name, status=str(row.status), summary=row.summary,
                                proposed_message_id=row.proposed_message_id,
                                proposed_by=None if message is None else
                                ("reply" if message.role == "assistant" else message.role)))
    return links


def facets(store: Store, who: LabUser) -> dict[str, list[Any]]:
    return store.lab.facets(who.owner_filter(None))
