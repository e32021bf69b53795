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
    return InvalidInput(field, (
        f"'{field}'의 {match.start() + 1}번째 글자({match.group()!r})는 유효한 UTF-8 문자가 아닙니다. 그 글자를 지우거나 "
        f"UTF-8로 다시 입력하세요. ('{field}' has an invalid character {match.group()!r} at position "
        f"{match.start() + 1}: a lone surrogate, not valid UTF-8. Remove it or re-type the text as UTF-8.)"))


def text(value: object, field: str = "message") -> str:
    """A string with only valid characters."""
    if not isinstance(value, str):
        raise InvalidInput(field, f"'{field}'은(는) 문자열이어야 합니다 ({type(value).__name__} 값을 받음). "
                                  f"('{field}' must be a string, not {type(value).__name__}.)")
    error = _surrogate_error(field, value)
    if error is not None:
        raise error
    return value


def identifier(value: object, field: str) -> str:
    """An id we issued (conversation, action, turn): letters, digits and ``_.:-`` only."""
    value = text(value, field)
    if not _ID.fullmatch(value):
        raise InvalidInput(field, f"'{field}' 값 {value[:40]!r}은(는) 올바른 ID가 아닙니다. 목록에서 ID를 복사해 다시 시도하세요. "
                                  f"('{field}' {value[:40]!r} is not a valid id: copy the id from a list and retry.)")
    return value


def optional_identifier(value: object, field: str) -> str | None:
    return None if value is None else identifier(value, field)


def model_name(value: object, field: str = "model") -> str | None:
    if value is None:
        return None
    value = text(value, field).strip()
    if not value or len(value) > 100 or not value.isprintable():
        raise InvalidInput(field, f"모델 이름 {value[:40]!r}이(가) 올바르지 않습니다: 1-100자의 보이는 글자로 입력하세요. "
                                  f"(Model name {value[:40]!r} is invalid: use 1-100 printable characters.)")
    return value


def extra(value: object, field: str = "extra") -> dict[str, object] | None:
    """Structured input beside the text: a JSON object of plain values, of bounded size."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidInput(field, f"'{field}'은(는) JSON 객체(dict)여야 합니다 ({type(value).__name__} 값을 받음). "
                                  f"('{field}' must be a JSON object, not {type(value).__name__}.)")
    _walk(value, field, depth=0)
    if len(repr(value)) > MAX_EXTRA_CHARS:
        raise InvalidInput(field, f"'{field}'이(가) 너무 큽니다 (최대 {MAX_EXTRA_CHARS:,}자). "
                                  f"('{field}' is too large: at most {MAX_EXTRA_CHARS:,} characters.)")
    return dict(value)


def _walk(value: object, path: str, depth: int) -> None:
    if depth > 8:
        raise InvalidInput(path, f"'{path}'의 중첩이 너무 깊습니다. ('{path}' is nested too deeply.)")
    if isinstance(value, str):
        text(value, path)
    elif isinstance(value, bool) or value is None or isinstance(value, int):
        return
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidInput(path, f"'{path}'에 유한한 숫자를 넣으세요 ({value} 불가). "
                                     f"('{path}' must be a finite number, not {value}.)")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidInput(path, f"'{path}'의 키는 문자열이어야 합니다. ('{path}' keys must be strings.)")
            text(key, f"{path}.{key[:20]}")
            _walk(item, f"{path}.{key}", depth + 1)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _walk(item, f"{path}[{i}]", depth + 1)
    else:
        raise InvalidInput(path, f"'{path}'에 {type(value).__name__} 값은 쓸 수 없습니다: 문자열, 숫자, 목록, 객체만 "
                                 f"가능합니다. ('{path}' cannot hold a {type(value).__name__}; use JSON values.)")


def read_bounded(stream: BinaryIO, source: str, field: str, limit: int = MAX_READ_BYTES) -> bytes:
    """At most ``limit`` bytes of a file or stdin the caller named; more is refused by name, not read."""
    raw = stream.read(limit + 1)
    if len(raw) > limit:
        raise InvalidInput(field, f"{source}이(가) {limit:,}바이트보다 큽니다. 더 짧게 보내세요. "
                                  f"({source} is larger than {limit:,} bytes: send less.)")
    return raw
