"""What the learner asks of the conversation itself: another topic ("Let's talk about soccer"), how a word
is said ("how do you pronounce anxious"), or the last reply again in simpler words ("say it more simply").
``learner.read`` names these kinds; ``reply.compose`` writes the replies with the helpers here."""

from __future__ import annotations

import re

_Q = r"[\"“'‘]?"
_END = r"[\"”'’]?"
TOPIC = re.compile(r"\b(?:let'?s|let us|can we|could we|shall we|may we|i want to|i'd like to|i would like to|i wanna)\s+"
                   r"(?:talk|chat|speak|discuss|have a chat)(?:\s+about)?\s+(?P<a>[^.!?]+)|"
                   r"\b(?:change|switch)\s+the\s+(?:topic|subject)\s+to\s+(?P<b>[^.!?]+)|"
                   r"\bhow about (?:talking about |we talk about )?(?P<c>[^.!?]+?)\s+instead\b", re.I)
# What points back at the article: not a new topic ("let's talk about the news").
ARTICLE_WORDS = re.compile(r"^(?:the |this |today'?s |that )?(?:news|article|story|text|it|this|that|topic|"
                           r"article today|news today)$", re.I)
BACK = re.compile(r"\bback to (?:the |today'?s )?(?:article|news|story)\b", re.I)
PRONOUNCE = [re.compile(p, re.I) for p in (
    rf"\bhow (?:do|should|can|would|does) (?:you|i|we|one|people|someone) (?:pronounce|say the word)\s+{_Q}([a-z][a-z'-]*)",
    rf"\bpronunciation of\s+(?:the word\s+)?{_Q}([a-z][a-z'-]*)",
    rf"\bhow (?:is|do you say)\s+(?:the word\s+)?{_Q}([a-z][a-z'-]*){_END}\s+(?:pronounced|said)\b",
    rf"\bpronounce\s+(?:the word\s+)?{_Q}([a-z][a-z'-]*)",
    rf"{_Q}([a-z][a-z'-]*){_END}\s*(?:은|는|이|가|을|를)?\s*(?:어떻게\s*)?발음",
)]
SIMPLER = re.compile(r"\b(?:say|put|explain|tell|write)\s+(?:it|that|this)\s+(?:again\s+)?(?:more\s+)?"
                     r"(?:simply|simpler|easier|more easily)\b|\bin (?:simple|simpler|easier|plain|easy) (?:english|words)\b|"
                     r"\bmore simply\b|\bsimpler,? please\b|\beasier words\b|쉽게 말해|쉽게 설명", re.I)
# Filler a topic phrase may end with ("soccer for a bit", "movies instead").
_TAIL = re.compile(r"\s+(?:for a (?:bit|while|minute|change)|instead|now|today|please|a little|then)\b.*$", re.I)


def topic_of(text: str) -> str | None:
    """The new topic a message asks for, or None (the article itself is no new topic)."""
    found = TOPIC.search(text)
    if found is None:
        return None
    topic = _TAIL.sub("", next(g for g in found.groups() if g)).strip(" ,\"“”'")
    topic = re.sub(r"^(?:about|the topic of)\s+", "", topic, flags=re.I)
    if not topic or ARTICLE_WORDS.fullmatch(topic) or len(topic.split()) > 6:
        return None
    return topic


def pronounced_word(text: str) -> str | None:
    for pattern in PRONOUNCE:
        found = pattern.search(text)
        if found:
            return found.group(1).lower().strip("'-")
    return None


def wants_simpler(text: str) -> bool:
    return SIMPLER.search(text) is not None


_ACTIVE = re.compile(r"(?:talk|talking) about \*\*([^*]{1,60})\*\*")


def active_topic(previous: list[str]) -> str | None:
    """The learner's own topic, while the tutor's last reply was about it (a pronunciation aside between
    keeps it)."""
    for reply in reversed(previous):
        found = _ACTIVE.search(reply)
        if found:
            return found.group(1)
        if PRONOUNCED not in reply:
            return None
    return None


PRONOUNCED = "(From the CMU Pronouncing Dictionary.)"


