"""Reading the English learner's message: what kind of turn it is (a greeting, a word's meaning,
a word's pronunciation, a new topic, a wish for simpler words, confusion, a question for the tutor, a short
answer, an opinion, an experience, Korean) and which
word a meaning question asks about. ``agents/english/reply.py`` composes the reply from this."""

from __future__ import annotations

import re

from agents.english.asides import BACK, pronounced_word, topic_of, wants_simpler

MEANING = [re.compile(p, re.I) for p in (
    r"what (?:does|do|did) (?:the word |the phrase )?[\"“'‘]?([a-z][a-z-]*)[\"”'’]? mean",
    r"what(?: is|'s| is the meaning of) (?:the word |the meaning of )?[\"“'‘]([a-z][a-z-]*)[\"”'’]",
    r"meaning of (?:the word )?[\"“'‘]?([a-z][a-z-]*)",
    r"\bdefine [\"“'‘]?([a-z][a-z-]*)",
    r"[\"“'‘]?([a-z][a-z-]*)[\"”'’]?\s*(?:이|가|은|는)?\s*(?:무슨 )?(?:뜻|의미)",
    r"^what is (?:a |an )?([a-z][a-z-]*)\?*$",
)]
CONFUSED = re.compile(r"\b(?:don'?t|didn'?t|do not|can'?t) (?:understand|get it)|what do you mean|\bpardon\b|"
                      r"\b(?:repeat|again|slowly|simpler|simply|easier)\b|^sorry\??$|모르겠|이해가 안|다시", re.I)
TUTOR = re.compile(r"what (?:do|about) you (?:think|feel)|\bhow about you\b|\bwhat about you\b|\band you\b|"
                   r"\byour opinion\b|\bdo you agree\b|\bwhat would you\b|\bdo you (?:like|think)\b", re.I)
SHORT = re.compile(r"^(?:yes|yeah|yep|no|nope|not really|maybe|ok|okay|sure|i guess so|i don'?t know|"
                   r"i'?m not sure|of course|definitely|exactly|me too|true|right)[.!]*$", re.I)
GREETING = re.compile(r"^(?:hi|hello|hey|good (?:morning|afternoon|evening)|let'?s (?:start|begin|talk)|"
                      r"start|ready|i'?m ready)\b", re.I)
OPINION = re.compile(r"\b(?:i think|i believe|i feel|in my opinion|i agree|i disagree|i don'?t think|"
                     r"i (?:like|love|hate|prefer)|it'?s (?:a )?(?:good|bad|great|nice)|should)\b", re.I)
EXPERIENCE = re.compile(r"\b(?:i|we|my \w+) (?:went|visited|tried|had|used|saw|ate|played|bought|did|was|were|"
                        r"lived|worked|met)\b|\bwhen i was\b|\blast (?:year|week|month|weekend|summer)\b", re.I)


def read(text: str) -> str:
    stripped = text.strip()
    if pronounced_word(stripped):  # "anxious 발음 어떻게 해?" too
        return "pronounce"
    if _korean(stripped):
        return "korean"
    if topic_of(stripped):
        return "topic"
    if BACK.search(stripped):
        return "back"
    if wants_simpler(stripped):
        return "simpler"
    if any(p.search(stripped) for p in MEANING) or (ORDINAL.search(stripped) and re.search(
            r"\bmean|meaning|뜻|의미", stripped, re.I)):
        return "meaning"
    if CONFUSED.search(stripped) and len(stripped.split()) <= 12:
        return "confused"
    if TUTOR.search(stripped):
        return "tutor_opinion"
    if SHORT.match(stripped):
        return "short"
    if GREETING.match(stripped) and len(stripped.split()) <= 10 and not OPINION.search(stripped):
        return "greeting"
    if stripped.endswith("?"):
        return "question"
    if EXPERIENCE.search(stripped):
        return "experience"
    if OPINION.search(stripped):
        return "opinion"
    return "statement"


ORDINAL = re.compile(r"\b(first|second|third|fourth|fifth|last|new)\s+(?:word|vocabulary)\b", re.I)
ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1}


def meaning_term(text: str) -> str | None:
    for pattern in MEANING:
        match = pattern.search(text.strip())
        if match:
            return match.group(1).lower()
    return None


def _korean(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum("가" <= c <= "힣" for c in letters) > len(letters) * 0.4
