"""Where a clause's subject and verb are: enough structure for the agreement, tense and question rules
without a parser. Each finder returns nothing when unsure; the checker's rule is precision first."""

from __future__ import annotations

from dataclasses import dataclass

from agents.english.checker.attached import attached_end
from agents.english.checker.tokens import CLAUSE_BREAKS, Token
from agents.english.checker.words import (
    is_base_verb,
    is_noun,
    is_past_form,
    is_plural_noun,
    is_singular_noun,
    is_third_person_form,
    is_verb,
    lemmas,
    word_map,
    word_set,
    zipf_frequency,
)

PREPOSITIONS = frozenset({"in", "on", "at", "to", "for", "with", "from", "of", "about", "by", "into", "near", "like",
                          "without", "under", "over", "through", "during", "around", "between", "behind"})
FUNCTION_WORDS = PREPOSITIONS | frozenset({"and", "or", "but", "so", "because", "not", "very", "too", "than", "as",
                                           "that", "which", "who", "if", "when", "where", "there", "here"})


@dataclass
class Subject:
    start: int  # positions inside the sentence's token list
    end: int
    person: str  # first, plural or third (third = singular he/she/it or a singular noun phrase)
    pronoun: bool
    head: str = ""


def finite(word: str) -> bool:
    """A word that reads as a clause's finite verb after a noun ("is", "opens", "went")."""
    if word in word_set("be_forms") or word in word_set("modals") or word in word_set("have_forms"):
        return True
    if word in word_set("do_forms"):
        return True
    return is_third_person_form(word) or is_past_form(word)


def _is_function(word: str) -> bool:
    return (word in FUNCTION_WORDS or word in word_set("determiners") or word in word_set("modals")
            or word in word_set("be_forms") or word in word_set("do_forms") or word in word_set("have_forms")
            or word in word_map("subject_pronouns") or word in word_set("object_pronouns")
            or word in word_set("plural_determiners") or word in word_set("adverbs"))


def clause_start(sent: list[Token], k: int) -> bool:
    """Nothing before position ``k`` makes a noun phrase there an object."""
    if k == 0:
        return True
    prev = sent[k - 1].lower
    if prev in CLAUSE_BREAKS or prev in word_set("clause_verbs") or prev == "that":
        return True
    if sent[k - 1].is_number or prev in word_set("subject_openers"):
        return True
    return prev in word_set("past_units") or prev in word_set("ago_units")


def _verb_before(sent: list[Token], k: int) -> bool:
    """Whether the clause before position ``k`` already has a verb (then "and" starts a new clause)."""
    j = k - 1
    if j >= 0 and sent[j].text in ",;":  # ", and ..." joins two clauses
        return True
    while j >= 0 and sent[j].text not in ",;:.!?":
        word = sent[j].lower
        if finite(word) or (is_base_verb(word) and j and (sent[j - 1].lower in word_map("subject_pronouns")
                                                         or sent[j - 1].lower == "to")):
            return True
        j -= 1
    return False


def _modifiers(sent: list[Token], j: int, most: int) -> list[int]:
    """Adjectives and nouns from ``j`` up to the verb: a word that can be a verb and is followed by
    nothing finite is the verb ("my brother | play futsal"), else a noun ("the coffee shop | opens")."""
    words: list[int] = []
    while j < len(sent) and len(words) < most:
        token = sent[j]
        word = token.lower
        if not token.is_word or "'" in word or _is_function(word):
            break
        nxt = sent[j + 1].lower if j + 1 < len(sent) else ""
        if words and is_verb(word) and not finite(nxt) and (is_noun(sent[words[-1]].lower)
                                                             or sent[words[-1]].capitalised):
            break
        if is_noun(word) or "ADJ" in lemmas(word) or token.capitalised:
            words.append(j)
            j += 1
            continue
        break
    return words


def _skip_pp(sent: list[Token], j: int) -> int:
    """Past one prepositional phrase ("in my class") after an indefinite pronoun."""
    if j < len(sent) and sent[j].lower in PREPOSITIONS:
        end = j + 1
        if end < len(sent) and sent[end].lower in word_set("determiners"):
            end += 1
        words = _modifiers(sent, end, 2)
        if words:
            return words[-1] + 1
    return j


