"""How often a streaming reply repaints the page: every structural event (a tool step, a card,
a question, the end), but text deltas and thinking updates at most once a frame, so a fast
model never floods the browser with more than about 30 updates a second. The final state is
always drawn by the caller after the stream ends, so nothing a skipped delta carried is lost."""

from __future__ import annotations

import time
from collections.abc import Callable

FRAME_SECONDS = 1 / 30
COALESCED = frozenset({"text_delta", "thinking"})


class FrameGate:
    def __init__(self, frame: float = FRAME_SECONDS, clock: Callable[[], float] = time.perf_counter) -> None:
        self.frame = frame
        self.clock = clock
        self._last: float | None = None

    def admit(self, event_type: str) -> bool:
        """Should the page be repainted after an event of this type?"""
        now = self.clock()
        if event_type in COALESCED and self._last is not None and now - self._last < self.frame:
            return False
        self._last = now
        return True
