"""Pure rendering: events (live) or stored rows (reload) -> a framework-neutral view model.

No Gradio import here: ``pages/gradio/chat_gradio.py`` maps a ``ChatView`` to components, and a
second front end can map the same model to its own widgets. Tests check these functions.
Pending actions and workspace slots (current state beside the chat) are in ``agents/view/render_workspace.py``.

Order rule (the same live and on reload, so a reload rebuilds exactly the same view): a
turn's text and tool steps appear in the order they came; its cards follow them, so a card
sits right under the reply that produced it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from functools import cached_property
from typing import Literal, TypeVar, cast

from pydantic import BaseModel, Field, PrivateAttr

from agents.core import cards, guards
from agents.core.cards import AlertCard, CardData, CardField
from agents.core.clock import aware
from agents.core.events import Event
from agents.core.store.models import MessageRow, PendingActionRow, TraceRow
from agents.nlu import past
from agents.view import registry
from agents.view.render_workspace import ActionView, action_from_row, propose_action, set_action

T = TypeVar("T")
Kind = Literal["text", "step", "card", "error", "outcome", "notice"]
StepStatus = Literal["running", "done", "awaiting", "failed"]


class CardView(BaseModel):
    card_type: str
    title: str
    data: CardField = Field(default_factory=dict)  # as stored: a reload never walks it (agents/core/cards.py)
    group: str | None = None  # the turn (or action) that produced it
    # What a front end drew for this card, kept with it: a card never changes once made, and a
    # streaming reply redraws the whole chat up to 30 times a second (not serialised).
    _drawn: dict[str, object] = PrivateAttr(default_factory=dict)

    @cached_property
    def typed(self) -> CardData:
        """The data as its kind's model, validated when a front end first reads it (never on reload)."""
        return cards.parse(self.card_type, self.data)

    def drawn(self, key: str, draw: Callable[[], T]) -> T:
        if key not in self._drawn:
            self._drawn[key] = draw()
        return cast(T, self._drawn[key])  # what this key's draw returned: each key has one drawing


class MessageView(BaseModel):
    """One entry of the conversation: text, a tool step, a card, an error or an action outcome."""

    role: Literal["user", "assistant"] = "assistant"
    kind: Kind = "text"
    text: str = ""
    turn_id: str | None = None
    # tool steps and intents
    name: str = ""
    call_id: str | None = None
    status: StepStatus = "done"
    args: dict[str, object] | None = None
    output: str = ""
    started_at: datetime | None = None
    duration_ms: float | None = None
    # cards, errors and outcomes
    card: CardView | None = None
    code: str | None = None
    action_id: str | None = None
    action_status: str | None = None


class ChatView(BaseModel):
    """Everything one agent tab shows for one conversation."""

    conversation_id: str | None = None
    messages: list[MessageView] = Field(default_factory=list)
    actions: list[ActionView] = Field(default_factory=list)
    suggestions: list[str] = Field(default_factory=list)
    clarification: str | None = None
    badge: str = ""
    error: str | None = None
    state: dict[str, object] = Field(default_factory=dict)  # the conversation's agent state (budget, tags...)
    feedback: dict[str, str] = Field(default_factory=dict)  # turn_id -> up | down
    running: bool = False
    # The last turn's done.meta switches a workspace may show (seed 002: response_mode, structured, sources).
    canvas: dict[str, object] | None = None  # {"markdown", "structured", "turn_id"} of a canvas_markdown reply


def _done_meta(view: ChatView, meta: dict[str, object], turn: str | None) -> None:
    """What a finished turn's done.meta shows (sources, a canvas): the agents' ``ui.on_done`` hooks."""
    for hook in registry.done_hooks():
        for message in hook(view, meta, turn):
            _insert(view, message)


def _ms_between(start: datetime | None, end: datetime) -> float | None:
    if start is None:
        return None
    return max(0.0, (aware(end) - aware(start)).total_seconds() * 1000)


