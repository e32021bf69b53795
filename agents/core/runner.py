"""The turn loop (DESIGN.md, "The turn loop").

guards -> persist the user message -> context -> up to ``max_steps`` model calls
(query tools run at once, mutations become pending actions and end the turn) ->
persist messages, actions, usage and the trace in one transaction -> suggested
questions and exactly one ``done`` or ``error``.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from datetime import datetime

from agents.core import cards, guards, limits, telemetry
from agents.core.agent import AgentSpec
from agents.core.cards import AlertCard
from agents.core.errors import ConversationNotFound, GuardRefusal, PlaygroundError, error_fields
from agents.core.events import (
    ActionConfirmation,
    Alert,
    Clarification,
    DataCard,
    Done,
    Emitter,
    Error,
    Event,
    SuggestedQuestions,
)
from agents.core.ids import new_id
from agents.core.locks import holding, recovery_cutoff
from agents.core.messages import say
from agents.core.providers.base import (
    Provider,
)
from agents.core.store import ConversationRow, NewMessage, Store, TraceRow
from agents.core.trace_record import write_refused_trace, write_turn_trace
from agents.core.tracing import phase
from agents.core.turn import Turn, TurnSettings, tool_loop
from agents.core.turn_inputs import TurnInputs

log = logging.getLogger(__name__)


def run_turn(
    *, agent: AgentSpec, store: Store, provider: Provider, user_id: str, conversation_id: str | None, text: str,
    now: datetime, settings: TurnSettings | None = None, on_conversation: Callable[[str], None] | None = None,
    extra: TurnInputs | None = None,
) -> Iterator[Event]:
    settings = settings or TurnSettings()
    turn_id = new_id("turn")
    emitter = Emitter(turn_id)
    started = time.perf_counter()

    # 1. Guards. An empty message has nothing to keep; every other refusal is recorded.
    try:
        cleaned = guards.check_nonempty(text)
    except GuardRefusal as exc:
        yield emitter(Error, code=exc.code, message=exc.message, retryable=False, conversation_id=conversation_id)
        return
    # One turn at a time per conversation: the lock is taken before the row is read, so each
    # turn reads the state the previous one wrote. A new conversation's id is known to no one
    # else yet, so it is locked right after it is created.
    with ExitStack() as held:
        locked = (held.enter_context(holding(conversation_id, TURN_LOCK_SECONDS, store.db))
                  if conversation_id is not None else False)
        try:
            conversation = _open_conversation(store, agent, user_id, conversation_id, cleaned, now)
        except PlaygroundError as exc:
            yield emitter(Error, code=exc.code, message=exc.message, retryable=exc.retryable,
                          conversation_id=conversation_id)
            return
        except Exception as exc:
            log.exception("could not open the conversation")
            yield emitter(Error, code="store_error", retryable=True, conversation_id=conversation_id,
                          message=f"The conversation could not be opened ({type(exc).__name__}: {exc}); "
                                  "nothing was sent to the model. Try again.")
            return
        if conversation_id is None:
            locked = held.enter_context(holding(conversation.id, TURN_LOCK_SECONDS, store.db))
        if on_conversation is not None:
            on_conversation(conversation.id)
        yield from _locked_turn(agent, store, provider, user_id, conversation, text, cleaned, now, settings, extra,
                                turn_id, emitter, started, locked)


# A short bounded wait: long enough to absorb a confirm's outcome note or a double click,
# short enough that a busy conversation answers "busy" at once instead of piling up callers.
TURN_LOCK_SECONDS = 2.0


def _locked_turn(
    agent: AgentSpec, store: Store, provider: Provider, user_id: str, conversation: ConversationRow, text: str,
    cleaned: str, now: datetime, settings: TurnSettings, extra: TurnInputs | None, turn_id: str,
    emitter: Emitter, started: float, locked: bool,
) -> Iterator[Event]:
    if not locked:
        # Not accepted, so not saved: the caller still holds the text and can send it again.
        yield emitter(Error, code="conversation_busy", retryable=True, conversation_id=conversation.id,
                      message=say("conversation_busy"))
        return
    refusal: GuardRefusal | None = None
    claim = limits.NO_CLAIM
    guards_started = time.perf_counter()
    try:
        guards.check_size(text, settings.guards)
        guards.check_injection(cleaned)
        # Last: a message refused above uses none of the day's turns or budget.
        claim = limits.claim_turn(store, provider, settings.owner_id or user_id, now, settings.guards)
    except GuardRefusal as exc:
        refusal = exc
    pre_spans = [phase("guards", guards_started, started, ok=refusal is None)]
    # 2. The user message is durable before any model call (a refused one too; too large, only its placeholder).
    stored = cleaned if refusal is None else guards.kept_text(text, refusal)
    user_message = NewMessage(
        role="user", content=stored, turn_id=turn_id,
        status="complete" if refusal is None else "refused",
        meta=_user_meta(refusal, extra), id=new_id("msg"),
    )
    saved_started = time.perf_counter()
    try:
        store.db.write(lambda: store.messages.add(conversation.id, [user_message], now))
        pre_spans.append(phase("persist", saved_started, started, name="user message"))
    except Exception as exc:
        log.error("could not record the user message", exc_info=not isinstance(exc, PlaygroundError))
        if not isinstance(exc, PlaygroundError):  # the store's own refusals (disk full, file gone) can't write
            claim.release(store)
        yield emitter(Error, conversation_id=conversation.id, **error_fields(exc, (
            f"Your message could not be saved ({type(exc).__name__}: {exc}); nothing was sent to the model. "
            "Try again.")))
        return
    if refusal is not None:
        error = emitter(Error, code=refusal.code, message=refusal.message, retryable=refusal.retryable,
                        conversation_id=conversation.id)
        row = write_refused_trace(store, agent, provider, user_id, conversation.id, now, turn_id, error, started,
                                  settings, stored, pre_spans)
        telemetry.export_turn(row, started)  # in the background; never raises
        yield error
        return
    turn = Turn(agent=agent, store=store, provider=provider, user_id=user_id, conversation=conversation,
                text=cleaned, now=now, settings=settings, turn_id=turn_id, emitter=emitter, started=started,
                extra=extra)
    turn.phases.extend(pre_spans)
    turn.user_message_id = user_message.id
    try:
        yield from _drive(turn)
    finally:
        claim.settle(store, provider, turn.spans, turn.usage, now)


def _drive(turn: Turn) -> Iterator[Event]:
    pipeline = turn.agent.pipeline or tool_loop
    held: list[Event] = []  # confirmation cards wait until their action rows are committed
    terminal: Event | None = None
    options: list[str] = []  # a clarification's choices, kept so a reload shows them again
    try:
        yield from _push_alerts(turn)
        for event in pipeline(turn):
            if isinstance(event, Clarification) and event.options:
                options = list(event.options)
            if isinstance(event, DataCard) and event.seq not in turn.tool_card_seqs:
                turn.loose_cards.append({"card_type": event.card_type, "title": event.title, "data": event.data})
            if held or isinstance(event, ActionConfirmation):
                held.append(event)
            else:
                yield event
        turn.flush_reply()
        suggestions = turn.agent.suggest(turn, turn.final_text) if turn.agent.suggest else []
        if suggestions:
            held.append(turn.emit(SuggestedQuestions, questions=suggestions[:4]))
        message_id = _last_assistant_id(turn)
        _remember_suggestions(turn, message_id, suggestions[:4] or options)
        _remember_cards(turn, message_id)
        terminal = turn.emit(
            Done, conversation_id=turn.conversation.id, message_id=message_id, provider=turn.provider.name,
            model=turn.provider.model, usage=turn.usage, latency_ms=round(turn.elapsed_ms(), 3),
            ttft_ms=None if turn.ttft_ms is None else round(turn.ttft_ms, 3), meta=turn.meta,
        )
    except GeneratorExit:
        # The consumer stopped the stream (Stop button): keep the partial reply, marked.
        turn.flush_reply(status="interrupted")
        turn.emit(Error, code="interrupted", message="Stopped by the user; the partial reply was saved.",
                  conversation_id=turn.conversation.id)
        _persist_turn(turn, status="interrupted")
        raise
    except Exception as exc:
        turn.flush_reply(status="interrupted")
        held.clear()
        turn.actions_out.clear()  # a failed turn proposes nothing
        if isinstance(exc, PlaygroundError):
            code, message, retryable = exc.code, exc.message, exc.retryable
        else:
            log.exception("turn %s of agent %s failed", turn.id, turn.agent.id)
            code, retryable = "internal_error", True
            message = (f"The {turn.agent.id} agent failed ({type(exc).__name__}: {exc}). "
                       "Your message was saved; send it again or report this error.")
        terminal = turn.emit(Error, code=code, message=message, retryable=retryable,
                             conversation_id=turn.conversation.id)
    try:
        _persist_turn(turn, status=terminal.type)
    except Exception as exc:
        held.clear()
        log.error("could not persist turn %s", turn.id, exc_info=not isinstance(exc, PlaygroundError))
        if terminal.type == "done" or isinstance(exc, PlaygroundError):  # a store refusal (full disk...) wins
            terminal = turn.emit(Error, conversation_id=turn.conversation.id, **error_fields(exc, (
                f"The reply could not be saved ({type(exc).__name__}: {exc}). Your message was saved; send it again.")))
    yield from held
    yield terminal


INTERRUPTED_BY_RESTART = say("interrupted_by_restart")


def recover_interrupted_turns(store: Store, now: datetime) -> int:
    """At start-up: a turn with a user message but no reply and no trace was cut off by a
    crash. Give it an ``interrupted`` assistant message so the history reads truthfully."""
    turns = store.messages.unanswered_turns(recovery_cutoff(store, now))
    for conversation_id, turn_id in turns:
        note = NewMessage(role="assistant", content=INTERRUPTED_BY_RESTART, turn_id=turn_id, status="interrupted",
                          meta={"interrupted": "restart"}, id=new_id("msg"))
        store.db.write(functools.partial(store.messages.add, conversation_id, [note], now))
    return len(turns)


def _user_meta(refusal: GuardRefusal | None, extra: TurnInputs | None) -> dict[str, object]:
    """Why a message was refused, and the structured input sent beside it (a clicked anchor, the tutor's
    screen, the 적용하기 preview), so the conversation can be replayed, e.g. saved as an eval case."""
    meta: dict[str, object] = {} if refusal is None else {"refused": refusal.code}
    sent = extra.model_dump(mode="json", exclude_unset=True) if extra is not None else {}  # the keys sent
    if sent:
        meta["extra"] = sent
    return meta


def _push_alerts(turn: Turn) -> Iterator[Event]:
    """Seed 000 §7.4: the agent's proactive alerts enter the open chat, each once (``pushed_at``), as ``alert``
    events at the start of the next turn, and are kept with the reply (its cards) so a reload shows them."""
    if turn.agent.alert_check is None:
        return
    try:
        pushed = turn.store.db.write(lambda: turn.store.alerts.claim_for_chat(turn.user_id, turn.agent.id, turn.now))
    except Exception:
        log.warning("could not read the alerts to push into turn %s", turn.id, exc_info=True)
        return  # an alert never costs the turn: the banner still shows it
    for alert in pushed:
        title, message = (alert.title, alert.message) if turn.agent.alert_text is None else \
            turn.agent.alert_text(alert, turn.text)
        card = AlertCard(severity=alert.severity, message=message, alert_id=alert.id)
        turn.opening_cards.append({"card_type": "alert", "title": title, "data": cards.json_of(card)})
        yield turn.emit(Alert, alert_id=alert.id, severity=alert.severity, title=title, message=message)


def _last_assistant_id(turn: Turn) -> str | None:
    for message in reversed(turn.messages_out):
        if message.role == "assistant" and message.content:
            message.id = message.id or new_id("msg")
            return message.id
    return None


def _remember_suggestions(turn: Turn, message_id: str | None, questions: list[str]) -> None:
    """The last reply's suggestion buttons live in its message's meta, so a reload shows them."""
    if not questions or message_id is None:
        return
    for message in turn.messages_out:
        if message.id == message_id and "suggestions" not in message.meta:
            message.meta = {**message.meta, "suggestions": questions}


def _remember_cards(turn: Turn, message_id: str | None) -> None:
    """The turn's cards that no tool message holds go with its reply: ``opening_cards`` (drawn before the
    turn's tool cards on reload, where the live stream drew them) and ``cards`` (after them)."""
    if message_id is None:
        return
    for message in turn.messages_out:
        if message.id == message_id:
            meta = dict(message.meta)
            if turn.loose_cards:
                meta["cards"] = [*meta.get("cards", []), *turn.loose_cards]
            if turn.opening_cards:
                meta["opening_cards"] = [*meta.get("opening_cards", []), *turn.opening_cards]
            message.meta = meta


