"""The Lab tab: views over what every turn recorded, one module each (``LAB_VIEWS``).

A view is a ``LabView`` (an id, a tab title and a ``build(ctx)``): traces, prompt studio, side-by-side,
metrics and the evaluation suites (issue 15); ``LAB_VIEWS`` is a plain list a later module extends with
``add_view``. A view that others may drive (the Traces view opens a turn for the Evals view) puts its
handles in ``ctx.exports``; views are built in order, so a later view finds an earlier one's. Handlers take
the person from ``ctx.header.who`` (the server-side verified viewer), never from a component value.
"""

from __future__ import annotations

import gradio as gr

from agents.view.texts_lab import LAB_TEXTS
from pages.gradio.i18n import label
from pages.gradio.lab.context import LAB_VIEWS, LabContext, LabView


def views() -> list[LabView]:
    """Traces, prompt studio, side-by-side, metrics, evals and the review queue, then the added views."""
    from pages.gradio.lab import compare, evals, metrics, prompts, review, traces

    builtin = [module.VIEW for module in (traces, prompts, compare, metrics, evals, review)]
    return builtin + [v for v in LAB_VIEWS if v.id not in {b.id for b in builtin}]


def build_lab(ctx: LabContext) -> None:
    with gr.Tabs(elem_id="pg-lab-tabs") as lab_tabs:
        ctx.lab_tabs = lab_tabs
        for view in views():
            ctx.current = view.id
            title = label(view.title) if view.title in LAB_TEXTS else view.title  # a catalogue key or a text
            with gr.Tab(title, id=f"lab-{view.id}", elem_id=f"pg-lab-view-{view.id}") as tab:
                view.build(ctx)
            for fn, inputs, outputs in ctx.loaders.get(view.id, []):
                tab.select(fn, inputs, outputs, show_progress="hidden")
                if ctx.lab_tab is not None:
                    ctx.lab_tab.select(fn, inputs, outputs, show_progress="hidden")
    ctx.translate_tables()
