"""``POST /api/v1/turns/{turn_id}/feedback``: 👍 / 👎 with an optional comment on a turn."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, Field

from agents.core.clock import system_clock
from agents.core.session import check_user_id, runtime_store

router = APIRouter()


class FeedbackBody(BaseModel):
    user: str = "demo"
    rating: Literal["up", "down"]
    comment: str | None = Field(None, max_length=2000)
    message_id: str | None = None


@router.post("/api/v1/turns/{turn_id}/feedback")
def rate_turn(turn_id: str, body: FeedbackBody) -> dict[str, Any]:
    """Record (or replace) the user's rating of one of their turns; it shows in the turn's trace."""
    row = runtime_store().feedback.rate(turn_id, check_user_id(body.user), body.rating, body.comment, system_clock(),
                                        message_id=body.message_id)
    return {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in row.items()}
