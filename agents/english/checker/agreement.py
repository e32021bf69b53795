"""Subject-verb agreement ("he go", "she don't", "many people was", "there is many tourists") and past
tense after a past time ("yesterday I go")."""

from __future__ import annotations

from agents.english.checker.across import across_phrases
from agents.english.checker.clauses import (
    PREPOSITIONS,
    Clause,
    Subject,
    clause_bounds,
    clauses,
    measure_phrase,
    past_marker,
    plural_subject,
    skip_adverbs,
    subject_at,
)
from agents.english.checker.tokens import CLAUSE_BREAKS, Edit, Token, keep_case
from agents.english.checker.words import (
    is_base_verb,
    is_noun,
    is_past_form,
    is_plural_noun,
    is_singular_noun,
    is_third_person_form,
    lemmas,
    participle,
    past,
    plural,
    third_person,
    verb_lemma,
    word_set,
)

SVA = "subject_verb_agreement"
TO_THIRD = {"don't": "doesn't", "do": "does", "have": "has", "are": "is", "am": "is"}
TO_PLURAL = {"doesn't": "don't", "does": "do", "has": "have", "is": "are", "was": "were", "am": "are"}
FIRST = {"is": "am", "are": "am", "has": "have", "does": "do", "doesn't": "don't"}
PAST_BE = {"am": "was", "is": "was", "are": "were", "'m": "was"}


def _replace(token: Token, word: str, kind: str, note: str, priority: int = 50) -> Edit:
    return Edit(token.index, token.index + 1, [keep_case(token.text, word)], kind, token.text, word, note, priority)


def agreement(sent: list[Token], year: int) -> list[Edit]:
    if sent and sent[-1].text == "?":
        return []  # questions are the question rule's
    if past_marker(sent, year) is not None:
        return []  # the past rule decides the verb there
    edits: list[Edit] = []
    for clause in clauses(sent):
        edit = _agree(sent, clause)
        if edit is not None:
            edits.append(edit)
    edits += _there_is(sent)
    edits += _bare_plural(sent)
    edits += across_phrases(sent)
    edits += _either_nor(sent)
    edits += _relative(sent)
    return edits


_RELATIVE_DETERMINERS = frozenset({"the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "that", "every",
                                   "each"})


def _relative(sent: list[Token]) -> list[Edit]:
    """"The man who live next door" -> "lives": in a relative clause on a singular noun (with its determiner) the
    verb takes -s. Not after "one of the … who" (the plural noun is what "who" means) nor before a noun ("who
    need help" stays unread when "need" may be a noun: only a word that is surely the verb)."""
    words = [t.lower for t in sent]
    edits: list[Edit] = []
    for i in range(2, len(words) - 2):
        if words[i] not in ("who", "that") or words[i - 2] not in _RELATIVE_DETERMINERS:
            continue
        noun, verb = words[i - 1], words[i + 1]
        if not is_singular_noun(noun) or _plural(noun) or "of" in words[max(0, i - 5):i - 2]:
            continue
        if words[i] == "that" and noun in ("so", "such"):
            continue
        nxt = words[i + 2]
        if not is_base_verb(verb) or (is_noun(verb) and (verb_lemma(verb) or verb) not in word_set("common_verbs")
                                      and nxt not in _AFTER_VERB):
            continue
        form = third_person(verb_lemma(verb) or verb)
        if form and form != verb and past(verb) != verb:
            edits.append(_replace(sent[i + 1], form, SVA,
                                  f"“{words[i]}” means {sent[i - 2].text} {sent[i - 1].text}, one person or thing: "
                                  f"the verb takes -s"))
    return edits


def _either_nor(sent: list[Token]) -> list[Edit]:
    """"Neither my sister nor my brother like coffee" -> "likes": after neither … nor / either … or the verb agrees
    with the nearer subject (a plural one keeps the plural: "Neither the teacher nor the students know")."""
    words = [t.lower for t in sent]
    if not words or words[0] not in ("neither", "either"):
        return []
    joint = "nor" if words[0] == "neither" else "or"
    if joint not in words:
        return []
    rest = sent[words.index(joint) + 1:]  # read on its own: after "or" a subject_at sees a compound's second part
    near = subject_at(rest, 0, anywhere=True)
    if near is None or near.pronoun or near.end >= len(rest) or near.person not in ("third", "plural"):
        return []
    verb, word = rest[near.end], rest[near.end].lower
    plural = plural_subject(near)
    what = _subject_text(rest, Clause(near, near.end))
    if not plural and word in TO_THIRD and word != "am":
        return [_replace(verb, TO_THIRD[word], SVA, f"after {joint}, the verb agrees with {what}, which is singular")]
    nxt = rest[near.end + 1].lower if near.end + 1 < len(rest) else ""
    verb_here = not is_noun(word) or (verb_lemma(word) or word) in word_set("common_verbs") or nxt in _AFTER_VERB
    if not plural and is_base_verb(word) and verb_here and (form := third_person(verb_lemma(word) or word)):
        return [_replace(verb, form, SVA, f"after {joint}, the verb agrees with {what}: it takes -s")]
    if plural and word in TO_PLURAL and word != "am":
        return [_replace(verb, TO_PLURAL[word], SVA, f"after {joint}, the verb agrees with {what}, which is plural")]
    return []


