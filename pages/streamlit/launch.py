"""``python -m pages.streamlit.launch [options]``: ``streamlit run streamlit_app.py [options]`` with Streamlit's
``pages/``-folder mode off from the server's first session (``python3 dev.py streamlit`` uses it).

Why: ``st.navigation`` turns off the old multipage mode, in which every ``pages/*.py`` beside the main
script is a page, but only once the app script has run. Streamlit decides per process, at the first
session, from whether a ``pages/`` folder exists, and this project has one (the Gradio modules). So
under a plain ``streamlit run``, the first visitor of a fresh server is served in that old mode: a
link to an agent's page answers "Page not found", and an address such as ``/shell`` runs
``pages/gradio/shell.py`` (a Gradio module) as a Streamlit page. Setting the flag before the server starts
closes that first-session gap; every later session is the same either way.
"""

from __future__ import annotations

import sys
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "streamlit_app.py"


def main(argv: list[str] | None = None) -> None:
    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.web import cli

    PagesManager.uses_pages_directory = False  # the app's pages come from st.navigation only
    sys.argv = ["streamlit", "run", str(APP), *(sys.argv[1:] if argv is None else argv)]
    cli.main()  # the ordinary `streamlit run` (in this process, so the flag holds)


if __name__ == "__main__":
    main()
