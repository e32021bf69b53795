"""Side-by-side comparisons (tables ``comparisons`` and ``comparison_rounds``): one message sent to
two configurations of the same agent, each side in its own sandbox user and conversation."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from agents.core.store.conversations import dumps, loads
from agents.core.store.db import AnyDatabase

Vote = Literal["a", "b", "tie", "both_bad"]
VOTES: tuple[str, ...] = ("a", "b", "tie", "both_bad")


class SideConfig(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    provider: str = "offline"
    model: str | None = None
    prompt_version: int | None = None  # None: the agent's active version when the round runs
    # Overrides of the agent's model settings (None: the agent's, from its seed).
    temperature: float | None = Field(None, ge=0.0, le=2.0)
    max_output_tokens: int | None = Field(None, ge=16, le=65_536)


class ComparisonRow(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    id: str
    owner_id: str
    agent_id: str
    title: str | None
    config_a: SideConfig
    config_b: SideConfig
    user_a: str
    user_b: str
    conversation_a: str | None
    conversation_b: str | None
    created_at: datetime
    updated_at: datetime


class RoundRow(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    comparison_id: str
    round: int
    message: str
    turn_a: str | None
    turn_b: str | None
    vote: str | None
    voted_at: datetime | None
    created_at: datetime


_COLS = ("id, owner_id, agent_id, title, config_a, config_b, user_a, user_b, conversation_a, conversation_b, "
         "created_at, updated_at")


def _row(values: dict[str, Any]) -> ComparisonRow:
    values["config_a"] = loads(values["config_a"], {})
    values["config_b"] = loads(values["config_b"], {})
    return ComparisonRow(**values)


class ComparisonRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    def create(self, row: ComparisonRow) -> None:
        data = row.model_dump()
        data["config_a"], data["config_b"] = dumps(data["config_a"]), dumps(data["config_b"])
        cols = _COLS.split(", ")
        self.db.execute(f"INSERT INTO comparisons ({_COLS}) VALUES ({', '.join('?' * len(cols))})",
                        [data[c] for c in cols])

    def get(self, comparison_id: str, owner_id: str | None) -> ComparisonRow | None:
        """The comparison if ``owner_id`` runs it (None: anyone's, for the CLI on the server)."""
        rows = self.db.fetch_dicts(
            f"SELECT {_COLS} FROM comparisons WHERE id = ?" + (" AND owner_id = ?" if owner_id is not None else ""),
            [comparison_id, *([owner_id] if owner_id is not None else [])])
        return _row(rows[0]) if rows else None

    def list_for(self, owner_id: str, agent_id: str | None = None, limit: int = 30) -> list[ComparisonRow]:
        rows = self.db.fetch_dicts(
            f"SELECT {_COLS} FROM comparisons WHERE owner_id = ?" + (" AND agent_id = ?" if agent_id else "")
            + " ORDER BY updated_at DESC LIMIT ?", [owner_id, *([agent_id] if agent_id else []), limit])
        return [_row(r) for r in rows]

    def set_conversations(self, comparison_id: str, conversation_a: str | None, conversation_b: str | None,
                          now: datetime) -> None:
        self.db.execute("""UPDATE comparisons SET conversation_a = coalesce(conversation_a, ?),
                               conversation_b = coalesce(conversation_b, ?), updated_at = ? WHERE id = ?""",
                        [conversation_a, conversation_b, now, comparison_id])

    def add_round(self, comparison_id: str, message: str, now: datetime) -> int:
        def write() -> int:
            cur = self.db.cursor()
            row = cur.execute("SELECT coalesce(max(round), 0) FROM comparison_rounds WHERE comparison_id = ?",
                              [comparison_id]).fetchone()
            number = int(row[0]) + 1 if row else 1
            cur.execute("INSERT INTO comparison_rounds (comparison_id, round, message, created_at) VALUES (?, ?, ?, ?)",
                        [comparison_id, number, message, now])
            return number

        return self.db.write(write)

    def set_turn(self, comparison_id: str, number: int, side: Literal["a", "b"], turn_id: str) -> None:
        column = {"a": "turn_a", "b": "turn_b"}[side]
        self.db.execute(f"UPDATE comparison_rounds SET {column} = ? WHERE comparison_id = ? AND round = ?",
                        [turn_id, comparison_id, number])

    def rounds(self, comparison_id: str) -> list[RoundRow]:
        rows = self.db.fetch_dicts("SELECT * FROM comparison_rounds WHERE comparison_id = ? ORDER BY round",
                                   [comparison_id])
        return [RoundRow(**r) for r in rows]

    def vote(self, comparison_id: str, number: int, vote: str, now: datetime) -> RoundRow | None:
        """Record (or change) the vote on one round; None when the round does not exist."""
        rows = self.db.fetch_dicts(
            """UPDATE comparison_rounds SET vote = ?, voted_at = ? WHERE comparison_id = ? AND round = ?
               RETURNING *""", [vote, now, comparison_id, number])
        return RoundRow(**rows[0]) if rows else None
