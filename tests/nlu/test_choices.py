"""A bare position ("2", "두번째 거", "the second one") sent right after a question with choices is that
choice (issue 29, kind 1: list positions in the kit's dialogue state). Anything else is the message itself."""

from __future__ import annotations

import pytest

from agents.nlu.dialogue import MAX_LISTED, MAX_TEXT, Dialogue, bare_position

CHOICES = ["삼성전자", "삼성바이오로직스", "카카오"]


@pytest.mark.parametrize(("text", "want"), [
    ("2", 2), (" 3 ", 3), ("2번", 2), ("2번이요", 2), ("1번 거", 1), ("두번째", 2), ("두 번째 거요", 2), ("셋째", 3),
    ("첫번째 걸로", 1), ("마지막", -1), ("second", 2), ("the second one", 2), ("option 3", 3), ("#1", 1),
    ("3rd one please", 3), ("the last one", -1), ("2.", 2),
])
def test_a_message_that_is_only_a_position(text: str, want: int) -> None:
    assert bare_position(text) == want


@pytest.mark.parametrize("text", [
    "2일차", "2박 3일", "두번째 날", "2번 캠페인 꺼줘", "2만원", "70000", "day 2", "second day", "두번째 거 둘째날에 넣어줘",
    "ㅇㅇ", "ok", "", "그거",
])
def test_anything_more_is_not_a_bare_position(text: str) -> None:
    assert bare_position(text) is None


def test_the_answer_is_the_choice_at_that_position() -> None:
    asked = Dialogue(choices=CHOICES)
    assert asked.answer("2") == "삼성바이오로직스"
    assert asked.answer("첫번째 거") == "삼성전자"
    assert asked.answer("the last one") == "카카오"
    assert asked.answer("4") == "4"  # no fourth choice: the message stays as sent
    assert asked.answer("카카오 차트") == "카카오 차트"
    assert Dialogue().answer("2") == "2"  # no question was asked


def test_choices_survive_the_state_round_trip_bounded() -> None:
    hostile = {"choices": ["가" * 10_000, 5, None, "", *[f"c{i}" for i in range(100)]]}
    back = Dialogue.from_json(hostile)
    assert len(back.choices) <= MAX_LISTED and all(len(c) <= MAX_TEXT for c in back.choices)
    assert back.choices[0] == "가" * MAX_TEXT and back.choices[1] == "c0"
    kept = Dialogue.from_json(Dialogue(choices=CHOICES).to_json())
    assert kept.choices == CHOICES
    assert '"choices"' in Dialogue(choices=CHOICES).render()
