"""More prepositions and set phrases learners mix up, each read only where it cannot be right: "depends of",
"afraid from", "go to shopping", "born at 1995", "in Monday", "on this weekend", "said me", "tell to me",
"I'm not agree", "I'm used to wake up", "thinking to quit"."""

from __future__ import annotations

import re
from functools import cache

from agents.english.checker.tokens import Edit, Token, keep_case
from agents.english.checker.words import gerund, is_base_verb, is_noun, lemmas, table, verb_lemma, word_set

FIXED = "fixed_expression"
PREPOSITION = "other"
WEEKDAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
# Time words that take no preposition after this / next / last ("on this weekend" -> "this weekend").
DEICTIC_UNITS = WEEKDAYS | {"week", "weekend", "month", "year", "summer", "winter", "spring", "fall", "autumn",
                            "semester", "morning", "evening", "night"}
ACTIVITIES = frozenset({"shopping", "swimming", "hiking", "fishing", "camping", "skiing", "jogging", "dancing",
                        "bowling", "surfing", "sightseeing", "clubbing"})
FROM_TIME = frozenset({"the", "a", "an", "that", "then", "now", "day", "birth", "childhood", "start", "beginning"})
OBJECTS = frozenset({"me", "him", "us"})  # not "them": "I can't say them out loud" (the words)
TELL = {"say": "tell", "says": "tells", "said": "told", "saying": "telling"}
# "I'm used to": a person used to something (never "it is used to make": the passive of use).
USED_SUBJECTS = frozenset({"i'm", "we're", "you're", "they're", "am", "get", "got", "getting"})
NOT_AGREE = {"'m": "don't", "i'm": "I don't", "we're": "we don't", "they're": "they don't", "you're": "you don't",
             "he's": "he doesn't", "she's": "she doesn't", "am": "don't", "are": "don't", "is": "doesn't",
             "aren't": "don't", "isn't": "doesn't"}
_YEAR = re.compile(r"(19|20)\d\d")


def _drop(sent: list[Token], k: int, before: str, after: str, kind: str, note: str) -> Edit:
    return Edit(sent[k].index, sent[k].index + 1, [], kind, before, after, note, 35)


def _swap(sent: list[Token], k: int, word: str, before: str, after: str, kind: str, note: str) -> Edit:
    return Edit(sent[k].index, sent[k].index + 1, [keep_case(sent[k].text, word)], kind, before, after, note, 35)


