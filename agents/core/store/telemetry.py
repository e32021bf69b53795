"""Usage counters and turn traces."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from agents.core.store.conversations import dumps, loads
from agents.core.store.db import Database
from agents.core.store.models import TraceRow

_TRACE_COLS = (
    "turn_id, conversation_id, user_id, agent_id, provider, model, status, error_code, started_at, latency_ms, "
    "ttft_ms, input_tokens, output_tokens, events, spans"
)


class UsageRepo:
    """Reads the ``usage`` view; the turns themselves are written as traces."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def turns_since(self, user_id: str, since: datetime) -> int:
        # started_at first so zone maps skip every row group older than ``since``.
        row = self.db.fetchone(
            "SELECT count(*) FROM traces WHERE started_at >= ? AND user_id = ? AND status <> 'refused'",
            [since, user_id],
        )
        return int(row[0]) if row else 0

    def by_day(self, user_id: str, days: int = 30) -> list[dict[str, Any]]:
        return self.db.fetch_dicts(
            "SELECT * FROM usage WHERE user_id = ? ORDER BY day DESC, agent_id LIMIT ?", [user_id, days * 10]
        )


class TraceRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    def insert(self, trace: TraceRow) -> None:
        data = trace.model_dump()
        data["events"] = dumps(data["events"])
        data["spans"] = dumps(data["spans"])
        cols = _TRACE_COLS.split(", ")
        self.db.execute(
            f"INSERT INTO traces ({_TRACE_COLS}) VALUES ({', '.join('?' * len(cols))})", [data[c] for c in cols]
        )

    def get(self, turn_id: str) -> TraceRow | None:
        row = self.db.fetchone(f"SELECT {_TRACE_COLS} FROM traces WHERE turn_id = ?", [turn_id])
        if row is None:
            return None
        trace = _trace(row)
        trace.feedback = self.db.fetch_dicts(
            "SELECT user_id, rating, comment, message_id, updated_at FROM feedback WHERE turn_id = ? ORDER BY updated_at",
            [turn_id])
        return trace

    def for_conversation(self, conv_id: str) -> list[TraceRow]:
        rows = self.db.fetchall(
            f"SELECT {_TRACE_COLS} FROM traces WHERE conversation_id = ? ORDER BY started_at, turn_id", [conv_id]
        )
        return [_trace(r) for r in rows]


def _trace(row: tuple[Any, ...]) -> TraceRow:
    values = dict(zip(_TRACE_COLS.split(", "), row, strict=True))
    values["events"] = loads(values["events"], [])
    values["spans"] = loads(values["spans"], [])
    return TraceRow(**values)


class PromptRepo:
    """Versioned system prompts per agent; the highest version is the active one."""

    def __init__(self, db: Database) -> None:
        self.db = db
        # Read on every turn, written rarely, and only this process writes the file: cache it.
        self._active: dict[str, tuple[int, str] | None] = {}

    def active(self, agent_id: str) -> tuple[int, str] | None:
        if agent_id not in self._active:
            row = self.db.fetchone(
                "SELECT version, content FROM prompts WHERE agent_id = ? ORDER BY version DESC LIMIT 1", [agent_id]
            )
            self._active[agent_id] = (int(row[0]), str(row[1])) if row else None
        return self._active[agent_id]

    def version(self, agent_id: str, version: int) -> tuple[int, str] | None:
        row = self.db.fetchone("SELECT version, content FROM prompts WHERE agent_id = ? AND version = ?",
                               [agent_id, version])
        return (int(row[0]), str(row[1])) if row else None

    def save(self, agent_id: str, content: str, now: datetime, note: str | None = None) -> int:
        with self.db.transaction() as cur:
            row = cur.execute("SELECT coalesce(max(version), 0) FROM prompts WHERE agent_id = ?", [agent_id]).fetchone()
            version = int(row[0]) + 1 if row else 1
            cur.execute(
                "INSERT INTO prompts (agent_id, version, content, note, created_at) VALUES (?, ?, ?, ?, ?)",
                [agent_id, version, content, note, now],
            )
        self._active.pop(agent_id, None)
        return version

    def versions(self, agent_id: str) -> list[dict[str, Any]]:
        return self.db.fetch_dicts(
            "SELECT version, note, created_at, content FROM prompts WHERE agent_id = ? ORDER BY version DESC",
            [agent_id],
        )