def _after_user_message(view: ChatView, turn_id: str | None, *, past_leads: bool) -> int | None:
    """Where a card goes right under its turn's user message (after the cards already there)."""
    for index in range(len(view.messages) - 1, -1, -1):
        message = view.messages[index]
        if message.role == "user" and message.kind == "text" and (turn_id is None or message.turn_id == turn_id):
            at = index + 1
            while at < len(view.messages) and _opens_turn(view.messages[at], turn_id, past_leads):
                at += 1
            return at
    return None


def _opens_turn(message: MessageView, turn_id: str | None, past_leads: bool) -> bool:
    """A card already placed under the user message: their own side's, or (for a lead card) a lead."""
    if message.kind != "card" or message.turn_id != turn_id:
        return False
    return message.role == "user" or (past_leads and _is_lead(message))


def _insert(view: ChatView, message: MessageView) -> None:
    """Cards go last in their turn; anything else goes before the turn's trailing cards. User-side and
    lead cards go right under the turn's user message instead."""
    if message.kind == "card":
        place = registry.place_of(message.card.card_type) if message.card is not None else "reply"
        if place != "reply":  # the card's agent puts it under the user message (``AgentUI.cards``)
            if place == "user":
                message.role = "user"
            at = _after_user_message(view, message.turn_id, past_leads=place == "lead")
            if at is not None:
                view.messages.insert(at, message)
                return
        view.messages.append(message)
        return
    index = len(view.messages)
    while (index and view.messages[index - 1].kind == "card" and message.turn_id is not None
           and view.messages[index - 1].turn_id == message.turn_id and view.messages[index - 1].role != "user"
           and not _is_lead(view.messages[index - 1])):
        index -= 1
    view.messages.insert(index, message)


def _is_lead(message: MessageView) -> bool:
    return message.card is not None and registry.place_of(message.card.card_type) == "lead"


def _find_step(view: ChatView, call_id: str) -> MessageView | None:
    for message in reversed(view.messages):
        if message.kind == "step" and message.call_id == call_id:
            return message
    return None


def _append_text(view: ChatView, text: str, turn_id: str | None) -> None:
    for message in reversed(view.messages):
        if message.kind == "card" and message.turn_id == turn_id:
            continue
        if message.role == "assistant" and message.kind == "text" and message.turn_id == turn_id:
            message.text += text
            return
        break
    _insert(view, MessageView(text=text, turn_id=turn_id))


def add_user_message(view: ChatView, text: str) -> ChatView:
    view = view.model_copy(deep=True)
    if len(text) > guards.GuardSettings.from_env().max_input_chars:
        # What the store keeps of it, so the page neither holds nor redraws a huge refused message.
        text = guards.refused_placeholder(text)
    view.messages.append(MessageView(role="user", text=text))
    view.suggestions, view.clarification, view.error, view.running = [], None, None, True
    return view


def badge_text(provider: str, model: str, latency_ms: float, input_tokens: int, output_tokens: int,
               ttft_ms: float | None = None) -> str:
    first = f" · first token {ttft_ms:.0f} ms" if ttft_ms is not None else ""
    return f"{provider}/{model} · {latency_ms:.0f} ms{first} · {input_tokens}+{output_tokens} tokens"


def _stamp_user_turn(view: ChatView, turn_id: str) -> None:
    """The live user message learns its turn id from the first event of the turn."""
    for message in reversed(view.messages):
        if message.role == "user":
            if message.turn_id is None:
                message.turn_id = turn_id
            return


def apply_event(view: ChatView, event: Event) -> ChatView:
    """Fold one event into a copy of the view."""
    view = view.model_copy(deep=True)
    apply_event_in_place(view, event)
    return view


