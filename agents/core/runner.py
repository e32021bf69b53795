"""The turn loop (DESIGN.md, "The turn loop").

guards -> persist the user message -> context -> up to ``max_steps`` model calls
(query tools run at once, mutations become pending actions and end the turn) ->
persist messages, actions, usage and the trace in one transaction -> suggested
questions and exactly one ``done`` or ``error``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from agents.core import guards, limits
from agents.core.agent import AgentSpec
from agents.core.errors import ConversationNotFound, GuardRefusal, PlaygroundError, error_fields
from agents.core.events import (
    ActionConfirmation,
    Clarification,
    DataCard,
    Done,
    Emitter,
    Error,
    Event,
    SuggestedQuestions,
    TextDelta,
    Usage,
)
from agents.core.history import to_model_messages
from agents.core.ids import new_id
from agents.core.locks import conversation_lock
from agents.core.providers.base import (
    ChatMessage,
    Finish,
    ModelOptions,
    ModelRequest,
    ModelResponse,
    ModelToolCall,
    Provider,
    TextChunk,
    ToolCallChunk,
    UsageChunk,
)
from agents.core.store import ConversationRow, NewMessage, PendingActionRow, Store
from agents.core.toolcalls import run_tool_call
from agents.core.tools import new_call_id
from agents.core.trace_record import write_refused_trace, write_turn_trace
from agents.core.tracing import SpanList, phase, request_record

log = logging.getLogger(__name__)


@dataclass
class TurnSettings:
    guards: guards.GuardSettings = field(default_factory=guards.GuardSettings.from_env)
    options: ModelOptions = field(default_factory=ModelOptions)
    action_ttl_minutes: float = 30.0
    # Run against this system-prompt version instead of the conversation's pick or the active one
    # (a side-by-side side, an eval run); 0 is the built-in prompt.
    prompt_version: int | None = None
    # The person behind a sandbox user (a side-by-side side): their daily limit, their Lab.
    owner_id: str | None = None
    # (comparison id, "a" or "b") for a side-by-side turn, recorded in its trace.
    comparison: tuple[str, str] | None = None


class Turn:
    """One turn's working state; custom pipelines use its helpers."""

    def __init__(
        self, *, agent: AgentSpec, store: Store, provider: Provider, user_id: str,
        conversation: ConversationRow, text: str, now: datetime, settings: TurnSettings, turn_id: str,
        emitter: Emitter, started: float, extra: dict[str, Any] | None = None,
    ) -> None:
        self.agent = agent
        self.store = store
        self.provider = provider
        self.user_id = user_id
        self.conversation = conversation
        self.text = text
        self.now = now
        self.settings = settings
        self.id = turn_id
        self._emitter = emitter
        self.started = started
        # Structured input beside the text (a clicked anchor product, start-panel choices).
        self.extra: dict[str, Any] = dict(extra or {})
        self.messages_out: list[NewMessage] = []
        # Cards a tool returned are kept with its tool message; the rest (a pipeline's own cards, as in
        # shopping) go with the turn's reply, so a reload rebuilds them too.
        self.tool_card_seqs: set[int] = set()
        self.loose_cards: list[dict[str, Any]] = []
        self.actions_out: list[PendingActionRow] = []
        self.state: dict[str, Any] = dict(conversation.state)
        self.usage = Usage()
        self.spans: list[dict[str, Any]] = SpanList(self.elapsed_ms)
        self.requests: list[dict[str, Any]] = []  # what each model call was sent, for the trace
        self.phases: list[dict[str, Any]] = []  # the runner's own steps: guards, persistence
        self.prompt_version: int | None = None
        self.meta: dict[str, Any] = {}
        self.reply_parts: list[str] = []  # text of the model step in progress
        self.final_text = ""
        self.ttft_ms: float | None = None
        self.recorded: list[tuple[Event, float]] = []
        self.history = store.messages.recent(conversation.id, agent.history_window)
        self._system: str | None = None

    # --- events ------------------------------------------------------------------

    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self.started) * 1000

    def emit(self, cls: type, **fields: Any) -> Any:
        event = self._emitter(cls, **fields)
        elapsed = self.elapsed_ms()
        if event.type == "text_delta" and self.ttft_ms is None:
            self.ttft_ms = elapsed
        self.recorded.append((event, elapsed))
        return event

    def say(self, text: str) -> Iterator[Event]:
        """Stream text that the pipeline wrote itself (word chunks, like a model)."""
        from agents.core.providers.offline import word_chunks

        # A provider that simulates typing (the offline model's pace_ms) paces this text alike.
        pace = float(getattr(self.provider, "pace_ms", 0) or 0) / 1000
        for index, chunk in enumerate(word_chunks(text)):
            if index and pace:
                time.sleep(pace)
            self.reply_parts.append(chunk)
            yield self.emit(TextDelta, content=chunk)

    # --- model -------------------------------------------------------------------

    def system_prompt(self) -> str:
        if self._system is None:
            self._system = self._build_system_prompt()
        return self._system

    def resolve_prompt(self) -> tuple[int, str]:
        """(version, text) of the stored system prompt this turn uses: the settings' override, the
        conversation's pick or the active version; 0 is the agent's built-in prompt."""
        version, text = self.store.prompts.resolve(self.agent.id, self.conversation.id, self.settings.prompt_version)
        self.prompt_version = version
        return version, text if text is not None else self.agent.system_prompt

    def _build_system_prompt(self) -> str:
        parts = [self.resolve_prompt()[1]]
        if self.agent.context is not None:
            extra = self.agent.context(self)
            if extra:
                parts.append(extra)
        open_actions = self.store.actions.list_for_conversation(self.conversation.id)[-5:]
        if open_actions:
            lines = [f"- {a.id} {a.tool_name}: {a.status}" for a in open_actions]
            parts.append(
                "Actions proposed in this conversation and their real status (never claim an action ran "
                "unless it is COMPLETED):\n" + "\n".join(lines)
            )
        return "\n\n".join(parts)

    def model_messages(self) -> list[ChatMessage]:
        return to_model_messages(self.history)

    def request(self, messages: list[ChatMessage], *, purpose: str = "turn", tools: bool = True) -> ModelRequest:
        return ModelRequest(
            agent_id=self.agent.id,
            system=self.system_prompt(),
            messages=messages,
            tools=self.agent.tools.specs() if tools else [],
            options=self.settings.options,
            policy=self.agent.offline_policy,
            purpose=purpose,
        )

    def stream_model(self, request: ModelRequest, *, forward_text: bool = True) -> Generator[Event, None, ModelResponse]:
        """Call the provider, forwarding text deltas as events; returns the whole response."""
        started = time.perf_counter()
        start_ms = self.elapsed_ms()
        first_ms: float | None = None
        response = ModelResponse()
        parts: list[str] = []
        self.requests.append(request_record(request, self._system))
        for chunk in self.provider.stream(request):
            if first_ms is None and isinstance(chunk, TextChunk | ToolCallChunk):
                first_ms = (time.perf_counter() - started) * 1000
            match chunk:
                case TextChunk(content=content):
                    parts.append(content)
                    if forward_text:
                        self.reply_parts.append(content)
                        yield self.emit(TextDelta, content=content)
                case ToolCallChunk(id=call_id, name=name, arguments=arguments):
                    # Some providers give no call id; results are matched to calls by it.
                    response.tool_calls.append(ModelToolCall(id=call_id or new_call_id(), name=name,
                                                             arguments=arguments))
                case UsageChunk(usage=usage):
                    response.usage = response.usage + usage
                case Finish():
                    response.finish = chunk
                    self.meta.update(chunk.meta)
        response.text = "".join(parts)
        self.usage = self.usage + response.usage
        self.spans.append({
            "kind": "model", "purpose": request.purpose, "ms": round((time.perf_counter() - started) * 1000, 3),
            "start_ms": round(start_ms, 3), "ttft_ms": None if first_ms is None else round(first_ms, 3),
            "input_tokens": response.usage.input_tokens, "output_tokens": response.usage.output_tokens,
            "tool_calls": [c.name for c in response.tool_calls],
        })
        return response

    def flush_reply(self, tool_calls: list[ModelToolCall] | None = None, *, status: str = "complete") -> None:
        """Turn the text streamed so far (and any tool calls) into one assistant message."""
        text = "".join(self.reply_parts)
        self.reply_parts = []
        if not text and not tool_calls:
            return
        if text.strip():
            self.final_text = text
        self.messages_out.append(NewMessage(
            role="assistant", content=text or None, turn_id=self.id, status=status,
            tool_calls=[c.model_dump() for c in tool_calls or []],
        ))

    def run_tool(self, call: ModelToolCall, *, from_button: bool = False
                 ) -> Generator[Event, None, tuple[ChatMessage, bool]]:
        return run_tool_call(self, call, from_button=from_button)


