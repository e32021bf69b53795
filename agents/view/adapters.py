"""Per-agent front-end adapters, found by agent id: one registry kind for every front end.

An agent's adapter module (named in its ``AgentSpec.ui``: ``gradio`` / ``streamlit``, e.g.
``agents/<id>/gradio.py``, or a third party's module) registers what it draws when imported; the shell
asks by agent id, and the module is imported on first ask. An agent without an adapter gets the front
end's default (a generic workspace)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Generic, Literal, TypeVar

from agents.core.agent import get_agent

T = TypeVar("T")


class AdapterRegistry(Generic[T]):
    def __init__(self, front_end: Literal["gradio", "streamlit"], default: Callable[[], T]) -> None:
        self.front_end = front_end  # which AgentSpec.ui field names the adapter module
        self.default = default
        self._found: dict[str, T] = {}

    def register(self, agent_id: str, adapter: T) -> T:
        self._found[agent_id] = adapter
        return adapter

    def get(self, agent_id: str) -> T:
        if agent_id not in self._found:
            module = getattr(get_agent(agent_id).ui, self.front_end)
            if module is not None:
                importlib.import_module(module)  # registers the agent's adapter
        found = self._found.get(agent_id)
        return found if found is not None else self.default()