def apply_event_in_place(view: ChatView, event: Event) -> None:
    turn = event.turn_id
    _stamp_user_turn(view, turn)
    match event.type:
        case "text_delta":
            _append_text(view, event.content, turn)
        case "thinking":
            view.badge = f"… {event.message or event.stage}"
        case "intent":
            _insert(view, _intent_step(event.name, event.confidence, event.args, event.reasoning, turn))
        case "tool_call":
            step = _find_step(view, event.call_id)
            if step is None:
                step = MessageView(kind="step", name=event.name, call_id=event.call_id, args=event.args,
                                   status="running", started_at=event.ts, turn_id=turn)
                _insert(view, step)
            if event.status == "awaiting_confirmation":
                step.status = "awaiting"
            elif event.status in ("done", "error"):
                step.status = "done" if event.status == "done" else "failed"
        case "tool_result":
            step = _find_step(view, event.call_id)
            if step is None:
                step = MessageView(kind="step", name=event.name, call_id=event.call_id, turn_id=turn)
                _insert(view, step)
            step.output = event.summary
            if step.status != "awaiting":
                step.status = "done" if event.ok else "failed"
            step.duration_ms = _ms_between(step.started_at, event.ts)
        case "data_card":
            _insert(view, MessageView(kind="card", turn_id=turn, card=CardView(
                card_type=event.card_type, title=event.title, data=event.data, group=turn)))
        case "action_confirmation":
            propose_action(view, event)
        case "action_result":
            set_action(view, event.action_id, event.status or ("COMPLETED" if event.ok else "FAILED"), event.message)
        case "ui_action":
            _insert(view, MessageView(kind="step", name=ui_step_name(event.label, event.action_id),
                                      args=event.params, turn_id=turn))
        case "clarification":
            # The question itself arrives as text; its options become the suggestion buttons.
            view.clarification = event.question
            if event.options:
                view.suggestions = list(event.options)
        case "suggested_questions":
            view.suggestions = list(event.questions)
        case "alert":
            _insert(view, MessageView(kind="card", turn_id=turn, card=CardView(
                card_type="alert", title=event.title, group=turn,
                data=AlertCard(severity=event.severity, message=event.message, alert_id=event.alert_id))))
        case "done":
            view.conversation_id = event.conversation_id
            view.running = False
            view.badge = badge_text(event.provider, event.model, event.latency_ms, event.usage.input_tokens,
                                    event.usage.output_tokens, event.ttft_ms)
            for message in view.messages:
                if message.kind == "step" and message.status == "running":
                    message.status = "done"
            _done_meta(view, event.meta, turn)
        case "error":
            view.conversation_id = event.conversation_id or view.conversation_id
            view.running = False
            view.error = event.code
            _insert(view, MessageView(kind="error", code=event.code, text=event.message, turn_id=turn))
            for message in view.messages:
                if message.kind == "step" and message.status == "running":
                    message.status = "failed"
            view.badge = ""


def _timestamp(value: object) -> datetime | None:
    if isinstance(value, datetime):
        return value
    try:
        return datetime.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


def _intent_step(name: str, confidence: float, args: dict[str, object] | None, reasoning: str,
                 turn_id: str | None) -> MessageView:
    return MessageView(kind="step", name=f"intent: {name} ({confidence:.0%})", args=args or None, output=reasoning,
                       turn_id=turn_id)


def _trace_intents(traces: list[TraceRow]) -> dict[str, MessageView]:
    """The intent step of each routed turn (shopping), as the live view showed it."""
    steps: dict[str, MessageView] = {}
    for trace in traces:
        for event in trace.events:
            if event.get("type") == "intent" and trace.turn_id not in steps:
                steps[trace.turn_id] = _intent_step(event.get("name", ""), float(event.get("confidence") or 0),
                                                    event.get("args"), event.get("reasoning", ""), trace.turn_id)
    return steps


def _trace_facts(traces: list[TraceRow]) -> tuple[dict[str, float], dict[str, TraceRow]]:
    """Tool durations by call id, and the turns that ended without ``done``."""
    durations: dict[str, float] = {}
    failed: dict[str, TraceRow] = {}
    for trace in traces:
        # From the events' own timestamps, as the live view measures them, so a reload shows the
        # very same durations (the trace's elapsed_ms runs on another clock).
        started: dict[str, datetime] = {}
        for event in trace.events:
            ts = _timestamp(event.get("ts"))
            if ts is None:
                continue
            if event.get("type") == "tool_call" and event.get("call_id") not in started:
                started[event["call_id"]] = ts
            elif event.get("type") == "tool_result" and event.get("call_id") in started:
                durations[event["call_id"]] = _ms_between(started[event["call_id"]], ts) or 0.0
        if trace.status in ("error", "interrupted"):
            failed[trace.turn_id] = trace
    return durations, failed


