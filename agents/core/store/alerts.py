"""Proactive alerts: UNREAD -> READ / DISMISSED / ACTED_ON, never duplicated while open."""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from datetime import datetime
from typing import Any

import duckdb

from agents.core.ids import new_id
from agents.core.store.conversations import dumps, loads
from agents.core.store.db import AnyDatabase
from agents.core.store.models import AlertRow

_COLS = ("id, user_id, agent_id, type, severity, status, title, message, data, dedupe_key, created_at, read_at, "
         "pushed_at")
PUSH_LIMIT = 3  # alerts pushed into one turn of a chat at most; the rest wait for the next turn (and show in the banner)
OPEN_STATUSES = ("UNREAD", "READ")
NEXT_STATUSES = {"READ", "DISMISSED", "ACTED_ON"}
_MARK_READ = {
    "duckdb": """UPDATE alerts SET status = 'READ', read_at = coalesce(read_at, ?)
                 WHERE user_id = ? AND status = 'UNREAD' AND list_contains(?, id) RETURNING id""",
    "postgres": """UPDATE alerts SET status = 'READ', read_at = coalesce(read_at, ?)
                   WHERE user_id = ? AND status = 'UNREAD' AND id = ANY(?::text[]) RETURNING id""",
}


def core_053_alerts_pushed(cur: duckdb.DuckDBPyConnection) -> None:
    """Seed 000's ``pushedToChat``: an alert enters an open chat once (as an ``alert`` event), then only the banner."""
    cur.execute("ALTER TABLE alerts ADD COLUMN pushed_at TIMESTAMP")
    cur.execute("COMMENT ON COLUMN alerts.pushed_at IS 'when it was pushed into a chat as an alert event (once); "
                "null: not yet'")


def _row(row: tuple[Any, ...]) -> AlertRow:
    values = dict(zip(_COLS.split(", "), row, strict=True))
    values["data"] = loads(values["data"], {})
    return AlertRow(**values)


class AlertRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    def create_if_new(
        self, *, user_id: str, agent_id: str, type: str, severity: str, title: str, message: str,
        data: Mapping[str, object], dedupe_key: str, now: datetime,
    ) -> AlertRow | None:
        """Insert unless an alert with the same key exists; None when deduplicated. Keys name
        one event (metric, campaign, day), so a dismissed or acted-on alert never comes back."""
        with self.db.transaction() as cur:
            exists = cur.execute(
                "SELECT 1 FROM alerts WHERE user_id = ? AND dedupe_key = ?",
                [user_id, dedupe_key],
            ).fetchone()
            if exists:
                return None
            alert_id = new_id("alert")
            cur.execute(
                f"INSERT INTO alerts ({_COLS}) VALUES (?, ?, ?, ?, ?, 'UNREAD', ?, ?, ?, ?, ?, NULL, NULL)",
                [alert_id, user_id, agent_id, type, severity, title, message, dumps(data), dedupe_key, now],
            )
        return self.get(alert_id, user_id)

    def get(self, alert_id: str, user_id: str) -> AlertRow | None:
        row = self.db.fetchone(f"SELECT {_COLS} FROM alerts WHERE id = ? AND user_id = ?", [alert_id, user_id])
        return _row(row) if row else None

    def list(self, user_id: str, *, agent_id: str | None = None, status: str | None = None, limit: int = 50) -> list[AlertRow]:
        rows = self.db.fetchall(
            f"""SELECT {_COLS} FROM alerts WHERE user_id = ? AND (? IS NULL OR agent_id = ?)
                AND (? IS NULL OR status = ?) ORDER BY created_at DESC, id DESC LIMIT ?""",
            [user_id, agent_id, agent_id, status, status, limit],
        )
        return [_row(r) for r in rows]

    def count_unread(self, user_id: str, agent_id: str | None = None) -> int:
        row = self.db.fetchone(
            "SELECT count(*) FROM alerts WHERE user_id = ? AND status = 'UNREAD' AND (? IS NULL OR agent_id = ?)",
            [user_id, agent_id, agent_id],
        )
        return int(row[0]) if row else 0

    def mark_read(self, user_id: str, alert_ids: builtins.list[str], now: datetime) -> builtins.list[str]:
        """UNREAD -> READ for the alerts a person was shown; returns the ids that changed."""
        if not alert_ids:
            return []
        rows = self.db.fetchall(_MARK_READ[self.db.dialect], [now, user_id, list(alert_ids)])
        return [r[0] for r in rows]

    def set_status(self, alert_id: str, user_id: str, status: str, now: datetime) -> bool:
        if status not in NEXT_STATUSES:
            raise ValueError(f"alert status must be one of {sorted(NEXT_STATUSES)}, not {status!r}")
        rows = self.db.fetchall(
            """UPDATE alerts SET status = ?, read_at = coalesce(read_at, ?)
               WHERE id = ? AND user_id = ? AND status IN ('UNREAD', 'READ') RETURNING id""",
            [status, now, alert_id, user_id],
        )
        return bool(rows)

    def claim_for_chat(self, user_id: str, agent_id: str, now: datetime,
                       limit: int = PUSH_LIMIT) -> builtins.list[AlertRow]:
        """The open alerts of ``agent_id`` not yet pushed into a chat, oldest first, marked pushed in the same
        statement: two turns running at once never push the same alert twice."""
        rows = self.db.fetchall(
            """UPDATE alerts SET pushed_at = ? WHERE id IN (
                   SELECT id FROM alerts WHERE user_id = ? AND agent_id = ? AND pushed_at IS NULL
                   AND status IN ('UNREAD', 'READ') ORDER BY created_at, id LIMIT ?)
               AND pushed_at IS NULL RETURNING id""",
            [now, user_id, agent_id, limit],
        )
        claimed = {r[0] for r in rows}
        found = [self.get(alert_id, user_id) for alert_id in claimed]
        return sorted((a for a in found if a is not None), key=lambda a: (a.created_at, a.id))
