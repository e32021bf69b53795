"""Traces over HTTP: ``GET /api/v1/traces`` (a filtered page, newest first) and
``GET /api/v1/traces/{turn_id}`` (one turn's detail). In shared mode each caller sees only
their own turns; another person's turn is 404 as if it did not exist."""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query
from pydantic import JsonValue
from typing_extensions import TypedDict  # pydantic reads typing's TypedDict only from Python 3.12

from agents.core.session import runtime_store
from agents.core.store.lab import ORIGINS, TraceFilter
from agents.http.auth import Caller
from agents.http.errors import COMMON, documented
from agents.http.models import AGENT_ID_PATTERN, ID_PATTERN, json_rows
from agents.services.lab import traces
from agents.services.lab.access import LabUser

_NAME = r"^[A-Za-z0-9_.:/@-]{1,100}$"


def lab_user(who: Caller, claimed: str | None = None) -> LabUser:
    """The Lab's view of the caller: the token's owner in shared mode; in local mode the ``user``
    parameter or body field (default demo) for what they change, and everyone's turns unless the
    ``user`` parameter filters them."""
    return LabUser(who.user(claimed), who.mode)


class TracesPage(TypedDict):
    traces: list[dict[str, JsonValue]]
    next_cursor: str | None  # the next (older) page's ``before``; None on the last page


def filter_dependency(caller: Callable[..., Caller]) -> Callable[..., TraceFilter]:
    """The traces filters from the query string; the owner comes from the caller (shared mode: always
    the token's owner; local mode: the ``user`` parameter, or everyone's when it is absent)."""
    Who = Annotated[Caller, Depends(caller)]

    def trace_filter(
        who: Who,
        agent: Annotated[str | None, Query(pattern=AGENT_ID_PATTERN)] = None,
        provider: Annotated[str | None, Query(pattern=_NAME)] = None,
        model: Annotated[str | None, Query(pattern=_NAME)] = None,
        prompt_version: Annotated[int | None, Query(ge=0, le=1_000_000, description="0 = built-in")] = None,
        status: Literal["done", "error", "interrupted", "refused"] | None = None,
        feedback: Annotated[Literal["up", "down", "none"] | None, Query(description="👍, 👎 or not rated")] = None,
        since: Annotated[datetime | None, Query(description="UTC, e.g. 2026-11-02T00:00:00")] = None,
        until: Annotated[datetime | None, Query(description="UTC, exclusive")] = None,
        q: Annotated[str | None, Query(max_length=200, description="text in the message, reply, tool names or "
                                                                    "error")] = None,
        origin: Annotated[str | None, Query(
            pattern=r"^(all|(chat|api|compare|eval)(,(chat|api|compare|eval)){0,3})$",
            description="the turns' origins: a comma list of chat, api, compare, eval, or all (default chat,api: "
                        "eval cases and side-by-side sandboxes left out)")] = None,
    ) -> TraceFilter:
        origins: list[str] | None = None
        if origin is not None:
            origins = list(ORIGINS) if origin == "all" else list(dict.fromkeys(origin.split(",")))
        return TraceFilter(owner=lab_user(who).owner_filter(who.user_id), agent=agent, provider=provider,
                           model=model, prompt_version=prompt_version, status=status, feedback=feedback,
                           since=_utc(since), until=_utc(until), text=q, origins=origins)

    return trace_filter


def _utc(moment: datetime | None) -> datetime | None:
    """Stored times are naive UTC: an aware time is converted, a naive one taken as UTC."""
    if moment is None or moment.tzinfo is None:
        return moment
    return moment.astimezone(UTC).replace(tzinfo=None)


def trace_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/traces", tags=["lab"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]

    Filters = Annotated[TraceFilter, Depends(filter_dependency(caller))]

    @router.get("", summary="Your turns, newest first, filtered; `next_cursor` gives the next page")
    def list_traces(
        who: Who, filters: Filters,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        before: Annotated[str | None, Query(max_length=200, pattern=r"^[0-9T:. +-]{10,40}\|[A-Za-z0-9_-]{1,80}$",
                                            description="the previous page's next_cursor")] = None,
    ) -> TracesPage:
        page = traces.list_traces(runtime_store(), lab_user(who), filters, limit=limit, before=before)
        return {"traces": json_rows(page.rows), "next_cursor": page.next_cursor}

    @router.get("/{turn_id}", summary="One turn: timeline, prompt, messages sent, tools, events, errors, feedback")
    def get_trace(who: Who, turn_id: Annotated[str, Path(pattern=ID_PATTERN)]) -> dict[str, JsonValue]:
        return traces.trace_detail(runtime_store(), turn_id, lab_user(who)).model_dump(mode="json")

    return router
