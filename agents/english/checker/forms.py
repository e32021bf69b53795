"""Word forms learners build by rule where English has its own: a comparative marked twice ("more taller",
"the most biggest"), an irregular plural given an -s ("feets", "childs") and a bare verb after a preposition
("thinking about buy a car" -> "about buying"). Each fires only where the form cannot be right."""

from __future__ import annotations

from agents.english.checker.tokens import Edit, Token, keep_case
from agents.english.checker.words import gerund, inflect, is_base_verb, lemmas, only_verb, word_map, word_set

FORM = "verb_form"
OTHER = "other"
# What may follow a comparative that "more" wrongly doubles: "than", the clause's end or a joining word.
AFTER_COMPARATIVE = frozenset({"", "than", ".", ",", "!", "?", ";", "and", "but", "now", "today", "these", "every"})
# Prepositions after which a verb takes its -ing form ("about going", "without saying", "instead of taking").
GERUND_PREPOSITIONS = frozenset({"about", "of", "without", "before", "after"})
# Words after the verb that only a verb takes: an object or a particle ("buy a laptop", "wake up").
VERB_OBJECTS = frozenset({"the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "that", "these",
                          "those", "some", "it", "me", "him", "us", "them", "you", "up", "out", "off", "down", "away",
                          "back"})


def _comparative_of(word: str, tag: str) -> bool:
    """"taller" is the JJR of tall, "biggest" the JJS of big; "more" and "most" themselves are not."""
    return word not in ("more", "most", "less", "least") and any(
        inflect(lemma, tag) == word for lemma in lemmas(word).get("ADJ") or () if lemma != word)


def _double_comparatives(sent: list[Token], words: list[str]) -> list[Edit]:
    edits: list[Edit] = []
    for i, word in enumerate(words[:-1]):
        adjective = words[i + 1]
        after = words[i + 2] if i + 2 < len(words) else ""
        if word == "more" and _comparative_of(adjective, "JJR") and after in AFTER_COMPARATIVE:
            note = f"“{adjective}” is already a comparative: no “more” before it"
        elif word == "most" and i and words[i - 1] == "the" and _comparative_of(adjective, "JJS"):
            note = f"“{adjective}” is already a superlative: no “most” before it"
        else:
            continue
        edits.append(Edit(sent[i].index, sent[i].index + 1, [], OTHER, f"{sent[i].text} {sent[i + 1].text}",
                          sent[i + 1].text, note, 30))
    return edits


def _irregular_plural(word: str) -> str | None:
    """"feets" -> feet, "teeths" -> teeth, "childs" -> children: an -s added to a plural that has none, or to a
    noun whose plural is not made with -s. Only a word the lexicon does not know as a word of its own."""
    if not word.isalpha() or not word.islower() or not word.endswith("s") or len(word) < 4 or lemmas(word):
        return None
    if word in word_map("uncountable_plurals"):
        return None  # "homeworks": the spelling pass and the plural rules read the uncountable nouns
    for stem in (word[:-1], word[:-2] if word.endswith("es") else ""):
        nouns = lemmas(stem).get("NOUN") or () if stem else ()
        for lemma in nouns:
            plural = inflect(lemma, "NNS")
            if plural and plural != word and not plural.endswith("s") and stem in (lemma, plural):
                return plural
    return None


def _irregular_plurals(sent: list[Token], words: list[str]) -> list[Edit]:
    edits: list[Edit] = []
    for i, token in enumerate(sent):
        plural = _irregular_plural(words[i]) if token.is_word else None
        if plural is None:
            continue
        edits.append(Edit(token.index, token.index + 1, [keep_case(token.text, plural)], OTHER, token.text, plural,
                          f"the plural is irregular: “{plural}”, with no -s", 6))
    return edits


def _after_prepositions(sent: list[Token], words: list[str]) -> list[Edit]:
    edits: list[Edit] = []
    for i, word in enumerate(words[:-1]):
        verb = words[i + 1]
        head = words[i - 2] if i > 1 and words[i - 1] == "you" else words[i - 1] if i else ""  # "thank you for"
        after_head = word in ("in", "on", "for", "at") and head in word_set("gerund_heads")
        if (word not in GERUND_PREPOSITIONS and not after_head) or not sent[i + 1].is_word \
                or verb in word_set("at_nouns"):
            continue
        if i and words[i - 1] in ("to", "kind", "sort", "type"):  # "used to of", "a kind of play"
            continue
        after = words[i + 2] if i + 2 < len(words) else ""
        if not is_base_verb(verb) or not (only_verb(verb) or verb in word_set("verbs_after_want")
                                          or verb in word_set("object_verbs")):
            continue
        if not only_verb(verb) and after not in VERB_OBJECTS and not (after == "to" and verb in word_set("motion_to_verbs")):
            continue  # "a book about travel": the noun reading is as likely
        ing = gerund(verb)
        if ing and ing != verb:
            edits.append(Edit(sent[i + 1].index, sent[i + 1].index + 1, [keep_case(sent[i + 1].text, ing)], FORM,
                              f"{sent[i].text} {sent[i + 1].text}", f"{sent[i].text} {ing}",
                              f"after a preposition a verb takes its -ing form: {word} {ing}", 35))
    return edits


LEND = {"borrow": "lend", "borrows": "lends", "borrowed": "lent", "borrowing": "lending"}
OBJECT_PRONOUNS = frozenset({"me", "him", "her", "us", "them"})
# What opens the thing lent ("lend me your pen", "some money"): a second object, so the pronoun is the person.
SECOND_OBJECT = frozenset({"the", "a", "an", "my", "your", "his", "her", "our", "their", "some", "this", "that", "any",
                           "money", "it"})


def _borrow_for_lend(sent: list[Token], words: list[str]) -> list[Edit]:
    """"Can you borrow me your pen?" -> "lend me": one borrows from someone, and lends to them."""
    edits: list[Edit] = []
    for i, word in enumerate(words[:-2]):
        if word in LEND and words[i + 1] in OBJECT_PRONOUNS and words[i + 2] in SECOND_OBJECT:
            lend = LEND[word]
            edits.append(Edit(sent[i].index, sent[i].index + 1, [keep_case(sent[i].text, lend)], OTHER,
                              f"{sent[i].text} {sent[i + 1].text}", f"{lend} {sent[i + 1].text}",
                              "we borrow from someone, and lend to them: lend me", 35))
    return edits


def forms(sent: list[Token]) -> list[Edit]:
    words = [t.lower for t in sent]
    return [*_double_comparatives(sent, words), *_after_prepositions(sent, words), *_borrow_for_lend(sent, words)]


def plurals_by_rule(sent: list[Token]) -> list[Edit]:
    """Run with the spelling pass (before it: a spell checker would read "feets" as "fees")."""
    return _irregular_plurals(sent, [t.lower for t in sent])
