"""The real server (the HTTP API with the Gradio UI mounted, under uvicorn) in a process of its own, so a
test can measure what one request costs it in memory from outside: ``python -m tests.support.body_server PORT``.

The offline agents plus the test ``notes`` agent are registered; PLAYGROUND_DB comes from the environment.
"""

from __future__ import annotations

import sys

import uvicorn

from agents.core import agent as agent_registry
from agents.core.session import runtime_store
from pages.gradio.identity import AppConfig
from pages.gradio.shell import build_server
from tests.support import notes_agent


def main(port: int) -> None:
    agent_registry.register_agent(notes_agent.AGENT)
    runtime_store()
    uvicorn.run(build_server(AppConfig(mode="local")), host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main(int(sys.argv[1]))
