"""What an agent shows (``AgentSpec.ui``): its icon, workspace slots, cards, style sheets, texts and the
adapters that draw its workspace in each front end. The front ends and the view model read these from the
registry instead of keeping tables keyed by agent ids or card types, so an agent is one folder.

Renderers are named as ``"module:function"`` and imported on first use (``lazy``): a spec stays cheap to
load (the CLI's start-up) and never pulls a UI framework into the runtime."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel

if TYPE_CHECKING:  # what the callbacks are given and give back; the runtime imports no front end or view
    from rich.console import RenderableType

    from agents.core.store import Store
    from agents.view.render import CardView, ChatView, MessageView

# Where the chat puts a card: under the reply that made it (the default), on the user's side under
# their message (a correction of what they wrote), or first in the reply, before any text (an article).
CardPlace = Literal["reply", "user", "lead"]


class Slot(BaseModel):
    """One place in an agent's workspace: the newest card of these types, or nothing."""

    key: str
    card_types: tuple[str, ...]


class Lazy:
    """A function named ``"package.module:function"``, imported the first time it is called."""

    def __init__(self, target: str) -> None:
        module, _, name = target.partition(":")
        if not module or not name:
            raise ValueError(f"lazy({target!r}): write 'package.module:function'")
        self.target = target
        self._module, self._name = module, name
        self._function: Callable[..., Any] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._function is None:
            self._function = getattr(importlib.import_module(self._module), self._name)
        return self._function(*args, **kwargs)

    def __repr__(self) -> str:
        return f"lazy({self.target!r})"


def lazy(target: str) -> Callable[..., Any]:
    return Lazy(target)


@dataclass(frozen=True)
class CardUI:
    """How the chats draw one card type of this agent. Without an entry a card shows its text, tiles,
    table and chart."""

    place: CardPlace = "reply"
    # (CardView) -> HTML: the whole card, drawn so by both chats (the neutral drawing).
    html: Callable[[CardView], str] | None = None
    # Per front end, drawn under the card's default text: (CardView) -> HTML in the Gradio chat;
    # (CardView) -> None drawing Streamlit widgets in the Streamlit chat.
    gradio: Callable[[CardView], str] | None = None
    streamlit: Callable[[CardView], None] | None = None
    # (title, data) -> a rich renderable: the whole card in the terminal (``playground chat``).
    cli: Callable[[str, dict[str, object]], RenderableType] | None = None


@dataclass(frozen=True)
class AgentUI:
    icon: str = "🤖"
    slots: tuple[Slot, ...] = ()
    cards: Mapping[str, CardUI] = field(default_factory=dict)
    # Style sheets both front ends add to the page (the agent's own HTML classes).
    css: tuple[Path, ...] = ()
    # The agent's own user-facing texts, code -> (Korean, English), read by ``agents.view.texts.t``.
    texts: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # (ChatView, done.meta, turn_id) -> messages to add: what a finished turn's meta shows (sources,
    # a canvas). Called for live and reloaded turns alike; it reads only the meta keys its agent writes.
    on_done: Callable[[ChatView, dict[str, object], str | None], list[MessageView]] | None = None
    # Where an argument's choices come from, by the name its tool's schema gives it (``"x-choices": name``):
    # (store, user_id) -> [(value, label)], e.g. the person's campaigns by name with their ids as values.
    # The Modify form offers them; the value stays what the tool takes.
    choices: Mapping[str, Callable[[Store, str], list[tuple[str, str]]]] = field(default_factory=dict)
    # The modules that register this agent's workspace with each front end (``register_workspace`` /
    # ``register_panel``); imported when a tab or page is first built.
    gradio: str | None = None
    streamlit: str | None = None
