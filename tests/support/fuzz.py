"""Hostile values for the fuzz passes over the HTTP API and the CLI, and a tally of what they provoked.

Every value is bounded (the longest is 100 KB) so a pass stays a couple of minutes at most."""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

LONG = "x" * 100_000
SQLISH = "' OR '1'='1' --"
TRAVERSAL = "../../../../etc/passwd"

# Text that is hostile but still a string: empty, blank, NUL, control characters, right-to-left override and
# zero-width, emoji and Hangul with a noncharacter, 100 KB, SQL-ish, path traversal, a lone surrogate (sent as
# the JSON escape \ud800, which no database can store).
STRINGS: list[Any] = ["", "   ", "a\x00b", "\x07\x08\x1b[2J\r", "\u202eevil\u200b", "😀 한국어 \uffff", LONG, SQLISH,
                      TRAVERSAL, "\ud800"]
# Values of the wrong JSON type, and numbers that are huge, negative, zero or fractional.
WRONG_TYPES: list[Any] = [0, -1, 10**30, 1.5, 1e308, True, None, [], {"a": 1}, [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]
FIELD_VALUES: list[Any] = STRINGS + WRONG_TYPES
# Inside nested bodies, one of each kind.
NESTED_VALUES: list[Any] = ["\ud800", LONG, 10**30, -1, None, {"a": 1}]

# Query string values, already percent-encoded where the raw form can't travel in a URL.
QUERY_VALUES: list[str] = ["", "abc", "-1", "0", "99999999999999999999", "NaN", "a%00b", "%ED%A0%80", "%FF%FE",
                           "x" * 20_000, "%27%20OR%20%271%27%3D%271", "..%2F..%2Fetc%2Fpasswd", "2026-13-45T99:99:99"]
# Path segments: nonexistent, traversal (raw and encoded), long, SQL-ish, NUL, Hangul, a lone surrogate, bad UTF-8.
PATH_VALUES: list[str] = ["nope", "..", "..%2F..%2Fetc%2Fpasswd", "x" * 300, "%27%20OR%201%3D1--", "a%00b",
                          "%ED%95%9C%EA%B8%80", "%ED%A0%80", "%FF"]

# Whole request bodies that are not a JSON object of the right shape.
RAW_BODIES: list[bytes] = [b"", b"null", b"[]", b'"text"', b"{", b"\xff\xfe\x00", b"[" * 5_000 + b"]" * 5_000,
                           b'{"n": ' + b"9" * 5_000 + b"}", b'{"n": NaN}', b"\xef\xbb\xbf{}"]
CONTENT_TYPES: list[str | None] = [None, "text/plain", "application/x-www-form-urlencoded",
                                   "multipart/form-data; boundary=x", "application/json; charset=latin-1"]


@dataclass
class Tally:
    """What a pass provoked: cases run, server errors (5xx, or a stream that ended in internal_error),
    tracebacks, and each failure's description for the report."""

    name: str
    cases: int = 0
    server_errors: int = 0
    tracebacks: int = 0
    failures: list[str] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)

    unnamed: int = 0  # refusals that name no field (a 422 without ``field``)
    http: bool = True  # an HTTP pass counts 5xx and checks that each 422 names its field; the CLI pass neither

    def fail(self, kind: str, what: str) -> None:
        """``kind``: 5xx, traceback, or unnamed (a refusal that does not name the input)."""
        if kind == "5xx":
            self.server_errors += 1
        elif kind == "traceback":
            self.tracebacks += 1
        else:
            self.unnamed += 1
        self.failures.append(f"{kind}: {what}")

    def line(self) -> str:
        if not self.http:
            return f"{self.name}: {self.cases} cases run, {self.tracebacks} tracebacks"
        return (f"{self.name}: {self.cases} cases run, {self.server_errors} server errors (5xx), "
                f"{self.tracebacks} tracebacks, {self.unnamed} refusals naming no field")


class ErrorLog(logging.Handler):
    """Collects records logged at ERROR or above with exception info: a crash someone hid behind a 4xx
    or an error event still leaves its traceback in the log."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(record)

    def take(self) -> list[logging.LogRecord]:
        taken, self.records = self.records, []
        return taken


def short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}…({len(text)} chars)"
