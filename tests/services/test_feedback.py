"""agents/services/feedback.py: one rating path for every front end, owner-checked, bounded."""

from __future__ import annotations

import pytest

from agents.core.errors import InvalidArgs, TurnNotFound
from agents.core.inputs import InvalidInput
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.services import feedback


def _turn(clock, user: str = "ann") -> str:
    session = Session("notes", user_id=user, provider=OfflineProvider.scripted(say("hi")), clock=clock)
    return session.run("hello")[-1].turn_id


def test_rate_then_comment_keeps_the_rating(store, clock):
    turn_id = _turn(clock)
    assert feedback.rate(store, "ann", turn_id, "down", None, clock())["rating"] == "down"
    row = feedback.rate(store, "ann", turn_id, "down", "  too short  ", clock())
    assert (row["rating"], row["comment"], row["user_id"]) == ("down", "too short", "ann")
    assert store.db.fetchall("SELECT rating, comment FROM feedback") == [("down", "too short")]


def test_refusals_name_the_input_in_both_languages(store, clock):
    turn_id = _turn(clock)
    with pytest.raises(TurnNotFound) as caught:
        feedback.rate(store, "bob", turn_id, "up", None, clock())
    assert caught.value.message == f"턴 {turn_id!r}은(는) 사용자 'bob'가 실행한 턴이 아닙니다. (No turn {turn_id!r} for user 'bob'.)"
    with pytest.raises(InvalidArgs, match=r"^평가는 'up' 또는 'down'이어야 합니다. \(rating must be 'up' or 'down'"):
        feedback.rate(store, "ann", turn_id, "sideways", None, clock())
    with pytest.raises(InvalidInput) as long:
        feedback.rate(store, "ann", turn_id, "up", "x" * 5_000_000, clock())
    assert long.value.field == "comment" and long.value.message.startswith("의견이 5,000,000자로 너무 깁니다")
    with pytest.raises(InvalidInput, match="의견은 글이어야 합니다"):
        feedback.rate(store, "ann", turn_id, "up", ["not", "text"], clock())  # type: ignore[arg-type]
    assert store.db.fetchall("SELECT count(*) FROM feedback") == [(0,)]
