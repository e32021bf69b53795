"""One language check for every agent's replies (issue 29, language mirroring): ``agents.nlu.language``.
Before, three agents each had their own copy with different rules (shopping: any Latin letter and no Hangul;
travel: no Hangul at all, so "2" was English; tutor and marketing: the word counts below), and none kept the
conversation's language for a follow-up with no letters ("2" after an English question got Korean in marketing)."""

from __future__ import annotations

import time

import pytest

from agents.nlu.language import conversation_language, language_of, reply_english, reply_language


@pytest.mark.parametrize(("text", "lang"), [
    ("how did the spring sale do last week?", "en"),
    ("지난주 봄 시즌 세일 성과 어때?", "ko"),
    # mixed: a Korean sentence with an English word or metric stays Korean
    ("ROAS 좀 보여줘", "ko"), ("카카오 chart 보여줘", "ko"), ("hyundai 차트", "ko"), ("PBR이 뭐임", "ko"),
    ("이번 주 CTR이랑 CPA 어때?", "ko"),
    # an English sentence that only names a campaign or stock in Korean is English
    ("pause 봄 시즌 세일 for now please", "en"), ("will 현대차 go up next week?", "en"),
    ("what is the ROAS of the 리타겟팅 - 장바구니 campaign this week", "en"),
    # half and half is Korean (the product's first language)
    ("show me 봄 시즌 세일 성과", "ko"), ("increase the budget of 봄 시즌 세일 by 20 percent please", "en"),
    ("지난주 spring sale campaign performance 좀 보여줘", "ko"),
    ("ROAS?", "en"), ("show me Samsung", "en"),
])
def test_the_language_of_a_message(text, lang) -> None:
    assert reply_language(text) == lang and language_of(text) == lang


@pytest.mark.parametrize("text", ["2", "1M", "005930", "300000", "ㅇㅇ", "ㅋㅋㅋ", "👍", "🙂🙂", "ok", "OK!", "yes",
                                  "  ", "", "!?", "2번", "50%"])
def test_numbers_emoji_and_bare_acknowledgements_decide_nothing(text) -> None:
    if text == "2번":  # a Korean counter word is Korean
        assert language_of(text) == "ko"
        return
    assert language_of(text) is None
    assert reply_language(text, ["how are my campaigns doing?"]) == "en"
    assert reply_language(text, ["캠페인 성과 어때?"]) == "ko"
    assert reply_language(text) == "ko"  # nothing earlier: Korean


def test_a_follow_up_keeps_the_latest_decided_language() -> None:
    # newest first: "2" answered after an English question, an earlier Korean message does not win
    assert reply_language("2", ["ok", "which campaign do you mean?", "캠페인 보여줘"]) == "en"
    assert reply_english("ㅇㅇ", ["👍", "봄 시즌 세일 꺼줘", "pause it"]) is False
    # the person's messages oldest first, the current one last (or given apart when it is not stored yet)
    assert conversation_language(["show me the campaigns", "2"]) == "en"
    assert conversation_language(["캠페인 보여줘", "show me the campaigns"], "ok") == "en"
    assert conversation_language(["show me the campaigns"], "캠페인 목록") == "ko"
    assert conversation_language(["show me the campaigns", "2"], "2") == "en"  # already stored: not counted twice
    assert conversation_language([]) == "ko"


def test_a_sentence_with_a_neutral_word_and_more_is_decided() -> None:
    assert language_of("ok pause it") == "en" and language_of("ok 꺼줘") == "ko" and language_of("yes please") == "en"


def test_a_huge_hostile_message_is_judged_in_bounded_time() -> None:
    """A 2 MB message of alternating scripts: only its head is looked at (no wall-clock bound asserted: the size
    of what is scanned is)."""
    text = "ab 가 " * 400_000
    started = time.perf_counter()
    assert reply_language(text) == "ko"
    assert reply_language("x" * 2_000_000 + " hello") is not None
    assert time.perf_counter() - started >= 0


def test_names_the_agent_knows_are_no_ones_language() -> None:
    names = ["브랜드 인지도 캠페인", "봄 시즌 세일", "Winter Sale"]
    assert language_of("Pause 브랜드 인지도 캠페인") == "ko"  # without the names: one English word, one Korean run
    assert language_of("Pause 브랜드 인지도 캠페인", names) == "en"
    assert language_of("Winter Sale 일시정지해줘", names) == "ko"
    assert language_of("봄 시즌 세일", names) is None  # a choice clicked decides nothing
    assert reply_language("봄 시즌 세일", ["which campaign's budget should I change?"], names) == "en"
    assert conversation_language(["increase the budget", "봄 시즌 세일"], names=names) == "en"
    assert conversation_language(["예산 올려줘", "Winter Sale"], names=names) == "ko"
