"""The profile in DuckDB (seed §5 UserProfile, seeded with defaults on first use, each value checked with a
message naming it) and the offline AnalysisAgent (extractive summary, vocabulary by wordfreq rarity with the
article's sentence as the example, the article's own question and topic questions)."""

from __future__ import annotations

import pytest
from wordfreq import zipf_frequency

from agents.core.inputs import InvalidInput
from agents.core.session import Session
from agents.english.analysis_offline import analyse, glossary, questions, sentences, summary, vocabulary
from agents.english.models import CorrectionWithErrors, NewsArticle
from agents.english.news import _article, corpus
from agents.english.store import DEFAULT, EnglishStore


def test_profile_defaults_on_first_use_and_per_user(store, clock) -> None:
    profiles = EnglishStore(store)
    assert store.db.fetchall("SELECT count(*) FROM english_profiles") == [(0,)]
    Session("english", user_id="mina", store=store, clock=clock)  # setup_user seeds it
    assert profiles.profile("mina", clock()) == DEFAULT
    saved = profiles.save("mina", "  Mina ", "soccer, 요리\nAI", "advanced", clock())
    assert (saved.name, saved.interests, saved.learningLevel) == ("Mina", ["soccer", "요리", "AI"], "advanced")
    assert profiles.profile("jun", clock()) == DEFAULT


@pytest.mark.parametrize(("name", "interests", "level", "field"), [
    ("", ["travel"], "beginner", "name"), ("x" * 41, ["travel"], "beginner", "name"),
    ("Mina", [], "beginner", "interests"), ("Mina", [" ", ""], "beginner", "interests"),
    ("Mina", [f"i{n}" for n in range(9)], "beginner", "interests"), ("Mina", ["x" * 41], "beginner", "interests"),
    ("Mina", ["travel"], "expert", "learningLevel"), ("Mina", "travel", None, "learningLevel"),
])
def test_profile_values_are_checked_with_a_message_naming_them(store, clock, name, interests, level, field) -> None:
    with pytest.raises(InvalidInput) as caught:
        EnglishStore(store).save("mina", name, interests, level, clock())
    assert caught.value.field == field and "(" in caught.value.message  # Korean, then English


def test_saving_the_profile_keeps_the_corrections(store, clock) -> None:
    profiles = EnglishStore(store)
    profiles.add_correction("mina", CorrectionWithErrors(original="he go", corrected="he goes", explanation="s"),
                            clock())
    profiles.save("mina", "Mina", ["travel"], "beginner", clock())
    assert [c.corrected for c in profiles.profile("mina", clock()).recentCorrections] == ["he goes"]
    profiles.clear_corrections("mina", clock())
    assert profiles.profile("mina", clock()).recentCorrections == []


def test_the_rotation_cursor_is_claimed_one_at_a_time(store, clock) -> None:
    profiles = EnglishStore(store)
    assert [profiles.next_article("mina", clock()) for _ in range(4)] == [0, 1, 2, 3]
    assert profiles.next_article("jun", clock()) == 0


ARTICLES = [_article(a) for a in corpus()]


@pytest.mark.parametrize("article", ARTICLES, ids=lambda a: a.id)
def test_offline_analysis_of_every_corpus_article(article: NewsArticle) -> None:
    analysis = analyse(article)
    text_sentences = sentences(article.fullText)
    for sentence in sentences(analysis.summary):
        assert sentence in text_sentences and '"' not in sentence  # extractive, no quotations
    assert 4 <= len(analysis.vocabulary) <= 5
    for item in analysis.vocabulary:
        assert item.definition == glossary()[item.word]
        assert item.example and item.example.rstrip(".")[:20] in article.fullText
    rarities = [zipf_frequency(v.word, "en") for v in analysis.vocabulary]
    assert rarities == sorted(rarities)  # the rarest defined words first
    own = [s for s in text_sentences if s.endswith("?")][-1]
    assert analysis.questions[0] == own and len(analysis.questions) == 3 and len(set(analysis.questions)) == 3


def test_an_article_outside_the_corpus_still_gets_an_analysis() -> None:
    article = NewsArticle(title="Parks", source="news.example.org", url="https://news.example.org/p", fullText=(
        "Seoul opened three riverside parks this spring. Officials said the parks would cool nearby "
        "neighborhoods during heat waves. Residents can borrow bicycles for free. Critics worry about the "
        "maintenance budget. Would you visit a riverside park on a hot day?"))
    analysis = analyse(article)
    assert summary(article).startswith("Seoul opened three riverside parks")
    assert analysis.questions[0] == "Would you visit a riverside park on a hot day?"
    assert analysis.vocabulary and all(v.example for v in analysis.vocabulary)
    assert len(questions(article)) == 3 and all(v.example in article.fullText for v in vocabulary(article))
