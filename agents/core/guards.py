"""Input guards run before any model call: size, prompt injection, daily usage."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from agents.core.errors import GuardRefusal
from agents.core.inputs import INVISIBLE


@dataclass(frozen=True)
class GuardSettings:
    max_input_chars: int = 8_000
    daily_turn_limit: int = 500

    @classmethod
    def from_env(cls) -> GuardSettings:
        return cls(
            max_input_chars=_env_int("PLAYGROUND_MAX_INPUT_CHARS", cls.max_input_chars),
            daily_turn_limit=_env_int("PLAYGROUND_DAILY_LIMIT", cls.daily_turn_limit),
        )


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        return max(1, int(raw))
    except ValueError as exc:
        raise ValueError(f"{name} must be a whole number, not {raw!r}") from exc


# Each pattern names the attack family, so the refusal can say what was seen.
_INJECTION_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("instruction override", re.compile(
        r"(ignore|disregard|forget|override)\s+(all\s+|any\s+|the\s+)?(previous|prior|above|earlier|your)\s+"
        r"(instructions?|prompts?|rules?|directions?)", re.I)),
    ("instruction override", re.compile(
        r"(이전|위의?|앞의?|기존|모든)\s*(지시|명령|지침|규칙|프롬프트|설정)[을를은는이가]?\s*(모두\s*)?"
        r"(무시|잊어|잊고|따르지\s*마|취소)")),
    ("system prompt extraction", re.compile(
        r"(reveal|show|print|repeat|output|tell me|what (is|are))\s+(me\s+)?(your|the)\s+"
        r"(system\s+prompt|hidden\s+(prompt|instructions?)|initial\s+instructions?|instructions you were given)",
        re.I)),
    ("system prompt extraction", re.compile(
        r"(시스템|숨겨진|초기)\s*(프롬프트|지시문?|명령어?|지침)\s*(을|를)?\s*(보여|알려|출력|공개|말해)")),
    ("role play as system", re.compile(
        r"(you are now|from now on you are|act as|pretend to be)\s+(the\s+)?(system|developer|admin|root|DAN)\b",
        re.I)),
    ("role play as system", re.compile(r"(너는|당신은)\s*이제\s*(시스템|관리자|개발자|제한\s*없는)")),
    ("role play as system", re.compile(r"(developer|god|jailbreak|DAN)\s+mode", re.I)),
    ("delimiter injection", re.compile(
        r"(<\|?(im_start|im_end|system|endoftext)\|?>|\[/?INST\]|<</?SYS>>|^\s*#{2,}\s*system\s*:|"
        r"^\s*(system|assistant)\s*:\s)", re.I | re.M)),
]


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
            f"The message is {len(text):,} characters long; the limit is {settings.max_input_chars:,}. "
            f"Shorten it or split it into several messages (it was saved, marked refused).",
            code="input_too_large",
        )


def find_injection(text: str) -> str | None:
    for family, pattern in _INJECTION_PATTERNS:
        if pattern.search(text):
            return family
    return None


def check_injection(text: str) -> None:
    family = find_injection(text)
    if family is not None:
        raise GuardRefusal(
            f"The message looks like a prompt-injection attempt ({family}), so it was not sent to the model. "
            f"Rephrase it as an ordinary request (it was saved, marked refused).",
            code="prompt_injection",
        )


def check_usage(turns_today: int, settings: GuardSettings) -> None:
    if turns_today >= settings.daily_turn_limit:
        raise GuardRefusal(
            f"The daily limit of {settings.daily_turn_limit} turns for this user is used up. "
            f"Try again tomorrow (UTC) or raise PLAYGROUND_DAILY_LIMIT.",
            code="usage_limit",
            retryable=True,
        )
