"""A subject's own short phrase with a pronoun in it: "Somebody like you is rare", "Nobody except them was there",
"The man next to you is my uncle". The pronoun there is the preposition's object, not a subject ("you is" is no
error), and the preposition is no verb ("like", "except" are not "likes", "excepts"): the verb after the phrase
agrees with the real subject before it ("Someone like you are" -> "is", read by the agreement rule).

Read only when the phrase sits right after a noun-phrase subject and a verb follows the pronoun; "My brother like
you." (no verb after) is still the agreement rule's "likes"."""

from __future__ import annotations

from agents.english.checker.tokens import Token
from agents.english.checker.words import is_base_verb, is_noun, is_past_form, is_third_person_form, word_set

# Prepositions that hang a phrase on a subject; "but" only after an indefinite word ("everyone but you").
ATTACHING = frozenset({"like", "unlike", "except", "besides", "beside", "with", "without", "behind", "near", "among",
                       "including", "from", "of", "in", "at", "for", "to", "against", "above", "below", "around", "beyond"})
BUT_HEADS = frozenset({"everyone", "everybody", "anyone", "anybody", "nobody", "no-one", "all", "everything",
                       "nothing", "none"})
OBJECTS = frozenset({"me", "you", "him", "her", "it", "us", "them", "mine", "yours", "his", "hers", "ours", "theirs",
                     "yourself", "himself", "herself", "myself", "ourselves", "themselves", "yourselves"})
_MOST_PHRASES = 2  # "a friend of mine like you is": two phrases at most


def _phrase_end(sent: list[Token], j: int, head: str) -> int | None:
    """Where one "preposition + pronoun" starting at ``j`` ends, or None."""
    if j >= len(sent):
        return None
    word = sent[j].lower
    if word == "next" and j + 1 < len(sent) and sent[j + 1].lower == "to":
        j += 1
    elif word not in ATTACHING and not (word == "but" and head in BUT_HEADS):
        return None
    k = j + 1
    if k >= len(sent) or sent[k].lower not in OBJECTS:
        return None
    return k + 1


def _verb_here(word: str) -> bool:
    """A word that is the clause's verb after the phrase: finite, or a plain verb that is no noun ("deserve")."""
    if word in word_set("be_forms") or word in word_set("modals") or word in word_set("have_forms") \
            or word in word_set("do_forms"):
        return True
    if is_third_person_form(word) or is_past_form(word):
        return True
    return is_base_verb(word) and not is_noun(word)


def attached_end(sent: list[Token], end: int, head: str) -> int | None:
    """After a noun-phrase subject ending at ``end`` (``head`` its last word): where its attached phrase (one or two
    "preposition + pronoun") ends, when a verb follows it; None when no such phrase is there."""
    k, found = end, None
    for _ in range(_MOST_PHRASES):
        nxt = _phrase_end(sent, k, head)
        if nxt is None:
            break
        k = found = nxt
    if found is None or found >= len(sent) or not sent[found].is_word:
        return None
    return found if _verb_here(sent[found].lower) else None
