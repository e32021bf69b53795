"""The public API every front end uses (UI, HTTP, CLI, tests).

    session = Session("marketing", user_id="demo")
    for event in session.send("이번 주 성과 어때?"):
        ...
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

from agents.core import inputs, telemetry
from agents.core.actions import ActionOutcome, ActionService
from agents.core.agent import AgentSpec, all_migrations, get_agent
from agents.core.clock import Clock, system_clock
from agents.core.errors import ConversationNotFound, PlaygroundError
from agents.core.events import Event
from agents.core.messages import say
from agents.core.providers import Provider, make_provider
from agents.core.redact import install_log_redaction
from agents.core.runner import recover_interrupted_turns, run_turn
from agents.core.store import ConversationRow, MessageRow, PendingActionRow, Store, default_target, shared_store
from agents.core.turn import TurnSettings
from agents.core.turn_inputs import read_inputs

_USER_ID = re.compile(r"[A-Za-z0-9_.@-]{1,64}")
_recovered: set[str] = set()
_recover_lock = threading.Lock()


def runtime_store(path: str | Path | None = None, clock: Clock = system_clock) -> Store:
    """The process's store, migrated for every registered agent, recovered once after a crash. Every front
    end opens it, so this is also where the process's log starts to be redacted."""
    install_log_redaction()
    store = shared_store(path if path is not None else default_target(), all_migrations())
    with _recover_lock:
        if store.path not in _recovered:
            _recovered.add(store.path)
            ActionService(store, clock).recover_after_crash()
            recover_interrupted_turns(store, clock())
            # The OpenTelemetry exporter (when PLAYGROUND_OTLP_ENDPOINT is set) is made here, at start-up: its
            # SDK import (~0.4 s) is never paid by the first turn.
            telemetry.exporter()
    return store


def check_user_id(user_id: str) -> str:
    if not isinstance(user_id, str) or not _USER_ID.fullmatch(user_id):
        raise PlaygroundError(
            f"Invalid user id {user_id!r}: use 1-64 letters, digits, '.', '_', '-' or '@'.", code="invalid_user"
        )
    return user_id


class Session:
    def __init__(
        self,
        agent_id: str,
        user_id: str = "demo",
        provider: Provider | str | None = None,
        conversation_id: str | None = None,
        *,
        store: Store | None = None,
        clock: Clock = system_clock,
        settings: TurnSettings | None = None,
        provider_settings: dict[str, object] | None = None,
    ) -> None:
        self.agent: AgentSpec = get_agent(inputs.text(agent_id, "agent"))
        self.user_id = check_user_id(user_id)
        conversation_id = inputs.optional_identifier(conversation_id, "conversation_id")
        if provider_settings is not None:
            provider_settings = {**(inputs.extra(provider_settings, "provider_settings") or {})}
            if "model" in provider_settings:
                provider_settings["model"] = inputs.model_name(provider_settings["model"])
        if provider is not None and not isinstance(provider, str) and not callable(getattr(provider, "stream", None)):
            raise inputs.InvalidInput("provider", say("provider_not_name", kind=type(provider).__name__))
        self.clock = clock
        self.store = store if store is not None else runtime_store(clock=clock)
        if provider is None or isinstance(provider, str):
            chosen = dict(provider_settings or {})
            pace = chosen.pop("pace_ms", None)
            provider = make_provider(provider or "offline", pace_ms=pace if isinstance(pace, int | float) else None,
                                     **chosen)
        self.provider: Provider = provider
        self.settings = settings or TurnSettings()
        self.actions = ActionService(self.store, clock)
        self.conversation_id: str | None = None
        if conversation_id is not None:
            self.open(conversation_id)
        if self.agent.setup_user is not None:
            self.agent.setup_user(self.store, self.user_id, self.clock())

    # --- conversations -------------------------------------------------------------

    def open(self, conversation_id: str) -> ConversationRow:
        conversation_id = inputs.identifier(conversation_id, "conversation_id")
        row = self.store.conversations.get(conversation_id, self.user_id)
        if row is None:
            raise ConversationNotFound(
                f"Conversation {conversation_id!r} was not found for user {self.user_id!r}. "
                "Start a new conversation, or list yours with `playground conversations list`."
            )
        if row.agent_id != self.agent.id:
            raise ConversationNotFound(
                f"Conversation {conversation_id!r} belongs to the {row.agent_id!r} agent, not {self.agent.id!r}. "
                "Open it with that agent."
            )
        self.conversation_id = row.id
        return row

    def new_conversation(self) -> None:
        self.conversation_id = None

    def conversation(self) -> ConversationRow | None:
        if self.conversation_id is None:
            return None
        return self.store.conversations.get(self.conversation_id, self.user_id)

    def conversations(self, *, archived: bool | None = False, limit: int = 20, offset: int = 0,
                      search: str | None = None) -> list[ConversationRow]:
        return self.store.conversations.list(self.user_id, agent_id=self.agent.id, archived=archived,
                                             limit=limit, offset=offset, search=search)

    def history(self, limit: int = 200) -> list[MessageRow]:
        if self.conversation_id is None:
            return []
        return self.store.messages.recent(self.conversation_id, limit)

    def pending_actions(self) -> list[PendingActionRow]:
        if self.conversation_id is None:
            return []
        return self.store.actions.list_for_conversation(self.conversation_id)

    # --- turns -----------------------------------------------------------------------

    def send(self, text: str, extra: dict[str, object] | None = None) -> Iterator[Event]:
        """Run one turn. ``extra`` carries structured input beside the text, e.g. the
        shopping agent's ``{"anchor_product_id": ...}`` from a product card."""
        # Checked now, not when the stream is first read: a bad argument never starts a turn.
        text = inputs.text(text)
        # bounded JSON first (size, depth, characters), then the keys and values the agent takes
        typed = read_inputs(self.agent.inputs, inputs.extra(extra), self.agent.id)

        def remember(conversation_id: str) -> None:
            self.conversation_id = conversation_id

        return run_turn(
            agent=self.agent, store=self.store, provider=self.provider, user_id=self.user_id,
            conversation_id=self.conversation_id, text=text, now=self.clock(), settings=self.settings,
            on_conversation=remember, extra=typed,
        )

    def run(self, text: str, extra: dict[str, object] | None = None) -> list[Event]:
        """``send`` drained into a list (scripts and tests)."""
        return list(self.send(text, extra))

    # --- pending actions -------------------------------------------------------------

    def confirm_action(self, action_id: str) -> ActionOutcome:
        return self.actions.confirm(inputs.identifier(action_id, "action_id"), self.user_id)

    def cancel_action(self, action_id: str) -> ActionOutcome:
        return self.actions.cancel(inputs.identifier(action_id, "action_id"), self.user_id)

    def modify_action(self, action_id: str, args: dict[str, object]) -> PendingActionRow:
        action_id = inputs.identifier(action_id, "action_id")
        if isinstance(args, dict):
            args = inputs.extra(args, "args") or {}
        return self.actions.modify(action_id, self.user_id, args)
