"""What follows a skill adjective, a to-verb or "familiar": "good in cooking" -> "good at cooking" (the fixed
expression), "good at swim" -> "good at swimming" and "try to saving" -> "try to save" (the verb's form),
"I'm not familiar to this area" -> "familiar with" (a person is familiar with a thing)."""

from __future__ import annotations

from agents.english.checker.tokens import Edit, Token, keep_case
from agents.english.checker.words import (
    gerund,
    is_base_verb,
    is_singular_noun,
    only_verb,
    verb_lemma,
    word_set,
)

FIXED = "fixed_expression"
FORM = "verb_form"
BE = frozenset({"am", "is", "are", "was", "were", "be", "been", "being", "'m", "'s", "'re", "i'm", "he's", "she's",
                "we're", "they're", "you're", "it's", "get", "got", "feel", "felt"})
PERSONS = frozenset({"i'm", "we're", "you're", "they're", "he's", "she's"})
PERSON_SUBJECTS = frozenset({"i", "we", "you", "they", "he", "she"})


def _edit(token: Token, word: str, kind: str, note: str) -> Edit:
    return Edit(token.index, token.index + 1, [keep_case(token.text, word)], kind, token.text, word, note, 35)


def _activity(word: str) -> bool:
    """An -ing activity ("cooking") or a school subject or sport."""
    lemma = verb_lemma(word)
    return word in word_set("skill_subjects") or (word.endswith("ing") and lemma is not None and lemma != word)


def _after_be(words: list[str], i: int) -> bool:
    """"is good", "am really bad", "are not very good": a skill adjective used of someone."""
    j = i - 1
    while j >= 0 and (words[j] in word_set("intensifiers") or words[j] in ("not", "never", "n't", "pretty")):
        j -= 1
    return j >= 0 and words[j] in BE


def complements(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    for i, word in enumerate(words[:-2]):
        nxt, target = words[i + 1], words[i + 2]
        if word in word_set("skill_adjectives") and _after_be(words, i):
            if nxt == "in" and _activity(target):
                edits.append(_edit(sent[i + 1], "at", FIXED, f"we are {word} at something, not {word} in it"))
            elif nxt == "at" and target not in word_set("at_nouns") and is_base_verb(target) and (
                    only_verb(target) or target in word_set("verbs_after_want") or is_singular_noun(target)):
                ing = gerund(target)
                # "good at play the piano": an object after it makes a common verb a verb.
                object_follows = i + 3 < len(words) and words[i + 3] in word_set("determiners")
                if ing and ing != target and (not object_follows or only_verb(target)
                                              or target in word_set("verbs_after_want")
                                              or target in word_set("object_verbs")):
                    edits.append(_edit(sent[i + 2], ing, FORM, f"after “{word} {nxt}” a verb takes its -ing form"))
        elif nxt == "to" and (word in word_set("to_verbs") or verb_lemma(word) in word_set("to_verbs")):
            lemma = verb_lemma(target)
            if target.endswith("ing") and lemma and lemma != target and is_base_verb(lemma):
                edits.append(_edit(sent[i + 2], lemma, FORM, f"“{verb_lemma(word) or word} to” takes the base form"
                                                            f" of the verb: to {lemma}"))
        elif word == "familiar" and nxt == "to" and _person_is(words, i):
            edits.append(_edit(sent[i + 1], "with", FIXED, "a person is familiar with something"))
    return edits


def _person_is(words: list[str], i: int) -> bool:
    """"I'm (not) familiar", "we are really familiar": a person, not a thing that is familiar to someone."""
    j = i - 1
    while j >= 0 and (words[j] in word_set("intensifiers") or words[j] in ("not", "n't", "quite")):
        j -= 1
    if j < 0:
        return False
    if words[j] in PERSONS:
        return True
    return words[j] in BE and j >= 1 and words[j - 1] in PERSON_SUBJECTS
