"""Side-by-side: one message, two configurations of the same agent, both streaming at once.

Each side runs as its own sandbox user (``sbx-…-a`` / ``-b``) in its own conversation, so a
mutation on one side (a budget change, an applied itinerary) cannot touch the other side's data
or the person's own. The turns are recorded with the person as ``owner_id``, so they count
against the person's daily limit and show in the person's traces. Only the person who started a
comparison can continue it, vote on it, or confirm its pending actions.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from pydantic import BaseModel

from agents.core import inputs
from agents.core.actions import ActionOutcome, ActionService
from agents.core.agent import get_agent
from agents.core.clock import Clock, system_clock
from agents.core.errors import PlaygroundError
from agents.core.events import Done, Error, Event
from agents.core.ids import new_id
from agents.core.providers import Provider
from agents.core.store import MessageRow, PendingActionRow, Store, TraceRow
from agents.core.store.comparisons import VOTES, ComparisonRow, RoundRow, SideConfig
from agents.core.streaming import TurnPump, end_error, is_end
from agents.services.lab.access import LabUser
from agents.services.lab.runs import check_config, session_with
from agents.services.messages import say

Side = Literal["a", "b"]
SIDES: tuple[Side, Side] = ("a", "b")


class ComparisonNotFound(PlaygroundError):
    code = "comparison_not_found"


@dataclass(frozen=True)
class SideEvent:
    """One event of one side, as the merged stream hands it out."""

    side: Side
    event: Event
    round: int

    @property
    def type(self) -> str:
        return self.event.type

    def wire(self) -> dict[str, object]:
        return {**self.event.model_dump(mode="json"), "side": self.side, "round": self.round}


@dataclass(frozen=True)
class RoundEnd:
    """After both sides ended: what the round recorded."""

    comparison_id: str
    round: int
    turns: dict[str, str | None] = field(default_factory=dict)
    type: str = "comparison_round"

    def wire(self) -> dict[str, object]:
        return {"type": self.type, "comparison_id": self.comparison_id, "round": self.round,
                "turn_a": self.turns.get("a"), "turn_b": self.turns.get("b")}


def _not_found(comparison_id: str) -> ComparisonNotFound:
    return ComparisonNotFound(say("comparison_not_found", id=comparison_id))


def sandbox_user(comparison_id: str, side: Side) -> str:
    return f"sbx-{comparison_id.removeprefix('cmp_')[-16:]}-{side}"


def start(store: Store, who: LabUser, agent_id: str, a: SideConfig, b: SideConfig, now: datetime) -> ComparisonRow:
    """A new comparison (no rounds yet): both configurations are checked before anything is stored."""
    spec = get_agent(inputs.text(agent_id, "agent"))
    a, b = check_config(store, spec.id, a, who), check_config(store, spec.id, b, who)
    comparison_id = new_id("cmp")
    row = ComparisonRow(id=comparison_id, owner_id=who.user_id, agent_id=spec.id, title=None, config_a=a, config_b=b,
                        user_a=sandbox_user(comparison_id, "a"), user_b=sandbox_user(comparison_id, "b"),
                        conversation_a=None, conversation_b=None, created_at=now, updated_at=now)
    store.comparisons.create(row)
    return row


def get(store: Store, who: LabUser, comparison_id: str) -> ComparisonRow:
    row = store.comparisons.get(inputs.identifier(comparison_id, "comparison_id"),
                                None if who.operator else who.user_id)
    if row is None:
        raise _not_found(comparison_id)
    return row


def run_round(store: Store, who: LabUser, comparison_id: str, text: str, *,
              providers: dict[str, Provider] | None = None, api_keys: dict[str, str | None] | None = None,
              pace_ms: float | None = None, clock: Clock = system_clock) -> Iterator[SideEvent | RoundEnd]:
    """Send ``text`` to both sides at once; yields each side's events as they come, then one RoundEnd.
    Closing the iterator stops both turns (their partial replies are saved, as with Stop)."""
    row = get(store, who, comparison_id)
    text = inputs.text(text)
    if not text.strip():
        raise inputs.InvalidInput("message", say("compare_empty"))
    number = store.comparisons.add_round(row.id, text, clock())
    if row.title is None:
        store.db.execute("UPDATE comparisons SET title = ? WHERE id = ? AND title IS NULL",
                         [" ".join(text.split())[:80], row.id])
    items: queue.SimpleQueue[tuple[Side, object]] = queue.SimpleQueue()
    pumps: list[TurnPump[Event]] = []
    sessions = {}
    pending = set()

    def deliver_to(side: Side) -> Callable[[object], None]:
        return lambda item: items.put((side, item))

    for side in SIDES:
        config: SideConfig = row.config_a if side == "a" else row.config_b
        try:
            session = session_with(row.agent_id, row.user_a if side == "a" else row.user_b, config,
                                   conversation_id=row.conversation_a if side == "a" else row.conversation_b,
                                   owner_id=row.owner_id, comparison=(row.id, side),
                                   provider=(providers or {}).get(side), api_key=(api_keys or {}).get(side),
                                   pace_ms=pace_ms, store=store, clock=clock)
        except PlaygroundError as exc:
            items.put((side, Error(turn_id="", seq=0, code=exc.code, message=exc.message, retryable=exc.retryable)))
            items.put((side, _ENDED))
            pending.add(side)
            continue
        sessions[side] = session
        pending.add(side)
        pumps.append(TurnPump(session.send(text), deliver_to(side), name=f"compare-{side}"))
    turns: dict[str, str | None] = {"a": None, "b": None}
    try:
        while pending:
            side, item = items.get()
            if item is _ENDED or is_end(item):
                error = end_error(item)
                if error is not None:
                    yield SideEvent(side, Error(turn_id=turns[side] or "", seq=0, code="internal_error", retryable=True,
                                                message=f"Side {side.upper()} failed ({type(error).__name__})."), number)
                pending.discard(side)
                continue
            event: Event = item  # type: ignore[assignment]
            if isinstance(event, Done | Error) and event.turn_id:
                turns[side] = event.turn_id
                store.comparisons.set_turn(row.id, number, side, event.turn_id)
            yield SideEvent(side, event, number)
    finally:
        for pump in pumps:
            pump.cancel()
        for pump in pumps:
            pump.join(timeout=10)
        conv = {s: sessions[s].conversation_id if s in sessions else None for s in SIDES}
        store.comparisons.set_conversations(row.id, conv["a"], conv["b"], clock())
    yield RoundEnd(row.id, number, turns)


_ENDED = object()


def vote(store: Store, who: LabUser, comparison_id: str, number: int, choice: str, now: datetime) -> RoundRow:
    if choice not in VOTES:
        raise inputs.InvalidInput("vote", say("vote_bad", choices=", ".join(VOTES), shown=choice))
    row = get(store, who, comparison_id)
    rounds = {r.round: r for r in store.comparisons.rounds(row.id)}
    target = rounds.get(number)
    if target is None:
        raise ComparisonNotFound(say("round_missing", id=row.id, number=number, n=len(rounds)))
    if target.turn_a is None and target.turn_b is None:
        raise PlaygroundError(say("round_not_finished", number=number), code="round_not_finished")
    updated = store.comparisons.vote(row.id, number, choice, now)
    assert updated is not None
    return updated


def act(store: Store, who: LabUser, comparison_id: str, side: str, action_id: str, decision: str,
        clock: Clock = system_clock) -> ActionOutcome:
    """Confirm or cancel a pending action proposed on one side (as that side's sandbox user)."""
    if side not in SIDES:
        raise inputs.InvalidInput("side", say("side_bad", shown=side))
    row = get(store, who, comparison_id)
    user = row.user_a if side == "a" else row.user_b
    service = ActionService(store, clock)
    action_id = inputs.identifier(action_id, "action_id")
    if decision == "confirm":
        return service.confirm(action_id, user)
    if decision == "cancel":
        return service.cancel(action_id, user)
    raise inputs.InvalidInput("decision", say("decision_bad"))


class SideSummary(BaseModel):
    turn_id: str | None
    status: str | None = None
    latency_ms: float | None = None
    ttft_ms: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    cost_usd: float | None = None
    prompt_version: int | None = None
    provider: str | None = None
    model: str | None = None


class RoundView(BaseModel):
    round: int
    message: str
    vote: str | None
    a: SideSummary
    b: SideSummary


def rounds(store: Store, who: LabUser, comparison_id: str) -> list[RoundView]:
    """Each round with both sides' figures from their traces."""
    row = get(store, who, comparison_id)
    out: list[RoundView] = []
    for r in store.comparisons.rounds(row.id):
        out.append(RoundView(round=r.round, message=r.message, vote=r.vote, a=summary(store, r.turn_a),
                             b=summary(store, r.turn_b)))
    return out


def summary(store: Store, turn_id: str | None) -> SideSummary:
    trace = store.traces.get(turn_id) if turn_id else None
    if trace is None:
        return SideSummary(turn_id=turn_id)
    return SideSummary(**trace.model_dump(include=set(SideSummary.model_fields)))


def list_comparisons(store: Store, who: LabUser, agent_id: str | None = None, limit: int = 30) -> list[ComparisonRow]:
    return store.comparisons.list_for(who.user_id, agent_id, limit)


class SideHistory(BaseModel):
    """What one side's conversation holds, for redrawing it (read as that side's sandbox user)."""

    conversation_id: str | None
    messages: list[MessageRow] = []
    actions: list[PendingActionRow] = []
    traces: list[TraceRow] = []


def side_history(store: Store, who: LabUser, comparison_id: str, side: str) -> SideHistory:
    row = get(store, who, comparison_id)
    conversation = row.conversation_a if side == "a" else row.conversation_b
    if conversation is None:
        return SideHistory(conversation_id=None)
    return SideHistory(conversation_id=conversation, messages=store.messages.recent(conversation, 200),
                       actions=store.actions.list_for_conversation(conversation),
                       traces=store.traces.for_conversation(conversation))
