"""The travel agent is a built-in (agents.core.agent.BUILTIN_AGENT_MODULES): its tests use the
registry like every front end does. Each test counts its own Places calls from a cold cache."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _cold_places_cache():
    from agents.travel.places import clear_cache

    clear_cache()
    yield
    clear_cache()
