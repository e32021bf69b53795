"""The stock and investing-education tutor (seed 002, the Agent Control Contract): a sandbox app
(home / stock / education / my) reports its screen in ``context_text`` and runs the ``ui_action``s
the agent emits; low risk at once, high risk after confirmation.

The package itself is light: the registry reads MIGRATIONS without building the agent, and AGENT (agents/tutor/spec.py)
is built on first use, so a command for one agent does not load the others."""

from __future__ import annotations

from agents.core.agent import spec_on_first_use
from agents.tutor.migrations import MIGRATIONS

__all__ = ["AGENT", "MIGRATIONS"]

__getattr__ = spec_on_first_use(__name__)
