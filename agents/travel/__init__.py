"""The travel planner (seed 001): trips with saved places, place recommendations validated
against Places and ranked by route, itinerary previews applied only after confirmation.

The package itself is light: the registry reads MIGRATIONS without building the agent, and AGENT (agents/travel/spec.py)
is built on first use, so a command for one agent does not load the others."""

from __future__ import annotations

from agents.core.agent import spec_on_first_use
from agents.travel.migrations import MIGRATIONS

__all__ = ["AGENT", "MIGRATIONS"]

__getattr__ = spec_on_first_use(__name__)
