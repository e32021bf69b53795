"""Usage counters and turn traces."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from agents.core.clock import system_clock
from agents.core.store.conversations import dumps, loads
from agents.core.store.db import AnyDatabase
from agents.core.store.models import TraceRow

_TRACE_COLS = (
    "turn_id, conversation_id, user_id, agent_id, provider, model, status, error_code, started_at, latency_ms, "
    "ttft_ms, input_tokens, output_tokens, events, spans, owner_id, prompt_version, comparison_id, comparison_side, "
    "cost_usd, fallbacks, phases, origin, recorded_at"
)
# Read for one turn's detail only: a conversation's reload does not need them.
_DETAIL_COLS = "system_prompt, requests, search_text, message"
_JSON_COLS = ("events", "spans", "requests", "phases")


class UsageRepo:
    """Reads the ``usage`` view; the turns themselves are written as traces."""

    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    def turns_since(self, user_id: str, since: datetime) -> int:
        # started_at first so zone maps skip every row group older than ``since``.
        # owner_id: a side-by-side comparison's sandbox turns count against the person who ran them.
        row = self.db.fetchone(
            "SELECT count(*) FROM traces WHERE started_at >= ? AND owner_id = ? AND status <> 'refused'",
            [since, user_id],
        )
        return int(row[0]) if row else 0

    def by_day(self, user_id: str, days: int = 30) -> list[dict[str, Any]]:
        return self.db.fetch_dicts(
            "SELECT * FROM usage WHERE user_id = ? ORDER BY day DESC, agent_id LIMIT ?", [user_id, days * 10]
        )


class TraceRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    def insert(self, trace: TraceRow) -> None:
        data = trace.model_dump()
        for name in _JSON_COLS:
            data[name] = dumps(data[name])
        data["owner_id"] = data["owner_id"] or data["user_id"]
        data["recorded_at"] = data["recorded_at"] or system_clock()  # the wall clock, whatever the turn's clock
        cols = f"{_TRACE_COLS}, {_DETAIL_COLS}".split(", ")
        self.db.execute(
            f"INSERT INTO traces ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", [data[c] for c in cols]
        )

    def get(self, turn_id: str) -> TraceRow | None:
        row = self.db.fetchone(f"SELECT {_TRACE_COLS}, {_DETAIL_COLS} FROM traces WHERE turn_id = ?", [turn_id])
        if row is None:
            return None
        trace = _trace(row, f"{_TRACE_COLS}, {_DETAIL_COLS}")
        trace.feedback = self.db.fetch_dicts(
            "SELECT user_id, rating, comment, message_id, updated_at FROM feedback WHERE turn_id = ? ORDER BY updated_at",
            [turn_id])
        return trace

    def for_conversation(self, conv_id: str) -> list[TraceRow]:
        rows = self.db.fetchall(
            f"SELECT {_TRACE_COLS} FROM traces WHERE conversation_id = ? ORDER BY started_at, turn_id", [conv_id]
        )
        return [_trace(r) for r in rows]


def _trace(row: tuple[Any, ...], cols: str = _TRACE_COLS) -> TraceRow:
    values = dict(zip(cols.split(", "), row, strict=True))
    for name in _JSON_COLS:
        if name in values:
            values[name] = loads(values[name], [])
    values["fallbacks"] = list(values.get("fallbacks") or [])
    return TraceRow(**values)
