"""The English conversation tutor (seed 004): an orchestrator over five sub-agents. Profile, then on a
session's first turn only News (Tavily or the shipped corpus) and Analysis (stored as the session's
``SYSTEM_ARTICLE:`` marker), then Correction and the Conversation reply, every turn.

The package itself is light: the registry reads MIGRATIONS without building the agent, and AGENT (agents/english/spec.py)
is built on first use, so a command for one agent does not load the others."""

from __future__ import annotations

from agents.core.agent import spec_on_first_use
from agents.english.migrations import MIGRATIONS

__all__ = ["AGENT", "MIGRATIONS"]

__getattr__ = spec_on_first_use(__name__)
