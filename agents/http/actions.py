"""Pending actions over HTTP (seed 000 §5.2): confirm, cancel, modify. Another user's action is 404."""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Body, Depends, Path
from pydantic import JsonValue

from agents.core.errors import ActionNotFound
from agents.core.session import Session, runtime_store
from agents.http.auth import Caller
from agents.http.errors import COMMON, documented
from agents.http.models import ID_PATTERN, ModifyBody, UserBody

ActionId = Annotated[str, Path(pattern=ID_PATTERN, description="action id (act_…)")]


def _session(action_id: str, user: str) -> Session:
    row = runtime_store().actions.get(action_id, user)
    if row is None:
        raise ActionNotFound(f"No action {action_id!r} for user {user!r}.")
    return Session(row.agent_id, user_id=user)


def action_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/actions", tags=["actions"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]
    Optional = Annotated[UserBody | None, Body()]

    @router.post("/{action_id}/confirm", summary="Run a pending action (exactly once)")
    def confirm(who: Who, action_id: ActionId, body: Optional = None) -> dict[str, JsonValue]:
        user = who.user(body.user if body else None)
        return _session(action_id, user).confirm_action(action_id).model_dump(mode="json")

    @router.post("/{action_id}/cancel", summary="Cancel a pending action")
    def cancel(who: Who, action_id: ActionId, body: Optional = None) -> dict[str, JsonValue]:
        user = who.user(body.user if body else None)
        return _session(action_id, user).cancel_action(action_id).model_dump(mode="json")

    @router.post("/{action_id}/modify", summary="Change a pending action's arguments")
    def modify(who: Who, action_id: ActionId, body: ModifyBody) -> dict[str, JsonValue]:
        user = who.user(body.user)
        return _session(action_id, user).modify_action(action_id, body.args).model_dump(mode="json")

    return router
