"""Checks on what callers hand the Session API, before anything is stored or sent.

DuckDB and every model SDK need valid UTF-8: a lone surrogate ("\\ud800", or the
``surrogateescape`` form of invalid UTF-8 in a CLI argument) would otherwise fail deep in
a write, after the user message was half-recorded. Each refusal names the input and the fix,
in Korean and English, and is an ``InvalidInput`` (HTTP 422, CLI exit 2).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import BinaryIO

from agents.core.errors import InvalidArgs
from agents.core.messages import say

_SURROGATE = re.compile("[\ud800-\udfff]")
# Zero-width and byte-order marks: invisible, so a message of only these is empty.
INVISIBLE = "\u200b\u200c\u200d\u200e\u200f\u2060\ufeff\u00ad"
_ID = re.compile(r"[A-Za-z0-9_.:-]{1,128}")
MAX_EXTRA_CHARS = 20_000
MAX_READ_BYTES = 4_000_000  # what a front end reads of a file or stdin: far above any input limit (/dev/zero ends)


class InvalidInput(InvalidArgs):
    """A caller-supplied value of the wrong type or with invalid characters."""

    code = "invalid_input"

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _surrogate_error(field: str, value: str) -> InvalidInput | None:
    match = _SURROGATE.search(value)
    if match is None:
        return None
    return InvalidInput(field, say("input_surrogate", field=field, at=match.start() + 1, char=match.group()))


def text(value: object, field: str = "message") -> str:
    """A string with only valid characters."""
    if not isinstance(value, str):
        raise InvalidInput(field, say("input_not_text", field=field, kind=type(value).__name__))
    error = _surrogate_error(field, value)
    if error is not None:
        raise error
    return value


def identifier(value: object, field: str) -> str:
    """An id we issued (conversation, action, turn): letters, digits and ``_.:-`` only."""
    value = text(value, field)
    if not _ID.fullmatch(value):
        raise InvalidInput(field, say("input_bad_id", field=field, shown=value[:40]))
    return value


def optional_identifier(value: object, field: str) -> str | None:
    return None if value is None else identifier(value, field)


def model_name(value: object, field: str = "model") -> str | None:
    if value is None:
        return None
    value = text(value, field).strip()
    if not value or len(value) > 100 or not value.isprintable():
        raise InvalidInput(field, say("input_bad_model", shown=value[:40]))
    return value


def extra(value: object, field: str = "extra") -> dict[str, object] | None:
    """Structured input beside the text: a JSON object of plain values, of bounded size."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidInput(field, say("input_not_object", field=field, kind=type(value).__name__))
    _walk(value, field, depth=0)
    if len(repr(value)) > MAX_EXTRA_CHARS:
        raise InvalidInput(field, say("input_too_large_extra", field=field, most=MAX_EXTRA_CHARS))
    return dict(value)


def _walk(value: object, path: str, depth: int) -> None:
    if depth > 8:
        raise InvalidInput(path, say("input_too_deep", field=path))
    if isinstance(value, str):
        text(value, path)
    elif isinstance(value, bool) or value is None or isinstance(value, int):
        return
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidInput(path, say("input_not_finite", field=path, value=value))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidInput(path, say("input_key_not_text", field=path))
            text(key, f"{path}.{key[:20]}")
            _walk(item, f"{path}.{key}", depth + 1)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _walk(item, f"{path}[{i}]", depth + 1)
    else:
        raise InvalidInput(path, say("input_not_json", field=path, kind=type(value).__name__))


def read_bounded(stream: BinaryIO, source: str, field: str, limit: int = MAX_READ_BYTES) -> bytes:
    """At most ``limit`` bytes of a file or stdin the caller named; more is refused by name, not read."""
    raw = stream.read(limit + 1)
    if len(raw) > limit:
        raise InvalidInput(field, say("input_too_many_bytes", source=source, most=limit))
    return raw
