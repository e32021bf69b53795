"""The suggestion chips under the chat, for both front ends: they belong to the last reply only
(issue 28: after a confirmation the goals of an earlier question stayed on offer)."""

from __future__ import annotations

from agents.core.agent import AgentSpec
from agents.view.render import ChatView

MAX_CHIPS = 4


def chips(view: ChatView, spec: AgentSpec) -> list[str]:
    """The last reply's suggestions; a chat not started yet offers the agent's examples."""
    questions = view.suggestions or ([] if view.messages else list(spec.examples))
    return questions[:MAX_CHIPS]