def _mandative(sent: list[Token], start: int) -> bool:
    """The subject opens a that-clause of proposing or requiring ("suggested that he", "insist he",
    "it is essential that she")."""
    j = start - 1
    if j >= 0 and sent[j].lower == "that":
        j -= 1
    for k in range(j, max(-1, j - 3), -1):
        word = sent[k].lower
        if (verb_lemma(word) or word) in word_set("mandative_verbs") or word in word_set("mandative_adjectives"):
            return True
    return False


def _inverted(sent: list[Token], start: int) -> bool:
    """The subject comes after its auxiliary ("Rarely does she eat", "Not only did he say", "Only then can we
    go"): the auxiliary carries the tense and person, the verb after the subject stays in its base form."""
    if start == 0:
        return False
    before = sent[start - 1].lower
    return before in word_set("do_forms") or before in word_set("modals") or before in word_set("have_forms")


def _unreal(sent: list[Token], start: int) -> bool:
    """An unreal or wished clause keeps "were" ("if everyone were rich", "I wish somebody were here")."""
    return any(t.lower in ("if", "wish", "wished", "though", "unless", "suppose", "supposing", "imagine", "rather",
                           "whether", "as") for t in sent[:start])


def _named(sent: list[Token], subject: Subject) -> bool:
    """A name whose last word is plural in form ("The United States is", "the Philippines is"): one country,
    one band, one company; its verb is left as written."""
    last = subject.end - 1
    return not subject.pronoun and last > subject.start and sent[last].capitalised and is_plural_noun(sent[last].lower)


def _bare_plural(sent: list[Token]) -> list[Edit]:
    """"Video games is fun", "Phones in class is distracting": a sentence that opens with a plural noun and
    no determiner (adjectives or nouns before it, a short place phrase after it) takes a plural verb."""
    words = [t.lower for t in sent]
    k = 0
    while k < min(len(sent), 3) and sent[k].is_word and (k == 0 or not sent[k].capitalised) and not _plural(
            words[k]) and not words[k].endswith("ing") and words[k] not in CLOSED and (
            "ADJ" in lemmas(words[k]) or "NOUN" in lemmas(words[k])):
        k += 1
    if k >= len(sent) or not sent[k].is_word or (k and sent[k].capitalised) or not _plural(words[k]):
        return []
    head = words[k]
    if head in word_set("invariant_nouns") or head.endswith(("ss", "ics", "us", "news")) or measure_phrase(
            sent, 0, k + 1):
        return []
    j = k + 1
    if j < len(sent) and words[j] in PREPOSITIONS and words[j] != "of":
        j += 1
        while j < len(sent) and j <= k + 4 and sent[j].is_word and words[j] not in word_set("be_forms") and not (
                is_third_person_form(words[j]) and not is_noun(words[j])):
            j += 1
    if j >= len(sent) or words[j] not in ("is", "was", "has", "does", "doesn't"):
        return []
    if k == 0 and j == 1 and j + 1 < len(sent) and words[j + 1] in ("a", "an", "my", "the", "one"):
        return []  # "Friends is a sitcom": a title, one thing
    return [_replace(sent[j], TO_PLURAL[words[j]], SVA, f"“{sent[k].text}” is plural")]


def _plural(word: str) -> bool:
    """A plural noun, also one the lexicon lists as a lemma of its own ("games", "phones")."""
    if is_plural_noun(word):
        return True
    stem = word[:-1] if word.endswith("s") and not word.endswith("ss") else ""
    return bool(stem) and "NOUN" in lemmas(stem) and plural(stem) == word


CLOSED = frozenset({"the", "a", "an", "this", "that", "my", "your", "his", "her", "its", "our", "their", "some", "any",
                    "every", "each", "no", "all", "many", "most", "there", "it", "what", "which", "who", "how", "why",
                    "when", "where", "if", "because", "so", "and", "but", "or", "one"})


