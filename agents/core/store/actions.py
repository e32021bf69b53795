"""Pending actions. Every state change is one conditional UPDATE: the row is the truth."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from agents.core.errors import ActionBusy
from agents.core.messages import say
from agents.core.store.conversations import dumps, loads
from agents.core.store.db import AnyDatabase
from agents.core.store.models import ActionStatus, PendingActionRow

_COLS = (
    "id, conversation_id, user_id, agent_id, turn_id, tool_name, tool_args, original_args, summary, details, "
    "warnings, status, result, error_message, expires_at, confirmed_at, executed_at, created_at, updated_at, "
    "proposed_message_id"
)


def _row(row: tuple[Any, ...]) -> PendingActionRow:
    values = dict(zip(_COLS.split(", "), row, strict=True))
    for key, default in (("tool_args", {}), ("original_args", {}), ("details", []), ("warnings", []), ("result", None)):
        values[key] = loads(values[key], default)
    return PendingActionRow(**values)


class PendingActionRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    def insert(self, action: PendingActionRow) -> None:
        data = action.model_dump(mode="python")
        values = []
        for col in _COLS.split(", "):
            value = data[col]
            if col in ("tool_args", "original_args", "details", "warnings", "result"):
                value = dumps(value)
            elif col == "status":
                value = str(value)
            values.append(value)
        self.db.execute(f"INSERT INTO pending_actions ({_COLS}) VALUES ({', '.join('?' * len(values))})", values)

    def get(self, action_id: str, user_id: str | None = None) -> PendingActionRow | None:
        if user_id is None:
            row = self.db.fetchone(f"SELECT {_COLS} FROM pending_actions WHERE id = ?", [action_id])
        else:
            row = self.db.fetchone(
                f"SELECT {_COLS} FROM pending_actions WHERE id = ? AND user_id = ?", [action_id, user_id]
            )
        return _row(row) if row else None

    def list_for_turn(self, turn_id: str) -> list[PendingActionRow]:
        """The actions a turn proposed (the Lab's trace links each to its message)."""
        rows = self.db.fetchall(f"SELECT {_COLS} FROM pending_actions WHERE turn_id = ? ORDER BY created_at, id",
                                [turn_id])
        return [_row(r) for r in rows]

    def list_for_conversation(self, conv_id: str) -> list[PendingActionRow]:
        rows = self.db.fetchall(
            f"SELECT {_COLS} FROM pending_actions WHERE conversation_id = ? ORDER BY created_at, id", [conv_id]
        )
        return [_row(r) for r in rows]

    def list_for_user(self, user_id: str, status: ActionStatus | None = None, limit: int = 50) -> list[PendingActionRow]:
        rows = self.db.fetchall(
            f"""SELECT {_COLS} FROM pending_actions WHERE user_id = ? AND (? IS NULL OR status = ?)
                ORDER BY created_at DESC, id DESC LIMIT ?""",
            [user_id, status and str(status), status and str(status), limit],
        )
        return [_row(r) for r in rows]

    def transition(
        self,
        action_id: str,
        from_status: ActionStatus,
        to_status: ActionStatus,
        now: datetime,
        *,
        require_unexpired: bool = False,
        error_message: str | None = None,
        result: object = None,
        stamp: str | None = None,
    ) -> PendingActionRow | None:
        """Move one action between states iff it is still in ``from_status``; returns the row
        as written (claim and read in one statement), or None when it was not in that state.

        A write-write conflict with a concurrent transaction is retried, never counted as
        losing: the loser must see the winner's committed status to say why it lost.
        """
        stamp_sql = f", {stamp} = ?" if stamp in ("confirmed_at", "executed_at") else ""
        params: list[object] = [str(to_status), now, error_message, dumps(result)]
        if stamp_sql:
            params.append(now)
        params += [action_id, str(from_status)]
        expiry_sql = ""
        if require_unexpired:
            expiry_sql = " AND expires_at > ?"
            params.append(now)
        sql = f"""UPDATE pending_actions SET status = ?, updated_at = ?,
                      error_message = coalesce(?, error_message), result = coalesce(?, result){stamp_sql}
                   WHERE id = ? AND status = ?{expiry_sql} RETURNING {_COLS}"""
        rows = self._write(sql, params)
        return _row(rows[0]) if rows else None

    def update_args(
        self, action_id: str, args: Mapping[str, object], summary: str, details: Sequence[object], warnings: list[str],
        now: datetime
    ) -> PendingActionRow | None:
        """Change the args of a PENDING, unexpired action; None when it is no longer PENDING."""
        rows = self._write(
            f"""UPDATE pending_actions SET tool_args = ?, summary = ?, details = ?, warnings = ?, updated_at = ?
                WHERE id = ? AND status = 'PENDING' AND expires_at > ? RETURNING {_COLS}""",
            [dumps(args), summary, dumps(details), dumps(warnings), now, action_id, now],
        )
        return _row(rows[0]) if rows else None

    def _write(self, sql: str, params: list[object]) -> list[tuple[Any, ...]]:
        """One conditional UPDATE, retried on write-write conflicts; ActionBusy if they persist."""
        try:
            return self.db.write(lambda: self.db.fetchall(sql, params), attempts=12)
        except self.db.conflict as exc:
            raise ActionBusy(say("action_busy")) from exc

    def expire_due(self, now: datetime) -> list[str]:
        rows = self.db.fetchall(
            """UPDATE pending_actions SET status = 'EXPIRED', updated_at = ?, error_message = ?
               WHERE status = 'PENDING' AND expires_at <= ? RETURNING id""",
            [now, say("action_expired_unconfirmed"), now],
        )
        return [r[0] for r in rows]

    def fail_interrupted(self, now: datetime, before: datetime | None = None) -> list[PendingActionRow]:
        """Actions left CONFIRMED or EXECUTING by a crash: mark FAILED, never re-run. ``before``: only those
        that last changed before then (other processes sharing a PostgreSQL database may be running theirs)."""
        rows = self.db.fetchall(
            f"""UPDATE pending_actions SET status = 'FAILED', updated_at = ?, error_message = ?
               WHERE status IN ('CONFIRMED', 'EXECUTING') AND (? IS NULL OR updated_at < ?) RETURNING {_COLS}""",
            [now, say("action_interrupted_stored"), before, before],
        )
        return [_row(r) for r in rows]
