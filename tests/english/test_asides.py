"""Issue 29, kind 5: the English tutor follows a topic change, answers how a word is pronounced, and says
its last reply more simply in whole short sentences (never an article sentence cut off with "…"); through
the composer and through a real Session. Messages are written for these tests."""

from __future__ import annotations

import re

import pytest

from agents.core.session import Session
from agents.english.analysis_offline import analyse
from agents.english.asides import simple_sentence, topic_of
from agents.english.learner import read
from agents.english.news import _article, corpus
from agents.english.pronounce import look_up
from agents.english.reply import Context, compose

RAW = next(a for a in corpus() if a["id"] == "library-ai-homework-helper")
ARTICLE = _article(RAW)
ANALYSIS = analyse(ARTICLE)


def talk(*texts: str, level: str = "intermediate") -> list[str]:
    replies: list[str] = []
    for text in texts:
        ctx = Context(text=text, name="Jun", level=level, analysis=ANALYSIS, title=ARTICLE.title,
                      article_text=ARTICLE.fullText, previous=list(replies), turn=len(replies) + 1)
        replies.append(compose(ctx))
    return replies


@pytest.mark.parametrize(("text", "kind"), [
    ("Can we talk about basketball instead?", "topic"), ("I'd like to chat about cooking for a bit.", "topic"),
    ("Let's change the topic to movies.", "topic"), ("Can we go back to the article?", "back"),
    ("How do you pronounce genre?", "pronounce"), ("what's the pronunciation of colonel", "pronounce"),
    ("receipt 발음 어떻게 해요?", "pronounce"), ("Could you explain that in simple English?", "simpler"),
    ("Please say it more simply.", "simpler"), ("Hi! I'm ready to talk about the news.", "greeting"),
])
def test_the_new_kinds_are_read(text, kind) -> None:
    assert read(text) == kind


@pytest.mark.parametrize(("text", "topic"), [("Can we talk about basketball instead?", "basketball"),
                                              ("I'd like to chat about cooking for a bit.", "cooking"),
                                              ("Let's change the topic to movies.", "movies"),
                                              ("Let's talk about the news today.", None)])
def test_the_topic_is_what_was_named(text, topic) -> None:
    assert topic_of(text) == topic


def test_a_topic_change_is_followed_until_the_learner_goes_back() -> None:
    replies = talk("Hello!", "Can we talk about basketball instead?", "I watch games with my dad on weekends.",
                   "How do you pronounce genre?", "Mostly the NBA.", "OK, back to the article please.")
    assert replies[1] == ("Sure, let's talk about **basketball**! That's a nice change from today's article. "
                          "**What do you like most about basketball?**")
    assert replies[2].endswith("Let's keep talking about **basketball**. **How did you first get into basketball?**")
    assert "You mentioned **" in replies[2] and "article" not in replies[2].lower()
    # A pronunciation aside keeps the topic; the next answer is still about it, with its next question.
    assert replies[4].endswith("Let's keep talking about **basketball**. **Is basketball popular in Korea?**")
    assert replies[5].startswith("Sure, back to the article. ") and "basketball" not in replies[5]


def test_a_beginner_gets_the_beginner_questions_about_the_topic() -> None:
    replies = talk("Hi", "Let's talk about cooking.", "I cook rice every day.", level="beginner")
    assert replies[1].endswith("**Do you like cooking? Why?** Start with “I think …”.")
    assert replies[2].endswith("Let's keep talking about **cooking**. **When do you enjoy cooking?** "
                               "Start with “I think …”.")


def test_a_pronunciation_question_gets_the_ipa_the_respelling_and_the_stress() -> None:
    reply = talk("Hello!", "How do you pronounce genre?")[1]
    first = look_up("genre")[0]
    assert reply.startswith(f"**genre** is pronounced {first.ipa}, said like “{first.respelled}” "
                            f"({first.syllables} syllables, stress on the first).")
    assert "(From the CMU Pronouncing Dictionary.)" in reply and reply.rstrip().endswith("?**")
    assert look_up("anxious")[0].ipa == "/ˈæŋkʃəs/" and look_up("anxious")[0].respelled == "ANGK-shuhs"


def test_a_word_in_the_article_is_shown_in_its_sentence_and_an_unknown_word_is_said_so() -> None:
    reply = talk("Hello!", "how should I pronounce library")[1]
    assert "It is in the article: “" in reply and "Try saying that sentence aloud." in reply
    reply = talk("Hello!", "how do you pronounce blorptastic")[1]
    assert reply.startswith("I can't find “blorptastic” in my pronunciation dictionary.")


def test_say_it_more_simply_restates_the_last_reply_in_short_whole_sentences() -> None:
    replies = talk("Hello!", "I think teenagers need more help with homework.", "Could you say that more simply?")
    simple = replies[2]
    assert simple.startswith("No problem, let me say it more simply. ")
    body = simple.removeprefix("No problem, let me say it more simply. ").split(" You can answer with")[0]
    said = [s for s in re.split(r"(?<=[.!?])\s+", body) if s]
    assert said and all(len(s.split()) <= 14 and s.endswith(".") for s in said), said
    assert "…" not in body and simple.rstrip().endswith("?**")


def test_a_simple_sentence_is_a_whole_clause_never_a_cut() -> None:
    long = ("The library says the tool explains math and science problems step by step, and teachers will check "
            "whether students really learn more from it during the three-month trial.")
    assert simple_sentence(long) == "The library says the tool explains math and science problems step by step."
    assert simple_sentence("A short one") == "A short one."
    assert simple_sentence(" ".join(["word"] * 30)) is None


def test_through_a_session_the_topic_and_the_pronunciation_hold() -> None:
    session = Session("english")
    session.run("새 기사로 시작", {"start": True})
    replies = []
    for line in ("Let's talk about soccer.", "I played it at school.", "how do you pronounce anxious"):
        events = session.run(line)
        assert not [e for e in events if e.type == "error"]
        replies.append("".join(e.content for e in events if e.type == "text_delta"))
    assert replies[0].startswith("Sure, let's talk about **soccer**!")
    assert "Let's keep talking about **soccer**." in replies[1]
    assert replies[2].startswith("**anxious** is pronounced /ˈæŋkʃəs/, said like “ANGK-shuhs”")
