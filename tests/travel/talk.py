"""A conversation with the travel agent on a sample trip, read back as the policy reads its last turn."""

from __future__ import annotations

from agents.core.followups import Rehearsal, Step
from agents.travel.evaluate import _on_sample_trip
from agents.travel.policy import read_request
from agents.travel.understood import Reading


def talk(r: Rehearsal, trip: str, *messages: str) -> tuple[Reading, list]:
    """On ``trip``'s sample trip: the policy's reading of the last message's turn, and that turn's events."""
    _on_sample_trip(r, trip)
    final = r.play([Step(m) for m in messages])
    request = final.request()
    assert request is not None and not final.problems, final.problems
    return read_request(request), final.events
