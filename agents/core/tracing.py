"""What the runner records in a turn's trace beyond its events (issue 14): span start offsets, the
runner's own phases, what each model call was sent, and the lower-cased text the Lab searches."""

from __future__ import annotations

import time
from collections.abc import Callable

from agents.core.providers.base import ModelRequest


class SpanList(list):  # type: ignore[type-arg]
    """The turn's spans; each gets its start offset (ms from the turn's start) when appended, so
    the Lab can draw a waterfall without every pipeline measuring it."""

    def __init__(self, elapsed: Callable[[], float]) -> None:
        super().__init__()
        self._elapsed = elapsed

    def append(self, span: dict[str, object]) -> None:
        if "start_ms" not in span:
            took = span.get("ms")
            span["start_ms"] = round(max(0.0, self._elapsed() - (took if isinstance(took, int | float) else 0)), 3)
        super().append(span)


SEARCH_TEXT_CHARS = 4000
MESSAGE_CHARS = 300


def search_text(text: str, replies: list[str], tools: list[str], error: str) -> str:
    """What the Lab's text search looks in, lower-cased once here so a search is a plain scan."""
    joined = " ".join(part for part in (text, *replies, " ".join(tools), error) if part)
    return " ".join(joined.split()).lower()[:SEARCH_TEXT_CHARS]


def phase(kind: str, started: float, turn_started: float, **fields: object) -> dict[str, object]:
    now = time.perf_counter()
    return {"kind": kind, "start_ms": round((started - turn_started) * 1000, 3),
            "ms": round((now - started) * 1000, 3), **fields}


def _tool_name(tool: dict[str, object]) -> object:
    """A tool spec's name: provider-neutral specs hold it, OpenAI chat specs hold it under ``function``."""
    function = tool.get("function")
    return tool.get("name") or (function.get("name") if isinstance(function, dict) else None)


def request_record(request: ModelRequest, turn_system: str | None) -> dict[str, object]:
    """One model call's input for the trace: its messages and tool names (the system prompt is stored
    once per turn, and here only when this call was sent a different one)."""
    record: dict[str, object] = {"purpose": request.purpose,
                              "messages": [m.model_dump(exclude_defaults=True) for m in request.messages],
                              "tools": [_tool_name(t) for t in request.tools]}
    if request.system != turn_system:
        record["system"] = request.system
    return record
