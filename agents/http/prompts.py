"""Prompt versions over HTTP: list, create, diff, activate, roll back, and a pick for one conversation.

Activation is app-wide: in shared mode only the users named in PLAYGROUND_PROMPT_ADMINS may
activate or roll back (403 for everyone else); a non-admin's new version is a private draft that
only they see and may pick for their own conversations and comparisons."""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query
from pydantic import Field, JsonValue
from typing_extensions import TypedDict  # pydantic reads typing's TypedDict only from Python 3.12

from agents.core.clock import system_clock
from agents.core.session import runtime_store
from agents.core.store.prompts import MAX_LABEL_CHARS, MAX_NOTE_CHARS, MAX_PROMPT_CHARS
from agents.http.auth import Caller
from agents.http.body_limit import document_route
from agents.http.errors import COMMON, documented
from agents.http.models import AGENT_ID_PATTERN, ID_PATTERN, Text, UserId, _Body
from agents.http.traces import lab_user
from agents.services.lab import prompts

AgentId = Annotated[str, Path(pattern=AGENT_ID_PATTERN, description="the agent id (GET /api/v1/agents lists them)")]
Version = Annotated[int, Field(ge=0, le=1_000_000, description="a version number; 0 = the agent's built-in prompt")]


class CreateBody(_Body):
    content: Annotated[Text, Field(max_length=MAX_PROMPT_CHARS * 2, description="the system prompt text")]
    label: Annotated[Text, Field(max_length=MAX_LABEL_CHARS * 2)] | None = None
    note: Annotated[Text, Field(max_length=MAX_NOTE_CHARS * 2)] | None = None
    activate: bool = Field(False, description="activate it at once (admins only in shared mode)")
    user: UserId | None = None


class ActivateBody(_Body):
    version: Version
    user: UserId | None = None


class PickBody(_Body):
    conversation_id: Annotated[Text, Field(pattern=ID_PATTERN)]
    version: Version | None = Field(None, description="null: follow the active version again")
    user: UserId | None = None


class RollbackBody(_Body):
    user: UserId | None = None


class VersionList(TypedDict):
    agent_id: str
    active: int | None
    can_activate: bool
    versions: list[dict[str, JsonValue]]


class Picked(TypedDict):
    conversation_id: str
    version: int | None


def prompt_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/prompts", tags=["lab"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]

    @router.get("/{agent_id}", summary="The agent's system-prompt versions you may see, newest first")
    def list_versions(who: Who, agent_id: AgentId) -> VersionList:
        lab = lab_user(who)
        versions = prompts.versions(runtime_store(), agent_id, lab)
        return {"agent_id": agent_id, "active": next(v.version for v in versions if v.active) if any(
                    v.active for v in versions) else None, "can_activate": lab.admin,
                "versions": [v.model_dump(mode="json") for v in versions]}

    @router.post("/{agent_id}", summary="Create a version (not active unless `activate`)",
                 openapi_extra=document_route("/api/v1/prompts/{agent_id}"))
    def create(who: Who, agent_id: AgentId, body: CreateBody) -> dict[str, JsonValue]:
        lab = lab_user(who, body.user)
        store, now = runtime_store(), system_clock()
        if body.activate:
            lab.require_admin("activate")
        row = prompts.create(store, agent_id, body.content, lab, now, label=body.label, note=body.note)
        if body.activate:
            prompts.activate(store, agent_id, row.version, lab, now)
            row = prompts.version(store, agent_id, row.version, lab)
        return row.model_dump(mode="json")

    @router.get("/{agent_id}/diff", summary="A side-by-side diff of two versions")
    def diff(who: Who, agent_id: AgentId, a: Annotated[int, Query(ge=0, le=1_000_000)],
             b: Annotated[int, Query(ge=0, le=1_000_000)]) -> dict[str, JsonValue]:
        return prompts.diff(runtime_store(), agent_id, a, b, lab_user(who)).model_dump(mode="json")

    @router.post("/{agent_id}/activate", summary="Make a version active for the whole app (admins in shared mode)")
    def activate(who: Who, agent_id: AgentId, body: ActivateBody) -> dict[str, JsonValue]:
        done = prompts.activate(runtime_store(), agent_id, body.version, lab_user(who, body.user), system_clock())
        return done.model_dump(mode="json")

    @router.post("/{agent_id}/rollback", summary="Back to the version active before the current one")
    def rollback(who: Who, agent_id: AgentId, body: RollbackBody | None = None) -> dict[str, JsonValue]:
        done = prompts.rollback(runtime_store(), agent_id, lab_user(who, body.user if body else None), system_clock())
        return done.model_dump(mode="json")

    @router.post("/{agent_id}/pick", summary="Use a version in one of your conversations without activating it")
    def pick(who: Who, agent_id: AgentId, body: PickBody) -> Picked:
        number = prompts.pick(runtime_store(), body.conversation_id, body.version, lab_user(who, body.user),
                              system_clock(), agent_id=agent_id)
        return {"conversation_id": body.conversation_id, "version": number}

    return router

