"""What a Lab view is built with (``LabContext``) and what it is (``LabView``), and the list later modules
extend (``LAB_VIEWS``, ``add_view``). Apart from the package ``__init__``, which imports the views: they
import these, and the package imports them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeAlias, TypedDict

import gradio as gr
from gradio.components import Component

from agents.core.agent import AgentSpec
from agents.core.identity import Mode, Viewer, require
from agents.services.lab.access import LabUser
from pages.gradio.header import Header
from pages.gradio.i18n import Lang
from pages.gradio.outputs import Outputs

# A handler with its inputs and outputs, to wire to an event later.
Wired: TypeAlias = tuple[Callable[..., Outputs], list[Component], list[Component]]


class ViewHandles(TypedDict, total=False):
    """What a view offers the later ones: Traces, its turn box and the handler that opens the turn in it."""

    turn: gr.Textbox
    open: Wired


@dataclass
class LabContext:
    header: Header
    demo: gr.Blocks
    mode: Mode
    agents: list[AgentSpec]
    # To open a conversation in its agent tab: the app's tabs and each tab's remembered conversation.
    app_tabs: gr.Tabs | None = None
    remembered: dict[str, gr.BrowserState] = field(default_factory=dict)
    lab_tab: gr.Tab | None = None  # the app's Lab tab: its views load when it opens, not on every page load
    loaders: dict[str, list[Wired]] = field(default_factory=dict)
    current: str = ""  # the view being built
    lab_tabs: gr.Tabs | None = None  # the Lab's own tabs, to switch view from a handler
    exports: dict[str, ViewHandles] = field(default_factory=dict)  # handles a view offers the later ones
    tables: list[tuple[gr.Dataframe, Callable[[Lang], list[str]]]] = field(default_factory=list)

    def lab_user(self, viewer: Viewer | None) -> LabUser:
        return LabUser(require(viewer), self.mode)

    def headers_follow_lang(self, table: gr.Dataframe, headers: Callable[[Lang], list[str]]) -> None:
        """An empty table's column names in the browser's language as soon as the page knows it: the table is
        built in Korean, and its first read (when the Lab opens) came after it showed (issue 28: an English
        Lab showed Korean headers until then). Wired once for all by ``translate_tables``."""
        self.tables.append((table, headers))

    def translate_tables(self) -> None:
        """One event when the page learns its language is not Korean: every Lab table's headers, then the page
        marks ``<body data-pg-tables-translated>`` (what a test waits for before it opens the Lab)."""
        tables = list(self.tables)

        def translate(lang: Lang) -> list[dict[str, object]]:
            return [{"headers": headers(lang), "data": []} for _, headers in tables]

        self.header.lang.change(translate, self.header.lang, [t for t, _ in tables], show_progress="hidden").then(
            None, None, None, js="() => { document.body.dataset.pgTablesTranslated = '1'; }")

    def on_show(self, fn: Callable[..., Outputs], inputs: list[Component], outputs: list[Component]) -> None:
        """Run ``fn`` when the view is shown: the Lab tab or the view's own tab opens, or the local user
        changes. A page load runs none of the Lab's reads: most visitors never open it."""
        self.loaders.setdefault(self.current, []).append((fn, inputs, outputs))
        self.header.identity.after_switch(fn, inputs, outputs)


@dataclass(frozen=True)
class LabView:
    id: str
    title: str  # a key of the text catalogue (translated in the browser) or the text itself
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
