"""Per-agent front-end adapters, found by agent id: one registry kind for every front end.

An agent's adapter module (``agents/<id>/gradio.py``, ``agents/<id>/streamlit.py``) registers what it
draws when imported; the shell asks by agent id, and the module is imported on first ask. An agent
without an adapter gets the front end's default (a generic workspace)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class AdapterRegistry(Generic[T]):
    def __init__(self, module: str, default: Callable[[], T]) -> None:
        self.module = module  # the adapter module's name inside an agent's package
        self.default = default
        self._found: dict[str, T] = {}

    def register(self, agent_id: str, adapter: T) -> T:
        self._found[agent_id] = adapter
        return adapter

    def get(self, agent_id: str) -> T:
        if agent_id not in self._found:
            try:
                importlib.import_module(f"agents.{agent_id}.{self.module}")
            except ModuleNotFoundError as exc:
                # No such agent package or no adapter: the default. A missing import inside the
                # adapter itself is a real error and propagates.
                if exc.name not in (f"agents.{agent_id}", f"agents.{agent_id}.{self.module}"):
                    raise
        found = self._found.get(agent_id)
        return found if found is not None else self.default()
