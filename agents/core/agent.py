"""What an agent is (its spec) and the registry of agents the front ends show."""

from __future__ import annotations

import importlib
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from agents.core import cards
from agents.core.agent_ui import AgentUI
from agents.core.errors import PlaygroundError, UnknownAgentError
from agents.core.messages import for_terminal, say
from agents.core.providers.base import ModelOptions
from agents.core.providers.offline import OfflinePolicy
from agents.core.store.migrations import Migration
from agents.core.tools import ToolRegistry
from agents.core.turn_inputs import TurnInputs

if TYPE_CHECKING:
    from fastapi import APIRouter

    from agents.core.events import Event
    from agents.core.store import AlertRow, Store
    from agents.core.turn import Turn
    from agents.http.auth import Caller
    from agents.nlu.report import Report

Pipeline = Callable[["Turn"], Iterator["Event"]]


class NluReport(Protocol):
    """``playground nlu-report``: (labelled file, or None for the shipped ones) -> one report or several."""

    def __call__(self, path: Path | None = None, /) -> Report | str | list[Report | str]: ...


@dataclass(frozen=True)
class AgentSpec:
    id: str
    title: str  # Korean, the product's first language
    description: str
    system_prompt: str
    tools: ToolRegistry = field(default_factory=ToolRegistry)
    offline_policy: OfflinePolicy | None = None
    # A custom pipeline replaces the tool loop (router agents); guards, persistence,
    # traces and the terminal event still come from the runner.
    pipeline: Pipeline | None = None
    examples: tuple[str, ...] = ()
    title_en: str = ""  # the title in an English UI (a tab, a page); empty: ``title`` in both
    description_en: str = ""  # the description an English UI's empty chat shows; empty: ``description``
    examples_en: tuple[str, ...] = ()  # the first chips of an English UI, each read as its Korean twin
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
    alert_check: Callable[[Store, str, datetime], list[AlertRow]] | None = None
    alert_prompt: Callable[[AlertRow], str] | None = None
    # (alert, the person's message) -> (title, message) as pushed into that chat: a stored alert is shared by
    # every language, so its text is chosen at the edge. None: the stored text as it is.
    alert_text: Callable[[AlertRow, str], tuple[str, str]] | None = None
    # The users whose alerts the background check looks at (store -> user ids).
    alert_users: Callable[[Store], Iterable[str]] | None = None
    # (caller dependency) -> a FastAPI APIRouter with the agent's own endpoints (seed wire shapes);
    # the HTTP API includes every agent's, so api.py stays generic.
    http_routes: Callable[[Callable[..., Caller]], APIRouter] | None = None
    # What the agent shows: icon, workspace slots, cards, CSS, texts (agents/core/agent_ui.py).
    ui: AgentUI = field(default_factory=AgentUI)
    # Loads the agent's fitted classifiers before the first turn (the background warm-up).
    warm: Callable[[], None] | None = None
    # ``playground nlu-report``: (labelled file or None) -> one report or a list of them.
    nlu_report: NluReport | None = None
    # The agent's shipped eval suite (agents/<id>/evals.yaml), listed by the Lab and ``playground eval``.
    evals: Path | None = None
    # An eval step's ``extra.screen``: (screen, now) -> the context_text the agent's app would send
    # for it; and the way back, (context_text as a mapping) -> the screen it describes, or None.
    eval_screen: Callable[[object, datetime], str] | None = None
    eval_screen_of: Callable[[dict[str, object]], object] | None = None
    # The model settings its seed specifies (temperature, output limit, retries and breaker), applied by
    # every real provider's adapter; a turn's settings override them (side-by-side, eval matrix).
    model_options: ModelOptions = field(default_factory=ModelOptions)
    # Where the agent's tab goes (lower first; ties in load order). Entry points come back in whatever order
    # the installer wrote them (setuptools sorts them by name), so the built-ins state their seed order here.
    order: int = 1000
    # What a turn may carry beside its text (``Turn.extra``): the agent's own model; the base takes no key,
    # and a key the model does not declare is refused by name before the turn starts.
    inputs: type[TurnInputs] = TurnInputs

    def title_in(self, lang: str) -> str:
        """The title a UI in ``lang`` shows (its tab, its page's heading)."""
        return (self.title_en or self.title) if lang == "en" else self.title

    def description_in(self, lang: str) -> str:
        """What an empty chat in ``lang`` says the agent does."""
        return (self.description_en or self.description) if lang == "en" else self.description

    def examples_in(self, lang: str) -> tuple[str, ...]:
        """The example messages an empty chat in ``lang`` offers as chips."""
        return (self.examples_en or self.examples) if lang == "en" else self.examples


# Agents come from the entry points of this group (the built-in five are declared in pyproject.toml the
# same way, so a package of a third party registers exactly like them) and from PLAYGROUND_EXTRA_AGENTS.
ENTRY_POINT_GROUP = "playground.agents"
EXTRA_AGENTS_ENV = "PLAYGROUND_EXTRA_AGENTS"

_registry: dict[str, AgentSpec] = {}
_order: list[str] = []
_loaded = False
# Re-entrant: loading an agent imports its modules, and a card parsed meanwhile may ask for the rest (cards below).
_lock = threading.RLock()


class AgentEntryError(PlaygroundError):
    code = "agent_entry"


def register_agent(spec: AgentSpec) -> AgentSpec:
    _registry[spec.id] = spec
    return spec


def unregister_agent(agent_id: str) -> None:
    _registry.pop(agent_id, None)


