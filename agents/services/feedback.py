"""👍 / 👎 with an optional comment on one of your turns, for every front end (a second rating
replaces the first). Refusals are PlaygroundErrors in Korean, then English, naming the input."""

from __future__ import annotations

from datetime import datetime

from agents.core.errors import InvalidArgs, TurnNotFound
from agents.core.inputs import InvalidInput
from agents.core.store import Store
from agents.core.store.feedback import MAX_COMMENT_CHARS, FeedbackEntry


def rate(store: Store, user_id: str, turn_id: str, rating: str, comment: str | None, now: datetime,
         message_id: str | None = None) -> FeedbackEntry:
    """Record this user's rating of a turn they ran; another user's turn reads as not found."""
    if rating not in ("up", "down"):
        raise InvalidArgs(f"평가는 'up' 또는 'down'이어야 합니다. (rating must be 'up' or 'down', "
                          f"not {str(rating)[:40]!r}.)")
    if comment is not None and not isinstance(comment, str):
        raise InvalidInput("comment", "의견은 글이어야 합니다. (The comment must be text.)")
    if comment is not None and len(comment.strip()) > MAX_COMMENT_CHARS:
        raise InvalidInput("comment", f"의견이 {len(comment.strip()):,}자로 너무 깁니다. {MAX_COMMENT_CHARS:,}자 "
                                      f"이하로 쓰세요. (The comment is {len(comment.strip()):,} characters long; "
                                      f"keep it under {MAX_COMMENT_CHARS:,}.)")
    shown = str(turn_id)[:80]
    try:
        return store.feedback.rate(str(turn_id), user_id, rating, comment, now, message_id=message_id)
    except TurnNotFound:
        raise TurnNotFound(f"턴 {shown!r}은(는) 사용자 {user_id!r}가 실행한 턴이 아닙니다. (No turn {shown!r} for "
                           f"user {user_id!r}.)") from None
