"""The travel agent is a built-in (agents.core.agent.BUILTIN_AGENT_MODULES): its tests use the
registry like every front end does. Each test counts its own Places calls from a cold cache."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agents.core.followups import Rehearsal
from agents.travel.evaluate import NOW, USER


@pytest.fixture(autouse=True)
def _cold_places_cache():
    from agents.travel.places import clear_cache

    clear_cache()
    yield
    clear_cache()


@pytest.fixture
def rehearsal() -> Iterator[Rehearsal]:
    """Conversations through the real offline agent, as the follow-up sets run them."""
    with Rehearsal("travel", USER, NOW) as r:
        yield r
