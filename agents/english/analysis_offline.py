"""The offline AnalysisAgent: an extractive summary, vocabulary picked by word rarity (``wordfreq``) with the
article's own sentence as the example, and discussion questions from the article and templates.

Definitions come from a learner glossary shipped with the corpus (``glossary.yaml``); a rare word
outside it is only used when the glossary gives too few, with a note to guess it from the example."""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from functools import cache
from pathlib import Path

import yaml

from agents.english.checker.words import CLOSED_CLASS, lemmas, zipf_frequency
from agents.english.models import NewsAnalysis, NewsArticle, VocabItem

GLOSSARY = Path(__file__).with_name("glossary.yaml")
SENTENCE = re.compile(r"(?<=[.!?])[\"”]?\s+(?=[A-Z\"“])")
WORD = re.compile(r"(?<![\w'-])[a-z]+(?:-[a-z]+)?(?![\w'-])")
RARE, COMMON = 2.3, 4.6  # the zipf band a learner's new word comes from
VOCAB_SIZE = 5
UNKNOWN_DEFINITION = "a word from the article: guess its meaning from the example sentence"


@cache
def glossary() -> dict[str, str]:
    return {str(k): str(v) for k, v in (yaml.safe_load(GLOSSARY.read_text(encoding="utf-8")) or {}).items()}


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE.split(text.strip()) if s.strip()]


def base_form(word: str) -> str:
    """The dictionary form a learner would look up ("repaired" -> "repair")."""
    found = lemmas(word)
    for pos in ("NOUN", "VERB", "ADJ", "ADV"):
        forms = found.get(pos)
        if forms:
            return word if word in forms else forms[0]
    return word


def _content_words(sentence: str) -> list[str]:
    return [w for w in WORD.findall(sentence) if w not in CLOSED_CLASS and len(w) > 3]


def summary(article: NewsArticle, most: int = 3) -> str:
    """The sentences that share the most words with the rest of the article (quotes and the closing
    question left out), in the article's order."""
    parts = sentences(article.fullText)
    counts = Counter(base_form(w) for s in parts for w in _content_words(s))
    scored = []
    for index, sentence in enumerate(parts):
        if '"' in sentence or "“" in sentence or sentence.endswith("?"):
            continue
        words = [base_form(w) for w in _content_words(sentence)]
        if not words:
            continue
        score = sum(counts[w] - 1 for w in words) / len(words) ** 0.5 + (1.5 if index == 0 else 0.0)
        scored.append((score, index, sentence))
    chosen = sorted(sorted(scored, reverse=True)[:most], key=lambda s: s[1])
    text = " ".join(s for _, _, s in chosen)
    return text or " ".join(parts[:2])


def vocabulary(article: NewsArticle, size: int = VOCAB_SIZE) -> list[VocabItem]:
    """The rarest useful words of the article, each with a definition and the sentence it came from."""
    seen: dict[str, tuple[float, str]] = {}
    for sentence in sentences(article.fullText):
        for word in _content_words(sentence):
            lemma = base_form(word)
            rarity = zipf_frequency(lemma, "en")
            quoted = '"' in seen.get(lemma, (0, '"'))[1]
            if RARE <= rarity <= COMMON and (lemma not in seen or (quoted and '"' not in sentence)):
                seen[lemma] = (rarity, sentence)  # a sentence without a quotation is the better example
    defined = sorted((r, w) for w, (r, _) in seen.items() if w in glossary())
    undefined = sorted((r, w) for w, (r, _) in seen.items() if w not in glossary() and r >= 2.8)
    picks = [w for _, w in defined[:size]]
    picks += [w for _, w in undefined[:max(0, min(size, 3) - len(picks))]]
    return [VocabItem(word=w, definition=glossary().get(w, UNKNOWN_DEFINITION), example=_example(seen[w][1]))
            for w in picks]


def _example(sentence: str) -> str:
    """A quoted remark without its speech marks and speaker tag, so it reads as an example."""
    if sentence.startswith('"'):
        inner = sentence[1:].split('"', 1)[0].strip().rstrip(",")
        return inner if inner.endswith((".", "!", "?")) else inner + "."
    return sentence


TEMPLATES = {  # one question each: the tutor asks exactly one at a time
    "technology": ["Would you use something like this in your daily life, and why?",
                   "What is one good side and one bad side of this technology?"],
    "sports": ["What do you enjoy most about playing or watching sports?",
               "Do you think this change is better for the players or for the fans?"],
    "travel": ["Would you like to visit a place like this, and what would you do there?",
               "How do you usually choose where to travel?"],
    "food": ["Would you try this, and why or why not?", "What food from your country would you recommend to a visitor?"],
    "economy": ["How do changes like this affect your own spending?",
                "Do you think this is good news for young people?"],
    "science": ["What surprised you most in this article?", "How could this discovery change our lives someday?"],
    "culture": ["Have you ever been to an event like this?", "Why do you think this is popular now?"],
    "health": ["Do you have a habit like this, and how does it help you?",
               "What is one small change you could make after reading this?"],
    "environment": ["What do people in your neighborhood do about this?",
                    "Who should do more about this problem: people, companies or the government?"],
}
GENERAL = ["What do you think about this news?", "Would this idea work in your city, and why?",
           "Have you had an experience like this?"]


def questions(article: NewsArticle, most: int = 3) -> list[str]:
    """The article's own closing question first, then questions for its topic."""
    own = [s for s in sentences(article.fullText) if s.endswith("?") and '"' not in s]
    pool = TEMPLATES.get(article.interest or "", []) + GENERAL
    start = int(hashlib.sha256((article.id or article.title).encode()).hexdigest(), 16) % len(pool)
    rotated = pool[start:] + pool[:start]
    return list(dict.fromkeys([*own[-1:], *rotated]))[:most]


def analyse(article: NewsArticle) -> NewsAnalysis:
    return NewsAnalysis(summary=summary(article), vocabulary=vocabulary(article) or [
        VocabItem(word="article", definition="a piece of writing in a newspaper or on a news website")],
        questions=questions(article))
