"""Turns as OpenTelemetry spans (OpenTelemetry GenAI semantic conventions, plus the OpenInference names
Phoenix reads), sent by the SDK's BatchSpanProcessor to an OTLP/HTTP collector. Imported only when
``PLAYGROUND_OTLP_ENDPOINT`` is set (``agents.core.telemetry``).

The spans are built from the turn's recorded trace row, after it was written and masked
(``trace_record.masked``): what leaves the process is what the Lab shows, secrets redacted. The tree:

    invoke_agent <agent>            the turn (under ``eval case <name>`` when an eval case ran it)
      guards                        the input guards (error status when one refused)
      persist <what>                the runner's writes
      chat <model>                  each model call: gen_ai.request.model, gen_ai.usage.*_tokens
      execute_tool <tool>           each tool call: gen_ai.tool.name, its arguments and result
      <kind> <name>                 an agent's own steps (shopping's classify, english's sub-agents)
"""

from __future__ import annotations

import atexit
import json
import os
import threading
from collections.abc import Mapping, Sequence
from datetime import datetime

from opentelemetry import trace
from opentelemetry.context import Context
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter
from opentelemetry.trace import Span, Status, StatusCode
from opentelemetry.util.types import AttributeValue

from agents.core.clock import aware
from agents.core.redact import redact
from agents.core.store import TraceRow

EXPORT_TIMEOUT_S = 5.0  # one export request, retries included (the SDK's own bound)
EXIT_FLUSH_MS = 2000  # what a process waits at exit for the last batch; then it is dropped
SCHEDULE_DELAY_MS = 1000
MAX_QUEUE = 4096  # spans waiting to be sent; beyond it the SDK drops the newest, never blocks a turn
TEXT_CHARS = 4000
SERVICE_NAME = "agent-playground"
_OK_TURN = ("done",)


def _ns(ms: object) -> int:
    """Milliseconds as recorded (a number, or absent) in nanoseconds."""
    return int(float(ms) * 1_000_000) if isinstance(ms, int | float) else 0


