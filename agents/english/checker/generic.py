"""A noun used in its general sense takes no article: "protect the environment and the nature" ->
"and nature", "The life in a big city is busy" -> "Life in a big city". "The nature of the job", "the nature
reserve" (a noun after it) and "The life in this town" (one town) are left alone."""

from __future__ import annotations

from agents.english.checker.tokens import Edit, Token, keep_case
from agents.english.checker.words import is_noun, word_set

KIND = "other"
# What may follow the general noun: the clause goes on without it being specified.
AFTER = frozenset({"", ".", ",", "!", "?", ";", "and", "or", "but", "is", "was", "are", "were", "has", "can", "will",
                   "because", "so", "more", "too", "very", "every", "in", "around", "for", "than", "when", "if"})
# After "The life in / for", what leaves the phrase general: "a big city", "big cities", "Korea" (not "this town").
SPECIFIC = frozenset({"the", "this", "that", "these", "those", "my", "your", "his", "her", "our", "their", "its"})
SUBJECT_VERBS = frozenset({"is", "was", "can", "will", "has", "isn't", "wasn't", "can't", "won't", "becomes",
                           "seems", "depends", "means", "matters", "takes"})


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
        if sent[i].text[:1].isupper():  # "The nature is ..." -> "Nature is ...": the sentence keeps its capital
            edits.append(Edit(sent[i].index, sent[i + 1].index + 1, [keep_case(sent[i].text, sent[i + 1].text)], KIND,
                              f"{sent[i].text} {sent[i + 1].text}", keep_case(sent[i].text, sent[i + 1].text),
                              f"“{sent[i + 1].text}” in general takes no the", 30))
            continue
        edits.append(Edit(sent[i].index, sent[i].index + 1, [], KIND, f"{sent[i].text} {sent[i + 1].text}",
                          sent[i + 1].text, f"“{sent[i + 1].text}” in general takes no the", 30))
    return edits + _general_subject(sent, words)


def _general_subject(sent: list[Token], words: list[str]) -> list[Edit]:
    """"The happiness is ...", "The life in a big city is ...": an abstract noun opening a general statement."""
    if len(words) < 4 or words[0] != "the" or words[1] not in word_set("generic_subjects"):
        return []
    after, third = words[2], words[3]
    general = after in SUBJECT_VERBS or (after in ("in", "for") and sent[3].is_word and third not in SPECIFIC)
    if not general:
        return []
    noun = sent[1]
    return [Edit(sent[0].index, sent[1].index + 1, [keep_case(sent[0].text, noun.text)], KIND,
                 f"{sent[0].text} {noun.text}", keep_case(sent[0].text, noun.text),
                 f"“{noun.text}” in general takes no the", 30)]
