"""Input guards run before any model call: size, prompt injection, daily usage (claimed in ``limits``)."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from agents.core.errors import GuardRefusal
from agents.core.inputs import INVISIBLE
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
            "메시지가 비어 있습니다. 질문이나 요청을 입력해 다시 보내세요. "
            "(The message is empty. Type a question or request and send it again.)", code="empty_input"
        )
    return stripped


def check_size(text: str, settings: GuardSettings) -> None:
    if len(text) > settings.max_input_chars:
        raise GuardRefusal(
            f"메시지가 {len(text):,}자로 한도 {settings.max_input_chars:,}자를 넘어 모델에 보내지 않았습니다. "
            f"줄이거나 여러 메시지로 나눠 보내주세요 (메시지는 앞 {PLACEHOLDER_CHARS}자만 '거절됨'으로 저장됐어요). "
            f"(The message is {len(text):,} characters long; the limit is {settings.max_input_chars:,}. "
            f"Shorten it or split it into several messages; only its first {PLACEHOLDER_CHARS} characters were saved, "
            f"marked refused.)",
            code="input_too_large",
        )


# What is kept of a message refused for its size: its start and its length, never the body (a 50 MB
# message was once stored whole).
PLACEHOLDER_CHARS = 200


def refused_placeholder(text: str) -> str:
    return f"{text[:PLACEHOLDER_CHARS]}… [거절됨: {len(text):,}자 (refused: {len(text):,} characters)]"


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
            f"이 메시지는 프롬프트 인젝션 시도({finding.label_ko})로 보여 모델에 보내지 않았습니다. "
            f"평범한 요청으로 바꿔 다시 보내주세요 (메시지는 '거절됨'으로 저장됐어요). "
            f"(The message looks like a prompt-injection attempt ({finding.label_en}), so it was not sent to the "
            f"model. Rephrase it as an ordinary request; it was saved, marked refused.)",
            code="prompt_injection",
        )


def check_usage(turns_today: int, settings: GuardSettings) -> None:
    if turns_today >= settings.daily_turn_limit:
        raise GuardRefusal(
            f"이 사용자의 하루 한도 {settings.daily_turn_limit}턴을 오늘 모두 썼습니다. 내일(UTC 기준) 다시 시도하거나 "
            f"PLAYGROUND_DAILY_LIMIT 값을 올려주세요 (메시지는 '거절됨'으로 저장됐어요). "
            f"(The daily limit of {settings.daily_turn_limit} turns for this user is used up. "
            f"Try again tomorrow (UTC) or raise PLAYGROUND_DAILY_LIMIT; the message was saved, marked refused.)",
            code="usage_limit",
            retryable=True,
        )
