"""A noun's modifiers that do not fit it. An adverb where a noun needs its adjective: "a perfectly answer" -> "a perfect answer", "your quickly reply" ->
"your quick reply". Only a determiner, an -ly word that is only an adverb (not "friendly", "early", "daily") made
from a known adjective, then a noun that is no adjective or participle ("a surprisingly good film", "a newly built
house" and "a rapidly growing city" are right). And a demonstrative whose number is not its noun's ("This books
are" -> "These books are")."""

from __future__ import annotations

from agents.english.checker.clauses import PREPOSITIONS
from agents.english.checker.tokens import Edit, Token, keep_case
from agents.english.checker.words import (
    inflect,
    is_noun,
    is_past_form,
    is_plural_noun,
    is_third_person_form,
    lemmas,
    verb_lemma,
    word_set,
)

_DETERMINERS = frozenset({"a", "an", "the", "my", "your", "his", "her", "our", "their", "its", "this", "some",
                          "no", "every", "such"})


def adverbs_before_nouns(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    for i in range(1, len(sent) - 1):
        det, adverb, noun = sent[i - 1], sent[i], sent[i + 1]
        if det.lower not in _DETERMINERS or not adverb.is_word or not noun.is_word or noun.capitalised:
            continue
        word = adverb.lower
        found = lemmas(word)
        if not word.endswith("ly") or set(found) != {"ADV"}:
            continue
        adjective = _adjective(word)
        if adjective is None or not _plain_noun(noun.lower):
            continue
        edits.append(Edit(adverb.index, adverb.index + 1, [adjective], "other", adverb.text, adjective,
                          f"before a noun, use the adjective “{adjective}”, not the adverb “{adverb.text}”", 40))
    return edits


_NUMBER = {"this": "these", "that": "those"}
_PLURAL_VERBS = frozenset({"are", "were", "have", "do", "don't", "aren't", "weren't", "haven't"})


def demonstratives(sent: list[Token]) -> list[Edit]:
    """"This books are expensive" -> "These books": the demonstrative disagrees with a plural noun and its plural
    verb ("Those book is" is the plural rules' "Those books are"). "that" only where it cannot be a relative
    ("the dog that cats are afraid of"): at the start or after a preposition."""
    edits: list[Edit] = []
    mass = word_set("uncountable_nouns") | word_set("invariant_nouns")
    for i in range(len(sent) - 2):
        det, noun, verb = sent[i], sent[i + 1].lower, sent[i + 2].lower
        if det.lower not in _NUMBER or not sent[i + 1].is_word or sent[i + 1].capitalised or noun in mass:
            continue
        if det.lower == "that" and i and sent[i - 1].lower not in PREPOSITIONS:
            continue
        if not is_plural_noun(noun) or noun.endswith(("ss", "us", "ics", "news")) or verb not in _PLURAL_VERBS:
            continue
        word = keep_case(det.text, _NUMBER[det.lower])
        edits.append(Edit(det.index, det.index + 1, [word], "other", det.text, word,
                          f"“{sent[i + 1].text}” is plural: “{word}”", 40))
    return edits


def _adjective(adverb: str) -> str | None:
    """The adjective an -ly adverb is made from ("perfectly" -> perfect, "happily" -> happy, "truly" -> true,
    "comfortably" -> comfortable, "basically" -> basic)."""
    stem = adverb[:-2]
    candidates = [stem, stem + "e", adverb[:-3] + "y" if adverb.endswith("ily") else "",
                  adverb[:-1] + "e" if adverb.endswith("bly") or adverb.endswith("ply") else "",
                  adverb[:-4] if adverb.endswith("ically") else "", stem + "l" if adverb.endswith("lly") else ""]
    for candidate in candidates:
        if len(candidate) > 2 and "ADJ" in lemmas(candidate) and candidate not in word_set("determiners"):
            return candidate
    # an adjective the lexicon lists only as a verb ("complete" in "completely")
    return next((c for c in candidates[:2] if len(c) > 3 and lemmas(c).get("VERB") == (c,)), None)


def _plain_noun(word: str) -> bool:
    """A noun that cannot be the adjective or participle the adverb was for ("good", "built", "growing")."""
    found = lemmas(word)
    if not is_noun(word) or "ADJ" in found or word.endswith("ing") or is_third_person_form(word) or is_past_form(word):
        return False  # "a camera that constantly scans", "this really helps": the verb the adverb is for
    lemma = verb_lemma(word)
    return lemma is None or lemma == word or inflect(lemma, "VBN") != word


_INTENSIFIERS = frozenset({"very", "really", "so", "too", "quite", "extremely", "pretty", "more"})
_AFTER_MANNER = frozenset({".", "!", "?", ",", ";", "and", "but", "because", "when", "today", "now", "every", "in",
                           "at", "on", "with", "for", "all", "this", "these", "than"})
_SUBJECT_WORDS = frozenset({"i", "you", "he", "she", "we", "they", "it", "to", "don't", "doesn't", "didn't", "not",
                            "always", "usually", "never", "also", "often", "can", "could", "will", "would", "should",
                            "must", "please"})


def manner_adjectives(sent: list[Token]) -> list[Edit]:
    """"He drives very careful" -> "carefully", "She speaks English very good" -> "well": an adjective of manner
    right after an action verb (or after "speak" and a language) says how it is done, so it is the adverb. Not
    after a verb that links to an adjective ("looks careful", "tastes good", "stay calm"), and never after an
    object ("found the test easy" is the object's adjective)."""
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    for i, word in enumerate(words):
        if word not in word_set("manner_adjectives") or i < 2:
            continue
        after = words[i + 1] if i + 1 < len(words) else "."
        if after not in _AFTER_MANNER:
            continue
        j = i - 1
        while j > 0 and words[j] in _INTENSIFIERS:
            j -= 1
        if sent[j].capitalised and j > 1 and lemmas(words[j - 1]).get("VERB") and verb_lemma(words[j - 1]) in (
                "speak", "write", "read"):
            j -= 1  # "speaks English very good"
        verb, before = words[j], words[j - 1]
        lemma = verb_lemma(verb)
        if lemma is None or lemma in word_set("linking_verbs") or verb in word_set("be_forms") or verb in word_set(
                "modals"):
            continue
        if not (is_third_person_form(verb) or is_past_form(verb) or before in _SUBJECT_WORDS):
            continue
        adverb = "well" if word == "good" else _adverb(word)
        if adverb is None:
            continue
        edits.append(Edit(sent[i].index, sent[i].index + 1, [adverb], "other", sent[i].text, adverb,
                          f"to say how someone {lemma}s, use the adverb “{adverb}”", 40))
    return edits


def _adverb(adjective: str) -> str | None:
    """careful -> carefully, gentle -> gently, angry -> angrily, polite -> politely."""
    if adjective.endswith("le"):
        candidate = adjective[:-1] + "y"
    elif adjective.endswith("y"):
        candidate = adjective[:-1] + "ily"
    else:
        candidate = adjective + "ly"
    return candidate if "ADV" in lemmas(candidate) else None