def subject_at(sent: list[Token], k: int, *, anywhere: bool = False) -> Subject | None:
    """The subject that starts at ``k``; ``anywhere`` skips the clause-start check (after a wh-word)."""
    if k >= len(sent) or not (sent[k].is_word or sent[k].is_number):
        return None
    if sent[k].is_number:  # "4 of my classmates": a numeral opens only a group taken out of a plural
        return _partitive(sent, k) if k + 1 < len(sent) and sent[k + 1].lower == "of" and _counts_many(
            sent[k]) and (anywhere or clause_start(sent, k)) else None
    if k and sent[k - 1].lower in ("and", "or") and not _verb_before(sent, k - 1):
        return None  # "My sister and her husband live", "My friend and I are": a part of a compound subject
    word = sent[k].lower
    pronouns = word_map("subject_pronouns")
    if word in pronouns:
        if word == "it" and not anywhere and not clause_start(sent, k):
            return None
        return _compound(sent, Subject(k, k + 1, pronouns[word], True, word))
    if not anywhere and not clause_start(sent, k):
        return None
    if word in word_set("indefinite_singular"):
        end = _skip_pp(sent, k + 1)
        if end > k + 1 and (end >= len(sent) or not sent[end].is_word):
            end = k + 1  # "Everybody like pizza.": no verb after the phrase, so "like" was the verb
        return Subject(k, end, "third", False, word)
    if word in ("each", "one") and k + 1 < len(sent) and sent[k + 1].lower == "of":  # "each of the players"
        end = _skip_pp(sent, k + 1)
        if end == k + 1 and k + 2 < len(sent) and sent[k + 2].lower in ("them", "us", "you", "these", "those"):
            end = k + 3  # "each of them"
        return Subject(k, end, "third", False, word) if end > k + 1 else None
    if k + 1 < len(sent) and sent[k + 1].lower == "of" and _counts_many(sent[k]):
        return _partitive(sent, k)
    if word in word_set("determiners") or word in word_set("plural_determiners"):
        found = _noun_phrase(sent, k)
        return _compound(sent, found) if found else None
    if _name_at(sent, k) and k + 1 < len(sent) and sent[k + 1].lower == "and":
        return _compound(sent, Subject(k, k + 1, "third", False, word), need=True)
    return None


# Words that pick several out of a group ("three of my friends", "both of us", "most of the students"): the
# subject is the plural group they are taken from, never the one count word.
MANY_OF = frozenset({"both", "several", "many", "few", "some", "most", "all", "half"})
_GROUP_PRONOUNS = frozenset({"us", "you", "them", "these", "those"})


def _counts_many(token: Token) -> bool:
    """A count of two or more ("three", "20"), or a word that takes several out of a group."""
    word = token.lower
    if word in MANY_OF:
        return True
    if token.is_number:
        return word.isdigit() and 2 <= int(word) < 1900  # "In 2019 of all years": a year counts nothing
    value = word_map("number_words").get(word)
    return value is not None and int(value) >= 2


def _partitive(sent: list[Token], k: int) -> Subject | None:
    """"Three of my friends", "Both of them", "Most of the students": a plural subject when the group after "of"
    is plural (a pronoun for people, or a noun phrase with a plural head); "most of the cake" is left alone."""
    j = k + 2
    if j >= len(sent):
        return None
    if sent[j].lower in _GROUP_PRONOUNS and (j + 1 >= len(sent) or not is_noun(sent[j + 1].lower)
                                            or sent[j].lower in ("us", "them")):
        return Subject(k, j + 1, "plural", False, sent[j].lower)
    if sent[j].lower not in word_set("determiners") and sent[j].lower not in ("these", "those"):
        return None
    found = _noun_phrase(sent, j)
    if found is None or found.person != "plural":
        return None
    return Subject(k, found.end, "plural", False, found.head)


def _name_at(sent: list[Token], k: int) -> bool:
    """A person's name: capitalised and not a function word; the first word of a sentence only when it
    is no English word at all ("Minji", not "Tom", which may be a noun)."""
    token = sent[k]
    if not token.is_word or not token.capitalised or token.text.isupper() or _is_function(token.lower):
        return False
    return not lemmas(token.lower) and (k > 0 or not is_noun(token.lower) or zipf_frequency(token.lower, "en") < 3.0)


def _conjunct(sent: list[Token], j: int, first: Subject) -> int | None:
    """Where the second part of "X and Y" ends: a pronoun, a noun phrase, a name, or (after a noun
    phrase) a bare noun sharing its determiner ("my brother and sister")."""
    if j >= len(sent) or not sent[j].is_word:
        return None
    word = sent[j].lower
    if word in ("i", "you", "he", "she", "we", "they"):
        return j + 1
    if word in word_set("determiners") or word in word_set("plural_determiners"):
        found = _noun_phrase(sent, j)
        return found.end if found else None
    if _name_at(sent, j):
        return j + 1
    if not first.pronoun and first.person != "unknown" and is_noun(word) and not _is_function(word):
        words = _modifiers(sent, j, 2)
        return words[-1] + 1 if words else None
    return None