def _text(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= TEXT_CHARS else text[:TEXT_CHARS] + "…"


def _clean(attributes: Mapping[str, object]) -> dict[str, AttributeValue]:
    """OTLP attribute values: str, bool, int, float or a list of str; None left out."""
    out: dict[str, AttributeValue] = {}
    for key, value in attributes.items():
        if value is None:
            continue
        if isinstance(value, bool | int | float | str):
            out[key] = _text(value) if isinstance(value, str) else value
        elif isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            out[key] = [_text(v) for v in value]
        else:
            out[key] = _text(value)
    return out


class Exporter:
    """One tracer provider and batch processor for the process (not the global one: the app's spans only)."""

    def __init__(self, endpoint: str, headers: dict[str, str], span_exporter: SpanExporter | None = None) -> None:
        resource = Resource.create({} if os.environ.get("OTEL_SERVICE_NAME") else {"service.name": SERVICE_NAME})
        self.provider = TracerProvider(resource=resource, shutdown_on_exit=False)
        self.processor = BatchSpanProcessor(
            span_exporter or OTLPSpanExporter(endpoint=endpoint, headers=headers, timeout=EXPORT_TIMEOUT_S),
            max_queue_size=MAX_QUEUE, schedule_delay_millis=SCHEDULE_DELAY_MS)
        self.provider.add_span_processor(self.processor)
        self.tracer = self.provider.get_tracer("agents.playground")
        self.endpoint = endpoint
        atexit.register(self._at_exit)

    # --- a turn -------------------------------------------------------------------------------------------

    def turn(self, row: TraceRow, start_ns: int, parent: Span | None) -> None:
        context = trace.set_span_in_context(parent) if parent is not None else Context()
        pieces = sorted([*row.phases, *row.spans], key=lambda s: float(s.get("start_ms") or 0))
        end_ns = start_ns + max([_ns(row.latency_ms)] + [_ns(s.get("start_ms")) + _ns(s.get("ms")) for s in pieces])
        root = self.tracer.start_span(f"invoke_agent {row.agent_id}", context=context, start_time=start_ns,
                                      attributes=_clean(_turn_attributes(row)))
        inside = trace.set_span_in_context(root)
        calls = _tool_events(row.events)
        model_calls = 0
        for piece in pieces:
            request = None
            if piece.get("kind") == "model":
                request = row.requests[model_calls] if model_calls < len(row.requests) else None
                model_calls += 1
            name, attributes, error = _piece(row, piece, calls, request)
            start = start_ns + _ns(piece.get("start_ms"))
            span = self.tracer.start_span(name, context=inside, start_time=start, attributes=_clean(attributes))
            if error is not None:
                span.set_status(Status(StatusCode.ERROR, error))
            span.end(end_time=start + _ns(piece.get("ms")))
        if row.status not in _OK_TURN:
            root.set_status(Status(StatusCode.ERROR, row.error_code or row.status))
        root.end(end_time=end_ns)

    # --- an eval case ---------------------------------------------------------------------------------------

    def start_case(self, name: str, attributes: Mapping[str, object]) -> Span:
        return self.tracer.start_span(f"eval case {name}", context=Context(), attributes=_clean({
            "gen_ai.operation.name": "invoke_workflow", "openinference.span.kind": "CHAIN", **attributes}))

    def end_case(self, span: Span, status: str, attributes: Mapping[str, object],
                 judge_spans: Sequence[Mapping[str, object]]) -> None:
        span.set_attributes(_clean({"playground.eval.status": status, **attributes}))
        inside = trace.set_span_in_context(span)
        for judge in judge_spans:
            started = judge.get("started_at")
            start = (int(aware(started).timestamp() * 1e9) if isinstance(started, datetime)
                     else getattr(span, "start_time", None) or 0)
            child = self.tracer.start_span(f"chat {judge.get('model') or ''}".strip(), context=inside, start_time=start,
                                           attributes=_clean(_judge_attributes(judge)))
            if judge.get("status") != "ok":
                child.set_status(Status(StatusCode.ERROR, f"judge {judge.get('status')}"))
            child.end(end_time=start + _ns(judge.get("ms")))
        if status == "error":
            span.set_status(Status(StatusCode.ERROR, str(attributes.get("playground.eval.error") or status)))
        span.end()

    # --- the queue ------------------------------------------------------------------------------------------

    def flush(self) -> bool:
        return bool(self.processor.force_flush())

    def close(self) -> None:
        """Stop this exporter without waiting on its collector (a settings change, tests)."""
        atexit.unregister(self._at_exit)
        self._shutdown().join(0)

    def _at_exit(self) -> None:
        """At exit the last batch gets ``EXIT_FLUSH_MS``; a hanging collector never holds the process longer."""
        self._shutdown().join(EXIT_FLUSH_MS / 1000)

    def _shutdown(self) -> threading.Thread:
        thread = threading.Thread(target=self.processor.shutdown, name="otel-shutdown", daemon=True)
        thread.start()
        return thread


def _turn_attributes(row: TraceRow) -> dict[str, object]:
    reply = "".join(str(e.get("content") or "") for e in row.events if e.get("type") == "text_delta")
    return {
        "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": row.agent_id, "gen_ai.agent.id": row.agent_id,
        "gen_ai.conversation.id": row.conversation_id, "gen_ai.provider.name": row.provider,
        "gen_ai.system": row.provider, "gen_ai.request.model": row.model,
        "gen_ai.usage.input_tokens": row.input_tokens, "gen_ai.usage.output_tokens": row.output_tokens,
        "error.type": row.error_code,
        "playground.turn_id": row.turn_id, "playground.status": row.status, "playground.origin": row.origin,
        "playground.latency_ms": row.latency_ms, "playground.ttft_ms": row.ttft_ms,
        "playground.cost_usd": row.cost_usd, "playground.prompt_version": row.prompt_version,
        "playground.comparison_id": row.comparison_id,
        # OpenInference (Phoenix): the session, the user, what was asked and answered.
        "openinference.span.kind": "AGENT", "session.id": row.conversation_id, "user.id": row.user_id,
        "input.value": row.message, "output.value": reply or None,
    }


def _tool_events(events: Sequence[Mapping[str, object]]) -> dict[str, dict[str, object]]:
    """call id -> its arguments and result, from the recorded (masked) events."""
    calls: dict[str, dict[str, object]] = {}
    for event in events:
        if event.get("type") == "tool_call":
            calls.setdefault(str(event.get("call_id")), {})["args"] = event.get("args")
        elif event.get("type") == "tool_result":
            calls.setdefault(str(event.get("call_id")), {})["summary"] = event.get("summary")
    return calls


def _piece(row: TraceRow, piece: Mapping[str, object], calls: dict[str, dict[str, object]],
           request: Mapping[str, object] | None) -> tuple[str, dict[str, object], str | None]:
    """(span name, attributes, error description or None) of one recorded span or phase."""
    kind = str(piece.get("kind") or "step")
    if kind == "model":
        found = piece.get("settings")
        settings: Mapping[str, object] = found if isinstance(found, dict) else {}
        return f"chat {row.model}", {
            "gen_ai.operation.name": "chat", "gen_ai.provider.name": row.provider, "gen_ai.system": row.provider,
            "gen_ai.request.model": row.model, "gen_ai.usage.input_tokens": piece.get("input_tokens"),
            "gen_ai.usage.output_tokens": piece.get("output_tokens"),
            "gen_ai.request.temperature": settings.get("temperature"),
            "gen_ai.request.max_tokens": settings.get("max_output_tokens"),
            "playground.purpose": piece.get("purpose"), "playground.ttft_ms": piece.get("ttft_ms"),
            "playground.tool_calls": [str(c) for c in _list(piece.get("tool_calls"))],
            "playground.retries": len(_list(piece.get("retries"))), "playground.cache": piece.get("cache"),
            "openinference.span.kind": "LLM", "llm.model_name": row.model, "llm.provider": row.provider,
            "llm.token_count.prompt": piece.get("input_tokens"),
            "llm.token_count.completion": piece.get("output_tokens"),
            "input.value": (request or {}).get("messages"),
        }, None
    if kind == "tool":
        call = calls.get(str(piece.get("call_id")), {})
        ok = bool(piece.get("ok", True))
        return f"execute_tool {piece.get('name')}", {
            "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": piece.get("name"),
            "gen_ai.tool.type": "function", "gen_ai.tool.call.id": piece.get("call_id"),
            "gen_ai.tool.call.arguments": call.get("args"), "gen_ai.tool.call.result": call.get("summary"),
            "openinference.span.kind": "TOOL", "tool.name": piece.get("name"),
            "input.value": call.get("args"), "output.value": call.get("summary"),
        }, None if ok else "tool failed"
    if kind == "guards":
        passed = bool(piece.get("ok", True))
        return "guards", {"playground.guard.passed": passed, "openinference.span.kind": "GUARDRAIL",
                          "playground.guard.refusal": None if passed else row.error_code}, \
            None if passed else (row.error_code or "refused")
    name = f"{kind} {piece['name']}" if piece.get("name") else kind
    scalars = {f"playground.{k}": v for k, v in piece.items()
               if k not in ("start_ms", "ms") and isinstance(v, str | int | float | bool)}
    return name, {**scalars, "openinference.span.kind": "CHAIN"}, None


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []


def _judge_attributes(judge: Mapping[str, object]) -> dict[str, object]:
    return {
        "gen_ai.operation.name": "chat", "gen_ai.provider.name": judge.get("provider"),
        "gen_ai.system": judge.get("provider"), "gen_ai.request.model": judge.get("model"),
        "gen_ai.usage.input_tokens": judge.get("input_tokens"), "gen_ai.usage.output_tokens": judge.get("output_tokens"),
        "playground.purpose": "judge", "playground.judge.attempt": judge.get("attempt"),
        "playground.judge.status": judge.get("status"), "playground.cost_usd": judge.get("cost_usd"),
        "openinference.span.kind": "LLM", "llm.model_name": judge.get("model"),
        "input.value": redact(str(judge.get("request") or "")) or None,
        "output.value": redact(str(judge.get("response") or "")) or None,
    }