def _agree(sent: list[Token], clause: Clause) -> Edit | None:
    subject, token = clause.subject, sent[clause.verb]
    word = token.lower
    if not subject.pronoun and not _np_verb(sent, clause):
        return None
    if _inverted(sent, subject.start) or measure_phrase(sent, subject.start, subject.end) or _named(sent, subject):
        return None
    if subject.start and sent[subject.start - 1].lower in word_set("be_forms") and "ADJ" in lemmas(word):
        return None  # "Not only is he smart": be before its subject, and an adjective after it
    nxt = sent[clause.verb + 1].lower if clause.verb + 1 < len(sent) else ""
    if subject.person == "third":
        if _mandative(sent, subject.start) and (is_base_verb(word) or word == "be"):
            return None  # "She suggested that he take the train": the subjunctive keeps the base form
        if word in TO_THIRD:
            if word == "do" and nxt not in ("not",) and is_noun(nxt):  # "he do homework" is left alone
                return None
            note = f"with {sent[subject.start].text} … one person or thing, the verb takes its -s form"
            return _replace(token, TO_THIRD[word], SVA, note)
        if word == "were" and subject.head in word_set("indefinite_singular") and not _unreal(sent, subject.start):
            return _replace(token, "was", SVA, f"{sent[subject.start].text} is singular: “was”")
        if word == "were" or not is_base_verb(word):
            return None
        if nxt == "not" or (nxt == "to" and word in ("need", "have", "ought")):
            return None
        lemma = verb_lemma(word) or word
        if past(lemma) == word:
            return None  # "He put", "It cost me a lot", "He quit": the same form is the past, most likely meant
        form = third_person(lemma)
        if form and form != word:
            return _replace(token, form, SVA, f"after {_subject_text(sent, clause)} the verb takes -s")
        return None
    plural = plural_subject(subject)
    if not plural and subject.person != "first":
        return None
    fixes = FIRST if subject.person == "first" else TO_PLURAL
    if word in fixes and fixes[word] != word:
        note = "with I the verb is am / was" if word in ("is", "are") else (
            f"after {_subject_text(sent, clause)} the verb has no -s")
        if plural and not subject.pronoun:
            note = f"{_subject_text(sent, clause)} is plural"
        return _replace(token, fixes[word], SVA, note)
    if is_third_person_form(word) and (not is_noun(word) or (verb_lemma(word) or "") in word_set("common_verbs")
                                       or _verb_of_plural(sent, clause)):
        lemma = verb_lemma(word) or word
        return _replace(token, lemma, SVA, f"after {_subject_text(sent, clause)} the verb has no -s")
    return None


# Where a clause surely ends; "after", "before", "since" may be prepositions, so the scan goes past them.
SCAN_STOPS = frozenset({",", ";", ":", ".", "!", "?", "and", "but", "so", "because", "or", "although", "though",
                        "while", "if", "when", "that", "which", "who"})


def _np_verb(sent: list[Token], clause: Clause) -> bool:
    """After a noun phrase, is this word its verb? Not a preposition ("The shop near my house"), not a
    noun that may continue the phrase ("a community center ... turns"): such a word must be a common
    verb, something must follow it, and no other finite verb may follow in the clause."""
    word = sent[clause.verb].lower
    if word in PREPOSITIONS and not (word == "like" and clause.subject.person == "third"):
        return False  # "Everyone in my team like the manager": the clause has no other verb (the scan checks)
    if word == "like" and _likeness(sent, clause):
        return False
    if is_noun(word) and (verb_lemma(word) or word) not in word_set("common_verbs") and not _verb_of_plural(sent, clause):
        return False
    end = clause.verb + 1
    if end >= len(sent) or sent[end].text in ",.!?;:":
        return False
    if (verb_lemma(word) or word) in word_set("clause_verbs"):
        return True  # "The news say there will be …": what follows is the said clause's own verb
    while end < len(sent) and sent[end].lower not in SCAN_STOPS:
        later = sent[end].lower
        if is_past_form(later) and (sent[end - 1].lower in word_set("object_pronouns") - {"it", "you", "her"} or (
                end == clause.verb + 1 and word in word_set("be_forms"))):
            end += 1  # "make me worried", "am tired": a participle after the object or be, not a second verb
            continue
        if later in word_set("be_forms") or later in word_set("modals") or later in ("has", "does", "did") or (
                (is_third_person_form(later) or is_past_form(later)) and not is_noun(later)):
            return False
        end += 1
    return True