def ui_step_name(label: str | None, action_id: str) -> str:
    """A screen action as a step: its label, in the turn's language (events stored before issue 28 carry
    none: their id, without the risk)."""
    return label or action_id


def _ui_step(event: dict[str, object], turn_id: str | None) -> MessageView:
    label = event.get("label")
    return MessageView(kind="step", name=ui_step_name(label if isinstance(label, str) else None,
                                                      str(event.get("action_id"))),
                       args=event.get("params") or {}, turn_id=turn_id)


def _ui_steps(view: ChatView, trace: TraceRow) -> None:
    """A turn's ``ui_action`` events, where the live view showed them: after the tool step that ran
    the action, or before the step that waits for its confirmation."""
    events = trace.events
    for i, event in enumerate(events):
        if event.get("type") != "ui_action":
            continue
        step = _ui_step(event, trace.turn_id)
        before, after = (events[i - 1] if i else {}), (events[i + 1] if i + 1 < len(events) else {})
        if before.get("type") == "tool_call" and (anchor := _find_step(view, before.get("call_id", ""))):
            view.messages.insert(view.messages.index(anchor) + 1, step)
        elif after.get("type") == "tool_call" and (anchor := _find_step(view, after.get("call_id", ""))):
            view.messages.insert(view.messages.index(anchor), step)
        else:
            _insert(view, step)


def _error_of(trace: TraceRow) -> MessageView:
    event: dict[str, object] = next((e for e in reversed(trace.events) if e.get("type") == "error"), {})
    return MessageView(kind="error", turn_id=trace.turn_id, code=event.get("code") or trace.error_code or trace.status,
                       text=event.get("message", ""))


