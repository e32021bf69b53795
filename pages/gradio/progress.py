"""Where events with hidden progress keep their loading status: one invisible leaf.

Gradio's page keeps a loading status for every output of every event that has run (its
"progress targets"), and on each streamed update of any event it refreshes all of them, each
by a depth-first search of the whole component tree plus a copy of the component's value (the
chat's whole conversation among them). With ~600 components and ~20 outputs per chat event that
was a third of the browser's work between Send and the first words (tests/bench/bench_browser.py).
An event whose progress is hidden draws nothing for it, so its status is kept on one invisible
leaf placed first in the tree instead: found at once, with no value to copy.
"""

from __future__ import annotations

from typing import Literal, TypedDict

import gradio as gr


def progress_sink() -> gr.HTML:
    """Create the sink; call it first inside the app's Blocks so the tree search meets it first."""
    return gr.HTML("", visible=False, elem_id="pg-progress-sink", padding=False)


class Quiet(TypedDict, total=False):
    """Keyword options of a Gradio event listener."""

    show_progress: Literal["hidden"]
    show_progress_on: list[gr.HTML]


def quiet(sink: gr.HTML | None) -> Quiet:
    """Options for an event that shows no progress of its own making (a chat run shows its steps)."""
    return {"show_progress": "hidden", "show_progress_on": [sink]} if sink is not None else {"show_progress": "hidden"}


def route_hidden_progress(demo: gr.Blocks, sink: gr.HTML) -> int:
    """Point every event whose progress is hidden at ``sink``; returns how many were routed.

    Events made later inside ``gr.render`` are not in ``demo.fns`` yet: they pass
    ``show_progress_on`` themselves (``quiet``, ``Header.quiet``)."""
    routed = 0
    for fn in demo.fns.values():
        if fn.show_progress == "hidden" and not fn.show_progress_on:
            fn.show_progress_on = [sink]
            routed += 1
    return routed
