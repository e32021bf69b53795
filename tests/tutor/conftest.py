"""Tutor tests: a context_text builder for a route, and a session on the scripted or offline model."""

from __future__ import annotations

from datetime import UTC, datetime

from agents.tutor import contract
from agents.tutor.sandbox import state_for_route

NOW = datetime(2026, 10, 30, 9, 0, tzinfo=UTC)


def context_for(route: str, session: str | None = None, **changes: object) -> str:
    """The app's context_text on ``route``; ``session`` names the app session that sends it."""
    state = state_for_route(route).model_copy(update=changes)
    return contract.build(state, NOW, context={"app_session": session} if session else None).to_text()
