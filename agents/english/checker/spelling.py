"""Spelling with ``pyspellchecker`` (its English dictionary ships in the wheel) and word frequencies
from ``wordfreq``: only a lowercase word that neither knows, with one clearly more common spelling
close to it, is corrected; a capitalised word only as a sentence's first word, and only into a word that
is no mere noun. Names, brands, romanised Korean and casual forms are left alone."""

from __future__ import annotations

import re
import threading
from functools import cache, lru_cache

from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein
from spellchecker import SpellChecker

from agents.english.checker.tokens import Edit, Token, keep_case
from agents.english.checker.words import lemmas, word_map, word_set, wordfreq, zipf_frequency

KNOWN_ZIPF = 3.0  # a word this common in real text is a word, whatever the dictionary says
TARGET_ZIPF = 3.5  # a correction must be a common word
GAP = 1.8  # ... and much more common than what was typed
_lock = threading.Lock()


@cache
def _checker() -> SpellChecker:
    with _lock:
        return SpellChecker(distance=1)


@cache
def _frequent() -> list[str]:
    """Common words for the two-edit search (``rapidfuzz``; pyspellchecker's own is slow on long words)."""
    return [w for w in wordfreq().top_n_list("en", 40_000) if w.isalpha() and zipf_frequency(w, "en") >= 4.3]


def warm() -> None:
    _checker()
    _frequent()


def zipf(word: str) -> float:
    return zipf_frequency(word, "en")


def known(word: str) -> bool:
    return zipf(word) >= KNOWN_ZIPF or not _checker().unknown([word])


@lru_cache(maxsize=4096)
def suggestion(word: str) -> str | None:
    """The spelling meant, or None when the word is fine or the choice is not clear."""
    if len(word) < 4 or not word.isalpha() or not word.islower() or not word.isascii() or known(word):
        return None
    own = zipf(word)
    ranked = sorted(((zipf(c) + _likely(word, c), c) for c in _checker().candidates(word) or ()
                     if c != word and c[0] == word[0]), reverse=True)
    if ranked:
        best_zipf, best = ranked[0]
        if word.endswith("ly") and not best.endswith("ly"):
            return None  # "luckly" is luckily far more often than lucky: a word class must not change
        runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
        gap = GAP if len(word) < 10 else GAP - 0.3  # a long word nobody knows is a slip ("pronounciation")
        if best_zipf >= TARGET_ZIPF and best_zipf - own >= gap and best_zipf - runner_up >= 0.7:
            return best
        return None
    if len(word) < 7 or own > 2.5:
        return None
    close = process.extract(word, _frequent(), scorer=DamerauLevenshtein.distance, score_cutoff=2, limit=5)
    ranked = sorted(((zipf(c), c) for c, _, _ in close if c[:2] == word[:2]), reverse=True)
    if not ranked:
        return None
    best_zipf, best = ranked[0]
    runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
    if best_zipf >= 4.3 and best_zipf - runner_up >= 0.7:
        return best
    return None


def _likely(typed: str, candidate: str) -> float:
    """Learners double or undouble letters ("realy", "untill") and swap neighbours ("recieve") far more
    often than they change a letter: such a candidate gets a bonus when candidates compete."""
    squeeze = re.compile(r"(.)\1")
    if squeeze.sub(r"\1", typed) == squeeze.sub(r"\1", candidate):
        return 1.0
    if len(typed) == len(candidate) and sorted(typed) == sorted(candidate):
        return 0.5
    if len(typed) >= 6 and len(candidate) == len(typed) + 1 and candidate[-1] == typed[-1]:
        return 0.8  # a letter left out inside a longer word ("happend" is happened, not happen; "json" stays)
    return 0.0


# A romanised Korean syllable (Revised Romanization, with the oo / ee of names): "Minji", "Daiso", "Suga"
# are names, whatever English word is one letter away.
_KOREAN_SYLLABLE = r"(?:kk|tt|pp|ss|jj|ch|[gkndtrlmbpsjh])?[yw]?(?:ae|eo|eu|ui|oe|oo|ee|a|e|o|u|i)(?:ng|[kntlmp])?"
_ROMANISED_KOREAN = re.compile(rf"(?:{_KOREAN_SYLLABLE}){{1,4}}")


def romanised_korean(word: str) -> bool:
    return bool(_ROMANISED_KOREAN.fullmatch(word.lower()))


