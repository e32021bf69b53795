"""Input guards run before any model call: size, prompt injection, daily usage (claimed in ``limits``)."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from agents.core.errors import GuardRefusal
from agents.core.inputs import INVISIBLE
from agents.core.messages import say
from agents.nlu import injection


@dataclass(frozen=True)
class GuardSettings:
    max_input_chars: int = 8_000
    daily_turn_limit: int = 500
    # USD all visitors together may spend per UTC day on the server's model keys; None: no cap.
    provider_daily_budget_usd: float | None = None

    @classmethod
    def from_env(cls) -> GuardSettings:
        return cls(
            max_input_chars=_env_int("PLAYGROUND_MAX_INPUT_CHARS", cls.max_input_chars),
            daily_turn_limit=_env_int("PLAYGROUND_DAILY_LIMIT", cls.daily_turn_limit),
            provider_daily_budget_usd=_env_budget(),
        )


SPACE_BUDGET_USD = 5.0  # on a Space every visitor's real-model turns bill the operator's keys


def _env_budget() -> float | None:
    raw = os.environ.get("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", "").strip()
    if not raw:
        return SPACE_BUDGET_USD if os.environ.get("SPACE_ID") else None
    if raw.lower() in ("none", "off"):
        return None
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"PLAYGROUND_PROVIDER_DAILY_BUDGET_USD must be a number of US dollars (≥ 0, e.g. 5) or "
                         f"'none', not {raw!r}")
    return value


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        return max(1, int(raw))
    except ValueError as exc:
        raise ValueError(f"{name} must be a whole number, not {raw!r}") from exc


def check_nonempty(text: str) -> str:
    # Zero-width characters and a BOM are invisible: a message of only those is empty.
    stripped = text.strip().strip(INVISIBLE).strip()
    if not stripped:
        raise GuardRefusal(
            say("empty_input"), code="empty_input"
        )
    return stripped


def check_size(text: str, settings: GuardSettings) -> None:
    if len(text) > settings.max_input_chars:
        raise GuardRefusal(
            say("input_too_large", n=len(text), most=settings.max_input_chars, kept=PLACEHOLDER_CHARS),
            code="input_too_large",
        )


# What is kept of a message refused for its size: its start and its length, never the body (a 50 MB
# message was once stored whole).
PLACEHOLDER_CHARS = 200


def refused_placeholder(text: str) -> str:
    return f"{text[:PLACEHOLDER_CHARS]}… [{say('refused_placeholder', n=len(text))}]"


def kept_text(text: str, refusal: GuardRefusal) -> str:
    """The text to record for a refused message: the placeholder when it was too large, else all of it."""
    return refused_placeholder(text) if refusal.code == "input_too_large" else text


def warm() -> None:
    """Load the injection guard (its patterns and its classifier) now, not in the first turns: concurrent
    first turns each waited for it (issue 31: 4 eval cases started together spent ~5.3 s each in guards)."""
    injection.classifier().warm()
    injection.scan("warm-up")


def find_injection(text: str) -> str | None:
    """The prompt-injection family the message belongs to (``agents.nlu.injection``), or None."""
    finding = injection.scan(text)
    return finding.family if finding else None


def check_injection(text: str) -> None:
    finding = injection.scan(text)
    if finding is not None:
        raise GuardRefusal(
            say("prompt_injection", label_ko=finding.label_ko, label_en=finding.label_en),
            code="prompt_injection",
        )


def check_usage(turns_today: int, settings: GuardSettings) -> None:
    if turns_today >= settings.daily_turn_limit:
        raise GuardRefusal(
            say("usage_limit", most=settings.daily_turn_limit),
            code="usage_limit",
            retryable=True,
        )
