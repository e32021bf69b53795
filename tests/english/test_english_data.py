"""The english tutor's offline corpus, interests and labelled correction set: shape, ranges, balance."""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Literal

import pytest
import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from agents.english.evaluate import normalise
from data.english import ARTICLES_PATH, INTERESTS_PATH

CORRECTIONS_PATH = Path(__file__).with_name("corrections.yaml")
SOURCE = "Playground Daily (sandbox)"
INTERESTS = ["technology", "sports", "travel", "food", "economy", "science", "culture", "health", "environment"]
LABELS_KO = {"technology": "기술", "sports": "스포츠", "travel": "여행", "food": "음식", "economy": "경제",
             "science": "과학", "culture": "문화", "health": "건강", "environment": "환경"}
ErrorType = Literal["spelling", "subject_verb_agreement", "verb_form", "past_tense", "article_a_an",
                    "plural_after_number", "fixed_expression", "capital_i", "question_auxiliary", "other"]
ERROR_TYPES: tuple[str, ...] = ErrorType.__args__
# A sentence ends at . ! or ? (optionally inside a closing quote) followed by a space or the end.
SENTENCE_END = re.compile(r"[.!?][\"')]?(?=\s|$)")
LOWERCASE_I = re.compile(r"\bi\b(?!\.)")  # the pronoun typed lowercase ("i", "i'm"), not "e.g." / "i.e."


