"""An agent whose turn waits for a file, for tests that hold a conversation busy across processes
(``PLAYGROUND_EXTRA_AGENTS=tests.support.slow_agent``; ``SLOW_AGENT_RELEASE`` names the file)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

from agents.core.agent import AgentSpec
from agents.core.events import TextDelta
from agents.core.turn import Turn

WAIT_SECONDS = 30.0


def _slow(turn: Turn) -> Iterator[object]:
    """Answers "hi" at once; "wait" streams until the release file exists (or 30 s)."""
    release = Path(os.environ.get("SLOW_AGENT_RELEASE", "/nonexistent"))
    deadline = time.monotonic() + WAIT_SECONDS
    i = 0
    while True:
        turn.reply_parts.append(f"w{i} ")
        yield turn.emit(TextDelta, content=f"w{i} ")
        if turn.text != "wait" or release.exists() or time.monotonic() > deadline:
            return
        time.sleep(0.02)
        i += 1


AGENT = AgentSpec(id="slow", title="slow", description="waits for a file", system_prompt="", pipeline=_slow)
