"""The Lab over HTTP: metrics, exports and side-by-side comparisons.

``POST /api/v1/lab/compare`` streams both sides at once as Server-Sent Events: each frame is
``event: <type>`` with ``data`` carrying the event plus ``side`` (a or b) and ``round``; after both
sides ended, one ``event: comparison_round`` names the round and both turn ids.
"""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

import json
import shutil
from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import FileResponse
from pydantic import Field, JsonValue
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from typing_extensions import TypedDict  # pydantic reads typing's TypedDict only from Python 3.12

from agents.core.clock import system_clock
from agents.core.events import Error
from agents.core.messages import say
from agents.core.session import runtime_store
from agents.core.store.comparisons import SideConfig
from agents.core.store.lab import TraceFilter
from agents.http.auth import Caller
from agents.http.errors import COMMON, documented
from agents.http.models import AGENT_ID_PATTERN, ID_PATTERN, Text, UserId, _Body, json_rows
from agents.http.sse import EventStreamResponse, stream_turn
from agents.http.texts import HTTP_MESSAGES  # noqa: F401 -- registers the words said here
from agents.http.traces import filter_dependency, lab_user
from agents.services.lab import compare, export, metrics

ComparisonId = Annotated[str, Path(pattern=ID_PATTERN, description="comparison id (cmp_…)")]


class SideBody(_Body):
    provider: Literal["offline", "openai", "gemini"] = "offline"
    model: Annotated[Text, Field(min_length=1, max_length=100)] | None = None
    prompt_version: Annotated[int, Field(ge=0, le=1_000_000)] | None = Field(
        None, description="0 = built-in; null = the agent's active version")
    temperature: float | None = Field(None, ge=0.0, le=2.0, description="null = the agent's (its seed's) temperature")
    max_output_tokens: int | None = Field(None, ge=16, le=65_536, description="null = the agent's output token limit")


class CompareBody(_Body):
    message: Annotated[Text, Field(description="sent to both sides", examples=["이번 주 성과 어때?"])]
    comparison_id: Annotated[Text, Field(pattern=ID_PATTERN)] | None = Field(
        None, description="continue this comparison (each side keeps its history); omit to start one")
    agent: Annotated[Text, Field(pattern=AGENT_ID_PATTERN)] | None = Field(None, description="to start: the agent")
    a: SideBody | None = Field(None, description="to start: side A")
    b: SideBody | None = Field(None, description="to start: side B")
    user: UserId | None = None


class VoteBody(_Body):
    round: Annotated[int, Field(ge=1, le=100_000)]
    vote: Literal["a", "b", "tie", "both_bad"]
    user: UserId | None = None


class ActBody(_Body):
    side: Literal["a", "b"]
    action_id: Annotated[Text, Field(pattern=ID_PATTERN)]
    decision: Literal["confirm", "cancel"]
    user: UserId | None = None


_COMPARE_200 = {
    "description": "Both sides' events as Server-Sent Events, interleaved as they come: `event: <type>`, "
                   "`data: <JSON with type, side and round>`; each side ends with one `done` or `error`, then one "
                   "`comparison_round` frame names the round and both turn ids.",
    "content": {"text/event-stream": {"schema": {"type": "string"}, "example": (
        'event: text_delta\ndata: {"type":"text_delta","content":"이번","side":"a","round":1}\n\n')}},
}


class Metrics(TypedDict):
    period: Literal["24h", "7d", "30d", "all"]
    rows: list[dict[str, JsonValue]]
    over_time: list[dict[str, JsonValue]]


class ComparisonList(TypedDict):
    comparisons: list[dict[str, JsonValue]]


class ComparisonRounds(TypedDict):
    comparison: dict[str, JsonValue]
    rounds: list[dict[str, JsonValue]]


