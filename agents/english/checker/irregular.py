"""Irregular verbs given the regular -ed ending ("goed", "losed", "runned", "buyed"): the learner meant the
verb's own past ("went", "lost", "ran", "bought"), or its participle after have ("have eated" -> "eaten").

This runs with the spelling pass, before it: a spell checker would read "buyed" as "buyer" and "eated" as
"eaten", a real word of another kind. Only a word that is no word itself, whose stem is a verb with an
irregular past, is changed."""

from __future__ import annotations

from agents.english.checker.spelling import known
from agents.english.checker.tokens import Edit, Token, keep_case
from agents.english.checker.words import lemmas, participle, past, word_set

KIND = "past_tense"


def _stems(word: str) -> list[str]:
    """The verbs "…ed" may be built on: run+n+ed, lose+d, go+ed, buy+ed."""
    body = word[:-2]
    stems = [word[:-1], body]
    if len(body) >= 3 and body[-1] == body[-2]:
        stems.append(body[:-1])  # "runned", "stopped" style doubling
    return [s for s in stems if len(s) >= 2]


def _irregular(word: str) -> str | None:
    """The irregular verb a regularised past is built on, or None."""
    if not word.endswith("ed") or len(word) < 4 or not word.isalpha() or known(word):
        return None
    for stem in _stems(word):
        if stem not in (lemmas(stem).get("VERB") or ()):
            continue
        own = past(stem)
        if own and own != word and not own.endswith("ed"):
            return stem
    return None


def regularised_pasts(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    for i, token in enumerate(sent):
        if not token.is_word or not token.text.islower():
            continue
        stem = _irregular(token.lower)
        if stem is None:
            continue
        j = i - 1
        while j >= 0 and sent[j].lower in word_set("adverbs"):
            j -= 1
        perfect = j >= 0 and sent[j].lower in ("have", "has", "had", "'ve", "i've", "we've", "you've", "they've",
                                                "he's", "she's")
        form = participle(stem) if perfect else past(stem)
        if not form:
            continue
        note = (f"“{stem}” is irregular: its past participle is “{form}”" if perfect else
                f"“{stem}” is irregular: its past is “{form}”, not “{token.text}”")
        edits.append(Edit(token.index, token.index + 1, [keep_case(token.text, form)], KIND, token.text, form, note, 6))
    return edits
