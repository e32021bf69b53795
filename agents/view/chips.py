"""The suggestion chips under the chat, for both front ends: they belong to the last reply only
(issue 28: after a confirmation the goals of an earlier question stayed on offer)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agents.core.agent import AgentSpec

if TYPE_CHECKING:  # render reads the registry, which reads the intro here
    from agents.view.render import ChatView

MAX_CHIPS = 4


def chips(view: ChatView, spec: AgentSpec, lang: str) -> list[str]:
    """The last reply's suggestions; a chat not started yet offers the agent's examples in the UI's language."""
    questions = view.suggestions or ([] if view.messages else list(spec.examples_in(lang)))
    return questions[:MAX_CHIPS]


def intro(spec: AgentSpec, lang: str) -> str:
    """What an empty chat shows (markdown): the agent's title and what it does, in the UI's language."""
    return f"**{spec.title_in(lang)}**\n\n{spec.description_in(lang)}"