def _frame(item: compare.SideEvent | compare.RoundEnd | Error) -> str:
    # A side's event or the round's end; a plain Error when the stream itself failed (agents/http/sse.py).
    data = item.model_dump(mode="json") if isinstance(item, Error) else item.wire()
    return f"event: {item.type}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def lab_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/lab", tags=["lab"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]
    Filters = Annotated[TraceFilter, Depends(filter_dependency(caller))]

    @router.get("/metrics", summary="Per agent x provider x model x prompt version over a period, and over time")
    def get_metrics(who: Who, filters: Filters,
                    period: Literal["24h", "7d", "30d", "all"] = "7d") -> Metrics:
        lab, store = lab_user(who), runtime_store()
        scoped = metrics.period_filter(period, system_clock(), filters)
        over = metrics.over_time(store, lab, scoped)
        return {"period": period, "rows": json_rows(metrics.records(metrics.metrics(store, lab, scoped))),
                "over_time": json_rows(metrics.records(over))}

    @router.get("/export", summary="Traces, feedback or votes as CSV, JSON Lines or Parquet (DuckDB COPY)",
                response_class=FileResponse,
                responses={200: {"description": "the file", "content": {t: {} for t in export.MEDIA_TYPES.values()}}})
    def get_export(who: Who, filters: Filters, kind: Literal["traces", "feedback", "votes"] = "traces",
                   format: Literal["csv", "jsonl", "parquet"] = "csv",
                   full: Annotated[bool, Query(description="traces: with events, spans, prompts and requests")] = False,
                   limit: Annotated[int | None, Query(ge=1, le=export.MAX_LIMIT, description=(
                       "at most this many rows: the newest ones, written oldest first"))] = None,
                   ) -> FileResponse:
        path, _ = export.export(runtime_store(), lab_user(who), kind, format, filters, now=system_clock(), full=full,
                                limit=limit)
        return FileResponse(path, media_type=export.MEDIA_TYPES[format], filename=path.name,
                            background=BackgroundTask(shutil.rmtree, path.parent, ignore_errors=True))

    @router.post("/compare", summary="One message to two configurations at once, streamed side by side",
                 response_class=EventStreamResponse,
                 responses={200: _COMPARE_200, **documented(*COMMON, 429, stream=True)})
    async def run_compare(who: Who, body: CompareBody, request: Request) -> EventStreamResponse:
        lab, store = lab_user(who, body.user), runtime_store()
        if body.comparison_id is None:
            if body.agent is None or body.a is None or body.b is None:
                from agents.core.inputs import InvalidInput

                raise InvalidInput("agent", say("http_compare_needs_sides"))
            row = await run_in_threadpool(compare.start, store, lab, body.agent,
                                          SideConfig(**body.a.model_dump()), SideConfig(**body.b.model_dump()),
                                          system_clock())
        else:
            row = await run_in_threadpool(compare.get, store, lab, body.comparison_id)
        if not body.message.strip():
            from agents.core.inputs import InvalidInput

            raise InvalidInput("message", say("http_compare_no_message"))
        limiter = request.app.state.limiter
        limiter.hit(lab.user_id)  # two turns: two hits of the burst limit
        limiter.hit(lab.user_id)
        return await stream_turn(lambda: compare.run_round(store, lab, row.id, body.message), name="compare",
                                 format_event=_frame, headers={"X-Comparison-Id": row.id})

    @router.get("/compare", summary="Your comparisons, newest first")
    def list_compare(who: Who, agent: Annotated[str | None, Query(pattern=AGENT_ID_PATTERN)] = None,
                     limit: Annotated[int, Query(ge=1, le=200)] = 30) -> ComparisonList:
        rows = compare.list_comparisons(runtime_store(), lab_user(who), agent, limit)
        return {"comparisons": [r.model_dump(mode="json") for r in rows]}

    @router.get("/compare/{comparison_id}", summary="A comparison with each round's figures and vote")
    def get_compare(who: Who, comparison_id: ComparisonId) -> ComparisonRounds:
        lab, store = lab_user(who), runtime_store()
        row = compare.get(store, lab, comparison_id)
        return {"comparison": row.model_dump(mode="json", exclude={"user_a", "user_b"}),
                "rounds": [r.model_dump(mode="json") for r in compare.rounds(store, lab, comparison_id)]}

    @router.post("/compare/{comparison_id}/vote", summary="A better, B better, tie or both bad (replaces a vote)")
    def vote(who: Who, comparison_id: ComparisonId, body: VoteBody) -> dict[str, JsonValue]:
        row = compare.vote(runtime_store(), lab_user(who, body.user), comparison_id, body.round, body.vote,
                           system_clock())
        return row.model_dump(mode="json")

    @router.post("/compare/{comparison_id}/act", summary="Confirm or cancel an action one side proposed")
    def act(who: Who, comparison_id: ComparisonId, body: ActBody) -> dict[str, JsonValue]:
        outcome = compare.act(runtime_store(), lab_user(who, body.user), comparison_id, body.side, body.action_id,
                              body.decision)
        return outcome.model_dump(mode="json")

    return router
