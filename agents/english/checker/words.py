"""What a word can be, from ``lemminflect``'s lexicon (shipped in its wheel) and the word lists in
``grammar.yaml``: verb forms and their inflections, singular and plural nouns."""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType

import yaml

GRAMMAR = Path(__file__).resolve().parents[1] / "grammar.yaml"


# Imported on first use: wordfreq (with ftfy and langcodes under it) and lemminflect (with NumPy) cost most
# of a second of CPU to import, which every process that lists the agents paid (a CLI command for any
# agent), not only english turns.
@cache
def wordfreq() -> ModuleType:
    import wordfreq

    return wordfreq


@cache
def _lemminflect() -> ModuleType:
    import lemminflect

    module: ModuleType = lemminflect  # untyped: its functions are wrapped below with their types
    return module


def zipf_frequency(word: str, lang: str) -> float:
    return float(wordfreq().zipf_frequency(word, lang))


@cache
def lists() -> dict[str, object]:
    """grammar.yaml: name -> a word list or a word map."""
    loaded = yaml.safe_load(GRAMMAR.read_text(encoding="utf-8"))
    return {str(k): v for k, v in loaded.items()} if isinstance(loaded, dict) else {}


def table(name: str) -> dict[object, object]:
    """One map of grammar.yaml (a word -> its replacement, or -> a small record)."""
    value = lists()[name]
    if not isinstance(value, dict):
        raise TypeError(f"grammar.yaml: {name} is not a map")
    return value


@cache
def word_set(name: str) -> frozenset[str]:
    value = lists()[name]  # a list, or a map read for its keys
    if not isinstance(value, list | dict):
        raise TypeError(f"grammar.yaml: {name} is neither a list nor a map")
    return frozenset(str(w) for w in value)


@cache
def word_map(name: str) -> dict[str, str]:
    return {str(k): str(v) for k, v in table(name).items()}


@lru_cache(maxsize=8192)
def lemmas(word: str) -> dict[str, tuple[str, ...]]:
    return dict(_lemminflect().getAllLemmas(word))


def _inflect(lemma: str, tag: str) -> str | None:
    forms = _lemminflect().getInflection(lemma, tag=tag)
    return forms[0] if forms else None


def inflect(lemma: str, tag: str) -> str | None:
    """One Penn-tagged form of a lemma ("tall", "JJR" -> "taller"; "foot", "NNS" -> "feet")."""
    return _inflect(lemma, tag)


CLOSED_CLASS = frozenset({
    "the", "a", "an", "this", "that", "these", "those", "my", "your", "his", "her", "its", "our", "their", "i",
    "you", "he", "she", "it", "we", "they", "me", "him", "us", "them", "who", "what", "which", "where", "when",
    "why", "how", "and", "or", "but", "so", "because", "if", "than", "then", "there", "here", "some", "any",
    "every", "each", "all", "both", "many", "much", "few", "more", "most", "no", "not", "to", "of", "in", "on",
    "at", "for", "with", "from", "by", "about", "as", "into", "like", "yes", "please", "also", "too", "very"})


def _inflection_of(word: str, lemma: str) -> bool:
    return any(word in _lemminflect().getInflection(lemma, tag=t) for t in ("VBD", "VBN", "VBZ", "VBG"))


def verb_lemma(word: str) -> str | None:
    """The verb a word is a form of; "saw" is see, "found" is find (their own verbs are rarer)."""
    found = lemmas(word).get("VERB") or lemmas(word).get("AUX")
    if not found:
        return None
    others = [lemma for lemma in found if lemma != word and _inflection_of(word, lemma)]
    return others[0] if others else (word if word in found else found[0])


def past_of_another(word: str) -> bool:
    """"saw", "found", "fell": a base form of one verb and the past of a commoner one."""
    found = lemmas(word).get("VERB") or ()
    return any(lemma != word and _inflection_of(word, lemma) for lemma in found)


def is_verb(word: str) -> bool:
    return verb_lemma(word) is not None


def is_noun(word: str) -> bool:
    """A noun reading; a word outside lemminflect's lexicon that is common in text counts as one ("app")."""
    if word in CLOSED_CLASS:
        return False
    found = lemmas(word)
    if "NOUN" in found:
        return True
    return not found and word.isalpha() and zipf_frequency(word, "en") >= 3.0


def only_verb(word: str) -> bool:
    """A verb with no noun or adjective reading ("speak", not "walk")."""
    found = lemmas(word)
    return "VERB" in found and "NOUN" not in found and "ADJ" not in found


def is_base_verb(word: str) -> bool:
    """The plain form ("go", "have"), not "goes" or "went"; auxiliaries and modals excluded."""
    if word in word_set("modals") or word in word_set("not_main_verbs") or word in word_set("be_forms"):
        return False
    return word in (lemmas(word).get("VERB") or ()) and not past_of_another(word)


def third_person(lemma: str) -> str | None:
    return _inflect(lemma, "VBZ")


def past(lemma: str) -> str | None:
    return _inflect(lemma, "VBD")


def participle(lemma: str) -> str | None:
    return _inflect(lemma, "VBN")


def gerund(lemma: str) -> str | None:
    return _inflect(lemma, "VBG")


def is_third_person_form(word: str) -> bool:
    lemma = verb_lemma(word)
    return lemma is not None and lemma != word and third_person(lemma) == word


def is_past_form(word: str) -> bool:
    """A simple past that differs from its base ("went", "stayed"; not "read" or "put")."""
    lemma = verb_lemma(word)
    if lemma is None or lemma == word:
        return False
    forms = _lemminflect().getInflection(lemma, tag="VBD")
    return word in forms


def past_differs_from_participle(lemma: str) -> bool:
    return past(lemma) != participle(lemma)


def is_singular_noun(word: str) -> bool:
    """A countable noun in the singular ("book"); not "people", "news" or "books"."""
    if word in word_set("invariant_nouns"):
        return False
    if not lemmas(word) and is_noun(word):  # a common word outside the lexicon ("app")
        return not word.endswith("s")
    found = lemmas(word).get("NOUN")
    if not found or word not in found:
        return False
    plural = _inflect(word, "NNS")
    return plural is not None and plural != word


def is_plural_noun(word: str) -> bool:
    if word in word_map("irregular_plurals"):
        return True
    if not lemmas(word) and is_noun(word):
        return word.endswith("s") and zipf_frequency(word[:-1], "en") >= 3.0
    found = lemmas(word).get("NOUN")
    return bool(found and word not in found and _inflect(found[0], "NNS") == word)


def plural(noun: str) -> str | None:
    return _inflect(noun, "NNS")
