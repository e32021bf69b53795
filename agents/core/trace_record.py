"""The trace row of a turn (DESIGN.md, "Traces"): what the runner writes beside the messages.

A finished or interrupted turn records its events, spans, phases, model requests, cost and search
text; a refused turn records only its error. The runner calls these inside the turn's one write
transaction, so a trace never exists without the messages it describes.
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import TYPE_CHECKING

from agents.core.events import Error, Event
from agents.core.fallbacks import fallback_names
from agents.core.pricing import turn_cost
from agents.core.providers.base import Provider
from agents.core.redact import redact_data
from agents.core.store import Store, TraceRow
from agents.core.tracing import MESSAGE_CHARS, phase, search_text

if TYPE_CHECKING:
    from agents.core.agent import AgentSpec
    from agents.core.turn import Turn, TurnSettings


# What a trace holds that may quote a secret: the model requests (tool results, the user's text), the
# prompt, the events (masked when made, again here for pipelines' own), the spans and phases.
_TEXT_FIELDS = ("events", "spans", "phases", "requests", "system_prompt", "message", "search_text")


def masked(row: TraceRow) -> TraceRow:
    """The row as persisted: ``agents.core.redact`` over every text it holds (issue 26)."""
    return row.model_copy(update={name: redact_data(getattr(row, name)) for name in _TEXT_FIELDS})


def origin_of(settings: TurnSettings) -> str:
    """A side-by-side side is ``compare`` whoever sent it; otherwise the origin the caller set."""
    return "compare" if settings.comparison else settings.origin


def trace_events(recorded: list[tuple[Event, float]]) -> list[dict[str, object]]:
    return [{**event.model_dump(mode="json"), "elapsed_ms": round(elapsed, 3)} for event, elapsed in recorded]


def write_turn_trace(turn: Turn, status: str, writes_started: float) -> TraceRow:
    """Insert the trace of ``turn`` and return it as stored; ``writes_started`` is when its messages, actions and
    state began to be written, so that span closes here (the trace row itself and the commit come after it)."""
    error = next((e for e, _ in reversed(turn.recorded) if e.type == "error"), None)
    done = next((e for e, _ in reversed(turn.recorded) if e.type == "done"), None)
    phases = [*turn.phases, phase("persist", writes_started, turn.started, name="reply, actions and state")]
    if turn.prompt_version is None:  # a pipeline that never called the model: the version it would have used
        turn.resolve_prompt()
    comparison = turn.settings.comparison or (None, None)
    row = masked(TraceRow(
        turn_id=turn.id, conversation_id=turn.conversation.id, user_id=turn.user_id, agent_id=turn.agent.id,
        provider=turn.provider.name, model=turn.provider.model, status=status,
        error_code=getattr(error, "code", None), started_at=turn.now, latency_ms=round(turn.elapsed_ms(), 3),
        ttft_ms=turn.ttft_ms, input_tokens=turn.usage.input_tokens, output_tokens=turn.usage.output_tokens,
        events=trace_events(turn.recorded), spans=turn.spans, phases=phases,
        owner_id=turn.settings.owner_id or turn.user_id,
        prompt_version=turn.prompt_version, system_prompt=turn._system, requests=turn.requests,
        comparison_id=comparison[0], comparison_side=comparison[1], message=turn.text[:MESSAGE_CHARS],
        origin=origin_of(turn.settings),
        search_text=search_text(turn.text, [m.content or "" for m in turn.messages_out if m.role == "assistant"],
                                 list(dict.fromkeys(e.name for e, _ in turn.recorded if e.type == "tool_call")),
                                 getattr(error, "message", "")),
        cost_usd=turn_cost(turn.provider.name, turn.provider.model, turn.spans, turn.usage.input_tokens,
                           turn.usage.output_tokens, turn.now),
        fallbacks=fallback_names(getattr(done, "meta", None) or turn.meta),
    ))
    turn.store.traces.insert(row)
    return row


def write_refused_trace(
    store: Store, agent: AgentSpec, provider: Provider, user_id: str, conversation_id: str, now: datetime,
    turn_id: str, error: Error, started: float, settings: TurnSettings, text: str, phases: list[dict[str, object]],
) -> TraceRow:
    """The trace of a turn a guard refused: no model call, no cost, only the refusal event."""
    elapsed = (time.perf_counter() - started) * 1000
    comparison = settings.comparison or (None, None)
    row = masked(TraceRow(
        turn_id=turn_id, conversation_id=conversation_id, user_id=user_id, agent_id=agent.id,
        provider=provider.name, model=provider.model, status="refused", error_code=error.code, started_at=now,
        latency_ms=round(elapsed, 3), ttft_ms=None, input_tokens=0, output_tokens=0,
        events=trace_events([(error, elapsed)]), spans=[], phases=phases, owner_id=settings.owner_id or user_id,
        comparison_id=comparison[0], comparison_side=comparison[1], message=text[:MESSAGE_CHARS],
        origin=origin_of(settings), search_text=search_text(text, [], [], error.message), cost_usd=0.0,
    ))
    store.traces.insert(row)
    return row
