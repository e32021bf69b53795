"""Agent Playground: `python app.py` starts the UI and the HTTP API (offline, no key needed)."""

from __future__ import annotations

from agents.cli.main import run_relayed
from pages.gradio.shell import main

if __name__ == "__main__":
    main(cli=run_relayed)  # a `playground` command run beside it goes through its HTTP API (issue 32)
