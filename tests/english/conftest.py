"""English tutor tests: scripted model answers for each sub-agent and small helpers over event lists."""

from __future__ import annotations

import json
from typing import Any

from agents.core.providers.offline import OfflineProvider, Step, say

ANALYSIS = {
    "summary": "A library lets teenagers use an AI homework helper after school.",
    "vocabulary": [{"word": "cautious", "definition": "careful to avoid risks",
                    "example": "Some teachers are cautious, however."},
                   {"word": "reflection", "definition": "careful thought about something"}],
    "questions": ["Would you trust an AI tutor?", "What did you think of the library's rule?"],
}
WITH_ERRORS = {"has_errors": True, "original": "he go to school", "corrected": "he goes to school",
               "explanation": "With he, the verb takes -s."}
NO_ERRORS = {"has_errors": False, "feedback": "Great sentence!"}


def analysis_step(payload: dict[str, Any] | str = ANALYSIS, purpose: str = "analysis") -> Step:
    return say(payload if isinstance(payload, str) else json.dumps(payload), expect_purpose=purpose)


def correction_step(payload: dict[str, Any] | str = NO_ERRORS) -> Step:
    return say(payload if isinstance(payload, str) else json.dumps(payload), expect_purpose="correction")


def reply_step(text: str = "Nice! What do you think about it?") -> Step:
    return say(text, expect_purpose="conversation")


def scripted(*steps: Step) -> OfflineProvider:
    return OfflineProvider.scripted(*steps)


def types(events: list) -> list[str]:
    return [e.type for e in events]


def cards(events: list, kind: str | None = None) -> list:
    return [e for e in events if e.type == "data_card" and (kind is None or e.card_type == kind)]


def reply(events: list) -> str:
    return "".join(e.content for e in events if e.type == "text_delta")


def purposes(provider: OfflineProvider) -> list[str]:
    return [request.purpose for request in provider.calls]
