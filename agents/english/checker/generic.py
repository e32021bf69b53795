"""A noun used in its general sense takes no article: "protect the environment and the nature" ->
"and nature". "The nature of the job", "the nature reserve" (a noun after it) are left alone."""

from __future__ import annotations

from agents.english.checker.tokens import Edit, Token
from agents.english.checker.words import is_noun, word_set

KIND = "other"
# What may follow the general noun: the clause goes on without it being specified.
AFTER = frozenset({"", ".", ",", "!", "?", ";", "and", "or", "but", "is", "was", "are", "were", "has", "can", "will",
                   "because", "so", "more", "too", "very", "every", "in", "around", "for", "than", "when", "if"})


def generic_nouns(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    for i, word in enumerate(words[:-1]):
        noun = words[i + 1]
        if word != "the" or noun not in word_set("generic_no_article"):
            continue
        after = words[i + 2] if i + 2 < len(words) else ""
        if after not in AFTER and (after == "of" or is_noun(after)):
            continue
        if after not in AFTER:
            continue
        edits.append(Edit(sent[i].index, sent[i].index + 1, [], KIND, f"{sent[i].text} {sent[i + 1].text}",
                          sent[i + 1].text, f"“{sent[i + 1].text}” in general takes no the", 30))
    return edits
