"""Agent Playground: `python app.py` starts the UI and the HTTP API (offline, no key needed)."""

from __future__ import annotations

from pages.shell import main

if __name__ == "__main__":
    main()
