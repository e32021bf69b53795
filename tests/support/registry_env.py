"""Load the notes agent the way a third party's agent is loaded: through ``PLAYGROUND_EXTRA_AGENTS`` and the
registry, not registered by hand (tests/conftest.py registers it directly for the core's tests)."""

from __future__ import annotations

import pytest

from agents.core import agent as registry
from agents.core.agent import AgentSpec, get_agent

NOTES = "tests.support.notes_agent"


def load_notes_through_env(monkeypatch: pytest.MonkeyPatch) -> AgentSpec:
    monkeypatch.setenv("PLAYGROUND_EXTRA_AGENTS", NOTES)
    registry.unregister_agent("notes")
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(registry, "_order", [])
    spec = get_agent("notes")  # loads the entry points, then the env
    assert registry._order[-1] == "notes" and spec.evals is not None
    return spec
