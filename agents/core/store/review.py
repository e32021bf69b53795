"""The review queue's own state: a person's label, note and decision on a 👎 turn or a failed eval case.

The items themselves are not copied: a 👎 is read from ``feedback`` (here) and a failed case from the eval
tables (``agents/services/evals/store.py``), so an item appears the moment its source row is written and
goes when a 👎 becomes a 👍. Only what the reviewer decided is stored, keyed by the source row, so a later
run (passing or not) never re-opens an item that was dismissed or saved.
"""

from __future__ import annotations

from datetime import datetime
from typing import cast

import duckdb
from typing_extensions import TypedDict, Unpack  # pydantic refuses typing.TypedDict inside its models before 3.12

from agents.core.store.db import AnyDatabase
from agents.core.store.ddl import create_table

_COLS = "owner, item_id, source, status, label, wrong_step, note, suite, case_name, created_at, updated_at"
_DISLIKED = """SELECT f.turn_id, f.conversation_id, f.comment, f.updated_at, t.agent_id, t.message, t.status AS
                    turn_status, t.error_code, coalesce(json_array_length(t.spans), 0) AS steps
             FROM feedback f JOIN traces t ON t.turn_id = f.turn_id
             WHERE f.user_id = ? AND f.rating = 'down'"""


class Decision(TypedDict):
    """A row of ``review_items`` (``_COLS``)."""

    owner: str
    item_id: str
    source: str  # feedback or eval
    status: str  # labelled, saved or dismissed
    label: str | None
    wrong_step: int | None
    note: str | None
    suite: str | None
    case_name: str | None
    created_at: datetime
    updated_at: datetime


class DecisionFields(TypedDict, total=False):
    """What ``ReviewRepo.decide`` sets; a field left out keeps its stored value."""

    status: str
    label: str | None
    wrong_step: int | None
    note: str | None
    suite: str | None
    case_name: str | None


class DislikedTurn(TypedDict):
    """A 👎 turn with what the queue shows of it (``_DISLIKED``)."""

    turn_id: str
    conversation_id: str
    comment: str | None
    updated_at: datetime
    agent_id: str
    message: str | None
    turn_status: str
    error_code: str | None
    steps: int


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

    def decisions(self, owner: str) -> dict[str, Decision]:
        """item_id -> the owner's stored decision."""
        rows = self.db.fetch_dicts(f"SELECT {_COLS} FROM review_items WHERE owner = ?", [owner])
        return {r["item_id"]: cast(Decision, r) for r in rows}  # SELECT _COLS: the columns Decision names

    def decision(self, owner: str, item_id: str) -> Decision | None:
        rows = self.db.fetch_dicts(f"SELECT {_COLS} FROM review_items WHERE owner = ? AND item_id = ?",
                                   [owner, item_id])
        return cast(Decision, rows[0]) if rows else None  # SELECT _COLS: the columns Decision names

    def decide(self, owner: str, item_id: str, source: str, now: datetime,
               **fields: Unpack[DecisionFields]) -> Decision:
        """Insert or update the owner's decision on one item; fields not given keep their value."""
        given: dict[str, object] = dict(fields)
        names = [n for n in ("status", "label", "wrong_step", "note", "suite", "case_name") if n in given]
        values = [given[n] for n in names]
        updates = ", ".join(f"{n} = excluded.{n}" for n in names)
        row = self.db.write(lambda: self.db.fetchone(
            f"""INSERT INTO review_items (owner, item_id, source, {', '.join(names)}, created_at, updated_at)
                VALUES (?, ?, ?, {', '.join('?' * len(names))}, ?, ?)
                ON CONFLICT (owner, item_id) DO UPDATE SET {updates}, updated_at = excluded.updated_at
                RETURNING {_COLS}""", [owner, item_id, source, *values, now, now]))
        assert row is not None
        return cast(Decision, dict(zip(_COLS.split(", "), row, strict=True)))  # RETURNING _COLS

    def disliked(self, owner: str, limit: int) -> list[DislikedTurn]:
        """The owner's 👎 turns, newest first, with what the queue shows of each."""
        rows = self.db.fetch_dicts(_DISLIKED + " ORDER BY f.updated_at DESC, f.turn_id DESC LIMIT ?", [owner, limit])
        return cast(list[DislikedTurn], rows)  # _DISLIKED: the columns DislikedTurn names

    def disliked_turn(self, owner: str, turn_id: str) -> DislikedTurn | None:
        rows = self.db.fetch_dicts(_DISLIKED + " AND f.turn_id = ?", [owner, turn_id])
        return cast(DislikedTurn, rows[0]) if rows else None  # _DISLIKED: the columns DislikedTurn names