def view_from_history(conversation_id: str | None, rows: list[MessageRow], actions: list[PendingActionRow],
                      traces: list[TraceRow] | None = None, *, state: dict[str, object] | None = None,
                      feedback: dict[str, str] | None = None) -> ChatView:
    """Rebuild a tab from the store, so cards, buttons, errors and suggestions survive a reload."""
    view = ChatView(conversation_id=conversation_id, state=dict(state or {}), feedback=dict(feedback or {}))
    durations, failed = _trace_facts(traces or [])
    intents = _trace_intents(traces or [])
    endings = {t.turn_id: t for t in traces or []}
    action_status = {a.id: a.status.value for a in actions}
    closed: set[str] = set()

    def close_turn(turn_id: str | None) -> None:
        """What the live view added from the turn's own events: UI-action steps, the failure, the
        done.meta switches (sources, canvas)."""
        if turn_id is None or turn_id in closed:
            return
        closed.add(turn_id)
        trace = endings.get(turn_id)
        if trace is not None:
            _ui_steps(view, trace)
            done = next((e for e in reversed(trace.events) if e.get("type") == "done"), None)
            if done is not None:
                _done_meta(view, done.get("meta") or {}, turn_id)
        if turn_id in failed:
            _insert(view, _error_of(failed[turn_id]))

    # A turn's opening cards (pushed alerts) came before anything else of the turn, live.
    opening: dict[str, list[dict[str, object]]] = {}
    for row in rows:
        if row.role == "assistant" and row.turn_id is not None and row.meta.get("opening_cards"):
            opening.setdefault(row.turn_id, []).extend(row.meta["opening_cards"])
    previous_turn: str | None = None
    for row in rows:
        if row.role == "user":
            close_turn(previous_turn)
            view.suggestions = []  # the chips belong to the last reply only (issue 28)
            content = row.content or ""
            view.messages.append(MessageView(role="user", turn_id=row.turn_id,
                                             text=content if len(content) < 2_000 else content[:2_000] + "…"))
            if row.status == "refused":
                _insert(view, MessageView(kind="error", code=row.meta.get("refused") or "refused", turn_id=row.turn_id))
            for card in opening.get(row.turn_id or "", []):
                _insert(view, MessageView(kind="card", turn_id=row.turn_id, card=CardView(**card, group=row.turn_id)))
            if row.turn_id in intents:
                _insert(view, intents[row.turn_id])
            previous_turn = row.turn_id
        elif row.role == "assistant":
            if row.turn_id is None and "action_id" in row.meta:  # the outcome of Confirm / Cancel / expiry
                close_turn(previous_turn)
                previous_turn, view.suggestions = None, []
                _insert(view, MessageView(kind="outcome", text=row.content or "", action_status=row.meta.get(
                    "action_status"), name=row.meta.get("tool_name", "")))
                for card in row.meta.get("cards", []):
                    view.messages.append(MessageView(kind="card", card=CardView(**card, group=row.id)))
                continue
            if row.content and _joinable(view, row.turn_id):
                _append_text(view, row.content, row.turn_id)
            elif row.content:
                _insert(view, MessageView(text=row.content, turn_id=row.turn_id))
            for call in row.tool_calls:
                try:
                    args = json.loads(call.get("arguments") or "{}")
                except json.JSONDecodeError:
                    args = {"raw": call.get("arguments")}
                _insert(view, MessageView(kind="step", name=call["name"], call_id=call["id"], turn_id=row.turn_id,
                                          args=args if isinstance(args, dict) else {},
                                          duration_ms=durations.get(call["id"])))
            for card in row.meta.get("cards", []):
                _insert(view, MessageView(kind="card", turn_id=row.turn_id, card=CardView(**card, group=row.turn_id)))
            if row.meta.get("suggestions"):
                view.suggestions = list(row.meta["suggestions"])
        elif row.role == "tool":
            step = _find_step(view, row.tool_call_id or "")
            if step is not None:
                step.name = row.tool_name or step.name  # the tool that ran (a pipeline may hand a call to another)
                if "args" in row.meta:  # the validated args, as the live tool_call event showed them
                    step.args = row.meta["args"]
                if "action_id" in row.meta:
                    status = action_status.get(row.meta["action_id"], "PENDING")
                    step.status = "awaiting" if status == "PENDING" else "done"
                    step.action_status = None if status == "PENDING" else status
                    step.output = row.meta.get("summary", "")
                    if status == "COMPLETED":
                        step.output = past(step.output)
                    step.action_id = row.meta["action_id"]
                elif "summary" in row.meta:
                    step.output = row.meta["summary"]
                    step.status = "done" if row.meta.get("ok", True) else "failed"
            for card in row.meta.get("cards", []):
                _insert(view, MessageView(kind="card", turn_id=row.turn_id, card=CardView(**card, group=row.turn_id)))
    close_turn(previous_turn)
    view.actions = [action_from_row(a) for a in actions]
    return view


def _joinable(view: ChatView, turn_id: str | None) -> bool:
    """Stored text of one turn split only by cards joins up, as the live stream did."""
    for message in reversed(view.messages):
        if message.kind == "card" and message.turn_id == turn_id:
            continue
        return message.role == "assistant" and message.kind == "text" and message.turn_id == turn_id
    return False


def feedback_target(view: ChatView, index: int) -> str | None:
    """The turn a 👍/👎 on chat entry ``index`` rates (entries as ``view.messages`` lists them)."""
    if 0 <= index < len(view.messages):
        message = view.messages[index]
        if message.role == "assistant" and message.turn_id:
            return message.turn_id
    return None


def has_reply(view: ChatView) -> bool:
    """Does the chat show anything of the reply to the last user message yet?"""
    for message in reversed(view.messages):
        if message.role == "user":
            return False
        if message.kind != "text" or message.text:
            return True
    return False


def last_user_text(view: ChatView) -> str | None:
    for message in reversed(view.messages):
        if message.role == "user" and message.text.strip():
            return message.text
    return None
