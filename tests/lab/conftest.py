"""Lab fixtures: turns of the notes test agent run through the real runner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from agents.core.providers.offline import OfflineProvider, Step
from agents.core.session import Session
from agents.services.lab.access import LabUser
from tests.api.conftest import local, shared, tokens  # noqa: F401 - the HTTP clients and tokens, as fixtures


@pytest.fixture
def local_lab() -> LabUser:
    return LabUser("demo", "local")


@pytest.fixture
def run(store, clock) -> Callable[..., tuple[Session, list[Any]]]:
    """run(text, *steps, user=, conversation=, name=, model=) -> (session, events)."""

    def go(text: str, *steps: Step, user: str = "demo", conversation: str | None = None,
           name: str | None = None, model: str | None = None, settings: Any = None) -> tuple[Session, list[Any]]:
        provider = OfflineProvider.scripted(*steps) if steps else OfflineProvider()
        if name is not None:  # stand in for a real provider, for pricing
            provider.name = name
        if model is not None:
            provider.model = model
        session = Session("notes", user_id=user, provider=provider, conversation_id=conversation, clock=clock,
                          settings=settings)
        events = session.run(text)
        if steps:
            provider.assert_complete()
        return session, events

    return go