TOPIC_QUESTIONS = {
    "beginner": ["Do you like {t}? Why?", "When do you enjoy {t}?", "Is {t} popular in Korea?",
                 "Who do you talk to about {t}?"],
    "intermediate": ["What do you like most about {t}?", "How did you first get into {t}?", "Is {t} popular in Korea?",
                     "Can you tell me about a moment with {t} that you remember well?",
                     "Do your friends or family enjoy {t} too?"],
    "advanced": ["What draws you to {t}, and has that changed over the years?",
                 "How has {t} changed in Korea in the last ten years?",
                 "If you had to explain the appeal of {t} to a skeptic, what would you say?",
                 "What is one thing about {t} that most people misunderstand?"],
}


def topic_question(topic: str, level: str, previous: list[str]) -> str:
    """The next question about the learner's topic not asked yet (the last one again when all were)."""
    said = " ".join(previous).lower()
    options = [q.format(t=topic) for q in TOPIC_QUESTIONS[level]]
    return next((q for q in options if q.lower()[:28] not in said), options[-1])


def topic_mention(topic: str, article_sentences: list[str]) -> str | None:
    """An article sentence that names the topic's words, if the article touches it."""
    words = [w for w in re.findall(r"[a-z]{4,}", topic.lower())]
    for sentence in article_sentences:
        lowered = sentence.lower()
        if words and any(re.search(rf"\b{re.escape(w[:-1] if w.endswith('s') else w)}", lowered) for w in words):
            return sentence
    return None


# --- the last reply in simpler words ---------------------------------------------------------------

_NOISE = re.compile(r"^(?:good question|thanks for asking|thanks for your message|let's see|i see|okay|thanks|"
                    r"small tip|\(quick fix|\(just a small note|new word|useful word|here is a word|a word worth|"
                    r"try working|you can (?:start|answer)|start with|give a reason|hi |no problem)", re.I)
_LEAD = re.compile(r"^(?:the article says|according to the article,|in the article,|the article talks about that too\.)\s*",
                   re.I)
_CLAUSE_MARKS = (", and ", ", but ", ", so ", ", which ", ", because ", " because ", "; ", ": ", ", ", " and ", " but ")


def _clean(sentence: str) -> str:
    sentence = _LEAD.sub("", sentence.replace("**", "").strip()).strip("“”\" ")
    return sentence[:1].upper() + sentence[1:]


def simple_sentence(sentence: str, most: int = 14) -> str | None:
    """The sentence, or its first whole clause, in at most ``most`` words; None when no clause is that short.
    Never a sentence cut mid-clause."""
    sentence = _clean(sentence)
    if len(sentence.split()) <= most:
        return sentence if sentence.endswith((".", "!")) else sentence.rstrip(",;:") + "."
    for mark in _CLAUSE_MARKS:
        head = sentence.split(mark)[0].strip()
        if 4 <= len(head.split()) <= most:
            return head.rstrip(",;:.") + "."
    return None


def simpler(last_reply: str, fallbacks: list[str], most: int = 14) -> list[str]:
    """The points of the tutor's last reply in short, whole sentences (at most two): its statements, not its
    greetings, tips or question; where a statement has no short clause, the shortest fallback sentence (the
    summary's or the article's) sharing its words stands in."""
    parts = [s for s in re.split(r"(?<=[.!?”])\s+", last_reply.replace("**", "")) if s.strip()]
    statements = [s for s in parts if not s.rstrip().endswith("?") and not _NOISE.match(s.strip())
                  and len(s.split()) > 3]
    out: list[str] = []
    for statement in statements[:2]:
        short = simple_sentence(statement, most)
        if short is None:
            wanted = set(re.findall(r"[a-z]{4,}", statement.lower()))
            ranked = sorted((-len(wanted & set(re.findall(r"[a-z]{4,}", f.lower()))), len(f.split()), f)
                            for f in fallbacks if len(f.split()) <= most)
            short = ranked[0][2] if ranked else None
        if short and short not in out:
            out.append(short)
    if not out:
        short_ones = [f for f in fallbacks if len(f.split()) <= most]
        out = [_clean(short_ones[0])] if short_ones else [simple_sentence(fallbacks[0], 40) or _clean(fallbacks[0])]
    return out
