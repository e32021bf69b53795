"""Round M: the checker kinds blind set M's tune half missed, each with catches and the correct sentences near it
that must stay as they are; every sentence is written for this test, apart from every labelled set.

- a subject that takes several out of a group ("two of my cousins", "both of us", "some of the students") is the
  plural group: its verb agrees with it ("Two of my cousins works" -> "work"); "one of", a mass noun after "of"
  ("most of the cake") and an amount in units ("three of the ten dollars") are left alone;
- a subject with two or three phrases hung on it ("the cups on the table in the kitchen", "the students from Korea
  at my school") still agrees with its head noun, never with the last phrase's noun (a be verb, and a plural
  head's has / does); a head that picks from the group after "of" ("the best of", "the last of") is left alone;
- an indefinite word, "like" and what it is compared with, then nothing ("Somebody like him.", "Nothing like
  home.", "A friend like you."): a phrase said on its own, whose "like" is no verb; a definite or universal
  subject ("My brother like you.", "Everybody like pizza.") keeps "like" as its verb and is still fixed;
- a noun that is a number itself stays singular after a count ("three dozen", "threescore": "three score and
  ten"); a counted noun still takes its plural ("two cat" -> "two cats")."""

from __future__ import annotations

from datetime import date

import pytest

from agents.core.session import Session
from agents.english.checker import check
from tests.english.conftest import cards, reply

TODAY = date(2026, 11, 28)
SVA = "subject_verb_agreement"


@pytest.mark.parametrize(("text", "corrected"), [
    # a count, or a word taking several, out of a plural group
    ("Two of my cousins works at a bank.", "Two of my cousins work at a bank."),
    ("Five of the students was late this morning.", "Five of the students were late this morning."),
    ("Both of my parents likes hiking.", "Both of my parents like hiking."),
    ("Several of our neighbours has dogs.", "Several of our neighbours have dogs."),
    ("Three of them doesn't eat meat.", "Three of them don't eat meat."),
    ("Two of us is going to the concert.", "Two of us are going to the concert."),
    ("4 of my classmates plays the guitar.", "4 of my classmates play the guitar."),
    ("Some of the interns was absent on Monday.", "Some of the interns were absent on Monday."),
    ("Many of my coworkers commutes by subway.", "Many of my coworkers commute by subway."),
])
def test_a_group_taken_out_of_a_plural_is_plural(text: str, corrected: str) -> None:
    result = check(text, today=TODAY)
    assert (result.corrected, result.kinds) == (corrected, [SVA])


@pytest.mark.parametrize(("text", "corrected"), [
    # the head noun agrees across two or three phrases
    ("The cups on the table in the kitchen is dirty.", "The cups on the table in the kitchen are dirty."),
    ("The photos on my phone from the trip is blurry.", "The photos on my phone from the trip are blurry."),
    ("The keys to the car in the garage is missing.", "The keys to the car in the garage are missing."),
    ("The chairs near the window in our classroom was broken.",
     "The chairs near the window in our classroom were broken."),
    ("The girl with the glasses at the front desk were helpful.",
     "The girl with the glasses at the front desk was helpful."),
    ("The students from Korea at my school is friendly.", "The students from Korea at my school are friendly."),
    ("The hotels near Gangnam Station is expensive.", "The hotels near Gangnam Station are expensive."),
    ("Two of my uncles in Daejeon is farmers.", "Two of my uncles in Daejeon are farmers."),
    ("The owners of the cafe on my street has two cats.", "The owners of the cafe on my street have two cats."),
    ("The kids in the flat upstairs doesn't sleep early.", "The kids in the flat upstairs don't sleep early."),
    ("Everybody in the office at my company are kind.", "Everybody in the office at my company is kind."),
])
def test_a_long_subject_agrees_with_its_head(text: str, corrected: str) -> None:
    result = check(text, today=TODAY)
    assert (result.corrected, result.kinds) == (corrected, [SVA])


@pytest.mark.parametrize(("text", "corrected", "kind"), [
    # "like" after a definite or universal subject, or with more after it, is the verb
    ("My cousin like you.", "My cousin likes you.", SVA),
    ("Everyone like the new manager.", "Everyone likes the new manager.", SVA),
    ("Somebody like my cooking so much.", "Somebody likes my cooking so much.", SVA),
    ("The teacher like them.", "The teacher likes them.", SVA),
    ("Someone like you are hard to find.", "Someone like you is hard to find.", SVA),
    # a counted noun after a number
    ("We adopted three kitten last spring.", "We adopted three kittens last spring.", "plural_after_number"),
    ("He ordered four sandwich and two coffees.", "He ordered four sandwiches and two coffees.",
     "plural_after_number"),
])
def test_the_verb_and_the_plural_near_those_kinds_are_still_fixed(text: str, corrected: str, kind: str) -> None:
    result = check(text, today=TODAY)
    assert (result.corrected, result.kinds) == (corrected, [kind])


@pytest.mark.parametrize("text", [
    # groups: correct, one of, a mass noun, an amount in units
    "Two of my cousins work at a bank.",
    "One of my neighbours owns a bakery.",
    "Three of the five rooms have a view.",
    "Most of the cake is gone.",
    "All of the money was spent.",
    "Some of the news is fake.",
    "Half of the class is sick.",
    "Three of the ten dollars was mine.",
    "In 2019 of all years, we moved.",
    # long subjects that agree, or whose head counts what follows
    "The cups on the table in the kitchen are clean.",
    "The box of books in the corner is heavy.",
    "The picture of my parents on the wall is from 1990.",
    "A number of students in my class are sick.",
    "The woman with the twins in the stroller is my aunt.",
    "The list of names on the board in the hall is long.",
    "The colour of the walls in the bedrooms is nice.",
    "The best of the songs on this album are slow.",
    "The last of the visitors at the museum were students.",
    "The oldest of the temples in the city is a thousand years old.",
    # a phrase said on its own: an indefinite word, like, and what it is compared with
    "Somebody like him.",
    "Something like that.",
    "Nothing like home.",
    "Anyone like us.",
    "Someone like her, maybe.",
    "A friend like you.",
    "A teacher like my mom.",
    "Anybody like that one.",
    # a number noun after a count
    "I bought three dozen.",
    "We ate two dozen and a half.",
    "Three score and ten years.",
    "Two thousand came to the rally.",
    "Three million, more or less.",
])
def test_the_correct_sentences_near_those_kinds_stay_as_they_are(text: str) -> None:
    result = check(text, today=TODAY)
    assert (result.corrected, result.edits) == (text, [])


def test_a_phrase_said_on_its_own_gets_no_correction_in_a_whole_turn(store, clock) -> None:
    session = Session("english", user_id="mina", store=store, clock=clock)  # the offline model: the checker
    session.run("Hi!")
    events = session.run("Somebody like her.")
    assert [e.type for e in events][-1] == "done"
    (card,) = cards(events, "correction")
    assert card.data["has_errors"] is False
    assert "likes" not in reply(events)

    events = session.run("Both of my sisters lives in Ulsan.")
    (card,) = cards(events, "correction")
    assert card.data["has_errors"] is True and card.data["corrected"] == "Both of my sisters live in Ulsan."
