"""Issue 29, kind 6: the checker kinds it missed (irregular pasts given -ed, "good in", "try to + -ing",
embedded-question order, a generic "the nature", a bare plural subject with "is") and the correct
subjunctive it flagged. Each kind has its catches and the correct sentences near it that must stay as
they are. The sentences are written for this test, apart from every labelled set."""

from __future__ import annotations

from datetime import date

import pytest

from agents.english.checker import check

TODAY = date(2026, 11, 2)


@pytest.mark.parametrize(("text", "corrected", "kind"), [
    # irregular verbs given the regular ending: their own past, their participle after have
    ("My little brother goed to the park alone.", "My little brother went to the park alone.", "past_tense"),
    ("We losed our keys at the beach.", "We lost our keys at the beach.", "past_tense"),
    ("She teached us how to swim.", "She taught us how to swim.", "past_tense"),
    ("I catched a cold after the trip.", "I caught a cold after the trip.", "past_tense"),
    ("He has already eated his lunch.", "He has already eaten his lunch.", "past_tense"),
    ("They swimmed across the lake.", "They swam across the lake.", "past_tense"),
    # skill adjectives: "good at", and the verb after it in -ing
    ("My uncle is really good in fixing cars.", "My uncle is really good at fixing cars.", "fixed_expression"),
    ("I was bad in science at school.", "I was bad at science at school.", "fixed_expression"),
    ("My sister is good at draw.", "My sister is good at drawing.", "verb_form"),
    # to-verbs take the base form
    ("I decided to learning Spanish.", "I decided to learn Spanish.", "verb_form"),
    ("We are trying to finding a cheaper flat.", "We are trying to find a cheaper flat.", "verb_form"),
    ("He wants to becoming a pilot.", "He wants to become a pilot.", "verb_form"),
    # embedded questions keep statement order
    ("Do you know when is the last bus?", "Do you know when the last bus is?", "other"),
    ("I wonder why is she so quiet today.", "I wonder why she is so quiet today.", "other"),
    ("Could you tell me how much does this bag cost?", "Could you tell me how much this bag costs?", "other"),
    ("I don't know where did they go.", "I don't know where they went.", "other"),
    # a general noun without the
    ("Children should spend more time in the nature.", "Children should spend more time in nature.", "other"),
    # a bare plural subject takes a plural verb
    ("Tablets is useful for reading.", "Tablets are useful for reading.", "subject_verb_agreement"),
    ("Cheap flights in winter is hard to find.", "Cheap flights in winter are hard to find.", "subject_verb_agreement"),
    # ... and agrees across a short place phrase
    ("The cups on the table is clean.", "The cups on the table are clean.", "subject_verb_agreement"),
    ("The girl in the pictures were my cousin.", "The girl in the pictures was my cousin.", "subject_verb_agreement"),
    # familiar with
    ("We're not familiar to the rules yet.", "We're not familiar with the rules yet.", "fixed_expression"),
])
def test_each_missed_kind_is_caught(text, corrected, kind) -> None:
    result = check(text, today=TODAY)
    assert (result.corrected, result.kinds) == (corrected, [kind])


@pytest.mark.parametrize("text", [
    # the subjunctive after verbs and adjectives of proposing or requiring
    "My doctor suggested that she rest for a week.",
    "The teacher insisted that he apologize.",
    "It is important that everyone be on time.",
    "They demanded that the company pay them back.",
    "He suggests a new restaurant every weekend.",
    # regular pasts and real -ed words
    "We played soccer and then we needed a rest.",
    "The seed grew fast after we watered it.",
    # good in / at used correctly or about a place
    "The soup is good in winter.",
    "She is good at math and at chess.",
    "He is good at his job.",
    # to as a preposition
    "I look forward to meeting your family.",
    "She is used to working at night.",
    # embedded questions already in order, and subject questions
    "Do you know where the museum is?",
    "I wonder who is calling me so late.",
    "Can you tell me what is happening here?",
    # nature specified, and a compound
    "The nature of this problem is complex.",
    "We walked through a nature park.",
    "I love being close to nature.",
    # plural-looking singular subjects, titles and gerund subjects
    "Physics is my favorite subject.",
    "News travels fast.",
    "Twenty dollars is too much for a T-shirt.",
    "Friends is a famous sitcom.",
    "Using phones during dinner is rude.",
    "This song is familiar to me.",
    "The shops near my house are closed on Sundays.",
    "The information on this website is wrong.",
    "The people in my town are friendly.",
])
def test_the_correct_sentences_near_those_kinds_stay_as_they_are(text) -> None:
    result = check(text, today=TODAY)
    assert (result.corrected, result.kinds) == (text, [])