def tool_loop(turn: Turn) -> Iterator[Event]:
    """The default pipeline: model, tools, model... until text only or a mutation."""
    messages = turn.model_messages()
    for _ in range(turn.agent.max_steps):
        response = yield from turn.stream_model(turn.request(messages))
        turn.flush_reply(response.tool_calls)
        messages.append(ChatMessage(role="assistant", content=response.text, tool_calls=response.tool_calls))
        if not response.tool_calls:
            return
        awaiting = False
        for call in response.tool_calls:
            result, pending = yield from turn.run_tool(call)
            messages.append(result)
            awaiting = awaiting or pending
        if awaiting:
            return
    turn.meta["max_steps_reached"] = True
    yield from turn.say(f"(Stopped after {turn.agent.max_steps} model calls without a final answer.)")
    turn.flush_reply()


def run_turn(
    *, agent: AgentSpec, store: Store, provider: Provider, user_id: str, conversation_id: str | None, text: str,
    now: datetime, settings: TurnSettings | None = None, on_conversation: Any = None,
    extra: dict[str, Any] | None = None,
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
    lock = conversation_lock(conversation_id) if conversation_id is not None else None
    locked = lock.acquire(timeout=TURN_LOCK_SECONDS) if lock is not None else False
    try:
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
        if lock is None:
            lock = conversation_lock(conversation.id)
            locked = lock.acquire(timeout=TURN_LOCK_SECONDS)
        if on_conversation is not None:
            on_conversation(conversation.id)
        yield from _locked_turn(agent, store, provider, user_id, conversation, text, cleaned, now, settings, extra,
                                turn_id, emitter, started, locked)
    finally:
        if lock is not None and locked:
            lock.release()


# A short bounded wait: long enough to absorb a confirm's outcome note or a double click,
# short enough that a busy conversation answers "busy" at once instead of piling up callers.
TURN_LOCK_SECONDS = 2.0


def _locked_turn(
    agent: AgentSpec, store: Store, provider: Provider, user_id: str, conversation: ConversationRow, text: str,
    cleaned: str, now: datetime, settings: TurnSettings, extra: dict[str, Any] | None, turn_id: str,
    emitter: Emitter, started: float, locked: bool,
) -> Iterator[Event]:
    if not locked:
        # Not accepted, so not saved: the caller still holds the text and can send it again.
        yield emitter(Error, code="conversation_busy", retryable=True, conversation_id=conversation.id,
                      message="이 대화에서 다른 답변을 아직 작성하고 있어 메시지를 받지 않았습니다(저장되지 않음). "
                              "그 답변이 끝난 뒤 다시 보내세요. (Another reply in this conversation is still being "
                              "written; your message was not saved. Send it again when that reply is done.)")
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
        write_refused_trace(store, agent, provider, user_id, conversation.id, now, turn_id, error, started, settings,
                            stored, pre_spans)
        yield error
        return
    turn = Turn(agent=agent, store=store, provider=provider, user_id=user_id, conversation=conversation,
                text=cleaned, now=now, settings=settings, turn_id=turn_id, emitter=emitter, started=started,
                extra=extra)
    turn.phases.extend(pre_spans)
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


INTERRUPTED_BY_RESTART = "이 답변은 서버 재시작으로 중단되었습니다 (this reply was cut off by a server restart)."


def recover_interrupted_turns(store: Store, now: datetime) -> int:
    """At start-up: a turn with a user message but no reply and no trace was cut off by a
    crash. Give it an ``interrupted`` assistant message so the history reads truthfully."""
    turns = store.messages.unanswered_turns()
    for conversation_id, turn_id in turns:
        note = NewMessage(role="assistant", content=INTERRUPTED_BY_RESTART, turn_id=turn_id, status="interrupted",
                          meta={"interrupted": "restart"}, id=new_id("msg"))
        store.db.write(lambda c=conversation_id, n=note: store.messages.add(c, [n], now))
    return len(turns)


def _user_meta(refusal: GuardRefusal | None, extra: dict[str, Any] | None) -> dict[str, Any]:
    """Why a message was refused, and the structured input sent beside it (a clicked anchor, the tutor's
    screen, the 적용하기 preview), so the conversation can be replayed, e.g. saved as an eval case."""
    meta: dict[str, Any] = {} if refusal is None else {"refused": refusal.code}
    sent = {k: v for k, v in (extra or {}).items() if not k.startswith("_")}
    if sent:
        meta["extra"] = sent
    return meta


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
    if not turn.loose_cards or message_id is None:
        return
    for message in turn.messages_out:
        if message.id == message_id:
            message.meta = {**message.meta, "cards": [*message.meta.get("cards", []), *turn.loose_cards]}


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
    turn.store.db.write(lambda: _write_turn(turn, status))


def _write_turn(turn: Turn, status: str) -> None:
    writes_started = time.perf_counter()
    turn.store.messages.add(turn.conversation.id, turn.messages_out, turn.now)
    for action in turn.actions_out:
        turn.store.actions.insert(action)
    if turn.state != turn.conversation.state:
        turn.store.conversations.set_state(turn.conversation.id, turn.state)
    write_turn_trace(turn, status, writes_started)
