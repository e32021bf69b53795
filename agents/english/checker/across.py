"""A subject and its verb across the phrases between them: "The furniture in this room are old" -> "is", "The
books on the shelf in my room is old" -> "are". The verb agrees with the subject's head noun, never with the
noun of a phrase that hangs on it; up to three short phrases are crossed, each a preposition and a noun phrase.
When anything between them cannot be read as such a phrase, the rule stays silent."""

from __future__ import annotations

from agents.english.checker.clauses import Subject, measure_phrase, plural_subject, subject_at
from agents.english.checker.tokens import Edit, Token, keep_case
from agents.english.checker.words import is_noun, lemmas

SVA = "subject_verb_agreement"
PLACE_PREPOSITIONS = frozenset({"in", "on", "at", "near", "under", "behind", "from", "inside", "outside", "next"})
# A head noun's own phrase ("the list of items", "the news about the election", "the key to the doors"): the
# verb agrees with the head. Not after a head that counts or sorts what follows ("a number of students are").
HEAD_PREPOSITIONS = frozenset({"of", "about", "to", "for", "with"})
QUANTITY_HEADS = frozenset({"number", "lot", "lots", "majority", "minority", "half", "rest", "couple", "plenty", "bunch",
                            "group", "variety", "range", "kind", "kinds", "sort", "sorts", "type", "types", "percent",
                            "percentage", "part", "portion", "family", "team", "staff", "crowd", "series", "total",
                            "handful", "pair", "none", "all", "most", "some", "any", "each", "one", "either", "neither",
                            "amount", "quarter", "third", "proportion", "fraction", "set", "selection", "mix", "class"})
MOST_PHRASES = 3  # "the cups on the table in the kitchen at my aunt's": three phrases at most
MOST_PHRASE_WORDS = 4


# "The first of the trains", "the last of the guests": an ordinal picks from the group after "of", as a
# superlative does ("the best of the songs are").
ORDINAL_HEADS = frozenset({"first", "second", "last", "latter", "former", "remainder", "others"})


def _picks(head: str) -> bool:
    """A head that counts, sorts or picks from what follows "of": the verb may agree with that, so no rule reads it."""
    return head in QUANTITY_HEADS or head in ORDINAL_HEADS or (head.endswith("est") and "ADJ" in lemmas(head))


def _phrase_end(sent: list[Token], k: int, own: bool) -> int | None:
    """Where the phrase whose preposition is at ``k`` ends (a determiner and its noun, a place's name, or after an
    own preposition a bare noun: "of items"), or None when what follows is no such phrase."""
    k += 2 if sent[k].lower == "next" and k + 1 < len(sent) and sent[k + 1].lower == "to" else 1
    place = subject_at(sent, k, anywhere=True)
    if place is None and own and k < len(sent) and is_noun(sent[k].lower):
        end = next((j for j in range(k, min(len(sent), k + 3)) if not is_noun(sent[j].lower)), None)
        place = None if end is None or end == k else Subject(k, end, "unknown", False, sent[end - 1].lower)
    if place is None and k < len(sent) and sent[k].is_word and sent[k].capitalised and sent[k].lower != "i":
        end = next((j for j in range(k, min(len(sent), k + 3)) if not (sent[j].is_word and sent[j].capitalised)), None)
        place = None if end is None else Subject(k, end, "unknown", False, sent[end - 1].lower)  # "in New York"
    if place is None or place.pronoun or place.end >= len(sent) or place.end - k > MOST_PHRASE_WORDS:
        return None
    return place.end


def _replace(token: Token, word: str, note: str) -> Edit:
    return Edit(token.index, token.index + 1, [keep_case(token.text, word)], SVA, token.text, word, note)


def across_phrases(sent: list[Token]) -> list[Edit]:
    """The be verb (or "have" after a head's own phrase) after a sentence's subject and its phrases, by the
    subject's number. Only a subject whose number is known."""
    subject = subject_at(sent, 0)
    if subject is None or subject.pronoun or subject.person not in ("third", "plural") or subject.end >= len(sent):
        return []
    k = subject.end
    # "The number of cars are" counts one number ("A number of cars are" counts the cars)
    counted = subject.head == "number" and sent[subject.start].lower == "the"
    own = sent[k].lower in HEAD_PREPOSITIONS and (not _picks(subject.head) or counted)
    if sent[k].lower not in PLACE_PREPOSITIONS and not own:
        return []
    end = _phrase_end(sent, k, own)
    for _ in range(MOST_PHRASES - 1):  # "in my room", "of the house": more phrases on the one subject
        if end is None or sent[end].lower not in PLACE_PREPOSITIONS | HEAD_PREPOSITIONS:
            break
        end = _phrase_end(sent, end, sent[end].lower in HEAD_PREPOSITIONS)
    if end is None:
        return []
    verb = sent[end]
    what = " ".join(t.text for t in sent[subject.start:subject.end])
    plural = plural_subject(subject)
    if measure_phrase(sent, subject.start, subject.end):
        return []
    if verb.lower in ("has", "does", "doesn't") and plural:  # "The kids in my class has" -> "have"
        return [_replace(verb, {"has": "have", "does": "do", "doesn't": "don't"}[verb.lower],
                         f"the subject is {what}, which is plural")]
    if own and verb.lower == "have" and subject.person == "third":  # "the list of X have"
        return [_replace(verb, "has", f"the subject is {what}, which is singular")]
    if verb.lower in ("is", "was") and plural:
        return [_replace(verb, {"is": "are", "was": "were"}[verb.lower], f"the subject is {what}, which is plural")]
    if verb.lower in ("are", "were") and not plural:
        return [_replace(verb, {"are": "is", "were": "was"}[verb.lower], f"the subject is {what}, which is singular")]
    return []
