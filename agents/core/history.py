"""Stored messages -> the model's message list, repaired so every provider accepts it."""

from __future__ import annotations

from collections.abc import Sequence

from agents.core.providers.base import ChatMessage, ModelToolCall
from agents.core.store.models import MessageRow

MISSING_RESULT = '{"ok": false, "summary": "No result was recorded for this call (the turn was interrupted)."}'


def to_model_messages(rows: Sequence[MessageRow]) -> list[ChatMessage]:
    """Refused input never reaches the model; orphan tool results at the window start are
    dropped, and tool calls whose result was never stored get a placeholder result, because
    OpenAI and Gemini reject an unanswered call."""
    out: list[ChatMessage] = []
    open_calls: dict[str, str] = {}

    def close_open_calls() -> None:
        for call_id, name in open_calls.items():
            out.append(ChatMessage(role="tool", content=MISSING_RESULT, tool_call_id=call_id, name=name))
        open_calls.clear()

    for row in rows:
        if row.status == "refused":
            continue
        if row.role == "tool":
            if row.tool_call_id not in open_calls:
                continue
            open_calls.pop(row.tool_call_id)
            out.append(ChatMessage(role="tool", content=row.content or "", tool_call_id=row.tool_call_id,
                                   name=row.tool_name))
            continue
        close_open_calls()
        if row.role == "assistant":
            calls = [ModelToolCall(**c) for c in row.tool_calls]
            out.append(ChatMessage(role="assistant", content=row.content or "", tool_calls=calls))
            open_calls.update({c.id: c.name for c in calls})
        elif row.role == "user":
            out.append(ChatMessage(role="user", content=row.content or ""))
    close_open_calls()
    while out and out[0].role != "user":
        out.pop(0)
    return out