class Article(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    interest: str
    title: str = Field(min_length=10)
    source: Literal["Playground Daily (sandbox)"]
    url: str
    published: date
    level_hint: Literal["beginner", "intermediate", "advanced"]
    text: str


class Interest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    label_en: str
    label_ko: str
    keywords: list[str] = Field(min_length=5)


class CorrectionItem(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=2)
    has_errors: bool
    corrected: str | None = None
    error_types: list[ErrorType]
    note: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> CorrectionItem:
        if self.has_errors:
            assert self.corrected and self.corrected != self.text, f"needs a different correction: {self.text!r}"
            assert 1 <= len(self.error_types) <= 2, f"one or two error types: {self.text!r}"
        else:
            assert self.corrected is None, f"a correct item has no correction: {self.text!r}"
            assert not self.error_types, f"a correct item has no error types: {self.text!r}"
        return self


def _articles() -> list[Article]:
    return [Article(**a) for a in json.loads(ARTICLES_PATH.read_text(encoding="utf-8"))["articles"]]


def _interests() -> list[Interest]:
    return [Interest(**i) for i in json.loads(INTERESTS_PATH.read_text(encoding="utf-8"))["interests"]]


WILD_PATH = CORRECTIONS_PATH.with_name("corrections_wild.yaml")


def _corrections(path: Path = CORRECTIONS_PATH) -> list[CorrectionItem]:
    return [CorrectionItem(**item) for item in yaml.safe_load(path.read_text(encoding="utf-8"))]


def test_articles_are_unique_and_spread_over_every_interest():
    articles = _articles()
    assert len(articles) >= 36
    assert len({a.id for a in articles}) == len(articles)
    assert len({a.title for a in articles}) == len(articles)
    assert len({a.text for a in articles}) == len(articles)
    per_interest = Counter(a.interest for a in articles)
    assert set(per_interest) == set(INTERESTS)
    assert min(per_interest.values()) >= 4, per_interest
    assert set(Counter(a.level_hint for a in articles)) == {"beginner", "intermediate", "advanced"}
    for a in articles:
        assert a.source == SOURCE
        assert a.url == f"https://example.com/playground-daily/{a.id}"
        assert a.published.year == 2026


@pytest.mark.parametrize("article", _articles(), ids=lambda a: a.id)
def test_article_text_is_a_short_discussable_news_piece(article: Article):
    text = article.text
    words = len(text.split())
    sentences = len(SENTENCE_END.findall(text))
    assert 170 <= words <= 280, f"{words} words"
    assert 6 <= sentences <= 12, f"{sentences} sentences"
    assert text.count('"') >= 2 and text.count('"') % 2 == 0, "needs a quotation, with balanced quotes"
    assert re.search(r"\d", text), "needs a number"
    assert "?" in text, "ends on something a learner can discuss"
    assert "  " not in text and text == text.strip()
    assert not re.search(r"\b(?:a\.m|p\.m|Dr|Mr|Mrs|Ms|St|U\.S)\.", text), "abbreviations break sentence counts"


def test_interests_have_labels_and_distinct_keywords():
    interests = _interests()
    assert [i.id for i in interests] == INTERESTS
    assert {i.id: i.label_ko for i in interests} == LABELS_KO
    every = [k.casefold() for i in interests for k in i.keywords]
    assert len(every) == len(set(every)), "a keyword must point to one interest only"
    by_keyword = {k.casefold(): i.id for i in interests for k in i.keywords}
    for phrase, interest in {"soccer": "sports", "요리": "food", "ai": "technology", "k-pop": "culture",
                             "운동": "health", "재활용": "environment", "여행": "travel", "주식": "economy",
                             "우주": "science"}.items():
        assert by_keyword[phrase] == interest
    for i in interests:
        assert i.label_en.casefold() in [k.casefold() for k in i.keywords]
        assert any(re.search(r"[가-힣]", k) for k in i.keywords), f"{i.id} needs Korean keywords"


def test_corrections_are_balanced_and_cover_every_error_type():
    items = _corrections()
    assert len(items) >= 140
    assert len({i.text for i in items}) == len(items), "duplicate sentences"
    share = sum(i.has_errors for i in items) / len(items)
    assert 0.45 <= share <= 0.55, share
    counts = Counter(t for i in items for t in i.error_types)
    for error_type in ERROR_TYPES:
        assert counts[error_type] >= (4 if error_type == "other" else 6), (error_type, counts[error_type])
    multi = [i for i in items if len(SENTENCE_END.findall(i.text)) >= 2]
    assert len(multi) >= 15, "longer multi-sentence messages"
    assert sum(i.has_errors for i in multi) >= 5 and sum(not i.has_errors for i in multi) >= 5


def test_the_wild_set_is_balanced_and_new():
    """corrections_wild.yaml: at least 100 sentences, about half correct, every kind of error, and none
    of them copied from the other labelled sets (it measures sentences the rules have never seen)."""
    items = _corrections(WILD_PATH)
    assert len(items) >= 100
    assert len({i.text for i in items}) == len(items), "duplicate sentences"
    assert abs(sum(i.has_errors for i in items) * 2 - len(items)) <= 10
    counts = Counter(t for i in items for t in i.error_types)
    for error_type in ERROR_TYPES:
        assert counts[error_type] >= 4, (error_type, counts[error_type])
    here = CORRECTIONS_PATH.parent
    seen = {normalise(i["text"]) for name in ("corrections.yaml", "checker_probe.yaml", "checker_probe_chat.yaml")
            for i in yaml.safe_load((here / name).read_text(encoding="utf-8"))}
    assert [i.text for i in items if normalise(i.text) in seen] == []


@pytest.mark.parametrize("path", [CORRECTIONS_PATH, WILD_PATH], ids=lambda p: p.name)
def test_each_correction_is_small_and_matches_its_label(path):
    for item in _corrections(path):
        if not item.has_errors:
            assert not LOWERCASE_I.search(item.text), f"a correct item has a lowercase i: {item.text!r}"
            continue
        assert not LOWERCASE_I.search(item.corrected), item.corrected
        before, after = item.text.split(), item.corrected.split()
        changes = [op for op in difflib.SequenceMatcher(a=before, b=after).get_opcodes() if op[0] != "equal"]
        assert 1 <= len(changes) <= 3, f"one clear correction, not a rewrite: {item.text!r}"
        assert ("capital_i" in item.error_types) == bool(LOWERCASE_I.search(item.text)), item.text
        if "article_a_an" in item.error_types:
            swapped = {(a.lower(), b.lower()) for a, b in zip(before, after, strict=False) if a != b}
            assert swapped & {("a", "an"), ("an", "a")}, item.text
        if "question_auxiliary" in item.error_types:
            assert item.text.endswith("?") and item.corrected.endswith("?")
        # Only erroneous words change: the learner's own first letter and final period stay as typed,
        # except when the correction inserts a new first word ("you like coffee?" -> "Do you like coffee?").
        if before[0].casefold() == after[0].casefold():
            assert before[0][0] == after[0][0] or "capital_i" in item.error_types, item.text
        assert (item.text[-1] in ".!?") == (item.corrected[-1] in ".!?"), item.text
