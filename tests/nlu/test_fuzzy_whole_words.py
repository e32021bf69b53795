"""A Latin name key counts only as whole words (issue 29, blind set F): "app" (the key of "app campaign")
inside "happen" or "application" named the campaign 앱 설치 프로모션."""

from __future__ import annotations

import pytest

from agents.nlu import FuzzyIndex

INDEX = FuzzyIndex({"a": ["앱 설치 프로모션", "app campaign", "app promo"], "b": ["봄 시즌 세일", "spring sale"]})


@pytest.mark.parametrize("text", ["why did that happen?", "what happened there", "application numbers",
                                  "reapply the promos", "a happy apple"])
def test_a_key_inside_a_longer_word_names_nothing(text: str) -> None:
    assert INDEX.find(text) == []


@pytest.mark.parametrize(("text", "eid"), [("the app promo numbers", "a"), ("app캠페인 성과", "a"),
                                           ("apppromo stats", "a"), ("spring sale 예산", "b"), ("앱설치프로모션", "a")])
def test_a_key_as_whole_words_still_names_it(text: str, eid: str) -> None:
    assert INDEX.find(text)[0][0] == eid


def test_a_long_hostile_text_is_read_in_bounded_time() -> None:
    assert INDEX.find("a p " * 20000 + "happen") == []
