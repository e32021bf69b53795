"""What an agent is (its spec) and the registry of agents the front ends show."""

from __future__ import annotations

import importlib
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from agents.core.errors import UnknownAgentError
from agents.core.providers.offline import OfflinePolicy
from agents.core.store.migrations import Migration
from agents.core.tools import ToolRegistry

if TYPE_CHECKING:
    from agents.core.events import Event
    from agents.core.store import Store
    from agents.core.turn import Turn

Pipeline = Callable[["Turn"], Iterator["Event"]]


@dataclass(frozen=True)
class AgentSpec:
    id: str
    title: str
    description: str
    system_prompt: str
    tools: ToolRegistry = field(default_factory=ToolRegistry)
    offline_policy: OfflinePolicy | None = None
    # A custom pipeline replaces the tool loop (router agents); guards, persistence,
    # traces and the terminal event still come from the runner.
    pipeline: Pipeline | None = None
    examples: tuple[str, ...] = ()
    max_steps: int = 5
    history_window: int = 20
    # Domain state appended to the system prompt for this turn.
    context: Callable[[Turn], str] | None = None
    # (turn, final reply text) -> suggested follow-up questions.
    suggest: Callable[[Turn, str], list[str]] | None = None
    migrations: tuple[Migration, ...] = ()
    # Seeds a user's sandbox data the first time they use this agent.
    setup_user: Callable[[Store, str, datetime], None] | None = None
    # Proactive alerts: check(store, user_id, now) creates them; prompt(alert) is the
    # message "analyse this" sends to the chat.
    alert_check: Callable[[Store, str, datetime], list[Any]] | None = None
    alert_prompt: Callable[[Any], str] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    # (caller dependency) -> a FastAPI APIRouter with the agent's own endpoints (seed wire shapes);
    # the HTTP API includes every agent's, so api.py stays generic.
    http_routes: Callable[[Any], Any] | None = None


# Built-in agents, one package each; a later issue adds each as it lands.
BUILTIN_AGENT_MODULES: tuple[str, ...] = ("agents.marketing", "agents.travel", "agents.shopping", "agents.tutor",
                                          "agents.english")

_registry: dict[str, AgentSpec] = {}
_loaded = False
_lock = threading.Lock()


def register_agent(spec: AgentSpec) -> AgentSpec:
    _registry[spec.id] = spec
    return spec


def unregister_agent(agent_id: str) -> None:
    _registry.pop(agent_id, None)


def _load() -> None:
    """Import built-ins once, plus ``PLAYGROUND_EXTRA_AGENTS`` ("module:ATTR,...")."""
    global _loaded
    with _lock:
        if _loaded:
            return
        for module in BUILTIN_AGENT_MODULES:
            spec = importlib.import_module(module).AGENT
            _registry.setdefault(spec.id, spec)
        for item in filter(None, (s.strip() for s in os.environ.get("PLAYGROUND_EXTRA_AGENTS", "").split(","))):
            module, _, attr = item.partition(":")
            spec = getattr(importlib.import_module(module), attr or "AGENT")
            _registry.setdefault(spec.id, spec)
        _loaded = True


def list_agents() -> list[AgentSpec]:
    """Built-in agents first, in their seed order, then any extra ones."""
    _load()
    builtin = [_registry[m.rsplit(".", 1)[-1]] for m in BUILTIN_AGENT_MODULES if m.rsplit(".", 1)[-1] in _registry]
    return builtin + [spec for spec in _registry.values() if spec not in builtin]


def get_agent(agent_id: str) -> AgentSpec:
    _load()
    spec = _registry.get(agent_id)
    if spec is None:
        known = ", ".join(_registry) or "(none registered)"
        raise UnknownAgentError(f"Unknown agent {agent_id!r}. Available agents: {known}.")
    return spec


def all_migrations() -> list[Migration]:
    return [m for spec in list_agents() for m in spec.migrations]
