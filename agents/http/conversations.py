"""Conversations over HTTP (seed 000 §5.3): list with total, open with a message limit, delete."""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query
from pydantic import JsonValue
from typing_extensions import TypedDict  # pydantic reads typing's TypedDict only from Python 3.12

from agents.core.clock import system_clock
from agents.core.inputs import InvalidInput
from agents.core.messages import say
from agents.core.session import runtime_store
from agents.http.auth import Caller
from agents.http.errors import COMMON, documented
from agents.http.models import AGENT_ID_PATTERN, ID_PATTERN, ConversationPatch
from agents.http.texts import HTTP_MESSAGES  # noqa: F401 -- registers the words said here
from agents.services import conversations

ConversationId = Annotated[str, Path(pattern=ID_PATTERN, description="conversation id (conv_…)")]
_ARCHIVED = {"false": False, "true": True, "all": None}


class ConversationPage(TypedDict):
    conversations: list[dict[str, JsonValue]]
    total: int


class ConversationDetail(TypedDict):
    conversation: dict[str, JsonValue]
    messages: list[dict[str, JsonValue]]
    actions: list[dict[str, JsonValue]]


class ConversationChanged(TypedDict):
    success: bool
    conversation: dict[str, JsonValue]


class ConversationDeleted(TypedDict):
    success: bool
    deleted: str


def conversation_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1", tags=["conversations"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]

    @router.get("/conversations", summary="List your conversations, newest first")
    def list_conversations(
        who: Who,
        agent: Annotated[str | None, Query(pattern=AGENT_ID_PATTERN, description="only this agent's")] = None,
        archived: Annotated[Literal["false", "true", "all"], Query(description="archived ones too, or only")] = "false",
        limit: Annotated[int, Query(ge=1, le=200)] = 20,
        offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    ) -> ConversationPage:
        user = who.user()
        store = runtime_store()
        flag = _ARCHIVED[archived]
        rows = conversations.list_conversations(store, user, agent_id=agent, archived=flag, limit=limit, offset=offset)
        return {"conversations": [r.model_dump(mode="json") for r in rows],
                "total": conversations.count(store, user, agent_id=agent, archived=flag)}

    @router.get("/conversations/{conversation_id}", summary="One conversation with its latest messages and actions")
    def get_conversation(
        who: Who, conversation_id: ConversationId,
        message_limit: Annotated[int, Query(alias="messageLimit", ge=1, le=1000,
                                            description="how many of the latest messages")] = 50,
    ) -> ConversationDetail:
        detail = conversations.detail(runtime_store(), who.user(), conversation_id, message_limit)
        return {"conversation": detail.conversation.model_dump(mode="json"),
                "messages": [m.model_dump(mode="json") for m in detail.messages],
                "actions": [a.model_dump(mode="json") for a in detail.actions]}

    @router.patch("/conversations/{conversation_id}", summary="Rename, archive or unarchive a conversation")
    def patch_conversation(who: Who, conversation_id: ConversationId, body: ConversationPatch) -> ConversationChanged:
        user, store = who.user(body.user), runtime_store()
        if body.title is None and body.archived is None:
            raise InvalidInput("title", say("http_nothing_to_change"))
        row = conversations.get(store, user, conversation_id)
        if body.title is not None:
            row = conversations.rename(store, user, row.id, body.title)
        if body.archived is not None:
            row = conversations.set_archived(store, user, row.id, body.archived, system_clock())
        return {"success": True, "conversation": row.model_dump(mode="json")}

    @router.delete("/conversations/{conversation_id}", summary="Delete a conversation and everything under it")
    def delete_conversation(who: Who, conversation_id: ConversationId) -> ConversationDeleted:
        conversations.delete(runtime_store(), who.user(), conversation_id)
        return {"success": True, "deleted": conversation_id}

    return router
