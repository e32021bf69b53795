"""The marketing agent (seed 000): a Korean Meta-ads assistant over a sandbox ad account.

The package itself is light: the registry reads MIGRATIONS without building the agent, and AGENT (agents/marketing/spec.py)
is built on first use, so a command for one agent does not load the others."""

from __future__ import annotations

from agents.core.agent import spec_on_first_use
from agents.marketing.migrations import MIGRATIONS

__all__ = ["AGENT", "MIGRATIONS"]

__getattr__ = spec_on_first_use(__name__)
