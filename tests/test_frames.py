"""Text deltas are coalesced to at most ~30 repaints a second; structural events always repaint."""

from __future__ import annotations

from agents.view.frames import FRAME_SECONDS, FrameGate


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_second_of_fast_deltas_repaints_about_thirty_times():
    clock = Clock()
    gate = FrameGate(clock=clock)
    admitted = 0
    for i in range(1000):  # a model streaming a chunk every millisecond for one second
        clock.now = i / 1000
        admitted += gate.admit("text_delta")
    assert 28 <= admitted <= 31 and FRAME_SECONDS == 1 / 30


def test_structural_events_always_repaint_and_restart_the_frame():
    clock = Clock()
    gate = FrameGate(clock=clock)
    sequence = [("text_delta", 0.000), ("text_delta", 0.010), ("tool_call", 0.011), ("text_delta", 0.012),
                ("data_card", 0.013), ("thinking", 0.020), ("text_delta", 0.050), ("done", 0.051)]
    got = []
    for kind, at in sequence:
        clock.now = at
        got.append(gate.admit(kind))
    assert got == [True, False, True, False, True, False, True, True]


def test_slow_deltas_all_repaint():
    clock = Clock()
    gate = FrameGate(clock=clock)
    results = []
    for i in range(10):  # one chunk every 50 ms: slower than a frame, nothing to coalesce
        clock.now = i * 0.05
        results.append(gate.admit("text_delta"))
    assert all(results)