_THING_HEADS = frozenset({"something", "anything", "nothing"})
_PERSON_HEADS = frozenset({"someone", "somebody", "anyone", "anybody", "nobody"})
_LIKENESS_OBJECTS = frozenset({"me", "you", "him", "her", "it", "us", "them", "mine", "yours", "his", "hers", "ours",
                               "theirs", "this", "that", "these", "those"})


def _likeness(sent: list[Token], clause: Clause) -> bool:
    """"Someone like you.", "Something like that.", "A friend like her.": an indefinite word, "like" and what it is
    compared with, then nothing: a phrase said on its own (a reply, a title), whose "like" means similar to. A
    definite or universal subject ("My brother like you.", "Everybody like pizza.") keeps "like" as its verb."""
    subject, j = clause.subject, clause.verb + 1
    head, first = subject.head, sent[subject.start].lower
    if not (head in _THING_HEADS | _PERSON_HEADS or (first in ("a", "an") and subject.person == "third")):
        return False
    if head in _THING_HEADS:  # a thing likes nothing: "Nothing like home."
        j = next((k for k in range(j, min(len(sent), j + 4)) if not sent[k].is_word), len(sent))
    elif j < len(sent) and sent[j].lower in _LIKENESS_OBJECTS:
        j += 2 if j + 1 < len(sent) and sent[j + 1].lower == "one" else 1
    elif j < len(sent) and sent[j].lower in word_set("determiners"):
        j += 1
        while j < len(sent) and j <= clause.verb + 4 and sent[j].is_word and (
                is_noun(sent[j].lower) or "ADJ" in lemmas(sent[j].lower)):
            j += 1
    else:
        return False
    return j >= len(sent) or sent[j].text in (".", "!", "?", ",", "…")


# Plural nouns that modify another noun ("sports news", "sales figures"): the -s word after them may be the head noun.
_PLURAL_MODIFIERS = frozenset({"sports", "sales", "arts", "savings", "goods", "clothes", "customs", "arms", "news",
                               "series", "species", "games", "students", "parents", "kids", "children", "women", "men"})
# What follows a verb and never a noun ending the subject: "The dogs barks at night", "My sisters works here".
_AFTER_VERB = PREPOSITIONS | {"the", "a", "an", "my", "your", "his", "her", "our", "their", "me", "him", "us", "them",
                              "here", "there", "every", "all", "loudly", "hard", "late", "early", "well"}


def _verb_of_plural(sent: list[Token], clause: Clause) -> bool:
    """A verb's -s form that is also a plural noun ("barks", "works", "plays") right after a plural noun subject and
    before what only follows a verb: the verb, not a second noun."""
    word, nxt = sent[clause.verb].lower, sent[clause.verb + 1].lower if clause.verb + 1 < len(sent) else ""
    head = sent[clause.subject.end - 1].lower
    return (not clause.subject.pronoun and plural_subject(clause.subject) and clause.verb == clause.subject.end
            and head not in _PLURAL_MODIFIERS and is_third_person_form(word) and nxt in _AFTER_VERB)


def _subject_text(sent: list[Token], clause: Clause) -> str:
    return " ".join(t.text for t in sent[clause.subject.start:clause.subject.end])


QUANTIFIERS = frozenset({"many", "several", "few", "some", "lots", "two", "three", "four", "five", "so", "too"})


def _there_is(sent: list[Token]) -> list[Edit]:
    """"There is many tourists" -> "There are": a plural noun after there is / was."""
    edits: list[Edit] = []
    for i, token in enumerate(sent[:-2]):
        if token.lower not in ("there", "there's"):
            continue
        if token.lower == "there's":
            be, rest = token, i + 1
        elif sent[i + 1].lower in ("is", "was"):
            be, rest = sent[i + 1], i + 2
        else:
            continue
        j = rest
        if j + 2 < len(sent) and sent[j].lower == "a" and sent[j + 1].lower == "lot" and sent[j + 2].lower == "of":
            j += 3
        elif j + 1 < len(sent) and sent[j].lower == "lots" and sent[j + 1].lower == "of":
            j += 2
        elif j < len(sent) and (sent[j].lower in QUANTIFIERS or sent[j].is_number):
            if sent[j].lower in ("so", "too") and j + 1 < len(sent) and sent[j + 1].lower == "many":
                j += 1
            j += 1
        else:
            continue
        while j < len(sent) and sent[j].is_word and "ADJ" in lemmas(sent[j].lower) and not is_plural_noun(
                sent[j].lower):
            j += 1
        if j < len(sent) and sent[j].is_word and is_plural_noun(sent[j].lower):
            if be.lower == "there's":
                words = ["There" if be.text[0].isupper() else "there", "are"]
                edits.append(Edit(be.index, be.index + 1, words, SVA, be.text, " ".join(words),
                                  "with a plural noun after it, use there are"))
            else:
                edits.append(_replace(be, "are" if be.lower == "is" else "were", SVA,
                                      f"{sent[j].text} is plural, so use there {'are' if be.lower == 'is' else 'were'}"))
    return edits


