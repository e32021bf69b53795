"""One redaction for everything the app stores, streams or logs (issue 26): a Tavily error that
echoed its key once reached the SSE ``done`` event, the trace, the exports, the database and the log,
and a Google Maps connection error wrote its URL with ``key=…`` to the server log.

``redact(text)`` replaces
- the value of every configured secret (``SECRET_ENV``) and of every key a visitor typed for their
  session (the providers and clients ``remember_secret`` the keys they are given);
- credentials in query strings (``key=``, ``api_key=``, ``token=`` …), in headers and JSON fields
  (``Authorization: Bearer …``, ``x-goog-api-key: …``, ``"api_key": "…"``) and ``Bearer …`` in text;
- the shapes of well-known keys: ``sk-…`` (OpenAI), ``AIza…`` (Google), ``tvly-…`` (Tavily),
  ``hf_…`` (Hugging Face) and this app's own ``pgt_…`` API tokens.

The pattern is written in the syntax Python's ``re`` and RE2 share, so DuckDB's ``regexp_replace``
applies the very same rule to exports (``sql_pattern``). Applied at: event construction
(``events.Emitter``: SSE, the Session API, traces), the trace writer, stored messages, exports, and
every log record (``install_log_redaction``).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable
from functools import lru_cache
from typing import TypeVar, cast
from urllib.parse import urlsplit

T = TypeVar("T")

MASK = "[redacted]"
# The environment variables the app (or its host: Spaces, Gradio's OAuth) reads secrets from.
SECRET_ENV = ("OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY", "GOOGLE_MAPS_API_KEY", "TAVILY_API_KEY",
              "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HUGGINGFACEHUB_API_TOKEN", "OAUTH_CLIENT_SECRET",
              "PLAYGROUND_SECRET")
# Shorter values ("local" for a local OpenAI-compatible server) are not secrets, and masking them
# would garble ordinary text.
MIN_SECRET_CHARS = 8
# A key typed in a browser is masked in every session's output, so a visitor must not be able to mask
# ordinary words for everyone: only key-like values (long, one word) are remembered.
MIN_TYPED_CHARS = 16
MAX_REMEMBERED = 256  # the oldest are forgotten first

_SHAPES = (
    r"\bsk-[A-Za-z0-9_-]{16,}",  # OpenAI (sk-proj-…, sk-svcacct-…)
    r"\bAIza[0-9A-Za-z_-]{30,}",  # Google API keys (Gemini, Maps)
    r"\btvly-[A-Za-z0-9_-]{12,}",  # Tavily
    r"\bhf_[A-Za-z0-9]{20,}",  # Hugging Face tokens
    r"\bpgt_[A-Za-z0-9_-]{20,}",  # this app's API tokens (agents.core.store.tokens)
)
_VALUE = r"[^&\s\"'<>#,;)\\]+"  # a credential's value: up to a separator, a quote or a JSON escape
# Each keeps what names the credential (group 1, 2 or 3) and masks its value.
_NAMED = (
    # key=…, api_key=…, access_token=… in a URL or in text
    r"(\b(?i:api[_-]?key|apikey|key|access[_-]?token|refresh[_-]?token|token|secret|password|passwd)"
    r"=['\"]?)" + _VALUE,
    # Authorization: Bearer …, x-goog-api-key: …, "api_key": "…", 'authorization': 'Basic …'
    r"((?i:authorization|proxy-authorization|x-goog-api-key|x-api-key|api[_-]?key|apikey|access[_-]?token|"
    r"client[_-]?secret|password)['\"]?\s*[:=]\s*['\"]?(?i:bearer\s+|basic\s+|token\s+)?)" + _VALUE,
    r"(\b(?i:bearer)\s+)[A-Za-z0-9._~+/=-]{8,}",  # a bearer token anywhere in text
)
_REPLACEMENT = r"\1\2\3" + MASK
# Lower-case words one of the patterns above needs: text with none of them (and no configured value)
# skips the regular expression, which is most text, at the speed of a substring search.
_TRIGGERS = ("sk-", "aiza", "tvly-", "hf_", "pgt_", "key", "token", "secret", "passw", "bearer", "authorization")

_remembered: OrderedDict[str, None] = OrderedDict()
_lock = threading.Lock()


def remember_secret(value: str | None) -> None:
    """A key this process was given other than through ``SECRET_ENV`` (typed in a browser, read from
    Streamlit's secrets): masked from now on wherever it shows up, in any output and in the log."""
    value = (value or "").strip()
    if len(value) < MIN_TYPED_CHARS or any(c.isspace() for c in value):
        return
    with _lock:
        _remembered[value] = None
        _remembered.move_to_end(value)
        while len(_remembered) > MAX_REMEMBERED:
            _remembered.popitem(last=False)


def secret_values() -> tuple[str, ...]:
    values = {v.strip() for v in (os.environ.get(name) for name in SECRET_ENV) if v}
    database = os.environ.get("PLAYGROUND_DATABASE_URL")
    if database:
        with contextlib.suppress(ValueError):  # not a URL: nothing to pick out of it
            values.add(urlsplit(database).password or "")
    with _lock:
        values.update(_remembered)
    return tuple(sorted((v for v in values if len(v) >= MIN_SECRET_CHARS), key=lambda v: (-len(v), v)))


def _literal(value: str) -> str:
    """``value`` as a regular expression both ``re`` and RE2 read literally."""
    return "".join(f"\\{c}" if c.isascii() and not c.isalnum() and c not in " _" else c for c in value)


@lru_cache(maxsize=16)
def _source(secrets: tuple[str, ...]) -> str:
    return "|".join([*(_literal(s) for s in secrets), *_SHAPES, *_NAMED])


@lru_cache(maxsize=16)
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source)


