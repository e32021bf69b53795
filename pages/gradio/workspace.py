"""The side column of an agent tab: a workspace of *current* state, declared per agent.

An agent declares its workspace in one module (``AgentSpec.ui.gradio``, e.g. ``agents/<id>/gradio.py``),
which calls ``register_workspace``; the tab shell imports it through the registry and stays generic.
A workspace is a few static widgets (``build``: alerts, a start panel...) plus slots, each
showing only the newest card of some types (older ones stay in the chat), so it never grows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TypedDict

import gradio as gr
from gradio.components import Component

from agents.core.agent import AgentSpec, get_agent
from agents.core.agent_ui import Slot
from agents.view.adapters import AdapterRegistry
from agents.view.render import CardView, ChatView
from agents.view.render_workspace import workspace_cards
from pages.gradio.header import Header
from pages.gradio.outputs import Outputs


@dataclass
class TabContext:
    """What a workspace may use: the agent, the header, and the tab's ``run`` to start a turn."""

    spec: AgentSpec
    header: Header
    demo: gr.Blocks
    view_state: gr.State
    workspace_state: gr.State
    run: Callable[..., Iterator[Outputs]] | None = None  # run(text, *inputs, extra=None) -> yields the tab's outputs
    inputs: list[Component] = field(default_factory=list)
    outputs: list[Component] = field(default_factory=list)
    deferred: list[Callable[[], None]] = field(default_factory=list)  # wiring that needs run/inputs/outputs
    # Structured input a workspace adds to every message typed in the chat (the tutor's context_text):
    # send_extra(text, *values of send_inputs) -> the turn's extra.
    send_inputs: list[Component] = field(default_factory=list)
    send_extra: Callable[..., dict[str, object] | None] | None = None
    # refresh(view, lang, user) -> every output of the tab (``outputs``) for a view reloaded from the
    # store: for a workspace whose own action changed the conversation (a confirmation it proposed).
    refresh: Callable[..., Outputs] | None = None

    def later(self, wire: Callable[[], None]) -> None:
        self.deferred.append(wire)

    def key(self, card: CardView, *part: str) -> tuple[str, ...]:
        """The ``key`` of a component or listener a slot's drawing makes for ``card`` (``part``: what it is, e.g.
        an item's id). A key keeps the component and its handler's index when the slot is drawn again, so a click
        sent from the drawing before is still taken; unique in the browser session (listeners' keys are looked
        up among all of its handlers), and the same for the same card in every drawing."""
        return ("ws", self.spec.id, card.group or "", card.card_type, card.title, *part)


@dataclass
class Workspace:
    # The agent's slots (``AgentSpec.ui.slots``), filled in by ``workspace_for``.
    slots: list[Slot] = field(default_factory=list)
    # Static widgets above the slots, built once per tab.
    build: Callable[[TabContext], None] | None = None
    # Custom drawing per slot key; the default draws the card's text, tiles and table.
    draw: dict[str, Callable[[CardView, TabContext], None]] = field(default_factory=dict)


_workspaces: AdapterRegistry[Workspace] = AdapterRegistry("gradio", Workspace)


def register_workspace(agent_id: str, workspace: Workspace) -> Workspace:
    return _workspaces.register(agent_id, workspace)


def workspace_for(agent_id: str) -> Workspace:
    # The agent's slots come from its AgentSpec.ui; the drawing from its registered workspace.
    return dataclasses.replace(_workspaces.get(agent_id), slots=list(get_agent(agent_id).ui.slots))


class WorkspaceState(TypedDict, total=False):
    """What the side column draws (``gr.State``: empty until the first draw)."""

    slots: dict[str, dict[str, object] | None]  # each slot's newest card (CardView.model_dump()), or None
    state: dict[str, object]  # the conversation's agent state
    conversation_id: str | None


def drawn_slots(ws: WorkspaceState | None) -> dict[str, dict[str, object] | None]:
    """What the side column draws of its state: the slots' cards only."""
    return dict((ws or {}).get("slots") or {})


def workspace_state(view: ChatView, workspace: Workspace) -> WorkspaceState:
    """What the side column draws, as plain data (compared to skip redraws that change nothing)."""
    cards = workspace_cards(view, workspace.slots)
    return {"slots": {k: (c.model_dump() if c else None) for k, c in cards.items()},
            "state": view.state, "conversation_id": view.conversation_id}
