"""The offline ConversationAgent (seed §4.4 offline): it reacts to what the learner said, builds on the
article, uses its vocabulary, asks one of its questions, adapts to the level, and is deterministic."""

from __future__ import annotations

import re
import statistics

import pytest

from agents.english.analysis_offline import analyse, sentences
from agents.english.learner import read
from agents.english.news import _article, corpus
from agents.english.reply import Context, compose

RAW = next(a for a in corpus() if a["id"] == "library-ai-homework-helper")
ARTICLE = _article(RAW)
ANALYSIS = analyse(ARTICLE)


def ctx(text: str, level: str = "intermediate", previous: list[str] | None = None, **kw) -> Context:
    return Context(text=text, name="Mina", level=level, analysis=ANALYSIS, title=ARTICLE.title,
                   article_text=ARTICLE.fullText, previous=previous or [], turn=len(previous or []) + 1, **kw)


def questions_in(reply: str) -> list[str]:
    return re.findall(r"[^.!?*“”]*\?", reply.replace("**", ""))


def article_quotes(reply: str) -> list[str]:
    return [s for s in sentences(ARTICLE.fullText) if s.rstrip(".")[:40] in reply or s[:40].lower() in reply.lower()]


@pytest.mark.parametrize(("text", "kind"), [
    ("Hi! I'm ready to talk about the news.", "greeting"), ("What does cautious mean?", "meaning"),
    ("I don't understand.", "confused"), ("What do you think?", "tutor_opinion"), ("yes", "short"),
    ("I think students should use AI carefully.", "opinion"),
    ("Last year I used an app to study math.", "experience"), ("오늘 기사 재밌었어요", "korean"),
    ("Why did the library start this program?", "question"), ("My son studies algebra at night.", "statement"),
])
def test_it_reads_what_kind_of_message_it_got(text, kind) -> None:
    assert read(text) == kind


def test_the_first_reply_opens_the_article_uses_a_word_and_asks_one_of_its_questions() -> None:
    reply = compose(ctx("Hi! I'm ready to talk about the news."))
    assert reply.startswith("Hi Mina! Today's article is “City Library Tests an AI Homework Helper")
    assert sentences(ANALYSIS.summary)[0] in reply
    assert f"**{ANALYSIS.vocabulary[0].word}**" in reply and ANALYSIS.vocabulary[0].definition in reply
    assert f"**{ANALYSIS.questions[0]}**" in reply
    assert len(questions_in(reply)) == 1


def test_it_reacts_to_the_learners_words_and_builds_on_the_article() -> None:
    first = compose(ctx("Hi!"))
    reply = compose(ctx("I think teenagers rely on the assistant too much, so teachers are right to worry.",
                        previous=[first]))
    assert reply.startswith("That's a good point.") or "opinion" in reply or "I see what you mean" in reply
    assert "**assistant**" in reply or "**teenagers**" in reply  # their own most specific word
    quoted = article_quotes(reply)
    assert quoted and any(w in quoted[0].lower() for w in ("rely", "assistant", "worry", "teachers"))
    assert f"**{ANALYSIS.vocabulary[1].word}**" in reply  # the next word, not the one already taught
    assert f"**{ANALYSIS.questions[1]}**" in reply  # the next question, not the one already asked
    assert len(questions_in(reply)) == 1


def test_a_meaning_question_is_answered_from_the_analysis_or_the_article() -> None:
    first = compose(ctx("Hi!"))
    word = ANALYSIS.vocabulary[2]
    reply = compose(ctx(f"What does {word.word} mean?", previous=[first]))
    assert reply.startswith(f"“{word.word}” means {word.definition}.")
    reply = compose(ctx("What does 'session' mean?", previous=[first]))
    assert "session" in reply and "Try to guess" in reply  # in the article, not in the word list
    reply = compose(ctx("What does 'quantum' mean?", previous=[first]))
    assert "not in today's article" in reply


def test_the_tutor_gives_an_opinion_from_the_article_when_asked() -> None:
    reply = compose(ctx("What do you think?", previous=[compose(ctx("Hi!"))]))
    assert "I think it is a good idea, because" in reply and "worry" in reply
    assert article_quotes(reply) or "support" in reply
    assert len(questions_in(reply)) == 1


def test_a_correction_is_recast_kindly() -> None:
    correction = {"has_errors": True, "original": "Yesterday I go to the library.",
                  "corrected": "Yesterday I went to the library.", "explanation": "…"}
    reply = compose(ctx("Yesterday I go to the library.", previous=["Hi"], correction=correction))
    assert "“I went”" in reply and "“I go”" in reply
    beginner = compose(ctx("Yesterday I go to the library.", level="beginner", previous=["Hi"], correction=correction))
    assert beginner.startswith("Small tip: we say “I went”, not “I go”.")


def test_a_dropped_word_is_recast_with_the_next_word_and_names_keep_their_capital() -> None:
    correction = {"has_errors": True, "original": "I am agree with Minji.", "corrected": "I agree with Minji.",
                  "explanation": "…"}
    beginner = compose(ctx("I am agree with Minji.", level="beginner", previous=["Hi"], correction=correction))
    assert beginner.startswith("Small tip: we say “I agree”, not “I am agree”.")
    reply = compose(ctx("I had dinner with Minji at Gwangjang Market.", previous=["Hi"]))
    echoed = re.search(r"You (?:mentioned|talked about) \*\*(\w+)\*\*", reply)
    assert echoed is not None and echoed.group(1)[0].isupper(), reply


def test_the_level_changes_the_reply() -> None:
    def sentence_lengths(level: str) -> float:
        replies = []
        previous: list[str] = []
        for text in ("Hi!", "I think the library is right.", "My brother used a tutor last year.", "yes"):
            reply = compose(ctx(text, level=level, previous=previous))
            previous.append(reply)
            replies.append(reply)
        parts = [s for r in replies for s in re.split(r"(?<=[.!?])\s+", r) if s]
        return statistics.mean(len(s.split()) for s in parts)

    beginner, intermediate, advanced = (sentence_lengths(level) for level in ("beginner", "intermediate", "advanced"))
    assert beginner < intermediate < advanced
    assert "Start with “I think …”." in compose(ctx("Hi!", level="beginner"))
    assert "New word:" in compose(ctx("Hi!", level="beginner"))
    assert "Give a reason or an example" in compose(ctx("Hi!", level="advanced"))


def test_korean_is_met_with_an_invitation_to_try_english() -> None:
    reply = compose(ctx("오늘 기사 재밌었어요", previous=["Hi! **Would you trust an AI tutor?**"]))
    assert reply.startswith("영어로 한번 말해 볼까요?") and "Would you trust an AI tutor?" in reply


def test_deterministic() -> None:
    assert compose(ctx("I think it's useful.", previous=["Hi"])) == compose(ctx("I think it's useful.",
                                                                                previous=["Hi"]))
