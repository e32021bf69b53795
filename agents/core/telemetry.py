"""OpenTelemetry export of every turn (issue 31), switched on by ``PLAYGROUND_OTLP_ENDPOINT``.

This module is light on purpose: it reads the environment and holds the eval case's span for the turns run
inside it, and imports the OpenTelemetry SDK (``agents.core.otel_export``) only once the variable is set, so a
CLI chat without it loads nothing more (tests/test_cli_startup.py). Export runs on the SDK's
BatchSpanProcessor thread: a turn only hands its finished, redacted trace row over, and a slow, hanging or
refusing collector never slows or breaks it. A bad setting is logged once, naming the variable, and turns
export nothing rather than fail.

    PLAYGROUND_OTLP_ENDPOINT=http://localhost:6006/v1/traces        (Phoenix; a base URL gets /v1/traces)
    PLAYGROUND_OTLP_HEADERS="Authorization=Basic%20cGstbGYt..."      (k=v,k2=v2; values may be %-encoded)
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Mapping, Sequence
from contextvars import ContextVar, Token
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from agents.core.messages import say
from agents.core.redact import remember_secret

if TYPE_CHECKING:
    from opentelemetry.trace import Span

    from agents.core.otel_export import Exporter
    from agents.core.store import TraceRow

log = logging.getLogger(__name__)

ENDPOINT_ENV = "PLAYGROUND_OTLP_ENDPOINT"
HEADERS_ENV = "PLAYGROUND_OTLP_HEADERS"
MAX_HEADERS = 32
MAX_SETTING_CHARS = 8192

# The span the turns run now belong under (an eval case's): set per thread of control, so the concurrent
# cases of a run each parent their own turns.
_parent: ContextVar[Span | None] = ContextVar("playground_otel_parent", default=None)
_lock = threading.Lock()
_current: tuple[tuple[str, str], Exporter | None] | None = None  # (the settings it was made from, the exporter)


class SettingError(ValueError):
    """A setting that cannot be used; its message names the variable (Korean first, then English)."""


def endpoint_of(text: str) -> str:
    """The OTLP/HTTP traces URL: http(s) with a host; a base URL without the signal path (a collector on :4318,
    Langfuse's ``…/api/public/otel``) gets ``/v1/traces``, as OTEL_EXPORTER_OTLP_ENDPOINT would."""
    text = text.strip()
    if len(text) > MAX_SETTING_CHARS:
        raise SettingError(say("otel_too_long", env=ENDPOINT_ENV, n=len(text)))
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError as exc:
        raise SettingError(say("otel_not_url", env=ENDPOINT_ENV, text=text, error=exc)) from exc
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise SettingError(say("otel_not_http", env=ENDPOINT_ENV, text=text))
    if parts.path.rstrip("/").endswith("/v1/traces"):
        return text
    return text.rstrip("/") + "/v1/traces"  # a base URL, as in OTEL_EXPORTER_OTLP_ENDPOINT (Langfuse's .../otel)


def headers_of(text: str) -> dict[str, str]:
    """``k=v,k2=v2`` (the OTEL_EXPORTER_OTLP_HEADERS form: values may be %-encoded, e.g. ``Basic%20…``)."""
    if len(text) > MAX_SETTING_CHARS:
        raise SettingError(say("otel_too_long", env=HEADERS_ENV, n=len(text)))
    headers: dict[str, str] = {}
    for number, item in enumerate((p for p in text.split(",") if p.strip()), 1):
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name or not all(c.isalnum() or c in "-_." for c in name):
            raise SettingError(say("otel_bad_header", env=HEADERS_ENV, at=number))
        headers[name] = unquote(value.strip())
        if len(headers) > MAX_HEADERS:
            raise SettingError(say("otel_too_many_headers", env=HEADERS_ENV, most=MAX_HEADERS))
    return headers


def exporter() -> Exporter | None:
    """The exporter for the current settings, made on first use; None when export is off or misconfigured."""
    global _current
    settings = (os.environ.get(ENDPOINT_ENV, "").strip(), os.environ.get(HEADERS_ENV, ""))
    current = _current
    if current is not None and current[0] == settings:
        return current[1]
    with _lock:
        if _current is not None and _current[0] == settings:
            return _current[1]
        if _current is not None and _current[1] is not None:
            _current[1].close()
        made: Exporter | None = None
        if settings[0]:
            try:
                endpoint, headers = endpoint_of(settings[0]), headers_of(settings[1])
                for value in headers.values():
                    for word in value.split():  # "Basic <key>": the key itself never reaches a log line
                        remember_secret(word)
                from agents.core.otel_export import Exporter

                made = Exporter(endpoint, headers)
            except SettingError as exc:
                log.error("OpenTelemetry export is off: %s", exc)
            except ImportError as exc:
                log.error("OpenTelemetry export is off: %s is set but the SDK is missing (%s); install it with "
                          "pip install 'agent-playground[otel]'", ENDPOINT_ENV, exc)
            except Exception:
                log.exception("OpenTelemetry export is off: the exporter could not be made")
        _current = (settings, made)
        return made


def export_turn(row: TraceRow, started: float) -> None:
    """Hand a finished turn's recorded trace over for export. ``started`` is the turn's ``perf_counter`` start,
    so its spans get their real wall-clock times. Never raises: export must not cost a turn."""
    try:
        current = exporter()
        if current is not None:
            start_ns = time.time_ns() - int((time.perf_counter() - started) * 1e9)
            current.turn(row, start_ns, _parent.get())
    except Exception:
        log.warning("could not export turn %s to OpenTelemetry", getattr(row, "turn_id", "?"), exc_info=True)


class CaseSpan:
    """An eval case's span while it runs (``open_case`` .. ``close_case``); its turns are its children."""

    def __init__(self, current: Exporter | None, span: Span | None, token: Token[Span | None] | None) -> None:
        self.exporter = current
        self.span = span
        self.token = token


def open_case(name: str, attributes: Mapping[str, object]) -> CaseSpan:
    """Start an eval case's span: every turn recorded in this thread of control until ``close_case`` is its child."""
    current: Exporter | None = None
    span = None
    try:
        current = exporter()
        span = current.start_case(name, attributes) if current is not None else None
    except Exception:
        log.warning("could not start the OpenTelemetry span of eval case %r", name, exc_info=True)
    return CaseSpan(current, span, _parent.set(span) if span is not None else None)


def close_case(case: CaseSpan, status: str, attributes: Mapping[str, object],
               judge_spans: Sequence[Mapping[str, object]]) -> None:
    """End the case's span with its outcome and its judge calls (children, with their own times). Never raises."""
    if case.token is not None:
        _parent.reset(case.token)
        case.token = None
    if case.exporter is None or case.span is None:
        return
    try:
        case.exporter.end_case(case.span, status, attributes, judge_spans)
    except Exception:
        log.warning("could not end the OpenTelemetry span of an eval case", exc_info=True)


def flush() -> bool:
    """Send what is queued now (tests, and a CLI command before it exits); False when export is off."""
    current = exporter()
    return current.flush() if current is not None else False


def reset() -> None:
    """Forget the exporter (tests change the settings); the old one's queue is dropped in the background."""
    global _current
    with _lock:
        if _current is not None and _current[1] is not None:
            _current[1].close()
        _current = None
