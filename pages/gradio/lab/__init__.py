"""The Lab tab: views over what every turn recorded, one module each (``LAB_VIEWS``).

A view is a ``LabView`` (an id, a tab title and a ``build(ctx)``): traces, prompt studio, side-by-side,
metrics and the evaluation suites (issue 15); ``LAB_VIEWS`` is a plain list a later module extends with
``add_view``. A view that others may drive (the Traces view opens a turn for the Evals view) puts its
handles in ``ctx.exports``; views are built in order, so a later view finds an earlier one's. Handlers take
the person from ``ctx.header.who`` (the server-side verified viewer), never from a component value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import gradio as gr

from agents.core.agent import AgentSpec
from agents.core.identity import Mode, Viewer, require
from agents.services.lab.access import LabUser


@dataclass
class LabContext:
    header: Any  # pages.gradio.header.Header
    demo: gr.Blocks
    mode: Mode
    agents: list[AgentSpec]
    # To open a conversation in its agent tab: the app's tabs and each tab's remembered conversation.
    app_tabs: gr.Tabs | None = None
    remembered: dict[str, gr.BrowserState] = field(default_factory=dict)
    lab_tab: gr.Tab | None = None  # the app's Lab tab: its views load when it opens, not on every page load
    loaders: dict[str, list[tuple[Callable[..., Any], Any, Any]]] = field(default_factory=dict)
    current: str = ""  # the view being built
    lab_tabs: gr.Tabs | None = None  # the Lab's own tabs, to switch view from a handler
    exports: dict[str, Any] = field(default_factory=dict)  # handles a view offers the later ones

    def lab_user(self, viewer: Viewer | None) -> LabUser:
        return LabUser(require(viewer), self.mode)

    def on_show(self, fn: Callable[..., Any], inputs: Any, outputs: Any) -> None:
        """Run ``fn`` when the view is shown: the Lab tab or the view's own tab opens, or the local user
        changes. A page load runs none of the Lab's reads: most visitors never open it."""
        self.loaders.setdefault(self.current, []).append((fn, inputs, outputs))
        self.header.identity.after_switch(fn, inputs, outputs)


@dataclass(frozen=True)
class LabView:
    id: str
    title: str
    build: Callable[[LabContext], None]


# Views added by later modules, shown after the built-in five.
LAB_VIEWS: list[LabView] = []


def add_view(view: LabView) -> LabView:
    """Add a view after the others (a second call with the same id replaces it in place)."""
    for index, known in enumerate(LAB_VIEWS):
        if known.id == view.id:
            LAB_VIEWS[index] = view
            return view
    LAB_VIEWS.append(view)
    return view


def views() -> list[LabView]:
    """Traces, prompt studio, side-by-side, metrics and evals, then the added views."""
    from pages.gradio.lab import compare, evals, metrics, prompts, traces

    builtin = [module.VIEW for module in (traces, prompts, compare, metrics, evals)]
    return builtin + [v for v in LAB_VIEWS if v.id not in {b.id for b in builtin}]


def build_lab(ctx: LabContext) -> None:
    with gr.Tabs(elem_id="pg-lab-tabs") as lab_tabs:
        ctx.lab_tabs = lab_tabs
        for view in views():
            ctx.current = view.id
            with gr.Tab(view.title, id=f"lab-{view.id}", elem_id=f"pg-lab-view-{view.id}") as tab:
                view.build(ctx)
            for fn, inputs, outputs in ctx.loaders.get(view.id, []):
                tab.select(fn, inputs, outputs, show_progress="hidden")
                if ctx.lab_tab is not None:
                    ctx.lab_tab.select(fn, inputs, outputs, show_progress="hidden")
