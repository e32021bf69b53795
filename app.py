"""Agent Playground: `python app.py` starts the UI and the HTTP API (offline, no key needed)."""

from __future__ import annotations

from pages.gradio.shell import main

if __name__ == "__main__":
    main()