def past_tense(sent: list[Token], year: int) -> list[Edit]:
    """A base verb in a clause with a past time ("yesterday I go", "When I was a child, I live ...")."""
    if sent and sent[-1].text == "?":
        return []
    marker = past_marker(sent, year)
    if marker is None:
        return []
    start, end, when_clause = marker
    every = clauses(sent)
    lo, _ = clause_bounds(sent, start)
    fronted = when_clause or start == lo
    # "Yesterday I go", "When I was a child, I live": the first verb after the time phrase;
    # "I buy this jacket two days ago": the verb before it, in the same clause.
    found = [c for c in every if c.subject.start >= end] if fronted else [
        c for c in every if c.verb < start and not any(t.lower in CLAUSE_BREAKS for t in sent[c.verb:start])][-1:]
    if not found:
        return []
    clause = found[0]
    between = range(end, clause.verb) if fronted else range(clause.verb + 1, start)
    if any(is_past_form(sent[j].lower) or sent[j].lower in ("was", "were") for j in between):
        return []  # a past verb already goes with the time phrase ("... made up 15 percent last year")
    token = sent[clause.verb]
    word = token.lower
    if any(sent[j].lower in word_set("do_forms") or sent[j].lower in word_set("modals")
           for j in range(max(0, clause.subject.start - 2), clause.subject.start)):
        return []
    edits: list[Edit] = []
    note = f"“{' '.join(t.text for t in sent[start:end])}” is in the past"
    if word in PAST_BE:
        be = "were" if word == "are" or plural_subject(clause.subject) else "was"
        return [_replace(token, be, "past_tense", note, 30)]
    if not (is_base_verb(word) or is_third_person_form(word)) or is_past_form(word):
        return []
    if word in ("have", "has") and _perfect(sent, clause.verb + 1):
        # "I have seen him yesterday" -> "I saw him": a finished time takes the simple past ("since last year" is
        # no finished time, and is left alone).
        if any(t.lower == "since" for t in sent[:start]):
            return []
        return _simple_past(sent, clause, note)
    lemma = verb_lemma(word) or word
    form = past(lemma)
    if not form or form == word:
        return []
    edits.append(_replace(token, form, "past_tense", note, 30))
    # "we climb Bukhansan and eat bibimbap": a second verb joined by "and" with no subject of its own.
    for j in range(clause.verb + 1, len(sent) - 1):
        if sent[j].lower == "and":
            after = skip_adverbs(sent, j + 1)
            if after < len(sent) and is_base_verb(sent[after].lower) and not is_noun(sent[after].lower):
                second = past(verb_lemma(sent[after].lower) or sent[after].lower)
                if second and second != sent[after].lower:
                    edits.append(_replace(sent[after], second, "past_tense", note, 30))
            break
        if sent[j].text in ",.;!?" or sent[j].lower in ("but", "because", "so"):
            break
    return edits


def _simple_past(sent: list[Token], clause: Clause, note: str) -> list[Edit]:
    """"have seen" -> "saw", "has been to" -> "went to", "have been" -> "was" / "were"."""
    have = sent[clause.verb]
    k = skip_adverbs(sent, clause.verb + 1)
    part = sent[k]
    after = sent[k + 1].lower if k + 1 < len(sent) else ""
    if part.lower == "been":
        head = clause.subject.head.lower()
        form = "went" if after == "to" else "were" if head in ("you", "we", "they") or (
            head != "i" and plural_subject(clause.subject)) else "was"
    else:
        form = past(verb_lemma(part.lower) or part.lower) or ""
    if not form:
        return []
    return [Edit(have.index, have.index + 1, [], "past_tense", f"{have.text} {part.text}", form, note, 30),
            _replace(part, form, "past_tense", note, 30)]


def _perfect(sent: list[Token], k: int) -> bool:
    """A past participle after have (skipping adverbs): a present perfect."""
    k = skip_adverbs(sent, k)
    if k >= len(sent):
        return False
    word = sent[k].lower
    lemma = verb_lemma(word)
    return word == "been" or (lemma is not None and lemma != word and participle(lemma) == word)
