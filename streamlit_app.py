"""Agent Playground in Streamlit: `python3 dev.py streamlit` (or `streamlit run streamlit_app.py`).

The same agents, sessions, store and view model as the Gradio app (`app.py`), drawn with
Streamlit's own widgets (see streamlit_ui/). `st.navigation` lists one page per registered agent;
it also turns off Streamlit's `pages/` folder discovery, so the Gradio modules in `pages/` are
never run as Streamlit pages.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import streamlit as st

from agents.core.agent import AgentSpec, list_agents
from agents.core.identity import Viewer
from agents.core.store import Store
from pages.texts import Lang, lang_from
from streamlit_ui import runtime, sidebar, who
from streamlit_ui.page import agent_page

CSS = (Path(__file__).parent / "streamlit_ui" / "style.css").read_text(encoding="utf-8")
ICONS = {"marketing": "📈", "travel": "🧳", "shopping": "🧺", "tutor": "📚", "english": "🗣️"}


def _agent_page(spec: AgentSpec, viewer: Viewer, store: Store, lang: Lang) -> Callable[[], None]:
    def page() -> None:
        agent_page(spec.id, viewer, store, lang)

    page.__name__ = f"agent_{spec.id}"
    return page


def main() -> None:
    st.set_page_config(page_title="Agent Playground", page_icon="🧪", layout="wide")
    st.html(f"<style>{CSS}</style>")
    lang = lang_from(st.context.locale)
    store = runtime.store()
    runtime.start_background()
    viewer = who.current(runtime.mode(), lang)
    sidebar.draw_settings(lang)
    pages = [st.Page(_agent_page(spec, viewer, store, lang), title=spec.title, icon=ICONS.get(spec.id, "🤖"),
                     url_path=spec.id, default=i == 0) for i, spec in enumerate(list_agents())]
    st.navigation(pages).run()


main()
