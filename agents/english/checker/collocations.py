"""The verb a noun goes with: "do a mistake" -> "make a mistake", "make a photo" -> "take a photo", "make my
homework" -> "do my homework", "say a lie" -> "tell a lie". The pairs are grammar.yaml's collocations (a noun, the
verb it takes, the verbs learners put instead). Only the verb with its object: a determiner, at most one adjective,
the noun, then no word that makes the verb a causative or an auxiliary ("make the photo bigger", "Did the mistake
matter?")."""

from __future__ import annotations

from agents.english.checker.clauses import PREPOSITIONS
from agents.english.checker.tokens import CLAUSE_BREAKS, Edit, Token, keep_case
from agents.english.checker.words import inflect, is_noun, lemmas, table, verb_lemma, word_set

FIXED = "fixed_expression"
_OPENERS = frozenset({"a", "an", "the", "my", "your", "his", "her", "our", "their", "this", "that", "some", "any",
                      "no", "many", "much", "more", "another", "those", "these", "such"})
_TAGS = ("VBD", "VBN", "VBZ", "VBG")


def _pairs() -> dict[str, tuple[str, frozenset[str]]]:
    out: dict[str, tuple[str, frozenset[str]]] = {}
    for noun, pair in table("collocations").items():
        if isinstance(pair, dict):
            out[str(noun)] = (str(pair["right"]), frozenset(str(w) for w in pair["wrong"]))
    return out


def collocations(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    pairs = _pairs()
    for i, word in enumerate(words):
        lemma = verb_lemma(word) or word
        if lemma not in ("do", "make", "say") or not sent[i].is_word:
            continue
        if lemma == "do" and (i == 0 or words[i - 1] in word_set("wh_words")):
            continue  # "Did the mistake matter?": do is the question's auxiliary
        j = i + 1
        if j < len(words) and words[j] in word_set("object_pronouns") - {"it"}:
            j += 1  # "make me a favor"
        if j < len(words) and words[j] in _OPENERS:
            j += 1
        elif words[j:j + 3] in (["a", "lot", "of"],):
            j += 3
        if j + 1 < len(words) and "ADJ" in lemmas(words[j]) and not is_noun(words[j]):
            j += 1  # "a big mistake"
        if j >= len(words) or words[j] not in pairs:
            continue
        right, wrong = pairs[words[j]]
        after = words[j + 1] if j + 1 < len(words) else "."
        if lemma not in wrong or not (after in CLAUSE_BREAKS or after in PREPOSITIONS or not sent[j + 1].is_word
                                      or after in word_set("past_units") or after in ("again", "today", "yesterday")):
            continue
        form = _same_form(word, lemma, right)
        if form is None:
            continue
        edits.append(Edit(sent[i].index, sent[i].index + 1, [keep_case(sent[i].text, form)], FIXED, sent[i].text,
                          form, f"we say “{right} {'a ' if words[j][-1] != 's' else ''}{words[j]}”, not “{lemma}”",
                          35))
    return edits


def _same_form(word: str, lemma: str, right: str) -> str | None:
    """``right`` in the form ``word`` has ("did" -> "made", "says" -> "tells", "making" -> "taking")."""
    if word == lemma:
        return right
    for tag in _TAGS:
        if inflect(lemma, tag) == word:
            return inflect(right, tag)
    return None