def prepositions(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    n = len(words)
    for i, word in enumerate(words[:-1]):
        nxt, third = words[i + 1], words[i + 2] if i + 2 < n else ""
        lemma = verb_lemma(word) or word
        if word == "since" and i + 2 < n and (sent[i + 1].is_number or nxt in _COUNT_WORDS) \
                and third in ("years", "months", "weeks", "days", "hours", "minutes", "year", "month", "week", "day") \
                and any(w in ("have", "has", "had", "'ve", "i've", "we've", "you've", "they've") for w in words[:i]) \
                and (i + 3 >= n or words[i + 3] != "ago"):
            # "since three years": a length of time takes for (since takes a point: since 2019)
            edits.append(_swap(sent, i, "for", f"{sent[i].text} {sent[i + 1].text} {sent[i + 2].text}",
                               f"for {sent[i + 1].text} {sent[i + 2].text}", FIXED, "a length of time takes for: "
                               f"for {sent[i + 1].text} {sent[i + 2].text} (since takes a starting point)"))
        elif lemma == "depend" and ((nxt == "of" and third != "course") or (nxt == "from" and third != "time")):
            edits.append(_swap(sent, i + 1, "on", f"{sent[i].text} {sent[i + 1].text}", f"{sent[i].text} on", FIXED,
                               "we say “depend on”"))
        elif word in ("afraid", "scared") and nxt == "from" and third not in FROM_TIME:  # not "from the start"
            edits.append(_swap(sent, i + 1, "of", f"{word} from", f"{word} of", PREPOSITION,
                               f"we say “{word} of” something"))
        elif lemma == "go" and nxt == "to" and third in ACTIVITIES:
            after = words[i + 3] if i + 3 < n else ""
            if after and sent[i + 3].is_word and is_noun(after) and "ADV" not in lemmas(after):
                continue  # "go to swimming class", "went to shopping malls"
            edits.append(_drop(sent, i + 1, f"{sent[i].text} to {sent[i + 2].text}",
                               f"{sent[i].text} {sent[i + 2].text}", FIXED, f"we say “go {third}”, without to"))
        elif word == "born" and nxt in ("at", "on") and _YEAR.fullmatch(third):
            edits.append(_swap(sent, i + 1, "in", f"born {nxt}", "born in", PREPOSITION, "a year takes in: born in 1995"))
        elif word in ("in", "at") and nxt in WEEKDAYS and i + 1 < n and sent[i + 1].is_word:
            if i and words[i - 1] in ("born",):
                continue
            edits.append(_swap(sent, i, "on", f"{sent[i].text} {sent[i + 1].text}", f"on {sent[i + 1].text}",
                               PREPOSITION, "a day takes on: on Monday"))
        elif word in ("in", "on", "at") and nxt in ("this", "next", "last") and third in DEICTIC_UNITS \
                and not (third in ("morning", "evening", "night") and nxt == "last") and sent[i].is_word:
            edits.append(_drop(sent, i, f"{sent[i].text} {nxt} {third}", f"{nxt} {third}", PREPOSITION,
                               f"“{nxt} {third}” needs no preposition"))
        elif word in TELL and nxt in OBJECTS and (i == 0 or words[i - 1] not in ("to", "and")):
            told = TELL[word]
            edits.append(_swap(sent, i, told, f"{sent[i].text} {sent[i + 1].text}", f"{told} {sent[i + 1].text}",
                               PREPOSITION, f"we tell someone something (or say something to them): {told} {nxt}"))
        elif word in ("tell", "tells", "telling") and nxt == "to" and third in OBJECTS | {"her", "them"}:
            # not "told to": "the story told to her friends" is a passive
            edits.append(_drop(sent, i + 1, f"{sent[i].text} to {sent[i + 2].text}", f"{sent[i].text} {sent[i + 2].text}",
                               PREPOSITION, "“tell” takes the person directly: tell me"))
        elif word in NOT_AGREE and ((nxt == "agree" and word in ("aren't", "isn't")) or (nxt == "not" and third == "agree")):
            end = i + 1 if nxt == "agree" else i + 2
            if word in ("am", "are", "is", "aren't", "isn't") and (i == 0 or not sent[i - 1].is_word):
                continue
            out = NOT_AGREE[word].split()
            first = [out[0] if out[0] == "I" else keep_case(sent[i].text, out[0]), *out[1:]]
            edits.append(Edit(sent[i].index, sent[end].index, first, FIXED,
                              " ".join(t.text for t in sent[i:end + 1]), " ".join([*first, "agree"]),
                              "“agree” is a verb: I don't agree, not I'm not agree", 35))
        elif word in USED_SUBJECTS and nxt == "used" and third == "to" and i + 3 < n:
            verb = words[i + 3]
            form = gerund(verb) if _verb_here(words, i + 3) else None
            if form and form != verb:
                edits.append(_swap(sent, i + 3, form, f"used to {sent[i + 3].text}", f"used to {form}", "verb_form",
                                   f"after “be used to” comes a noun or an -ing form: used to {form}"))
        elif word == "thinking" and nxt == "to" and i + 2 < n and _verb_here(words, i + 2):
            form = gerund(third)
            if form:
                edits.append(Edit(sent[i + 1].index, sent[i + 2].index + 1, ["of", form], FIXED,
                                  f"thinking to {sent[i + 2].text}", f"thinking of {form}",
                                  f"we say “thinking of {form}”", 35))
    return edits + _fixed_prepositions(sent, words) + _media(sent, words)


def _fixed_prepositions(sent: list[Token], words: list[str]) -> list[Edit]:
    """A word that takes one preposition, with one it never takes: "responsible of" -> "responsible for",
    "congratulations for" -> "on", "proud on" -> "of" (the pairs in grammar.yaml's fixed_prepositions)."""
    edits: list[Edit] = []
    table = fixed_table()
    for i, word in enumerate(words[:-2]):
        entry = table.get(word)
        if entry is None or words[i + 1] not in entry[1] or not sent[i + 2].is_word:
            continue
        right = entry[0]
        edits.append(_swap(sent, i + 1, right, f"{sent[i].text} {sent[i + 1].text}", f"{sent[i].text} {right}", FIXED,
                           f"we say “{word} {right}”"))
    return edits


_COUNT_WORDS = frozenset({"a", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "many",
                          "several", "few", "a few"})
_WHEN = frozenset({"yesterday", "today", "tonight", "tomorrow", "morning", "evening", "night", "week", "weekend"})


def _media(sent: list[Token], words: list[str]) -> list[Edit]:
    """"talked in the phone" -> "on the phone", "saw it in TV" -> "on TV": a medium after a verb of talking, hearing,
    watching or reading (grammar.yaml's medium_nouns and medium_verbs)."""
    edits: list[Edit] = []
    media, verbs = word_set("medium_nouns"), word_set("medium_verbs")
    for k, word in enumerate(words[:-1]):
        at = k + 2 if words[k + 1] == "the" and k + 2 < len(words) else k + 1
        if word != "in" or words[at] not in media or (at == k + 1 and words[at] in ("phone", "telephone", "radio")):
            continue
        if not any((verb_lemma(w) or w) in verbs for w in words[:k]):
            continue
        if at + 1 < len(words) and sent[at + 1].is_word and is_noun(words[at + 1]) and words[at + 1] not in _WHEN:
            continue  # "saw my keys in the phone case": the medium names a thing here
        after = " ".join(t.text for t in sent[k + 1:at + 1])
        edits.append(_swap(sent, k, "on", f"{sent[k].text} {after}", f"on {after}", FIXED,
                           f"we say “on {after}” for what comes through it"))
    return edits


@cache
def fixed_table() -> dict[str, tuple[str, frozenset[str]]]:
    return {str(word): (str(pair["right"]), frozenset(str(w) for w in pair["wrong"]))
            for word, pair in table("fixed_prepositions").items() if isinstance(pair, dict)}


PARTICLES = frozenset({"up", "out", "off", "down", "in", "on", "away", "back", "over"})
FOLLOWERS = PARTICLES | {"my", "your", "his", "her", "our", "their", "the", "a", "an", "this", "that", "it", "me", "him",
                         "us", "them", "early", "late", "alone", "abroad", "here", "there", "every"}


def _verb_here(words: list[str], k: int) -> bool:
    """A base verb at k: one that is no noun, or one followed by what only a verb takes ("wake up", "quit my
    job"); "I'm used to work" alone may mean the noun and is left."""
    word = words[k]
    if not is_base_verb(word):
        return False
    return not is_noun(word) or (k + 1 < len(words) and words[k + 1] in FOLLOWERS)
