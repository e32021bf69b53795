"""👍 / 👎 with an optional comment, one per user and turn (a second rating replaces the first)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal, cast

from typing_extensions import TypedDict  # pydantic refuses typing.TypedDict inside its models before 3.12

from agents.core.errors import InvalidArgs, TurnNotFound
from agents.core.inputs import InvalidInput
from agents.core.messages import say
from agents.core.store.db import AnyDatabase

Rating = Literal["up", "down"]
_COLS = "turn_id, user_id, conversation_id, message_id, rating, comment, created_at, updated_at"
MAX_COMMENT_CHARS = 2000


class FeedbackEntry(TypedDict):
    """A row of ``feedback`` (``_COLS``)."""

    turn_id: str
    user_id: str
    conversation_id: str
    message_id: str | None
    rating: Rating  # rate() lets only these two in
    comment: str | None
    created_at: datetime
    updated_at: datetime


class FeedbackRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    def rate(self, turn_id: str, user_id: str, rating: str, comment: str | None, now: datetime,
             message_id: str | None = None) -> FeedbackEntry:
        """Record (or replace) this user's rating of a turn of theirs. The turn must be one the
        user ran: a rating of another user's turn reads as not found."""
        if rating not in ("up", "down"):
            raise InvalidArgs(f"rating must be 'up' or 'down', not {rating!r}.")
        comment = (comment or "").strip() or None
        if comment is not None and len(comment) > MAX_COMMENT_CHARS:
            raise InvalidArgs(f"The comment is {len(comment)} characters long; keep it under {MAX_COMMENT_CHARS}.")
        owner = self.db.fetchone("SELECT conversation_id FROM traces WHERE turn_id = ? AND user_id = ?",
                                 [turn_id, user_id])
        if owner is None:
            raise TurnNotFound(f"No turn {turn_id!r} for user {user_id!r}.")
        if message_id is not None and self.db.fetchone("SELECT 1 FROM messages WHERE id = ? AND conversation_id = ?",
                                                       [message_id, owner[0]]) is None:
            # Another conversation's message (or another user's): the rating would point at it.
            raise InvalidInput("message_id", say("feedback_foreign_message", shown=message_id[:80]))
        row = self.db.fetchone(
            f"""INSERT INTO feedback ({_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (turn_id, user_id) DO UPDATE SET rating = excluded.rating,
                    comment = coalesce(excluded.comment, feedback.comment),
                    message_id = coalesce(excluded.message_id, feedback.message_id), updated_at = excluded.updated_at
                RETURNING {_COLS}""",
            [turn_id, user_id, owner[0], message_id, rating, comment, now, now],
        )
        assert row is not None
        return cast(FeedbackEntry, dict(zip(_COLS.split(", "), row, strict=True)))  # RETURNING the columns FeedbackEntry names

    def for_turn(self, turn_id: str) -> list[FeedbackEntry]:
        rows = self.db.fetch_dicts(f"SELECT {_COLS} FROM feedback WHERE turn_id = ? ORDER BY updated_at", [turn_id])
        return cast(list[FeedbackEntry], rows)  # the columns FeedbackEntry names

    def for_conversation(self, conversation_id: str, user_id: str) -> dict[str, FeedbackEntry]:
        """turn_id -> this user's rating, to redraw the thumbs after a reload."""
        rows = self.db.fetch_dicts(f"SELECT {_COLS} FROM feedback WHERE conversation_id = ? AND user_id = ?",
                                   [conversation_id, user_id])
        return {r["turn_id"]: cast(FeedbackEntry, r) for r in rows}  # the columns FeedbackEntry names
