"""Agent Playground in Streamlit: `python3 dev.py streamlit` (`python -m pages.streamlit.launch`: a
`streamlit run streamlit_app.py` that never serves the `pages/` folder, not even to a fresh server's
first visitor; see pages/streamlit/launch.py).

The same agents, sessions, store and view model as the Gradio app (`app.py`), drawn with
Streamlit's own widgets (see pages/streamlit/). `st.navigation` lists one page per registered agent;
then the Lab (traces and eval runs). It also turns off Streamlit's `pages/` folder discovery, so
the Gradio modules in `pages/` are never run as Streamlit pages.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import streamlit as st

from agents.core.agent import AgentEntryError, AgentSpec, list_agents
from agents.core.errors import StorageFull, StorageUnavailable
from agents.view.texts import lang_from
from pages.streamlit import runtime, sidebar, who
from pages.streamlit.context import PageContext
from pages.streamlit.page import agent_page


def page_css() -> str:
    """Agents' own HTML styled as in the Gradio app (``AgentSpec.ui.css``); then Streamlit's own rules."""
    return "".join(path.read_text(encoding="utf-8") for path in
                   (*(p for spec in list_agents() for p in spec.ui.css), Path(__file__).parent / "pages/streamlit/style.css"))


class Run(dict):
    """This run's viewer, store and language (one per script run, never shared across sessions)."""


def _agent_page(spec: AgentSpec, run: Run) -> Callable[[], None]:
    def page() -> None:
        agent_page(spec.id, run["viewer"], run["store"], run["lang"])

    page.__name__ = f"agent_{spec.id}"
    return page


def _lab_page(run: Run) -> Callable[[], None]:
    def lab() -> None:
        from pages.streamlit.lab import lab_page
        from pages.streamlit.lab.context import LabRun

        lab_page(LabRun(viewer=run["viewer"], store=run["store"], lang=run["lang"], mode=runtime.mode(),
                        open_conversation=run["open_conversation"], agents=[s.id for s in list_agents()]))

    return lab


def _api_page(run: Run) -> Callable[[], None]:
    def api() -> None:
        from pages.streamlit.api_access import api_page

        api_page(run["viewer"], run["store"], run["lang"], runtime.mode())

    return api


def _opener(run: Run, pages: dict[str, st.Page]) -> Callable[[str, str], None]:
    def open_conversation(agent_id: str, conversation_id: str) -> None:
        """The Lab's "open the conversation": the agent page opens it on its next run (its reload key)."""
        st.session_state[PageContext.reload_key_for(run["viewer"].user_id, agent_id)] = conversation_id
        st.switch_page(pages[agent_id])

    return open_conversation


def main() -> None:
    st.set_page_config(page_title="Agent Playground", page_icon="🧪", layout="wide")
    try:
        agent_specs = list_agents()
    except AgentEntryError as exc:  # a bad PLAYGROUND_EXTRA_AGENTS or entry point: name it, no traceback
        st.error(f"**{exc.code}**: {exc.message}", icon="🧩")
        st.stop()
    st.html(f"<style>{page_css()}</style>")
    run = Run()
    run["lang"] = lang_from(st.context.locale)  # no widget: the page titles below are in the browser's language
    # Navigation first: it settles which page this run is for, and widgets made before it would
    # get another identity on a session's first run than on the next (their values would reset).
    agents = {spec.id: st.Page(_agent_page(spec, run), title=spec.title_in(run["lang"]), icon=spec.ui.icon,
                               url_path=spec.id, default=i == 0) for i, spec in enumerate(agent_specs)}
    page = st.navigation([*agents.values(), st.Page(_lab_page(run), title="Lab", icon="🧪", url_path="lab"),
                          st.Page(_api_page(run), title="API", icon="🔑", url_path="api")])
    run["open_conversation"] = _opener(run, agents)
    run["store"] = runtime.store()
    runtime.start_background()
    run["viewer"] = who.current(runtime.mode(), run["lang"], run["store"])
    sidebar.draw_settings(run["lang"])
    try:
        page.run()
    except (StorageUnavailable, StorageFull) as exc:  # the file went away or the disk filled up mid-run
        st.error(f"**{exc.code}**: {exc.message}", icon="🗄️")


main()