def _compound(sent: list[Token], first: Subject, *, need: bool = False) -> Subject | None:
    """"My friend and I", "Minji and her mom": two subjects joined by "and" are plural."""
    if first.end < len(sent) and sent[first.end].lower == "and":
        end = _conjunct(sent, first.end + 1, first)
        if end is not None:
            return Subject(first.start, end, "plural", False, sent[end - 1].lower)
        return None  # "X and" something we cannot read: no subject rather than half of one
    return None if need else first


def _noun_phrase(sent: list[Token], k: int) -> Subject | None:
    """A determiner, then adjectives and nouns; the head is the last noun before the verb."""
    words = _modifiers(sent, k + 1, 4)
    if not words:
        return None
    j = words[-1] + 1
    head = sent[words[-1]].lower
    if sent[words[-1]].capitalised and not is_noun(head):
        person = "third"
    elif is_plural_noun(head) or sent[k].lower in word_set("plural_only_determiners"):
        person = "plural"
    elif (is_singular_noun(head) or head in word_set("uncountable_nouns")) and sent[k].lower in word_set(
            "determiners"):
        person = "third"  # "the news", "my homework" are singular
    else:
        person = "unknown"  # "my family", "the data": agreement leaves it alone, tense still reads it
    return Subject(k, j, person, False, head)


def skip_adverbs(sent: list[Token], j: int) -> int:
    while j < len(sent) and sent[j].lower in word_set("adverbs") and sent[j].lower != "not":
        j += 1
    return j


@dataclass
class Clause:
    subject: Subject
    verb: int  # position of the first word after the subject and its adverbs


def clauses(sent: list[Token], start: int = 0, stop: int | None = None) -> list[Clause]:
    """Every subject followed by a word, in order (the word may or may not be a verb)."""
    stop = len(sent) if stop is None else stop
    out: list[Clause] = []
    k = start
    while k < stop:
        subject = subject_at(sent, k)
        if subject is None or subject.end >= stop:
            k += 1
            continue
        # "Somebody like you is": the verb comes after the subject's own phrase, whose pronoun is no subject
        phrase = None if subject.pronoun else attached_end(sent, subject.end, subject.head)
        verb = skip_adverbs(sent, phrase or subject.end)
        if verb < stop and sent[verb].is_word:
            out.append(Clause(subject, verb))
        k = max(phrase or subject.end, k + 1)
    return out


def clause_bounds(sent: list[Token], k: int) -> tuple[int, int]:
    """The clause around position ``k``: between the nearest clause breaks."""
    start = k
    while start > 0 and sent[start - 1].lower not in CLAUSE_BREAKS:
        start -= 1
    end = k
    while end < len(sent) and sent[end].lower not in CLAUSE_BREAKS and sent[end].text not in ".!?":
        end += 1
    return start, end


def past_marker(sent: list[Token], year: int) -> tuple[int, int, bool] | None:
    """A time phrase that makes its clause past: (start, end, is_when_clause), or None.
    "more than two years ago" compares, "since last year" reaches now and "the last Wednesday of every
    month" is a repeated day: none of them dates a verb."""
    words = [t.lower for t in sent]
    found = _past_marker(words, sent, year)
    if found and found[0] and words[found[0] - 1] in ("than", "since", "until", "from", "of", "the"):
        return None
    return found


def _past_marker(words: list[str], sent: list[Token], year: int) -> tuple[int, int, bool] | None:
    for i, word in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if word == "yesterday" or (word == "the" and nxt == "other" and i + 2 < len(words)
                                   and words[i + 2] == "day"):
            return i, i + (1 if word == "yesterday" else 3), False
        if word == "last" and nxt in word_set("past_units"):
            return i, i + 2, False
        if word == "ago" and i and words[i - 1] in word_set("ago_units"):
            return max(0, i - 2), i + 1, False
        if word == "in" and sent[i + 1:i + 2] and sent[i + 1].is_number and len(nxt) == 4 and nxt.isdigit() \
                and 1900 <= int(nxt) < year:
            return i, i + 2, False
        if word == "when" and nxt in word_map("subject_pronouns") and i + 2 < len(words) \
                and words[i + 2] in ("was", "were"):
            return i, i + 3, True
        if word == "as" and nxt == "a" and i + 2 < len(words) and words[i + 2] in ("child", "kid", "teenager"):
            return i, i + 3, True
    return None


def plural_subject(subject: Subject) -> bool:
    return subject.person == "plural" or (subject.pronoun and subject.head in ("you", "we", "they"))


def measure_phrase(sent: list[Token], start: int, end: int) -> bool:
    """An amount counted in units is one quantity ("Two hours is enough", "A hundred dollars was too much"):
    either verb is right after it."""
    head = sent[end - 1].lower if end > start else ""
    counted = any(t.is_number or t.lower in word_map("number_words") or t.lower in word_set("amount_words")
                  for t in sent[start:end - 1])
    return head in word_set("measure_units") and counted
