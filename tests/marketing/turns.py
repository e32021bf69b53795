"""Helpers of the marketing conversation tests: real Session turns and what they showed."""

from __future__ import annotations

from typing import Any

from agents.core.session import Session
from agents.marketing.store import MarketingStore
from tests.support.helpers import types

ANSWERED = ["text", "suggested_questions", "done"]
CONFIRM = ["text", "tool_call", "action_confirmation", "done"]
# A new card that takes the place of the one still waiting: that one is marked cancelled, and the reply says so.
REPLACED = [*CONFIRM[:-1], "action_result", "text", "done"]


def campaign_ids(mkt: Session) -> dict[str, str]:
    return {c["name"]: c["id"] for c in MarketingStore(mkt.store).campaigns("demo")}


def given(args: dict[str, Any]) -> dict[str, Any]:
    """The arguments a call was given (the tool's defaults, None, left out)."""
    return {k: v for k, v in args.items() if v is not None}


def last_events(mkt: Session, *messages: str) -> list[Any]:
    """The events of the last message, after the earlier ones ran as real turns."""
    events: list[Any] = []
    for message in messages:
        events = mkt.run(message)
    return events


def shown(events: list[Any]) -> list[str]:
    return [t for t in types(events) if t != "thinking"]
