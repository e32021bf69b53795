"""Words that sound alike: "Their going to the concert" -> "They're going". "their" / "there" opening a clause
before an -ing verb is "they're" only when nothing later is the clause's verb ("Their going-away party was fun",
"There going to be" stays unread when a finite verb follows: the -ing form there is a noun phrase's)."""

from __future__ import annotations

from agents.english.checker.clauses import finite
from agents.english.checker.tokens import CLAUSE_BREAKS, Edit, Token, keep_case
from agents.english.checker.words import gerund, is_noun, verb_lemma

KIND = "spelling"
_STARTS = frozenset({"their", "there"})
# After an -ing form that is also a noun ("wedding", "meeting"), only what surely follows a verb: "coming over"
_AFTER_VERB = frozenset({"to", "over", "home", "back", "out", "hard", "now", "away", "up", "soon", "later"})
# ... and after one that is no noun ("going", "leaving"), also an object's or a place's first word
_OPENERS = frozenset({"the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "that", "for", "with", "in",
                      "at", "on", "from", "tonight", "tomorrow", "today", "together", "again", "it", "us", "me", "them"})


def _clause_start(sent: list[Token], i: int) -> bool:
    return i == 0 or sent[i - 1].lower in CLAUSE_BREAKS


def homophones(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    for i, token in enumerate(sent[:-1]):
        if token.lower not in _STARTS or not _clause_start(sent, i):
            continue
        ing = sent[i + 1].lower
        lemma = verb_lemma(ing)
        if not ing.endswith("ing") or lemma is None or lemma == ing or gerund(lemma) != ing:
            continue
        nxt = sent[i + 2].lower if i + 2 < len(sent) else ""
        if nxt not in (_AFTER_VERB if is_noun(ing) else _AFTER_VERB | _OPENERS):
            continue  # "Their wedding in June.", "Their playing style!": a noun phrase
        end = next((k for k in range(i + 2, len(sent)) if sent[k].lower in CLAUSE_BREAKS or sent[k].text in ".!?"),
                   len(sent))
        if any(sent[k].is_word and finite(sent[k].lower) for k in range(i + 2, end)):
            continue  # "Their singing was lovely": the -ing form is what they did, a noun phrase with its own verb
        if any(t.text == "-" for t in sent[i + 1:i + 3]):
            continue
        word = keep_case(token.text, "they're")
        edits.append(Edit(token.index, token.index + 1, [word], KIND, token.text, word,
                          f"“{token.text}” sounds like “they're” (they are), which goes before “{sent[i + 1].text}”",
                          15))
    return edits
