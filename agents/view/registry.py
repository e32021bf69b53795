"""What the registered agents show, looked up by card type or agent id (``AgentSpec.ui``): the view model and
both front ends ask here instead of keeping their own tables of agents and card types."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from agents.core.agent import get_agent, list_agents
from agents.core.agent_ui import CardPlace, CardUI, Slot
from agents.view.chips import intro

if TYPE_CHECKING:
    from agents.core.store import Store
    from agents.view.render import ChatView, MessageView

_DEFAULT = CardUI()


def card_ui(card_type: str) -> CardUI:
    """How the chats draw a card type: from the agent that declares it (the default drawing otherwise)."""
    for spec in list_agents():
        found = spec.ui.cards.get(card_type)
        if found is not None:
            return found
    return _DEFAULT


def place_of(card_type: str) -> CardPlace:
    return card_ui(card_type).place


def slots_for(agent_id: str) -> list[Slot]:
    return list(get_agent(agent_id).ui.slots)


def done_hooks() -> list[Callable[[ChatView, dict[str, object], str | None], list[MessageView]]]:
    """Every agent's ``on_done``: each reads only the done.meta keys its own agent writes."""
    return [spec.ui.on_done for spec in list_agents() if spec.ui.on_done is not None]


def agent_texts() -> dict[str, tuple[str, str]]:
    """The agents' own texts (``ui.texts``), each one's title (``title_key``), empty-chat intro (``intro_key``)
    and example chips (``example_key``), code -> (Korean, English)."""
    specs = list_agents()
    return {**{key: text for spec in specs for key, text in spec.ui.texts.items()},
            **{title_key(spec.id): (spec.title_in("ko"), spec.title_in("en")) for spec in specs},
            **{intro_key(spec.id): (intro(spec, "ko"), intro(spec, "en")) for spec in specs},
            **{example_key(spec.id, i): (ko, en) for spec in specs
               for i, (ko, en) in enumerate(zip(spec.examples_in("ko"), spec.examples_in("en"), strict=False))}}


def title_key(agent_id: str) -> str:
    """The catalogue key of an agent's title, for a front end that translates in the browser (Gradio's tabs)."""
    return f"agent_title_{agent_id}"


def intro_key(agent_id: str) -> str:
    """The catalogue key of an agent's empty-chat intro (``chips.intro``), translated in the browser."""
    return f"agent_intro_{agent_id}"


def example_key(agent_id: str, index: int) -> str:
    """The catalogue key of an agent's ``index``-th example chip, translated in the browser."""
    return f"agent_example_{agent_id}_{index}"


def arg_choices(agent_id: str, store: Store, user_id: str) -> Callable[[str], list[tuple[str, str]]]:
    """The agent's argument choices for one person (``ui.choices``): source name -> [(value, label)]."""
    sources = get_agent(agent_id).ui.choices

    def options(name: str) -> list[tuple[str, str]]:
        source = sources.get(name)
        return [(str(value), str(label)) for value, label in source(store, user_id)] if source else []

    return options
