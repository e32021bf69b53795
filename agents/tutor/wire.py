"""Seed 002's SSE wire (§SSE 응답 계약) at the API edge only: our event union is mapped to the seed's
names (thinking, tool_call, text_delta, visualization, ui_action, done, error); events the seed does not
name (confirmation cards, questions) keep their own names, as the seed allows. Every frame carries both
the ``event:`` line and ``data.type``. ``read_frames`` is the client side: it takes the event name as
the type when ``data.type`` is missing, as the seed asks clients to do."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator

from agents.core.events import Event


def to_wire(event: Event) -> dict[str, object]:
    body = event.model_dump(mode="json", exclude={"ts"})
    match event.type:
        case "tool_result":
            return {**body, "type": "tool_call", "status": "done" if event.ok else "error"}
        case "data_card":
            return {"type": "visualization", "card_type": event.card_type, "title": event.title,
                    "spec": event.data, "turn_id": event.turn_id, "seq": event.seq}
        case "done":
            meta = event.meta
            return {"type": "done", "session_id": event.conversation_id, "message_id": event.message_id,
                    "total_tokens": event.usage.input_tokens + event.usage.output_tokens, "model": event.model,
                    "provider": event.provider, "sources": meta.get("sources", []),
                    "search_used": bool(meta.get("search_used", False)),
                    "response_mode": meta.get("response_mode", "plain"), "structured": meta.get("structured"),
                    "responses_api_fallback": bool(meta.get("responses_api_fallback", False)),
                    "screen": meta.get("screen"), "latency_ms": event.latency_ms, "meta": meta,
                    "turn_id": event.turn_id, "seq": event.seq}
        case "error":
            return {**body, "session_id": event.conversation_id}
    return body


def frame(event: Event) -> str:
    data = to_wire(event)
    return f"event: {data['type']}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def warned(fields: list[str]) -> Callable[[Event], str]:
    """``frame``, with a ``warning`` frame first naming the ``context_text`` fields the contract does not know
    (issue 30: ignored, never a 422). It is the edge's own frame: nothing of it is stored as an event."""
    names = ", ".join(fields)
    warning = {"type": "warning", "code": "unknown_fields", "fields": fields,
               "message": f"context_text에 계약에 없는 항목이 있어 무시했습니다: {names} (Unknown context_text fields "
                          f"were ignored: {names})"}
    first = [f"event: warning\ndata: {json.dumps(warning, ensure_ascii=False)}\n\n"]

    def format_event(event: Event) -> str:
        return (first.pop() if first else "") + frame(event)

    return format_event


def read_frames(lines: Iterable[str]) -> Iterator[dict[str, object]]:
    """Parse an SSE stream (lines without their newlines, or with) into event dicts."""
    name: str | None = None
    data: list[str] = []
    for raw in [*lines, ""]:
        line = raw.rstrip("\r\n")
        if not line:
            if data:
                payload = json.loads("\n".join(data))
                if isinstance(payload, dict):
                    if not payload.get("type"):
                        payload["type"] = name or "message"
                    yield payload
            name, data = None, []
        elif line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].lstrip())