def _first_word(sent: list[Token], pos: int) -> str | None:
    """A capitalised first word ("Tomorow", "Beacuse") is checked too, but a name is far likelier there
    than anywhere else: romanised Korean is left alone, and only a correction that is no mere noun
    ("Resturant" may be a place's name) and reads as a sentence's first word is made."""
    token = sent[pos]
    word = token.text.lower()
    if not token.text[1:].islower() or romanised_korean(word):
        return None
    fixed = suggestion(word)
    if fixed is None:
        return None
    found = lemmas(fixed)
    if "NOUN" in found and "ADV" not in found:
        return None
    nxt = sent[pos + 1].lower if pos + 1 < len(sent) else ""
    finite = nxt in word_set("be_forms") or nxt in word_set("modals") or nxt in ("has", "does", "did")
    if "ADV" in found and "NOUN" not in found and finite:
        return None  # "Naver is …": a name before its verb, not "Never is"
    return fixed


QUESTION_WORDS = frozenset({"what", "which", "where", "when", "why", "who", "whose", "how"})


def _question_word(sent: list[Token], pos: int) -> str | None:
    """A question's unknown first word one letter from exactly one question word ("Wich one ...?", "Wat do
    you ...?"): the question mark settles what the spelling alone cannot ("wich" is also one from "with")."""
    word = sent[pos].lower
    if sent[-1].text != "?" or len(word) < 3 or not word.isalpha() or known(word) or romanised_korean(word):
        return None
    found = [c for c in _checker().candidates(word) or () if c in QUESTION_WORDS]
    return found[0] if len(found) == 1 else None


LINKING = frozenset({"feel", "feels", "felt", "feeling", "get", "gets", "got", "getting", "become", "became", "look",
                     "looks", "looked", "seem", "seems", "seemed", "i'm", "we're", "they're", "you're", "he's", "she's",
                     "it's", "so", "very", "really", "too", "super", "pretty", "quite", "extremely"})


@lru_cache(maxsize=1024)
def adjective_suggestion(word: str) -> str | None:
    """After "so", "very", "really" only an adjective fits: "so hungy" is hungry, not hung. The one
    adjective among the close spellings, clearly commoner than what was typed, or None."""
    if len(word) < 4 or not word.isalpha() or not word.islower() or known(word):
        return None
    adjectives = [c for c in _checker().candidates(word) or () if c != word and c[0] == word[0]
                  and "ADJ" in lemmas(c) and zipf(c) >= TARGET_ZIPF and zipf(c) - zipf(word) >= GAP]
    return adjectives[0] if len(adjectives) == 1 else None


INTENSIFIERS = frozenset({"so", "very", "really", "too", "pretty", "quite", "extremely", "super"})


def _slip(sent: list[Token], pos: int) -> str | None:
    """A real word written for a commoner one, read from its neighbours: "the wether" (weather),
    "so exited" (excited)."""
    word = sent[pos].lower
    prev = sent[pos - 1].lower if pos else ""
    if prev in INTENSIFIERS and (fixed := adjective_suggestion(sent[pos].text)):
        return fixed
    if word in word_map("noun_slips") and prev in word_set("determiners"):
        return word_map("noun_slips")[word]
    nxt = sent[pos + 1].lower if pos + 1 < len(sent) else ""
    if word == "wether" and (nxt in word_map("subject_pronouns") or nxt in ("or", "to", "the", "we", "it's")):
        return "whether"  # "not sure wether it's true", "wether or not": the conjunction, not the weather
    if word in word_map("feeling_slips") and (prev in LINKING or prev in word_set("be_forms") or prev in ("a", "an")):
        return word_map("feeling_slips")[word]
    return None


def spelling(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    first = next((i for i, t in enumerate(sent) if t.is_word), None)
    for pos, token in enumerate(sent):
        if not token.is_word or "-" in token.text or "'" in token.lower:
            continue
        if token.capitalised and pos != first:
            continue  # a name or a title in mid-sentence
        prev = sent[pos - 1] if pos else None
        if token.lower in word_map("uncountable_plurals") and prev is not None and (prev.is_number or prev.lower in (
                "few", "several", "both", "these", "those", "a", "an") or prev.lower in word_map("number_words")):
            continue  # "two homeworks": "two homework" would be no better, and we cannot rewrite it
        if token.lower in word_map("uncountable_plurals"):
            # Made singular in this first pass, so the grammar pass reads "The equipment are" and "many advice".
            singular = word_map("uncountable_plurals")[token.lower]
            edits.append(Edit(token.index, token.index + 1, [keep_case(token.text, singular)], "other", token.text,
                              singular, f"“{singular}” is uncountable: it has no plural -s", 10))
            continue
        fixed = _first_word(sent, pos) if token.capitalised else suggestion(token.text) or _slip(sent, pos)
        if fixed is None and pos == first:
            fixed = _question_word(sent, pos)
        if fixed:
            fixed = keep_case(token.text, fixed)
            edits.append(Edit(token.index, token.index + 1, [fixed], "spelling", token.text, fixed, "spelling", 10))
    return edits
