"""The review queue over HTTP (issue 31): ``GET /api/v1/review``, and ``POST /api/v1/review/{item_id}/label``,
``/save-case``, ``/dismiss``; always the caller's own items (another user's read as 404)."""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Body, Depends, Path, Query
from pydantic import Field, JsonValue
from typing_extensions import TypedDict  # pydantic reads typing's TypedDict only from Python 3.12

from agents.core.clock import system_clock
from agents.core.session import runtime_store
from agents.http.auth import Caller
from agents.http.errors import COMMON, documented
from agents.http.models import Text, UserBody, UserId, _Body
from agents.services import review

ITEM_PATTERN = r"^(fb-[A-Za-z0-9_]{1,76}|ev-[A-Za-z0-9_]{1,60}-[0-9]{1,6})$"
ItemId = Annotated[str, Path(pattern=ITEM_PATTERN, description="fb-<turn id> (a 👎 turn) or ev-<run id>-<case "
                                                                "index> (a failed eval case), from GET /api/v1/review")]


class LabelBody(_Body):
    label: Literal["correct", "incorrect"] = Field(description="the reviewer's verdict")
    wrong_step: int | None = Field(None, ge=1, le=10_000, description="which step went wrong, from 1 (a trace span "
                                                                      "of the turn, a step of the case)")
    note: Text | None = Field(None, max_length=review.MAX_NOTE_CHARS)
    user: UserId | None = None


class SaveCaseBody(_Body):
    suite: Annotated[Text, Field(pattern=r"^[\w.-]{1,100}$")] | None = Field(
        None, description="one of your suites, created when new (default <agent>-review)")
    name: Annotated[Text, Field(min_length=1, max_length=200)] | None = Field(None, description="the case's name")
    user: UserId | None = None


class ReviewPage(TypedDict):
    items: list[dict[str, JsonValue]]


class ReviewItemAnswer(TypedDict):
    item: dict[str, JsonValue]


class SavedCase(TypedDict):
    item: dict[str, JsonValue]
    suite: str
    cases: int


def review_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/review", tags=["review"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]

    @router.get("", summary="Your review queue: 👎 turns and failed eval cases, newest first")
    def list_review(
        who: Who, status: Annotated[Literal["open", "all"], Query(description="open: not yet saved or "
                                                                             "dismissed")] = "open",
        source: Annotated[Literal["feedback", "eval"] | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=review.MAX_LIMIT)] = 100,
    ) -> ReviewPage:
        items = review.list_items(runtime_store(), who.user(), status=status, source=source, limit=limit)
        return {"items": [i.model_dump(mode="json") for i in items]}

    @router.post("/{item_id}/label", summary="Label an item: correct or incorrect, the wrong step, a note")
    def label_item(who: Who, item_id: ItemId, body: LabelBody) -> ReviewItemAnswer:
        item = review.label(runtime_store(), who.user(body.user), item_id, body.label, system_clock(),
                            wrong_step=body.wrong_step, note=body.note)
        return {"item": item.model_dump(mode="json")}

    @router.post("/{item_id}/save-case", summary="Turn an item into a test case in one of your suites")
    def save_item(who: Who, item_id: ItemId, body: SaveCaseBody) -> SavedCase:
        item, suite, cases = review.save_case(runtime_store(), who.user(body.user), item_id, system_clock(),
                                              suite=body.suite, name=body.name)
        return {"item": item.model_dump(mode="json"), "suite": suite, "cases": cases}

    @router.post("/{item_id}/dismiss", summary="Dismiss an item: it leaves the open list for good")
    def dismiss_item(who: Who, item_id: ItemId, body: Annotated[UserBody | None, Body()] = None) -> ReviewItemAnswer:
        item = review.dismiss(runtime_store(), who.user(body.user if body else None), item_id, system_clock())
        return {"item": item.model_dump(mode="json")}

    return router
