"""Tense across a sentence's parts: a verb joined by "and" to a past verb keeps its tense ("We watched a film and
ate popcorn"), and a time or condition clause about the future takes the present ("I'll call you when I arrive",
not "when I will arrive"). Each reads only what it can place: a verb with its own subject, one after "to" or a
modal, an embedded question ("I don't know when he will come") and a relative clause ("the day when ...") are
left alone."""

from __future__ import annotations

from agents.english.checker.clauses import PREPOSITIONS, clauses, past_marker, plural_subject, skip_adverbs, subject_at
from agents.english.checker.tokens import CLAUSE_BREAKS, Edit, Token, keep_case
from agents.english.checker.words import (
    is_base_verb,
    is_noun,
    is_past_form,
    is_third_person_form,
    is_verb,
    lemmas,
    participle,
    past,
    third_person,
    verb_lemma,
    word_map,
    word_set,
)

FORM = "verb_form"
PAST = "past_tense"
# What only follows a verb, where the word after "and" may also be a noun ("and watch a film", "and walk home").
_VERB_OBJECTS = frozenset({"the", "a", "an", "my", "your", "his", "her", "our", "their", "its", "this", "that", "these",
                           "those", "some", "every", "me", "him", "us", "them", "it", "home", "inside", "outside",
                           "away", "back", "out", "up", "down", "together", "around"})
# Bare objects of everyday verbs that are nouns too ("and cook dinner", "and watch TV", "and play games").
_BARE_OBJECTS = frozenset({"breakfast", "lunch", "dinner", "coffee", "tea", "tv", "movies", "games", "music",
                           "homework", "soccer", "football", "basketball", "tennis", "baseball"})
# Words after "and" that keep the second verb in the present ("and still live here", "and now work").
_NOW = frozenset({"now", "still", "currently", "today", "nowadays", "anymore", "tomorrow", "tonight", "soon",
                  "usually", "always", "these", "lately"})


# "built a school and teach kids there", "bought a house and live here": what the past made goes on now.
_STILL_THERE = frozenset({"there", "here"})
# "won the cup and celebrate every year", "started a shop and run it": a habit or a use that goes on, unless the
# sentence dates the past ("last weekend", "yesterday") and so tells one story.
_GOING_ON = frozenset({"every", "each", "it", "them"})
_ANY_YEAR = 10_000  # "in 2015" dates a past whatever this year is


def tenses(sent: list[Token]) -> list[Edit]:
    if not sent or sent[-1].text == "?":
        return []
    return [*_coordinated_past(sent), *_future_in_time_clause(sent), *_since_present(sent)]


def _coordinated_past(sent: list[Token]) -> list[Edit]:
    """"She cooked dinner and wash the dishes" -> "washed": one subject's past verb, its object, then "and" and a
    base verb with no subject of its own. Not after a verb that takes a bare infinitive ("watched them play and
    laugh"), a "to" ("decided to stay and read"), nor before a present time or a state ("and still live here",
    "bought it and love it")."""
    edits: list[Edit] = []
    for clause in clauses(sent):
        first = sent[clause.verb].lower
        lemma = verb_lemma(first) or first
        if not is_past_form(first) or is_base_verb(first) or first in word_set("be_forms") or (
                first in ("had", "did", "used")):
            continue
        if clause.subject.start and sent[clause.subject.start - 1].lower in word_set("do_forms"):
            continue
        joint = _joint(sent, clause.verb + 1)
        if joint is None or (lemma in word_set("bare_infinitive_lemmas") and _bare_infinitive(sent, clause.verb,
                                                                                            joint)):
            continue
        k = skip_adverbs(sent, joint + 1)
        rest = {t.lower for t in sent[joint + 1:]}
        dated = past_marker(sent, _ANY_YEAR) is not None
        if k >= len(sent) or rest & _NOW or rest & _STILL_THERE or (not dated and rest & _GOING_ON):
            continue
        second = sent[k].lower
        nxt = sent[k + 1].lower if k + 1 < len(sent) else ""
        if not sent[k].is_word or not is_base_verb(second) or second in word_set("state_verbs"):
            continue
        # "and go to bed": a preposition after a verb of motion ("bought food and drink for the party" is a noun)
        objects = _VERB_OBJECTS | (PREPOSITIONS if second in word_set("motion_verbs") else frozenset()) | (
            _BARE_OBJECTS if second in word_set("common_verbs") else frozenset())
        if (is_noun(second) or "ADJ" in lemmas(second)) and nxt not in objects:
            continue  # "bought bread and milk": a second object, not a verb
        form = past(verb_lemma(second) or second)
        if form and form != second:
            edits.append(Edit(sent[k].index, sent[k].index + 1, [keep_case(sent[k].text, form)], PAST, sent[k].text,
                              form, f"“{sent[clause.verb].text}” is in the past, and the verb joined to it by “and” "
                                    "is too", 30))
    return edits