def sql_pattern() -> tuple[str, str]:
    """(pattern, replacement) for DuckDB's ``regexp_replace(…, 'g')``: the same rule as ``redact``."""
    return _source(secret_values()), _REPLACEMENT


class _Rule:
    def __init__(self) -> None:
        self.secrets = secret_values()
        self.pattern, self.trigger = _compiled(_source(self.secrets)), _trigger(self.secrets)

    def apply(self, text: str) -> str:
        # Most text holds none of the words the patterns need: one search in C, and out.
        if not text or not self.trigger.search(text):
            return text
        return self.pattern.sub(_REPLACEMENT, text)


@lru_cache(maxsize=16)
def _trigger(secrets: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join([*(re.escape(s) for s in secrets), *(re.escape(t) for t in _TRIGGERS)]), re.IGNORECASE)


def redact(text: str) -> str:
    return _Rule().apply(text) if text else text


def redact_data(value: T) -> T:
    """``redact`` over every string in a JSON-like value (dicts, lists, tuples); other values as they are."""
    return cast(T, _walk(value, _Rule()))  # _walk keeps every container's kind and a string stays a string


def _walk(value: object, rule: _Rule) -> object:
    if isinstance(value, str):
        return rule.apply(value)
    if isinstance(value, dict):
        return {_walk(k, rule): _walk(v, rule) for k, v in value.items()}
    if isinstance(value, list):
        return [_walk(v, rule) for v in value]
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(_walk(v, rule) for v in value)
    return value


# --- the log ----------------------------------------------------------------------------------------------


class RedactingFilter(logging.Filter):
    """Masks a record's message, its traceback and its stack in place; never drops a record."""

    _formatter = logging.Formatter()

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "_redacted", False):
            return True
        record._redacted = True
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a broken format is the logging module's to report, unmasked
            return True
        if redact(message) != message:
            _mask_message(record, message)
        if record.exc_info and not record.exc_text:
            record.exc_text = self._formatter.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def _mask_message(record: logging.LogRecord, message: str) -> None:
    """Mask the arguments alone when that is enough, so ``%d`` and formatters that unpack the arguments
    (uvicorn's access log) keep working; else the whole formatted message, with no arguments left."""
    args = record.args
    masked: tuple[object, ...] | dict[str, object] | None = None
    if isinstance(args, tuple) and args:
        masked = tuple(_redacted_arg(a) for a in args)
    elif isinstance(args, dict) and args:
        masked = {k: _redacted_arg(v) for k, v in args.items()}
    if masked is not None:
        try:
            again = str(record.msg) % masked
        except Exception:  # noqa: BLE001 - fall back to the whole message below
            again = None
        if again is not None and redact(again) == again:
            record.args = masked
            return
    record.msg, record.args = redact(message), None


def _redacted_arg(arg: object) -> object:
    if isinstance(arg, int | float | bool) or arg is None:
        return arg
    text = arg if isinstance(arg, str) else str(arg)
    masked = redact(text)
    return arg if masked == text else masked


_installed = False


def install_log_redaction(loggers: Iterable[str] = ("uvicorn", "uvicorn.error", "uvicorn.access", "gradio",
                                                     "httpx", "streamlit")) -> None:
    """Every log record of the process is redacted when it is made, whichever logger and handler it
    goes through (a filter on a logger would miss the records its children propagate to it), and the
    filter sits on the root's and the servers' loggers and handlers too. Idempotent."""
    global _installed
    with _lock:
        if _installed:
            return
        _installed = True
    masking = RedactingFilter()
    previous = logging.getLogRecordFactory()

    def factory(*args: object, **kwargs: object) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        masking.filter(record)
        return record

    logging.setLogRecordFactory(factory)
    for name in ("", *loggers):
        logger = logging.getLogger(name)
        logger.addFilter(masking)
        for handler in logger.handlers:
            handler.addFilter(masking)
