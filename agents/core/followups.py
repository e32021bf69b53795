"""Replay a labelled follow-up (``before:`` in tests/PHRASINGS_FORMAT.md) through the real agent.

Each earlier message, then the labelled one, is a real Session turn on the offline provider, on a
throwaway in-memory store with a frozen clock, so the agent builds its context from the stored history
exactly as it does for a person. The evaluators then read what the final turn decided from the model
requests that turn made: the offline policy is deterministic, so the agent's own reading of that
request is the decision the turn acted on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import TracebackType

from agents.core.agent import all_migrations
from agents.core.clock import FrozenClock
from agents.core.events import Error, Event
from agents.core.guards import GuardSettings
from agents.core.inputs import InvalidInput
from agents.core.messages import say
from agents.core.providers.base import ModelRequest
from agents.core.providers.offline import OfflineProvider
from agents.core.session import Session
from agents.core.store import Store, open_store
from agents.core.turn import TurnSettings

# A harness replays many turns as one user in one process: the per-user daily limit is not what it measures.
_SETTINGS = TurnSettings(guards=GuardSettings(daily_turn_limit=1_000_000_000), prompt_version=0)
MAX_BEFORE = 20  # earlier messages per item: each is a real turn, so a file cannot ask for thousands


def earlier(item: dict[str, object]) -> list[str]:
    """An item's ``before:`` messages, checked: a list of at most ``MAX_BEFORE`` non-empty strings."""
    raw = item.get("before")
    if raw is None:
        return []
    text = str(item.get("text", ""))[:60]
    if not isinstance(raw, list):
        raise InvalidInput("before", say("before_not_list", text=text, kind=type(raw).__name__))
    if not raw:
        raise InvalidInput("before", say("before_empty", text=text))
    if len(raw) > MAX_BEFORE:
        raise InvalidInput("before", say("before_too_many", text=text, n=len(raw), most=MAX_BEFORE))
    bad = next((i for i, m in enumerate(raw, 1) if not isinstance(m, str) or not m.strip()), None)
    if bad is not None:
        raise InvalidInput("before", say("before_bad_item", text=text, at=bad))
    return list(raw)


@dataclass(frozen=True)
class Step:
    """One message sent in the conversation, with the structured input a front end would send beside it."""

    text: str
    extra: dict[str, object] | None = None


@dataclass
class FinalTurn:
    """What the last message's turn did: its model requests in order, its events, and what went wrong
    on the way (an earlier turn that ended in an error)."""

    requests: list[ModelRequest]
    events: list[Event]
    problems: list[str] = field(default_factory=list)

    def request(self, purpose: str = "turn") -> ModelRequest | None:
        """The turn's first model call made for ``purpose`` (the one that read the user's message)."""
        return next((r for r in self.requests if r.purpose == purpose), None)

    def error(self) -> str | None:
        failed = next((e for e in self.events if isinstance(e, Error)), None)
        return f"the turn ended in an error ({failed.code}: {failed.message})" if failed else None


class Rehearsal:
    """A throwaway store, clock and offline provider for one agent and user; ``play`` runs one
    conversation in it (each call a new conversation). Use as a context manager, or ``close()``."""

    def __init__(self, agent_id: str, user_id: str, now: datetime) -> None:
        self.agent_id, self.user_id = agent_id, user_id
        self.clock = FrozenClock(now)
        self.store: Store = open_store(":memory:", all_migrations())
        self.provider = OfflineProvider(pace_ms=0)

    def session(self) -> Session:
        return Session(self.agent_id, self.user_id, self.provider, store=self.store, clock=self.clock,
                       settings=_SETTINGS)

    def play(self, steps: Sequence[Step], session: Session | None = None) -> FinalTurn:
        """Send every step in order in one conversation; the last one is the turn measured."""
        if not steps:
            raise ValueError("a follow-up needs at least the labelled message")
        session = session or self.session()
        self.provider.calls.clear()  # only the final turn's requests are read
        problems: list[str] = []
        for number, step in enumerate(steps[:-1], 1):
            events = session.run(step.text, step.extra)
            failed = next((e for e in events if isinstance(e, Error)), None)
            if failed is not None:
                problems.append(f"earlier message {number} ({step.text!r}) ended in an error: {failed.code}")
        first = len(self.provider.calls)
        events = session.run(steps[-1].text, steps[-1].extra)
        return FinalTurn(list(self.provider.calls[first:]), events, problems)

    def close(self) -> None:
        self.store.db.close()

    def __enter__(self) -> Rehearsal:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
