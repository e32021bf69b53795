"""Progress for the marketing turn (seed 000 §progress): "요청 이해" → "데이터 조회" → "답변 작성",
as ``thinking`` events with a stage and a percentage around the ordinary tool loop."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from agents.core.events import Event, Thinking
from agents.core.referents import remember_turn
from agents.core.toolcalls import replace_pending, replaced_sentence
from agents.core.turn import tool_loop
from agents.marketing.amend import replaced_by
from agents.marketing.followup import META_TOOLS, extract
from agents.marketing.lang import campaign_names
from agents.marketing.texts import STAGES
from agents.nlu.language import conversation_language

if TYPE_CHECKING:
    from agents.core.turn import Turn

PROGRESS = {"understand": 20, "query": 60, "compose": 90}


def _thinking(turn: Turn, stage: str, detail: str = "") -> Event:
    ko, en = STAGES[stage]
    message = en if turn.meta.get("lang") == "en" else ko  # in the language the marketer wrote in
    return turn.emit(Thinking, stage=stage, message=f"{message}{f' ({detail})' if detail else ''}",
                     progress=PROGRESS[stage])


def pipeline(turn: Turn) -> Iterator[Event]:
    turn.meta["lang"] = conversation_language([m.content or "" for m in turn.history if m.role == "user"], turn.text,
                                              campaign_names(turn.store, turn.user_id))
    yield _thinking(turn, "understand")
    replaced: list[str] = []
    for event in tool_loop(turn):
        yield event
        match event.type:
            case "tool_call" if event.status == "running":
                yield _thinking(turn, "query", event.name)
            case "tool_result":
                yield _thinking(turn, "compose")
            case "action_confirmation":  # an amended or repeated change replaces the card still waiting
                replaced += yield from replace_pending(turn, replaced_by(turn.text, event.tool_name, event.args,
                                                                         event.action_id))
    if replaced:
        yield from turn.say(("\n\n" if turn.final_text else "") + replaced_sentence(turn, replaced))
        turn.flush_reply()
    remember_turn(turn, extract, meta_tools=META_TOOLS)  # what the next "그거 / 다시" points at