def _bare_infinitive(sent: list[Token], verb: int, joint: int) -> bool:
    """After "watched", "let", "helped" ...: an object pronoun or a verb after the object ("watched the kids play
    and laugh", "helped my mom cook and clean"), whose infinitive the word after "and" may continue."""
    j = verb + 1
    while j < joint:
        word = sent[j].lower
        if word in word_set("object_pronouns") - {"it"}:
            return True
        if word in ("last", "this", "next"):
            j += 2  # "last weekend": a time, not a verb
            continue
        if j > verb + 1 and is_base_verb(word) and sent[j - 1].lower not in word_set("determiners"):
            return True
        j += 1
    return False


def _joint(sent: list[Token], j: int) -> int | None:
    """The "and" that joins a second verb to this one, past the first verb's object (a noun phrase, a
    preposition's phrase, an adverb); None when anything else comes first (a clause break, "to", another verb)."""
    stop = min(len(sent), j + 9)
    while j < stop:
        token = sent[j]
        word = token.lower
        if word == "and":
            return j
        if not (token.is_word or token.is_number) or word in CLAUSE_BREAKS or "'" in word:
            return None
        if word == "to" and not _place_after_to(sent, j + 1):
            return None  # "decided to stay and read": the verb after "and" may be the infinitive's
        if word in word_set("modals") or word in word_set("be_forms") or word in word_set("have_forms") or (
                word in word_set("do_forms") or word in word_set("wh_words") or word in ("that", "who", "which")):
            return None
        if word in word_map("subject_pronouns") and word not in ("you", "it"):
            return None
        found = lemmas(word)
        if is_verb(word) and "NOUN" not in found and "ADJ" not in found and "ADV" not in found and not (
                token.capitalised):
            return None  # a second verb before "and": "helped me move and clean" reads "move"
        if (is_past_form(word) or is_third_person_form(word)) and "ADJ" not in found:
            return None
        j += 1
    return None


def _place_after_to(sent: list[Token], k: int) -> bool:
    """"to the beach", "to Busan": "to" as a preposition (a determiner, a name, a number or a noun that is no
    verb after it)."""
    if k >= len(sent):
        return False
    token = sent[k]
    word = token.lower
    return word in word_set("determiners") or token.is_number or token.capitalised or (
        token.is_word and is_noun(word) and not is_verb(word))


_CONJUNCTIONS = frozenset({"when", "if", "after", "before", "until", "till", "once", "unless"})
_POLITE = frozenset({"excuse", "forgive", "bear", "allow", "permit", "follow", "wait"})
_FUTURE = frozenset({"will", "won't", "shall", "gonna", "can", "should", "must"})


def _future_in_time_clause(sent: list[Token]) -> list[Edit]:
    """"I'll call you when I will arrive" -> "when I arrive": after when, if, as soon as, until ... a future
    is said in the present, when the sentence's main clause is a future or a request."""
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    for i, word in enumerate(words):
        if word in _CONJUNCTIONS:
            k = i + 1
        elif word == "as" and words[i + 1:i + 3] == ["soon", "as"]:
            k = i + 3
        else:
            continue
        subject = subject_at(sent, k, anywhere=True)
        if subject is None or subject.end + 1 >= len(sent) or words[subject.end] != "will":
            continue
        v = subject.end + 1
        verb = words[v]
        if not (is_base_verb(verb) or verb == "be") or (word == "if" and verb in _POLITE):
            continue
        if not _adverbial(sent, i) or not _main_is_future(sent, i, v):
            continue
        form = _present(verb, subject.person, plural_subject(subject), subject.head)
        if form is None:
            continue
        edits.append(Edit(sent[subject.end].index, sent[v].index + 1, [form], FORM, f"will {sent[v].text}", form,
                          f"after “{sent[i].text}”, a future is said in the present: “{form}”", 30))
    return edits


def _adverbial(sent: list[Token], i: int) -> bool:
    """The conjunction opens a time or condition clause: not an embedded question ("I don't know when he will",
    "ask her if she will") nor a relative clause on a noun ("the day when robots will")."""
    if i == 0:
        return True
    j = i - 1
    if sent[j].lower in word_set("object_pronouns") and j:
        j -= 1
    before = sent[j].lower
    if before in word_set("embedding_words") or (verb_lemma(before) or before) in word_set("embedding_words"):
        return False
    prev = sent[i - 1].lower
    if sent[i].lower != "when" or not sent[i - 1].is_word or not is_noun(prev) or prev in word_set("object_pronouns"):
        return True
    # "the day when", "a moment when": a relative clause on a noun (a noun after its determiner, or no verb at all)
    return not (not is_verb(prev) or (i > 1 and sent[i - 2].lower in word_set("determiners")))


