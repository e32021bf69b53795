"""One turn's working state (`Turn`), the settings a caller gives it and the default tool loop.

Agents' pipelines receive a Turn; the runner (`agents.core.runner`) opens, drives and records it.
"""

from __future__ import annotations

import copy
import logging
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from datetime import datetime

from agents.core import cards, guards
from agents.core.agent import AgentSpec
from agents.core.events import (
    DataCard,
    E,
    Emitter,
    Event,
    TextDelta,
    Usage,
)
from agents.core.history import to_model_messages
from agents.core.providers.base import (
    ChatMessage,
    Finish,
    ModelOptions,
    ModelRequest,
    ModelResponse,
    ModelToolCall,
    Provider,
    RetryChunk,
    TextChunk,
    ToolCallChunk,
    UsageChunk,
)
from agents.core.store import ConversationRow, NewMessage, PendingActionRow, Store
from agents.core.tools import new_call_id
from agents.core.tracing import SpanList, request_record
from agents.core.turn_inputs import TurnInputs

log = logging.getLogger(__name__)


@dataclass
class TurnSettings:
    guards: guards.GuardSettings = field(default_factory=guards.GuardSettings.from_env)
    # Overrides of the agent's model settings (AgentSpec.model_options) for this turn: a side-by-side
    # side's or an eval configuration's temperature, output limit, retries.
    options: ModelOptions = field(default_factory=ModelOptions)
    action_ttl_minutes: float = 30.0
    # Run against this system-prompt version instead of the conversation's pick or the active one
    # (a side-by-side side, an eval run); 0 is the built-in prompt.
    prompt_version: int | None = None
    # The person behind a sandbox user (a side-by-side side): their daily limit, their Lab.
    owner_id: str | None = None
    # (comparison id, "a" or "b") for a side-by-side turn, recorded in its trace.
    comparison: tuple[str, str] | None = None
    # Where the turn came from, recorded in its trace (issue 31): chat (a person in the app), api (the HTTP
    # API), eval (an eval case) or compare (a side-by-side side, also implied by ``comparison``). The Lab's
    # traces and metrics show chat and api by default, so test traffic never skews them.
    origin: str = "chat"


class Turn:
    """One turn's working state; custom pipelines use its helpers."""

    def __init__(
        self, *, agent: AgentSpec, store: Store, provider: Provider, user_id: str,
        conversation: ConversationRow, text: str, now: datetime, settings: TurnSettings, turn_id: str,
        emitter: Emitter, started: float, extra: TurnInputs | None = None,
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
        # Structured input beside the text (a clicked anchor product, start-panel choices): the agent's
        # own model (AgentSpec.inputs), read with ``XInputs.of(turn)``.
        self.extra: TurnInputs = extra if extra is not None else agent.inputs()
        # What a pipeline works out once per turn and reads again later in it (never stored).
        self.memo: dict[str, object] = {}
        self.messages_out: list[NewMessage] = []
        # Cards a tool returned are kept with its tool message; the rest (a pipeline's own cards, as in
        # shopping) go with the turn's reply, so a reload rebuilds them too.
        self.tool_card_seqs: set[int] = set()
        self.loose_cards: list[dict[str, object]] = []
        # Cards that open the turn before the agent answers (pushed alerts): a reload draws them first, as live.
        self.opening_cards: list[dict[str, object]] = []
        self.actions_out: list[PendingActionRow] = []
        self.user_message_id: str | None = None  # set by the runner once the user's message is stored
        # Deep: agents change nested values in place, and the runner writes what differs from the stored state.
        self.state: dict[str, object] = copy.deepcopy(conversation.state)
        self.usage = Usage()
        self.spans: list[dict[str, object]] = SpanList(self.elapsed_ms)
        self.requests: list[dict[str, object]] = []  # what each model call was sent, for the trace
        self.phases: list[dict[str, object]] = []  # the runner's own steps: guards, persistence
        self.prompt_version: int | None = None
        self.meta: dict[str, object] = {}
        self.reply_parts: list[str] = []  # text of the model step in progress
        self.final_text = ""
        self.ttft_ms: float | None = None
        self.recorded: list[tuple[Event, float]] = []
        self.history = store.messages.recent(conversation.id, agent.history_window)
        self._system: str | None = None

    # --- events ------------------------------------------------------------------

    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self.started) * 1000

    def emit(self, cls: type[E], **fields: object) -> E:
        if cls is DataCard:  # a pipeline's own card is checked against its kind, like a tool's Card
            data = fields.get("data") or {}
            if isinstance(data, cards.CardData | dict):  # anything else is refused by the event itself
                cards.check(str(fields["card_type"]), data)
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
            options=self.settings.options.over(self.agent.model_options),
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
        retries: list[dict[str, object]] = []
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
                case RetryChunk(attempt=attempt, reason=reason, wait_s=wait_s):
                    retries.append({"attempt": attempt, "reason": reason, "wait_s": wait_s})
                    so_far = self.meta.get("model_retries")
                    self.meta["model_retries"] = (so_far if isinstance(so_far, int) else 0) + 1
        response.text = "".join(parts)
        self.usage = self.usage + response.usage
        self.spans.append({
            "kind": "model", "purpose": request.purpose, "ms": round((time.perf_counter() - started) * 1000, 3),
            "start_ms": round(start_ms, 3), "ttft_ms": None if first_ms is None else round(first_ms, 3),
            "input_tokens": response.usage.input_tokens, "output_tokens": response.usage.output_tokens,
            "tool_calls": [c.name for c in response.tool_calls],
            "settings": request.options.settings() if getattr(self.provider, "applies_settings", True) else {},
            "retries": retries,
            # A replay from the eval response cache (agents/services/evals/cache.py) cost nothing: say so.
            **({"cache": "hit"} if response.finish.meta.get("cache") == "hit" else {}),
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
        from agents.core.toolcalls import run_tool_call  # the tool step needs a Turn

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
