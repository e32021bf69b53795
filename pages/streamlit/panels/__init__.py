"""The workspace column of an agent page: *current* state, declared per agent.

Generic part: the pending confirmations (what is waiting for you) and the agent's slots (the
newest card of each kind, ``AgentSpec.ui.slots`` through ``render_workspace.workspace_cards``, as the
Gradio workspace shows). An agent may add a panel of its own (its ``AgentSpec.ui.streamlit`` module
registers it): alerts, a start panel, a trip map, a sandbox app. An agent without one
still gets the generic part, so a newly registered agent has a real workspace at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import streamlit as st

from agents.core.clock import system_clock
from agents.view import render_workspace
from agents.view.adapters import AdapterRegistry
from agents.view.registry import slots_for
from agents.view.render import CardView
from agents.view.texts import t
from agents.view.workspace_link import ANCHOR
from pages.streamlit.chat import draw_card
from pages.streamlit.context import PageContext


@dataclass
class Panel:
    # Drawn at the top of the workspace column.
    draw: Callable[[PageContext], None] | None = None
    # Custom drawing per slot key (default: the card without its chart).
    slots: dict[str, Callable[[PageContext, CardView], None]] = field(default_factory=dict)
    # Structured input added to every typed message (a sandbox app's context_text).
    send_extra: Callable[[PageContext, str], dict[str, object] | None] | None = None


_panels: AdapterRegistry[Panel] = AdapterRegistry("streamlit", Panel)


def register_panel(agent_id: str, panel: Panel) -> Panel:
    return _panels.register(agent_id, panel)


def panel_for(agent_id: str) -> Panel:
    return _panels.get(agent_id)


def draw_workspace(ctx: PageContext) -> None:
    lang, view = ctx.lang, ctx.view
    panel = panel_for(ctx.spec.id)
    # the target of a reply's "작업 공간" link (agents/view/workspace_link.py)
    st.markdown(f'#### <span id="{ANCHOR}"></span>🧰 {t("workspace", lang)}', unsafe_allow_html=True)
    waiting = render_workspace.open_actions(view, system_clock())
    if waiting:
        lines = "\n".join(f"- ⏸ {a.summary}" for a in waiting)
        st.warning(f"**{t('pending_heading', lang)}** · {len(waiting)}\n\n{lines}")
    if panel.draw is not None:
        panel.draw(ctx)
    for key, card in render_workspace.workspace_cards(view, slots_for(ctx.spec.id)).items():
        if card is None:
            continue
        drawer = panel.slots.get(key)
        if drawer is not None:
            drawer(ctx, card)
        else:
            draw_card(card, f"pg-ws-{ctx.spec.id}-{key}", chart=False)
