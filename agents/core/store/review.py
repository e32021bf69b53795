"""The review queue's own state: a person's label, note and decision on a 👎 turn or a failed eval case.

The items themselves are not copied: a 👎 is read from ``feedback`` (here) and a failed case from the eval
tables (``agents/services/evals/store.py``), so an item appears the moment its source row is written and
goes when a 👎 becomes a 👍. Only what the reviewer decided is stored, keyed by the source row, so a later
run (passing or not) never re-opens an item that was dismissed or saved.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import duckdb

from agents.core.store.db import AnyDatabase
from agents.core.store.ddl import create_table

_COLS = "owner, item_id, source, status, label, wrong_step, note, suite, case_name, created_at, updated_at"


def core_054_review(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "review_items", [
        ("owner", "VARCHAR NOT NULL", "the reviewer: the 👎's user or the eval run's owner; reads filter on it"),
        ("item_id", "VARCHAR NOT NULL", "fb-<turn_id> for a 👎 turn, ev-<run_id>-<case_index> for a failed case"),
        ("source", "VARCHAR NOT NULL", "feedback (a 👎 turn) or eval (a failed or errored eval case)"),
        ("status", "VARCHAR NOT NULL", "labelled, saved (turned into a test case) or dismissed; no row: open"),
        ("label", "VARCHAR", "correct or incorrect (the reviewer's verdict on the reply or the case's run)"),
        ("wrong_step", "INTEGER", "which step went wrong, from 1 (a trace span of the turn, a step of the case)"),
        ("note", "VARCHAR", "the reviewer's note"),
        ("suite", "VARCHAR", "the suite the item was saved into as a test case"),
        ("case_name", "VARCHAR", "the name of the case it was saved as"),
        ("created_at", "TIMESTAMP NOT NULL", "first decision, UTC"),
        ("updated_at", "TIMESTAMP NOT NULL", "last decision, UTC"),
    ], tail="PRIMARY KEY (owner, item_id)")


class ReviewRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    def decisions(self, owner: str) -> dict[str, dict[str, Any]]:
        """item_id -> the owner's stored decision."""
        rows = self.db.fetch_dicts(f"SELECT {_COLS} FROM review_items WHERE owner = ?", [owner])
        return {r["item_id"]: r for r in rows}

    def decision(self, owner: str, item_id: str) -> dict[str, Any] | None:
        rows = self.db.fetch_dicts(f"SELECT {_COLS} FROM review_items WHERE owner = ? AND item_id = ?",
                                   [owner, item_id])
        return rows[0] if rows else None

    def decide(self, owner: str, item_id: str, source: str, now: datetime, **fields: Any) -> dict[str, Any]:
        """Insert or update the owner's decision on one item; fields not given keep their value."""
        names = [n for n in ("status", "label", "wrong_step", "note", "suite", "case_name") if n in fields]
        values = [fields[n] for n in names]
        updates = ", ".join(f"{n} = excluded.{n}" for n in names)
        row = self.db.write(lambda: self.db.fetchone(
            f"""INSERT INTO review_items (owner, item_id, source, {', '.join(names)}, created_at, updated_at)
                VALUES (?, ?, ?, {', '.join('?' * len(names))}, ?, ?)
                ON CONFLICT (owner, item_id) DO UPDATE SET {updates}, updated_at = excluded.updated_at
                RETURNING {_COLS}""", [owner, item_id, source, *values, now, now]))
        assert row is not None
        return dict(zip(_COLS.split(", "), row, strict=True))

    def disliked(self, owner: str, limit: int) -> list[dict[str, Any]]:
        """The owner's 👎 turns, newest first, with what the queue shows of each."""
        return self.db.fetch_dicts(
            """SELECT f.turn_id, f.conversation_id, f.comment, f.updated_at, t.agent_id, t.message, t.status AS
                      turn_status, t.error_code, coalesce(json_array_length(t.spans), 0) AS steps
               FROM feedback f JOIN traces t ON t.turn_id = f.turn_id
               WHERE f.user_id = ? AND f.rating = 'down'
               ORDER BY f.updated_at DESC, f.turn_id DESC LIMIT ?""", [owner, limit])

    def disliked_turn(self, owner: str, turn_id: str) -> dict[str, Any] | None:
        rows = self.db.fetch_dicts(
            """SELECT f.turn_id, f.conversation_id, f.comment, f.updated_at, t.agent_id, t.message, t.status AS
                      turn_status, t.error_code, coalesce(json_array_length(t.spans), 0) AS steps
               FROM feedback f JOIN traces t ON t.turn_id = f.turn_id
               WHERE f.user_id = ? AND f.rating = 'down' AND f.turn_id = ?""", [owner, turn_id])
        return rows[0] if rows else None
