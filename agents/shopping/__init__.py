"""The shopping agent (seed 003): baby-product re-recommendation with intent routing.

The package itself is light: the registry reads MIGRATIONS without building the agent, and AGENT (agents/shopping/spec.py)
is built on first use, so a command for one agent does not load the others."""

from __future__ import annotations

from agents.shopping.catalog import MIGRATIONS

__all__ = ["AGENT", "MIGRATIONS"]


def __getattr__(name: str) -> object:
    if name == "AGENT":
        from agents.shopping.spec import AGENT

        return AGENT
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