def _open_conversation(
    store: Store, agent: AgentSpec, user_id: str, conversation_id: str | None, first: str, now: datetime
) -> ConversationRow:
    if conversation_id is not None:
        row = store.conversations.get(conversation_id, user_id)
        if row is None:
            raise ConversationNotFound(
                f"Conversation {conversation_id!r} was not found for user {user_id!r}. "
                "Start a new conversation, or list yours with `playground conversations list`."
            )
        return row
    return store.conversations.create(user_id, agent.id, first, now)


def _persist_turn(turn: Turn, *, status: str) -> None:
    for message in turn.messages_out:  # stable ids, so a retried write inserts the same rows
        message.id = message.id or new_id("msg")
    recorded = turn.store.db.write(lambda: _write_turn(turn, status))
    telemetry.export_turn(recorded, turn.started)  # once committed, in the background; never raises


_GONE = object()


def _write_turn(turn: Turn, status: str) -> TraceRow:
    writes_started = time.perf_counter()
    turn.store.messages.add(turn.conversation.id, turn.messages_out, turn.now)
    for action in turn.actions_out:
        turn.store.actions.insert(action)
    # Only the keys this turn changed: a writer outside the turn (a workspace panel, a confirmed action, the
    # tutor's screen) may have put other keys meanwhile, and writing the turn's whole copy would undo them.
    before = turn.conversation.state
    changed = {key: value for key, value in turn.state.items() if before.get(key, _GONE) != value}
    removed = [key for key in before if key not in turn.state]
    if changed or removed:
        turn.store.conversations.set_state_keys(turn.conversation.id, changed, removed)
    return write_turn_trace(turn, status, writes_started)
