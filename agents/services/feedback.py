"""👍 / 👎 with an optional comment on one of your turns, for every front end (a second rating
replaces the first). Refusals are PlaygroundErrors in Korean, then English, naming the input."""

from __future__ import annotations

from datetime import datetime

from agents.core.errors import InvalidArgs, TurnNotFound
from agents.core.inputs import InvalidInput
from agents.core.store import Store
from agents.core.store.feedback import MAX_COMMENT_CHARS, FeedbackEntry
from agents.services.messages import say


def rate(store: Store, user_id: str, turn_id: str, rating: str, comment: str | None, now: datetime,
         message_id: str | None = None) -> FeedbackEntry:
    """Record this user's rating of a turn they ran; another user's turn reads as not found."""
    if rating not in ("up", "down"):
        raise InvalidArgs(say("rating_bad", shown=str(rating)[:40]))
    if comment is not None and not isinstance(comment, str):
        raise InvalidInput("comment", say("comment_not_text"))
    if comment is not None and len(comment.strip()) > MAX_COMMENT_CHARS:
        raise InvalidInput("comment", say("comment_too_long", n=len(comment.strip()), most=MAX_COMMENT_CHARS))
    shown = str(turn_id)[:80]
    try:
        return store.feedback.rate(str(turn_id), user_id, rating, comment, now, message_id=message_id)
    except TurnNotFound:
        raise TurnNotFound(say("turn_not_yours", shown=shown, user=user_id)) from None
