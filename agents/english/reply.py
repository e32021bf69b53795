"""The offline ConversationAgent: a reply that reacts to what the learner said, builds on the article,
uses its vocabulary, asks one of its questions and adapts to the level. Deterministic: the same
conversation always gets the same reply (variants are chosen by a hash of the message and the turn).

It reads the message with a few rules (``agents/english/learner.py``: a greeting, a word's meaning,
confusion, a question for the tutor, a short answer, an opinion, an experience, Korean) and takes the
facts it quotes from the article's own sentences, the one sharing most words with what the learner
wrote first."""

from __future__ import annotations

import difflib
import hashlib
import re
from dataclasses import dataclass, field, replace

from agents.english.analysis_offline import base_form, sentences
from agents.english.asides import active_topic, pronounced_word, simpler, topic_mention, topic_of, topic_question
from agents.english.checker.words import CLOSED_CLASS, zipf_frequency
from agents.english.learner import ORDINAL, ORDINALS, meaning_term, read
from agents.english.models import CorrectionJson, NewsAnalysis, VocabItem
from agents.english.pronounce import describe

FILLER = frozenset({"think", "like", "really", "very", "good", "great", "interesting", "article", "news", "yeah",
                    "maybe", "also", "just", "thing", "things", "much", "many", "more", "some", "know", "want",
                    "would", "could", "should", "people", "because", "about", "there", "their", "they", "that",
                    "this", "what", "with", "have", "been", "does", "dont", "didnt", "agree", "disagree", "idea",
                    "opinion", "sure", "well", "okay", "thanks", "thank", "hello", "today", "actually", "honestly",
                    "ready", "talk", "start", "lets", "please", "tell", "said", "says", "read"})
POSITIVE = ("help", "support", "save", "benefit", "improve", "popular", "positive", "confident", "easier", "enjoy",
            "cheaper", "better", "free", "safe", "healthy", "happy", "success")
NEGATIVE = ("worry", "however", "but", "concern", "critic", "risk", "expensive", "difficult", "cautious", "problem",
            "complain", "warn", "fear", "hard", "unfair", "still")
STARTERS = {"beginner": "Start with “I think …”.",
            "intermediate": "", "advanced": "Give a reason or an example from your own life."}
FOLLOW_UPS = {
    "beginner": ["Why do you think so?", "Do you like this idea?", "Is it the same in Korea?"],
    "intermediate": ["Can you give me an example from your life?", "Why do you think so?",
                     "How is this different in Korea?"],
    "advanced": ["What might be the downside of this idea?", "Who benefits most from this, and who might lose out?",
                 "How would you convince someone who disagrees with you?"],
}


@dataclass
class Context:
    text: str
    name: str
    level: str
    analysis: NewsAnalysis
    title: str
    article_text: str
    correction: CorrectionJson = field(default_factory=lambda: CorrectionJson())
    previous: list[str] = field(default_factory=list)  # earlier tutor replies, oldest first
    turn: int = 1  # the learner's message number in this session
    start: bool = False  # opened with "새 기사로 시작": no learner sentence to react to