def _main_is_future(sent: list[Token], i: int, v: int) -> bool:
    """The main clause says a future ("will", "'ll", "going to", a modal) or asks for something (an imperative)."""
    if i == 0 or (i == 1 and sent[0].lower in ("and", "but", "so")):
        comma = next((j for j in range(v, len(sent)) if sent[j].text == ","), None)
        main = sent[comma + 1:] if comma is not None else []
    else:
        main = sent[:i]
    if not main:
        return False
    words = [t.lower for t in main]
    if any(w in _FUTURE or w.endswith("'ll") for w in words) or "going to" in " ".join(words):
        return True
    first, second = words[0], words[1] if len(words) > 1 else ""
    if first in ("please", "don't", "let's"):
        return True
    verb_use = not is_noun(first) or (first in word_set("common_verbs") and second in _VERB_OBJECTS)
    return is_base_verb(first) and verb_use and first not in word_map("subject_pronouns")


def _present(verb: str, person: str, plural: bool, head: str) -> str | None:
    if verb == "be":
        return "am" if head == "i" else "are" if plural or head == "you" else "is" if person == "third" else None
    if person == "third" and not plural:
        return third_person(verb)
    return verb if plural or person in ("first", "plural") or head in ("i", "you", "we", "they") else None


# "I'm here since Monday" -> "I've been here": a contracted be before its since-point
_SINCE_CONTRACTED = {"i'm": "I've", "we're": "we've", "they're": "they've", "you're": "you've", "he's": "he's",
                     "she's": "she's"}


def _since_present(sent: list[Token]) -> list[Edit]:
    """"I live here since 2015" -> "have lived", "We are friends since high school" -> "have been": a state that
    began at a point in the past and goes on takes the present perfect. Only "since" with a point after it (a year,
    "last ...", a month, "I was ..."), in the clause of a present verb; "since" meaning because opens no such
    point, and "It is two years since" is right; "since I lost my job" may mean because, so a clause after since
    counts only with was / were ("since I was ten")."""
    edits: list[Edit] = []
    for clause in clauses(sent):
        verb = sent[clause.verb]
        word = verb.lower
        since = _since_point(sent, clause.verb + 1)
        if since is None or clause.subject.person == "unknown":
            continue
        third = clause.subject.person == "third" and not plural_subject(clause.subject)
        lemma = verb_lemma(word) or word
        verb_use = not is_noun(word) or lemma in word_set("common_verbs")
        if lemma in ("feel", "look", "seem", "sound"):
            continue  # "I feel better since the surgery": today's state, compared with before
        if clause.subject.head == "it" or word in word_set("have_forms") or word in word_set("do_forms") or (
                word in word_set("modals")) or (word in word_set("be_forms") and word not in ("am", "are", "is")):
            continue  # "It is two years since", "I have lived here since": nothing to change
        if word in ("am", "are", "is"):
            said = "has been" if word == "is" and third else "have been" if word != "is" and not third else ""
        elif third and is_third_person_form(word) and verb_use:
            said = f"has {participle(lemma) or ''}"
        elif not third and is_base_verb(word) and verb_use and word not in word_set("not_main_verbs"):
            said = f"have {participle(word) or ''}"
        else:
            continue
        if not said or said.endswith(" "):
            continue
        edits.append(_perfect_edit(verb, said.split(), said))
    for i, token in enumerate(sent):
        subject = _SINCE_CONTRACTED.get(token.lower)
        nxt = sent[i + 1].lower if i + 1 < len(sent) else ""
        if subject is None or _since_point(sent, i + 1) is None or is_past_form(nxt) or nxt == "been" or (
                verb_lemma(nxt) not in (None, nxt) and participle(verb_lemma(nxt) or "") == nxt):
            continue  # "She's lived here since 2019" is has
        said = f"{keep_case(token.text, subject)} been"
        edits.append(_perfect_edit(token, said.split(), said))
    return edits


def _perfect_edit(token: Token, words: list[str], said: str) -> Edit:
    return Edit(token.index, token.index + 1, words, FORM, token.text, said,
                f"with “since” and a time that began in the past, use the present perfect: “{said}”", 30)


def _since_point(sent: list[Token], j: int) -> int | None:
    """The "since" after a clause's verb (in the same clause) that names a point in the past."""
    while j < len(sent) and sent[j].lower not in CLAUSE_BREAKS and sent[j].text not in ".!?":
        j += 1
    if j + 1 >= len(sent) or sent[j].lower != "since":
        return None
    nxt, after = sent[j + 1], sent[j + 2].lower if j + 2 < len(sent) else ""
    word = nxt.lower
    point = (nxt.is_number and len(word) == 4) or word in word_set("since_points") or (
        word in word_map("subject_pronouns") and after in ("was", "were"))  # not "since I lost": may mean because
    if word in ("the", "my", "our", "high", "middle", "elementary", "college", "university", "school"):
        # "since the war", "since high school": a point; "since the weather is nice" is a reason (a clause)
        point = not any(_finite(t.lower) for t in sent[j + 1:] if t.text not in ".!?")
    return j if point else None


def _finite(word: str) -> bool:
    return word in word_set("be_forms") or word in word_set("modals") or word in word_set("have_forms") or (
        word in word_set("do_forms")) or ((is_third_person_form(word) or is_past_form(word)) and not is_noun(word))
