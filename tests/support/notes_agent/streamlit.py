"""The notes workspace in Streamlit: the pinned notes above the board slot (the same text as in Gradio)."""

from __future__ import annotations

import streamlit as st

from pages.streamlit.context import PageContext
from pages.streamlit.panels import Panel, register_panel
from tests.support.notes_agent.store import NotesStore
from tests.support.notes_agent.view import pinned_text


def draw_pinned(ctx: PageContext) -> None:
    st.markdown(pinned_text(NotesStore(ctx.store).pinned(ctx.viewer.user_id), ctx.lang))


register_panel("notes", Panel(draw=draw_pinned))
