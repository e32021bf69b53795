"""English lexicon phrases match as whole words (agents.nlu.text.contains / find). The regex of a phrase is compiled
only when every word of it is in the text: the same answers as always compiling it, without ~430 compiles in a
process's first turn (issue 27, start-up)."""

from __future__ import annotations

import random
import re

from agents.nlu import text
from agents.nlu.text import contains, find, normalise

WORDS = ["how", "did", "we", "do", "this", "week", "budget", "roas", "can't", "cpc", "ad", "ads", "a", "ok"]
SEPARATORS = [" ", "  ", "", ", ", "-", "\n", "?", "'"]


def _always_compiled(phrase: str, message: str) -> re.Match[str] | None:
    """The rule before the shortcut: the phrase's whole-word pattern searched in the normalised message."""
    return text.word_pattern(phrase).search(normalise(message))


def test_contains_and_find_answer_as_the_compiled_pattern_does() -> None:
    rng = random.Random(27)  # fixed: the same 2,000 phrase and message pairs every run
    matched = 0
    for _ in range(2000):
        phrase = " ".join(rng.choices(WORDS, k=rng.randint(1, 3)))
        message = "".join(rng.choice(WORDS) + rng.choice(SEPARATORS) for _ in range(rng.randint(0, 8)))
        expected = _always_compiled(phrase, message)
        matched += expected is not None
        assert contains(message, phrase) is (expected is not None), (phrase, message)
        assert find(message, phrase) == (-1 if expected is None else
                                          len(normalise(message)[: expected.start()].replace(" ", ""))), (phrase, message)
    assert 100 < matched < 1900  # both answers are well represented


def test_known_answers() -> None:
    assert contains("How did we do this week?", "this week")
    assert contains("how did we do thisweek", "this week")  # spaces inside a phrase are optional
    assert not contains("this weekend", "this week")  # whole words only
    assert not contains("weeks of this", "this week")
    assert find("so, this week", "this week") == 3


def test_a_phrase_whose_word_is_absent_compiles_nothing() -> None:
    phrase = "zqxj unseen phrase"
    assert not contains("how did we do this week", phrase)
    assert find("how did we do this week", phrase) == -1
    text._word_pattern.cache_clear()
    assert not contains("how did we do this week", phrase)
    assert text._word_pattern.cache_info().currsize == 0
    assert contains("zqxj unseen phrase here", phrase)  # all its words present: compiled and searched
    assert text._word_pattern.cache_info().currsize == 1
