"""Progress for the marketing turn (seed 000 §progress): "요청 이해" → "데이터 조회" → "답변 작성",
as ``thinking`` events with a stage and a percentage around the ordinary tool loop."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from agents.core.events import Event, Thinking
from agents.core.referents import remember_turn
from agents.core.turn import tool_loop
from agents.marketing.followup import META_TOOLS, extract

if TYPE_CHECKING:
    from agents.core.turn import Turn

STAGES = {"understand": ("요청을 이해하고 있어요", 20), "query": ("데이터를 조회하고 있어요", 60),
          "compose": ("답변을 작성하고 있어요", 90)}


def _thinking(turn: Turn, stage: str, detail: str = "") -> Event:
    message, progress = STAGES[stage]
    return turn.emit(Thinking, stage=stage, message=f"{message}{f' ({detail})' if detail else ''}", progress=progress)


def pipeline(turn: Turn) -> Iterator[Event]:
    yield _thinking(turn, "understand")
    for event in tool_loop(turn):
        yield event
        match event.type:
            case "tool_call" if event.status == "running":
                yield _thinking(turn, "query", event.name)
            case "tool_result":
                yield _thinking(turn, "compose")
    remember_turn(turn, extract, meta_tools=META_TOOLS)  # what the next "그거 / 다시" points at
