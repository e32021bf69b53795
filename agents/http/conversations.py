"""Conversations over HTTP (seed 000 §5.3): list with total, open with a message limit, delete."""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query

from agents.core.session import runtime_store
from agents.http.auth import Caller
from agents.http.errors import COMMON, documented
from agents.http.models import AGENT_ID_PATTERN, ID_PATTERN
from agents.services import conversations

ConversationId = Annotated[str, Path(pattern=ID_PATTERN, description="conversation id (conv_…)")]
_ARCHIVED = {"false": False, "true": True, "all": None}


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
    ) -> dict[str, Any]:
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
    ) -> dict[str, Any]:
        detail = conversations.detail(runtime_store(), who.user(), conversation_id, message_limit)
        return {"conversation": detail.conversation.model_dump(mode="json"),
                "messages": [m.model_dump(mode="json") for m in detail.messages],
                "actions": [a.model_dump(mode="json") for a in detail.actions]}

    @router.delete("/conversations/{conversation_id}", summary="Delete a conversation and everything under it")
    def delete_conversation(who: Who, conversation_id: ConversationId) -> dict[str, Any]:
        conversations.delete(runtime_store(), who.user(), conversation_id)
        return {"success": True, "deleted": conversation_id}

    return router
