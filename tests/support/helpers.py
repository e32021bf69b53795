"""Small helpers shared by tests."""

from __future__ import annotations

from collections.abc import Iterable

from agents.core.events import Event


def types(events: Iterable[Event]) -> list[str]:
    """Event types, with consecutive text deltas collapsed into one 'text'."""
    out: list[str] = []
    for event in events:
        name = "text" if event.type == "text_delta" else event.type
        if name == "text" and out and out[-1] == "text":
            continue
        out.append(name)
    return out


def text_of(events: Iterable[Event]) -> str:
    return "".join(e.content for e in events if e.type == "text_delta")


def one(events: Iterable[Event], kind: str) -> Event:
    found = [e for e in events if e.type == kind]
    assert len(found) == 1, f"expected one {kind}, got {len(found)}: {found}"
    return found[0]


def calls(events: Iterable[Event]) -> list[tuple[str, dict[str, object]]]:
    """Each tool call of a turn as (tool name, arguments), in order."""
    return [(e.name, e.args) for e in events if e.type == "tool_call"]
