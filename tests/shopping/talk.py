"""A conversation with the shopping agent: the session and its last turn's events."""

from __future__ import annotations

from typing import Any

from agents.core.session import Session


def turns(*messages: str) -> tuple[Session, list[Any]]:
    s = Session("shopping")
    events: list[Any] = []
    for message in messages:
        events = s.run(message)
    return s, events
