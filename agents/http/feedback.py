"""``POST /api/v1/turns/{turn_id}/feedback``: 👍 / 👎 with an optional comment on one of your turns."""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path
from pydantic import Field, JsonValue

from agents.core.clock import system_clock
from agents.core.session import runtime_store
from agents.http.auth import Caller
from agents.http.errors import COMMON, documented
from agents.http.models import ID_PATTERN, Text, UserId, _Body, to_json
from agents.services import feedback


class FeedbackBody(_Body):
    rating: Literal["up", "down"]
    comment: Text | None = Field(None, max_length=2000)
    message_id: str | None = Field(None, pattern=ID_PATTERN)
    user: UserId | None = None


def feedback_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/turns", tags=["feedback"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]

    @router.post("/{turn_id}/feedback", summary="Rate one of your turns (replaces your earlier rating)")
    def rate_turn(who: Who, turn_id: Annotated[str, Path(pattern=ID_PATTERN)], body: FeedbackBody) -> dict[str, JsonValue]:
        user = who.user(body.user)
        row = feedback.rate(runtime_store(), user, turn_id, body.rating, body.comment, system_clock(),
                            message_id=body.message_id)
        return {k: to_json(v) for k, v in row.items()}

    return router
