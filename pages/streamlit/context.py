"""What one agent page works with during a run: the agent, the verified viewer, the store, the
language, and this session's open conversation (a ``ChatView`` in ``st.session_state``, one per
user and agent, so switching the local user never shows another user's conversation)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import streamlit as st

from agents.core.agent import AgentSpec
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import Session
from agents.core.store import Store
from agents.view.conversation import load_view
from agents.view.render import ChatView
from agents.view.texts import Lang, error_parts
from pages.streamlit import runtime

if TYPE_CHECKING:
    from agents.core.providers import Provider

PROVIDER_KEY, MODEL_KEY, API_KEY_KEY = "pg_provider", "pg_model", "pg_api_key"


def error_line(exc: PlaygroundError, lang: Lang) -> str:
    head, detail = error_parts(exc.code, exc.message, lang)
    return f"{head}\n\n{detail}" if detail else head


@dataclass(frozen=True)
class PageContext:
    spec: AgentSpec
    viewer: Viewer
    store: Store
    lang: Lang

    @property
    def view_key(self) -> str:
        return f"pg_view:{self.viewer.user_id}:{self.spec.id}"

    @property
    def reload_key(self) -> str:
        return self.reload_key_for(self.viewer.user_id, self.spec.id)

    @staticmethod
    def reload_key_for(user_id: str, agent_id: str) -> str:
        """Set to a conversation id, the agent page opens it (from the store) on its next run."""
        return f"pg_reload:{user_id}:{agent_id}"

    @property
    def outbox_key(self) -> str:
        return f"pg_outbox:{self.spec.id}"

    @property
    def view(self) -> ChatView:
        view = st.session_state.get(self.view_key)
        if view is None:
            view = st.session_state[self.view_key] = ChatView()
        return view

    def set_view(self, view: ChatView) -> None:
        st.session_state[self.view_key] = view

    def open(self, conversation_id: str | None) -> None:
        """Show a stored conversation (None: a new one)."""
        try:
            self.set_view(load_view(self.spec, self.viewer, conversation_id, self.store))
        except PlaygroundError as exc:
            self.set_view(ChatView())
            self.flash(error_line(exc, self.lang))

    def reload(self) -> None:
        self.open(self.view.conversation_id)

    def provider(self) -> Provider:
        return runtime.provider(st.session_state.get(PROVIDER_KEY) or "offline",
                                st.session_state.get(MODEL_KEY) or "", st.session_state.get(API_KEY_KEY) or "")

    def session(self, *, with_provider: bool = False) -> Session:
        return Session(self.spec.id, user_id=self.viewer.user_id, conversation_id=self.view.conversation_id,
                       store=self.store, provider=self.provider() if with_provider else None)

    def send(self, text: str, extra: dict[str, object] | None = None) -> None:
        """Queue a message (a suggestion, a panel button); the page sends it on this run."""
        st.session_state[self.outbox_key] = (text, extra)

    def take_outbox(self) -> tuple[str, dict[str, object] | None] | None:
        queued: tuple[str, dict[str, object] | None] | None = st.session_state.pop(self.outbox_key, None)  # send's
        return queued

    def flash(self, message: str, kind: Literal["warning", "success", "error"] = "warning") -> None:
        """A note for the next drawing of the page (callbacks cannot draw)."""
        st.session_state.setdefault("pg_flash", []).append((kind, message))