def _pick(options: list[str], *keys: object) -> str:
    digest = hashlib.sha256("|".join(map(str, keys)).encode()).hexdigest()
    return options[int(digest, 16) % len(options)]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z][a-z'-]*", text.lower())


def _content(text: str) -> list[str]:
    return [w for w in _words(text) if len(w) > 3 and w not in CLOSED_CLASS and w not in FILLER and "'" not in w]


# --- material from the article ----------------------------------------------------------------

def _quoted(previous: list[str]) -> str:
    return " ".join(previous).lower()


def article_sentences(ctx: Context) -> list[str]:
    return [s for s in sentences(ctx.article_text) if not s.endswith("?")] or sentences(ctx.analysis.summary)


def related_sentence(ctx: Context, extra: list[str] | None = None) -> str | None:
    """The article sentence sharing most words with the learner's message (not quoted before)."""
    wanted = {base_form(w) for w in _content(ctx.text) + (extra or [])}
    said = _quoted(ctx.previous)
    best: tuple[float, int, str] | None = None
    for index, sentence in enumerate(article_sentences(ctx)):
        if _shorten(sentence, 40).lower()[:60] in said:
            continue
        have = {base_form(w) for w in _content(sentence)}
        score = len(wanted & have)
        if score and (best is None or score > best[0]):
            best = (score, index, sentence)
    return best[2] if best else None


def next_sentence(ctx: Context) -> str:
    """A fact not quoted yet, following the article's order (for messages sharing no words with it)."""
    said = _quoted(ctx.previous)
    for sentence in article_sentences(ctx):
        if _shorten(sentence, 40).lower()[:60] not in said and '"' not in sentence:
            return sentence
    return sentences(ctx.analysis.summary)[0]


def _shorten(sentence: str, most: int, slack: float = 1.6) -> str:
    """A long sentence cut at a clause boundary; a little over the limit is kept whole rather than cut
    mid-clause, and only a much longer one is cut with an ellipsis."""
    words = sentence.split()
    if len(words) <= most:
        return sentence
    for mark in (", and ", ", but ", ", so ", ", which ", "; ", ", "):
        head = sentence.split(mark)[0]
        if 6 <= len(head.split()) <= most:
            return head.rstrip(",;") + "."
    if len(words) <= most * slack:
        return sentence
    return " ".join(words[:most]).rstrip(",;") + " …"


def fact(ctx: Context, sentence: str) -> str:
    most = {"beginner": 14, "intermediate": 28, "advanced": 60}[ctx.level]
    text = _shorten(sentence.strip().strip('"'), most, 1.0 if ctx.level == "beginner" else 1.6)
    lead = _pick(["The article says", "According to the article,", "In the article,"], ctx.text, ctx.turn)
    if ctx.level == "beginner":
        lead = "The article says"
    body = text[0].lower() + text[1:] if lead.endswith(",") and not text[:2].isupper() else text
    return f"{lead} “{body}”" if lead == "The article says" else f"{lead} {body}"


def next_vocab(ctx: Context) -> VocabItem | None:
    said = _quoted(ctx.previous)
    for item in ctx.analysis.vocabulary:
        if f"**{item.word.lower()}**" not in said:
            return item
    return None


def vocab_line(ctx: Context, item: VocabItem) -> str:
    if ctx.level == "beginner":
        return f"New word: **{item.word}** = {item.definition}."
    if ctx.level == "advanced":
        return _pick([f"A word worth using here: **{item.word}** ({item.definition}).",
                      f"Try working **{item.word}** into your answer; it means {item.definition}."], item.word, ctx.turn)
    return _pick([f"Useful word from the article: **{item.word}**, {item.definition}. Try using it in your answer.",
                  f"Here is a word from the article: **{item.word}** means {item.definition}."], item.word, ctx.turn)


def next_question(ctx: Context) -> str:
    said = _quoted(ctx.previous)
    for question in ctx.analysis.questions:
        if question.lower()[:30] not in said:
            return simple_question(question) if ctx.level == "beginner" else question
    return _pick(FOLLOW_UPS[ctx.level], ctx.text, ctx.turn)


def simple_question(question: str, most: int = 12) -> str:
    """A beginner gets the first half of a long either-or question ("Would you trust an AI tutor to help
    you study?" rather than "..., or do you prefer a human teacher?")."""
    if len(question.split()) <= most:
        return question
    for mark in (", or ", " or ", ", and ", ", "):
        head = question.split(mark)[0].rstrip(" ,?")
        if 4 <= len(head.split()) <= most + 2:
            return head + "?"
    return question


def last_question(ctx: Context) -> str | None:
    for reply in reversed(ctx.previous):
        asked = [s.strip("* ") for s in re.split(r"(?<=[.!?*])\s+", reply) if s.strip("* ").endswith("?")]
        if asked:
            return asked[-1].strip("* ")
    return None


def recast(ctx: Context) -> str | None:
    """A short, kind note on the learner's error; the card beside the message has the details."""
    if not ctx.correction.get("has_errors"):
        return None
    before = (ctx.correction.get("original") or ctx.text).split()
    after = (ctx.correction.get("corrected") or "").split()
    for op, a1, a2, b1, b2 in difflib.SequenceMatcher(a=before, b=after).get_opcodes():
        if op == "equal":
            continue
        # A dropped or added word also takes the next word: "“I agree” rather than “I am agree”", not
        # "“I” rather than “I am”", which reads as nonsense.
        tail = 1 if op in ("delete", "insert") else 0
        left = " ".join(before[max(0, a1 - 1):a2 + tail])
        right = " ".join(after[max(0, b1 - 1):b2 + tail])
        if ctx.level == "beginner":
            return f"Small tip: we say “{right.strip('.,!?')}”, not “{left.strip('.,!?')}”."
        return _pick([f"(Quick fix: “{right.strip('.,!?')}” rather than “{left.strip('.,!?')}”.)",
                      f"(Just a small note: “{right.strip('.,!?')}” sounds right here.)"], ctx.text, ctx.turn)
    return None


def _echo(ctx: Context) -> str | None:
    """The most specific words the learner used (rarer words say more about what they meant)."""
    words = sorted(dict.fromkeys(_content(ctx.text)), key=lambda w: zipf_frequency(w, "en"))
    if not words:
        return None
    # As the learner wrote it: a name keeps its capital ("Minji", not "minji").
    written = re.search(rf"(?<![A-Za-z]){re.escape(words[0])}(?![A-Za-z'-])", ctx.text, re.IGNORECASE)
    return written.group(0) if written else words[0]


def _opinion(ctx: Context) -> str:
    """The tutor's own view, from the article's good points and its worries."""
    facts = article_sentences(ctx)
    good = next((s for s in facts if any(w in s.lower() for w in POSITIVE) and '"' not in s), facts[0])
    bad = next((s for s in facts if s != good and any(f" {w}" in f" {s.lower()}" for w in NEGATIVE)), None)
    most = {"beginner": 12, "intermediate": 24, "advanced": 40}[ctx.level]
    line = f"I think it is a good idea, because {_lower(_shorten(good, most))}"
    if bad and ctx.level != "beginner":
        line += f" But I understand the worry, too: {_lower(_shorten(bad, most))}"
    return line


def _lower(sentence: str) -> str:
    return sentence[0].lower() + sentence[1:] if sentence[:1].isupper() and not sentence[1:2].isupper() else sentence


# --- the reply ------------------------------------------------------------------------------

def compose(ctx: Context) -> str:
    kind = "start" if ctx.start else read(ctx.text)
    parts: list[str] = []
    question: str | None = None
    first = ctx.turn <= 1 and not ctx.previous
    tip = recast(ctx)
    if first:
        parts.append(_welcome(ctx, kind))
        ctx = replace(ctx, previous=[parts[0]])  # what the welcome quoted is not quoted again
    topic = active_topic(ctx.previous) if kind in ("statement", "opinion", "experience", "short", "question") else None
    if topic is not None:  # the learner's own topic goes on until they change it again or go back
        kind = "on_topic"
    match kind:
        case "pronounce":
            word = pronounced_word(ctx.text) or ""
            parts.append(describe(word) or f"I can't find “{word}” in my pronunciation dictionary. Could you check "
                                           "the spelling?")
            used = next((s_ for s_ in sentences(ctx.article_text) if re.search(rf"\b{re.escape(word)}\b", s_, re.I)),
                        None)
            if used:
                parts.append(f"It is in the article: “{_shorten(used, 24)}” Try saying that sentence aloud.")
            question = last_question(ctx) or next_question(ctx)
        case "topic":
            new_topic = topic_of(ctx.text) or ""
            parts.append(f"Sure, let's talk about **{new_topic}**!")
            mention = topic_mention(new_topic, article_sentences(ctx))
            parts.append(f"Today's article touches on it too: “{_shorten(mention, 24)}”" if mention else
                         "That's a nice change from today's article.")
            question = topic_question(new_topic, ctx.level, ctx.previous)
        case "on_topic":
            parts.append(_reaction(ctx, read(ctx.text)))
            parts.append(f"Let's keep talking about **{topic}**.")
            question = topic_question(topic or "", ctx.level, ctx.previous)
        case "back":
            parts.append("Sure, back to the article. " + fact(ctx, next_sentence(ctx)))
        case "simpler":
            asked = last_question(ctx) or next_question(ctx)
            parts.append("No problem, let me say it more simply.")
            last = ctx.previous[-1] if ctx.previous else ctx.analysis.summary
            parts += simpler(last, sentences(ctx.analysis.summary) + article_sentences(ctx))
            question = simple_question(asked)
            parts.append("You can answer with “I think …” or “I like … because …”.")
        case "korean":
            parts.append("영어로 한번 말해 볼까요? (Let's try it in English!) "
                         + ("You can start with “I think …” or “I like … because …”." if ctx.level != "advanced"
                            else "Even one sentence is great."))
            question = last_question(ctx) or next_question(ctx)
        case "meaning":
            parts.append(_meaning(ctx))
            question = last_question(ctx) if ctx.previous else next_question(ctx)
        case "confused":
            asked = last_question(ctx) or next_question(ctx)
            parts.append("No problem, let me say it more simply.")
            parts.append(f"My question was about the article: {_shorten(ctx.analysis.summary, 18)}")
            question = simple_question(asked)
            parts.append("You can answer with “I think …” or “I like … because …”.")
        case "tutor_opinion":
            parts.append(_pick(["Good question!", "Thanks for asking!"], ctx.text, ctx.turn) + " " + _opinion(ctx))
            question = _pick(["What about you?", "Do you agree with me?", "What do you think?"], ctx.text, ctx.turn)
        case "short":
            parts.append(_pick(["I see.", "Okay!", "Thanks."], ctx.text, ctx.turn))
            if not first:
                question = _pick(FOLLOW_UPS[ctx.level][:2], ctx.text, ctx.turn)
        case "question":
            found = related_sentence(ctx)
            parts.append(_pick(["Good question.", "Let's see."], ctx.text, ctx.turn) + " " + (
                fact(ctx, found) if found else f"The article doesn't say exactly, but it does say "
                                               f"“{_shorten(next_sentence(ctx), 24)}”"))
        case "start" | "greeting":
            pass
        case _:
            parts.append(_reaction(ctx, kind))
            parts.append(_link(ctx))
    if tip:  # after the reaction (a beginner's first thing to see, after any welcome)
        at = (1 if first else 0) + (0 if ctx.level == "beginner" else 1)
        parts.insert(min(at, len(parts)), tip)
    if kind not in ("korean", "confused", "tutor_opinion", "pronounce", "topic", "on_topic", "simpler"):
        item = next_vocab(ctx)
        if item is not None and (ctx.level != "beginner" or kind in ("start", "greeting", "meaning") or ctx.turn % 2):
            parts.append(vocab_line(ctx, item))
    question = question or next_question(ctx)
    parts.append(f"**{question}**")
    if STARTERS[ctx.level] and kind not in ("confused", "korean", "simpler", "pronounce"):
        parts.append(STARTERS[ctx.level])
    return " ".join(p.strip() for p in parts if p and p.strip())


def _welcome(ctx: Context, kind: str) -> str:
    hello = f"Hi {ctx.name}!" if kind in ("start", "greeting", "korean") else "Thanks for your message!"
    summary = sentences(ctx.analysis.summary)
    if ctx.level == "beginner":
        about = _shorten(summary[0], 16, 1.0) if summary else ""
    elif ctx.level == "advanced":
        about = " ".join(summary)
    else:
        about = " ".join(summary[:2])
    return f"{hello} Today's article is “{ctx.title}”. {about}".strip()


def _reaction(ctx: Context, kind: str) -> str:
    """A first sentence that shows the learner was heard: the kind of message and its most specific word."""
    echo = _echo(ctx)
    if kind == "experience":
        base = _pick(["Thanks for sharing that!", "That sounds interesting!", "What a nice story!"], ctx.text, ctx.turn)
    elif kind == "opinion":
        base = _pick(["That's a good point.", "Interesting opinion!", "I see what you mean."], ctx.text, ctx.turn)
    else:
        base = _pick(["I see.", "That's interesting.", "Good to know."], ctx.text, ctx.turn)
    if echo:
        verb = "talked about" if ctx.level == "beginner" else "mentioned"
        return f"{base} You {verb} **{echo}**."
    return base


def _link(ctx: Context) -> str:
    """Build on the article: the sentence closest to what the learner said, else the next fact."""
    found = related_sentence(ctx)
    if found is None:
        return _pick(["Here is another point from the article.", "Let's look at the article again."], ctx.text,
                     ctx.turn) + " " + fact(ctx, next_sentence(ctx))
    echo = _echo(ctx)
    if echo and base_form(echo) in {base_form(w) for w in _content(found)}:
        return "The article talks about that too. " + fact(ctx, found)
    return fact(ctx, found)


def _meaning(ctx: Context) -> str:
    ordinal = ORDINAL.search(ctx.text)
    if ordinal and ctx.analysis.vocabulary:  # "What does the first word mean?": the word list's order
        taught = [v for v in ctx.analysis.vocabulary if f"**{v.word.lower()}**" in _quoted(ctx.previous)]
        pool = taught if ordinal.group(1).lower() in ("last", "new") and taught else ctx.analysis.vocabulary
        index = ORDINALS.get(ordinal.group(1).lower(), -1)
        item = pool[min(index, len(pool) - 1)] if index >= 0 else pool[-1]
        example = f" In the article: “{_shorten(item.example, 30)}”" if item.example else ""
        return f"“{item.word}” means {item.definition}.{example}"
    term = meaning_term(ctx.text) or ""
    for item in ctx.analysis.vocabulary:
        if base_form(term) == base_form(item.word.lower()) or term == item.word.lower():
            example = f" In the article: “{_shorten(item.example, 30)}”" if item.example else ""
            return f"“{item.word}” means {item.definition}.{example}"
    for sentence in sentences(ctx.article_text):
        if re.search(rf"\b{re.escape(term)}\b", sentence, re.I):
            return (f"“{term}” is in this sentence of the article: “{_shorten(sentence, 30)}” Try to guess its meaning "
                    "from the words around it.")
    words = ", ".join(f"**{v.word}**" for v in ctx.analysis.vocabulary[:3])
    return (f"“{term}” is not in today's article, so I can't explain it from the text. Today's words are {words}: "
            "ask me about one of them.")
