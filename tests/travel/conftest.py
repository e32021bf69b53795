"""The travel agent registered for its tests, and its sandbox trip."""

from __future__ import annotations

import pytest

from agents.core import agent as agent_registry


@pytest.fixture(autouse=True)
def _travel_agent():
    from agents.travel import AGENT

    agent_registry.register_agent(AGENT)
    yield
    agent_registry.unregister_agent(AGENT.id)  # not a built-in yet: don't leak into other tests
