"""The notes workspace in the Gradio app: the pinned notes above the board slot, read again after every
turn (a confirmed note may have been pinned) and when the viewer is known."""

from __future__ import annotations

import gradio as gr

from agents.core import identity
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from pages.gradio.i18n import lang_of
from pages.gradio.workspace import TabContext, Workspace, register_workspace
from tests.support.notes_agent.store import NotesStore
from tests.support.notes_agent.view import pinned_text


def build_pinned(ctx: TabContext) -> None:
    panel = gr.Markdown("", elem_id=f"pg-{ctx.spec.id}-pinned")

    def refresh(user: Viewer | None, request: gr.Request) -> str:
        if user is None:
            return ""
        return pinned_text(NotesStore(runtime_store()).pinned(identity.require(user)), lang_of(request))

    ctx.workspace_state.change(refresh, ctx.header.who, panel, show_progress="hidden")
    ctx.header.identity.after_ready(refresh, ctx.header.who, panel)


register_workspace("notes", Workspace(build=build_pinned))
