"""Tokens of a learner's message and the edits the rules propose on them.

A token keeps its exact text and the whitespace after it, so a corrected message changes only
the words a rule rewrote: the learner's casing, spacing and punctuation stay as typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Words with inner apostrophes or hyphens ("didn't", "K-pop", "four-day"), numbers with
# separators and a hyphenated tail ("1,200", "42-kilometer"), then any other single character.
_TOKEN = re.compile(
    r"[A-Za-z]+(?:['’][A-Za-z]+)*(?:-[A-Za-z0-9]+)*"
    r"|\d[\d,]*(?:\.\d+)?(?:-[A-Za-z]+)*"
    r"|\S"
)
CLAUSE_BREAKS = frozenset({",", ";", ":", "—", "(", ")", '"', "and", "but", "so", "because", "or", "although",
                           "though", "while", "if", "when", "after", "before", "since", "until", "then"})
SENTENCE_END = frozenset({".", "!", "?"})


@dataclass
class Token:
    text: str
    ws: str  # whitespace after the token
    index: int  # position in the message

    @property
    def lower(self) -> str:
        return self.text.lower().replace("’", "'")

    @property
    def is_word(self) -> bool:
        return self.text[0].isalpha()

    @property
    def is_number(self) -> bool:
        return self.text[0].isdigit()

    @property
    def capitalised(self) -> bool:
        return self.text[0].isupper()


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    for match in _TOKEN.finditer(text):
        end = match.end()
        gap = re.match(r"\s*", text[end:])
        tokens.append(Token(match.group(), gap.group() if gap else "", len(tokens)))
    return tokens


def sentences(tokens: list[Token]) -> list[list[Token]]:
    """Split at . ! ? (a dot inside "e.g." does not end a sentence)."""
    out: list[list[Token]] = []
    current: list[Token] = []
    for i, token in enumerate(tokens):
        current.append(token)
        if token.text in SENTENCE_END:
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            prev = tokens[i - 1].lower if i else ""
            abbreviation = token.text == "." and (len(prev) == 1 or (nxt is not None and nxt.text == "."))
            if not abbreviation and (nxt is None or token.ws or nxt.text in ('"', "'")):
                out.append(current)
                current = []
    if current:
        out.append(current)
    return out


@dataclass
class Edit:
    """Replace tokens[start:end] with ``words`` (an insertion when start == end)."""

    start: int
    end: int
    words: list[str]
    kind: str  # spelling, subject_verb_agreement, verb_form, past_tense, article_a_an, ...
    before: str  # what the learner wrote (for the explanation)
    after: str
    # A rule-specific note for the explanation ("after 'can' the verb stays in its base form").
    note: str = ""
    priority: int = 50  # lower wins when two edits overlap
    extra: dict[str, str] = field(default_factory=dict)

    def overlaps(self, other: Edit) -> bool:
        if self.start == self.end or other.start == other.end:  # insertions clash only at the same point
            return (self.start == other.start) or (other.start < self.start < other.end) or (
                self.start < other.start < self.end)
        return self.start < other.end and other.start < self.end


def keep_case(original: str, word: str) -> str:
    """A replacement for the learner's word keeps its capital ("Goverment" -> "Government")."""
    if original[:1].isupper() and word[:1].islower():
        return word[:1].upper() + word[1:]
    return word


def apply(tokens: list[Token], edits: list[Edit]) -> str:
    """The message with the edits applied; untouched text, spaces and punctuation stay as typed."""
    by_start: dict[int, list[Edit]] = {}
    for edit in edits:
        by_start.setdefault(edit.start, []).append(edit)
    parts: list[str] = []
    i = 0
    while i <= len(tokens):
        for edit in sorted(by_start.get(i, []), key=lambda e: e.end - e.start):
            if edit.start == edit.end:
                if edit.words:
                    parts.append(" ".join(edit.words) + " ")
                continue
            ws = tokens[edit.end - 1].ws
            text = " ".join(edit.words)
            if not text:  # a deletion: drop the words and the space after them
                following = tokens[edit.end].text if edit.end < len(tokens) else ""
                if parts and following[:1] in (",", ".", "!", "?", ";", ":", ""):
                    parts[-1] = parts[-1].rstrip(" ")
                elif parts and not parts[-1].endswith((" ", "\n")):
                    parts.append(ws)
            else:
                parts.append(text + ws)
            i = edit.end
            break
        else:
            if i < len(tokens):
                parts.append(tokens[i].text + tokens[i].ws)
            i += 1
    return "".join(parts).rstrip()
