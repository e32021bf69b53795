"""The runtime side of the kit's dialogue state (``agents.nlu.dialogue``): after a turn, fold the tool
calls it made into ``turn.state["dialogue"]`` (persisted with the conversation), and render the state
for the next turn's system prompt. Each agent says what its tools refer to with an ``Extract``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from agents.nlu.dialogue import Dialogue, Mention

if TYPE_CHECKING:
    from agents.core.turn import Turn

# (tool name, its arguments, its result payload) -> (entities it named, the list it showed or None, the
# arguments to remember in the agent's own words, or None for the call's arguments as they are)
Extract = Callable[[str, dict[str, object], dict[str, object]],
                   tuple[list[Mention], list[Mention] | None, dict[str, object] | None]]


def _loads(raw: str | None) -> dict[str, object]:
    try:
        value = json.loads(raw or "{}")
    except (json.JSONDecodeError, TypeError):
        return {}
    return value if isinstance(value, dict) else {}


def remember_turn(turn: Turn, extract: Extract, *, meta_tools: frozenset[str] = frozenset()) -> None:
    """Fold this turn's tool calls, in order, into the conversation's dialogue state. A meta tool
    (a clarification, a plain reply) keeps the last tool: the next "다시" still means the last request."""
    results = {m.tool_call_id: _loads(m.content) for m in turn.messages_out if m.role == "tool" and m.tool_call_id}
    dialogue = Dialogue.from_state(turn.state)
    before = dialogue.to_json()
    dialogue.choices = []  # a question's choices answer only the very next message
    for message in turn.messages_out:
        for call in message.tool_calls if message.role == "assistant" else []:
            name, args = str(call.get("name") or ""), _loads(call.get("arguments"))
            payload = results.get(str(call.get("id") or ""), {})
            if not name:
                continue
            mentions, listed, own = extract(name, args, payload)
            if (asked := _choices(args, payload)) is not None:
                dialogue.choices = asked
            if payload.get("ok") is False:  # still the last request ("다시" repeats it), but it showed nothing
                mentions, listed = [], None
            dialogue.remember(None if name in meta_tools else name, args if own is None else own,
                              mentions=mentions, listed=listed)
    if dialogue.to_json() != before:
        dialogue.save(turn.state)


def _choices(args: dict[str, object], payload: dict[str, object]) -> list[str] | None:
    """The options of a question with choices (a clarification's result, else its arguments), None for any
    other call."""
    data = payload.get("data")
    for source in (data if isinstance(data, dict) else {}, args):
        options = source.get("options")
        if "question" in source and isinstance(options, list) and options:
            return [str(o) for o in options if isinstance(o, str | int) and str(o).strip()]
    return None


def dialogue_context(turn: Turn) -> str:
    """The dialogue lines for the system prompt ("" before anything was referred to)."""
    return Dialogue.from_state(turn.state).render()
