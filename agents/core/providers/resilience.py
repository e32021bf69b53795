"""Retries with backoff and a circuit breaker around every real model call (seed 001's
``geminiCircuitBreaker.execute``; seed 000/001's settings), shared by the adapters.

- Retries: ``tenacity``, exponential backoff from ``backoff_s`` (capped at ``BACKOFF_MAX_S``), on a
  transient failure (429, 5xx, a timeout, a lost connection: the adapter's ``ProviderError`` with
  a code in ``TRANSIENT``) and only before any output, since a retry after streamed text would repeat it. Each
  retry is yielded as a ``RetryChunk`` so the turn records it in the trace.
- Breaker: one per provider endpoint, per process. Each failed attempt counts; after
  ``breaker_failures`` in a row it opens and calls fail at once with ``circuit_open`` (the server is not
  called); after ``breaker_cooldown_s`` it half-opens: one trial call goes through, and its success
  closes the breaker while its failure opens it again. Failures that say nothing about the server's
  health (a bad key, a bad request) neither count nor reset it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

from cachetools import LRUCache
from tenacity import RetryCallState, Retrying, retry_if_exception, stop_after_attempt, wait_exponential

from agents.core.errors import ProviderError
from agents.core.messages import say
from agents.core.providers.base import ModelEvent, ModelOptions, RetryChunk, TextChunk, ToolCallChunk

# The defaults when neither the turn nor the agent sets them.
RETRIES = 2
BACKOFF_S = 0.5
BACKOFF_MAX_S = 8.0
BREAKER_FAILURES = 5
BREAKER_COOLDOWN_S = 30.0


class CircuitBreaker:
    """closed -> open (after N failed attempts in a row) -> half-open (after the cool-down: one trial)."""

    def __init__(self, name: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.name = name
        self.clock = clock
        self.failures = 0
        self.opened_at: float | None = None
        self.trial = False  # a half-open trial call is in flight
        self._lock = threading.Lock()

    def state(self, cooldown_s: float) -> str:
        with self._lock:
            return self._state(cooldown_s)

    def _state(self, cooldown_s: float) -> str:
        if self.opened_at is None:
            return "closed"
        return "half_open" if self.clock() - self.opened_at >= cooldown_s else "open"

    def before(self, cooldown_s: float) -> None:
        """Let a call through, or refuse it by name without calling the server."""
        with self._lock:
            state = self._state(cooldown_s)
            if state == "closed":
                return
            if state == "half_open" and not self.trial:
                self.trial = True
                return
            wait = max(0.0, cooldown_s - (self.clock() - (self.opened_at or 0.0)))
        raise ProviderError(
            say("circuit_open", name=self.name, wait=f"{wait:.0f}"), code="circuit_open", retryable=True)

    def success(self) -> None:
        with self._lock:
            self.failures, self.opened_at, self.trial = 0, None, False

    def failure(self, threshold: int) -> None:
        with self._lock:
            self.failures += 1
            if self.trial or self.failures >= threshold:
                self.opened_at = self.clock()  # (re)open: a failed trial starts a new cool-down
            self.trial = False

    def release(self) -> None:
        """A trial that ended without a verdict (a bad request, a closed stream): let another try."""
        with self._lock:
            self.trial = False


_breakers: LRUCache[tuple[str, str], CircuitBreaker] = LRUCache(maxsize=256)
_breakers_lock = threading.Lock()


def breaker_for(provider: str, endpoint: str) -> CircuitBreaker:
    with _breakers_lock:
        breaker = _breakers.get((provider, endpoint))
        if breaker is None:
            breaker = _breakers[(provider, endpoint)] = CircuitBreaker(f"{provider} {endpoint}")
        return breaker


# The adapters' codes for 429, 5xx, a timeout and a connection that failed before any answer. A stream
# that broke off is not retried here (the adapters fall back or keep the partial reply), nor is an open
# breaker.
TRANSIENT = frozenset({"rate_limited", "provider_unavailable", "timeout", "connection_failed", "provider_unreachable"})


def reset_breakers() -> None:
    """Forget every breaker (tests: a closed fake's port may be reused by the next one)."""
    with _breakers_lock:
        _breakers.clear()


def _transient(exc: BaseException) -> bool:
    return isinstance(exc, ProviderError) and exc.code in TRANSIENT


def resilient(provider: str, endpoint: str, options: ModelOptions, attempt: Callable[[], Iterator[ModelEvent]],
              *, default_retries: int = RETRIES) -> Iterator[ModelEvent]:
    """Run ``attempt`` (one call of the adapter, raising ``ProviderError``) under the retry policy and
    the endpoint's breaker, yielding its events and a ``RetryChunk`` before each retry."""
    retries = default_retries if options.retries is None else options.retries
    backoff = BACKOFF_S if options.backoff_s is None else options.backoff_s
    threshold = options.breaker_failures or BREAKER_FAILURES
    cooldown = BREAKER_COOLDOWN_S if options.breaker_cooldown_s is None else options.breaker_cooldown_s
    breaker = breaker_for(provider, endpoint)
    produced = False
    waiting: list[RetryChunk] = []

    def note(state: RetryCallState) -> None:
        exc = state.outcome.exception() if state.outcome else None
        waiting.append(RetryChunk(attempt=state.attempt_number, reason=getattr(exc, "code", "error"),
                                  wait_s=round(state.next_action.sleep if state.next_action else 0.0, 3)))

    policy = Retrying(stop=stop_after_attempt(retries + 1), reraise=True, before_sleep=note,
                      wait=wait_exponential(multiplier=backoff, min=backoff, max=max(backoff, BACKOFF_MAX_S)),
                      retry=retry_if_exception(lambda exc: _transient(exc) and not produced))
    for tried in policy:
        with tried:
            yield from waiting
            waiting.clear()
            breaker.before(cooldown)  # open: a named error now, and no retry (circuit_open is not transient)
            try:
                for event in attempt():
                    if isinstance(event, TextChunk | ToolCallChunk):
                        produced = True
                    yield event
            except ProviderError as exc:
                if _transient(exc):
                    breaker.failure(threshold)
                else:
                    breaker.release()
                raise
            except BaseException:
                breaker.release()
                raise
            breaker.success()
