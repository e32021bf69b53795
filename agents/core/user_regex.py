"""Regular expressions that people write (an eval suite's ``text_matches``), matched in bounded time.

Python's ``re`` backtracks, and holds the GIL while it does: ``(a+)+#`` against a reply of 26 a's held every
thread of a shared server for 3.6 s, and each further a doubles it. A pattern here is written in Python's
syntax (checked with ``re`` when the suite is stored) and runs on one of two engines:

- RE2 (``google-re2``), linear in the text, whenever RE2 reads the pattern exactly as Python does;
- otherwise the ``regex`` module, with a time limit (``MATCH_TIMEOUT_S``) and the GIL released while it
  matches: backreferences and lookaround, which RE2 lacks, and ``\\w \\d \\s \\b``, which RE2 reads as
  ASCII only (Python's match Hangul, for one), ``$`` (Python's also matches before a final newline) and
  ``{,n}`` (a literal for RE2). A ``[`` inside a class is escaped for both (``[:digit:]`` is a POSIX
  class to them, plain characters to Python).

A pattern that runs out of time is a failure that names it, never a pass.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

import re2
import regex

from agents.core.errors import PlaygroundError
from agents.core.inputs import InvalidInput
from agents.core.messages import one, say

MAX_PATTERN_CHARS = 1_000
MATCH_TIMEOUT_S = 0.5
# Escapes that RE2 reads as ASCII-only classes or boundaries, where Python's are Unicode.
_UNICODE_ESCAPES = frozenset("wWdDsSbB")
_RE2_OPTIONS = re2.Options()
_RE2_OPTIONS.log_errors = False  # a pattern RE2 cannot read goes to `regex`; nothing for the server log


class PatternRefused(InvalidInput):
    """A pattern that is not run: not Python regex syntax, or too long. ``reason`` is the English part."""

    def __init__(self, field: str, message: str, reason: str) -> None:
        super().__init__(field, message)
        self.reason = reason


class PatternTimeout(PlaygroundError):
    code = "pattern_timeout"


@dataclass(frozen=True)
class UserPattern:
    source: str
    engine: Literal["re2", "regex"]
    compiled: Any

    def search(self, text: str) -> str | None:
        """The first match's text, or None; ``PatternTimeout`` when the `regex` engine runs out of time."""
        if self.engine == "re2":
            found = self.compiled.search(text)
        else:
            try:
                found = self.compiled.search(text, timeout=MATCH_TIMEOUT_S, concurrent=True)
            except TimeoutError:
                raise PatternTimeout(say("pattern_timeout", source=self.source,
                                         seconds=f"{MATCH_TIMEOUT_S:g}")) from None
        return None if found is None else str(found.group(0))


def _translate(source: str) -> tuple[str, bool]:
    """``source`` with every ``[`` inside a character class escaped (a literal for Python; the start of a
    POSIX class such as ``[:digit:]`` for RE2 and ``regex``), and whether RE2 would read the rest
    differently from Python."""
    out: list[str] = []
    python_only = "{," in source
    i, in_class = 0, False
    while i < len(source):
        char = source[i]
        if char == "\\":
            python_only |= source[i + 1:i + 2] in _UNICODE_ESCAPES
            out.append(source[i:i + 2])
            i += 2
            continue
        if in_class:
            in_class = char != "]"
            out.append("\\[" if char == "[" else char)
        elif char == "[":
            in_class = True
            start = i + 1 + (source[i + 1:i + 2] == "^")
            start += source[start:start + 1] == "]"  # a "]" first in a class is a character
            out.append(source[i:start].replace("]", "\\]"))
            i = start
            continue
        else:
            python_only |= char == "$"
            out.append(char)
        i += 1
    return "".join(out), python_only


def compile_pattern(source: str, field: str = "text_matches") -> UserPattern:
    """A pattern checked and ready to run; ``PatternRefused`` names what is wrong with it."""
    if len(source) > MAX_PATTERN_CHARS:
        values = {"n": len(source), "most": MAX_PATTERN_CHARS}
        raise PatternRefused(field, say("pattern_too_long", **values),
                             one("pattern_too_long", "en", **values).removesuffix(".").replace("The ", "the ", 1))
    return _compile(source, field)


@lru_cache(maxsize=512)
def _compile(source: str, field: str) -> UserPattern:
    try:
        with warnings.catch_warnings():  # "possible nested set": `[` in a class is a literal, said as one below
            warnings.simplefilter("ignore", FutureWarning)
            re.compile(source)  # the documented syntax is Python's, and so are its error messages
    except (re.error, RecursionError, OverflowError, ValueError) as exc:
        raise PatternRefused(field, say("pattern_invalid", error=exc),
                             one("pattern_invalid", "en", error=exc).removesuffix(".")) from None
    translated, python_only = _translate(source)
    if not python_only:
        try:
            return UserPattern(source, "re2", re2.compile(translated, _RE2_OPTIONS))
        except re2.error:
            pass  # backreferences, lookaround, \Z, possessive repeats...: Python's meaning, on `regex`
    try:
        return UserPattern(source, "regex", regex.compile(translated))
    except (regex.error, RecursionError, OverflowError, ValueError) as exc:
        raise PatternRefused(field, say("pattern_cannot_run", error=exc),
                             one("pattern_cannot_run", "en", error=exc).removesuffix(".")) from None