def _spec_of(where: str, target: str) -> AgentSpec:
    """``module`` or ``module:ATTR`` (default ``AGENT``) -> its AgentSpec, or an error naming the entry."""
    module, _, attr = target.strip().partition(":")
    try:
        spec = getattr(importlib.import_module(module), attr or "AGENT")
    except Exception as exc:  # noqa: BLE001 -- an entry is a third party's code: any failure is that entry's error
        reason = " ".join(str(exc).split())[:300]  # one line, whatever the entry raised
        raise AgentEntryError(say("entry_cannot_load", where=where, target=target, kind=type(exc).__name__,
                                  reason=reason)) from None
    if not isinstance(spec, AgentSpec):
        raise AgentEntryError(say("entry_not_spec", where=where, target=target, kind=type(spec).__name__))
    return spec


@cache
def _entry_points(path: tuple[str, ...]) -> tuple[EntryPoint, ...]:
    """The group's entry points as installed on ``path`` (sys.path): every distribution's metadata is read once a
    process (~10 ms), not once per registry read (a chat command read it twice: its agent, then the migrations)."""
    return tuple(entry_points(group=ENTRY_POINT_GROUP))


def _entries() -> list[tuple[str | None, str, str]]:
    """(name, where, target) of every agent to load: entry points first (built-ins first among them), then the env
    (no name). An entry point's name is its agent's id, which lets one agent load without the others."""
    points = sorted(_entry_points(tuple(sys.path)), key=lambda p: not p.value.startswith("agents."))
    found: list[tuple[str | None, str, str]] = [
        (p.name, f"entry point {p.name!r} ({ENTRY_POINT_GROUP})", p.value) for p in points]
    extra = os.environ.get(EXTRA_AGENTS_ENV, "")
    found += [(None, EXTRA_AGENTS_ENV, item.strip()) for item in extra.split(",") if item.strip()]
    return found


def _add(spec: AgentSpec) -> AgentSpec:
    spec = _registry.setdefault(spec.id, spec)
    if spec.id not in _order:
        _order.append(spec.id)
    return spec


def _load() -> None:
    global _loaded
    with _lock:
        if _loaded:
            return
        for _, where, target in _entries():
            _add(_spec_of(where, target))
        _loaded = True


def _load_one(agent_id: str) -> AgentSpec | None:
    """The agent whose entry point is named ``agent_id``, loaded alone (a CLI command for one agent need not build
    the other four: about 0.17 s of CPU); None when no entry point has that name."""
    with _lock:
        for name, where, target in _entries():
            if name == agent_id:
                spec = _spec_of(where, target)
                if spec.id == agent_id:
                    return _add(spec)
        return None


def _migrations_of(where: str, target: str) -> tuple[Migration, ...]:
    """An entry's migrations: its module's MIGRATIONS when the module has them (the built-in packages do, and stay
    light), else its AgentSpec's. Either way the same list: tests/test_agent_registry_lazy.py checks it."""
    module_name, _, attr = target.strip().partition(":")
    if attr in ("", "AGENT"):
        try:
            light = getattr(importlib.import_module(module_name), "MIGRATIONS", None)
        except Exception:  # noqa: BLE001 -- a broken entry is named by _spec_of below, as any entry failure is
            light = None
        if isinstance(light, tuple | list) and all(isinstance(m, Migration) for m in light):
            return tuple(light)
    return _spec_of(where, target).migrations


cards.set_agent_loader(_load)


def spec_on_first_use(package: str) -> Callable[[str], object]:
    """A light agent package's module ``__getattr__``: ``AGENT`` comes from ``<package>.spec``, imported the first
    time it is asked for (the registry reads the package's MIGRATIONS without building the agent)."""

    def __getattr__(name: str) -> object:
        if name == "AGENT":
            return importlib.import_module(f"{package}.spec").AGENT
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


def check_entries() -> None:
    """Load the registry now, turning a bad entry into one line on stderr and exit status 2 (front ends'
    start-up: a typo in PLAYGROUND_EXTRA_AGENTS must not end in a traceback)."""
    try:
        _load()
    except AgentEntryError as exc:
        print(f"playground: {for_terminal(exc.message)}", file=sys.stderr)
        raise SystemExit(2) from None


def list_agents() -> list[AgentSpec]:
    """The agents by ``order`` (the built-ins in their seed order), then in the order they were loaded."""
    _load()
    first = [_registry[i] for i in _order if i in _registry]
    every = first + [spec for spec in _registry.values() if spec not in first]
    return sorted(every, key=lambda spec: spec.order)  # stable: equal orders keep the load order


def get_agent(agent_id: str) -> AgentSpec:
    spec = _registry.get(agent_id) or (None if _loaded else _load_one(agent_id))
    if spec is None:
        _load()
        spec = _registry.get(agent_id)
    if spec is None:
        known = ", ".join(_registry) or "(none registered)"
        # str(): a command may ask for no agent at all (None), and that is refused here like a wrong id
        raise UnknownAgentError(say("unknown_agent", agent_id=str(agent_id)[:80], known=known))
    return spec


def all_migrations() -> list[Migration]:
    """Every agent's migrations, without building the agents that are not loaded yet."""
    if _loaded:
        return [m for spec in list_agents() for m in spec.migrations]
    with _lock:
        out = [m for _, where, target in _entries() for m in _migrations_of(where, target)]
        names = {m.name for m in out}
        # agents registered in code (tests, a third party's register_agent) have no entry to read
        out += [m for spec in list(_registry.values()) for m in spec.migrations if m.name not in names]
    return out
