"""``structured_extract``: after the reply, one more model call turns it into a study summary
(title, key points, terms, next steps). When that fails or comes back empty the canvas keeps the
markdown (seed §디버깅 체크포인트) and ``done.meta.structured_fallback`` says why."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from pydantic import BaseModel, Field, ValidationError

from agents.core.errors import PlaygroundError
from agents.core.events import Event
from agents.core.providers.base import ChatMessage
from agents.core.turn import Turn

PROMPT = ("아래 튜터 답변을 학습 요약 JSON 하나로만 바꾸세요. 형식: {\"title\": str, \"key_points\": [str], "
          "\"terms\": [{\"term\": str, \"definition\": str}], \"next_steps\": [str]}. 답변에 없는 내용은 넣지 마세요.")


class Term(BaseModel):
    term: str
    definition: str


class StructuredSummary(BaseModel):
    title: str = Field(min_length=1)
    key_points: list[str] = Field(default_factory=list)
    terms: list[Term] = Field(default_factory=list)
    next_steps: list[str] = Field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.key_points or self.terms or self.next_steps)


def parse_summary(text: str) -> StructuredSummary:
    """The JSON object in a model's reply (a ```json fence is allowed); ValueError when there is none."""
    m = re.search(r"\{.*\}", text, re.S)
    if m is None:
        raise ValueError("no JSON object in the extraction reply")
    try:
        return StructuredSummary.model_validate(json.loads(m.group()))
    except (json.JSONDecodeError, ValidationError) as exc:
        raise ValueError(f"the extraction reply is not a summary: {type(exc).__name__}") from exc


def extract(turn: Turn) -> Iterator[Event]:
    text = turn.final_text or "".join(turn.reply_parts)
    if not text.strip():
        turn.meta["structured"] = None
        turn.meta["structured_fallback"] = "no reply text to extract from"
        return
    request = turn.request([ChatMessage(role="user", content=text)], purpose="structured_extract", tools=False)
    request.system = PROMPT
    try:
        response = yield from turn.stream_model(request, forward_text=False)
        summary = parse_summary(response.text)
        if summary.empty:
            raise ValueError("the extraction came back empty")
    except (ValueError, PlaygroundError) as exc:
        turn.meta["structured"] = None
        turn.meta["structured_fallback"] = f"markdown kept: {exc}"
        return
    turn.meta["structured"] = summary.model_dump()
