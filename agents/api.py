"""The HTTP front end: JSON endpoints and an SSE chat stream over the Session API.

SSE frames carry ``event: <type>`` and ``data: <json with type inside>``.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from agents.core.agent import list_agents
from agents.core.errors import (
    ActionBusy,
    ActionNotFound,
    ActionRefused,
    ConversationBusy,
    ConversationNotFound,
    InvalidArgs,
    PlaygroundError,
    UnknownAgentError,
)
from agents.core.session import Session, check_user_id, runtime_store
from agents.sse import EventStreamResponse, stream_turn, wait_until_idle

_STATUS = {UnknownAgentError: 404, ConversationNotFound: 404, ActionNotFound: 404, ActionRefused: 409,
           ConversationBusy: 409, ActionBusy: 409, InvalidArgs: 422}


class ChatBody(BaseModel):
    message: str
    user: str = "demo"
    conversation_id: str | None = None
    provider: str = "offline"
    model: str | None = None
    # Structured input beside the text, e.g. {"anchor_product_id": "p005"} for the shopping agent.
    extra: dict[str, Any] | None = None


class ModifyBody(BaseModel):
    user: str = "demo"
    args: dict[str, Any] = Field(default_factory=dict)


class UserBody(BaseModel):
    user: str = "demo"


def _refusal(exc: PlaygroundError) -> JSONResponse:
    status = next((code for cls, code in _STATUS.items() if isinstance(exc, cls)), 400)
    return JSONResponse({"error": {"code": exc.code, "message": exc.message}}, status_code=status)


def create_api() -> FastAPI:
    api = FastAPI(title="Agent Playground API", docs_url="/api/docs", openapi_url="/api/openapi.json")
    api.add_exception_handler(PlaygroundError, lambda request, exc: _refusal(exc))  # type: ignore[arg-type]

    @api.get("/api/v1/agents")
    def agents() -> list[dict[str, Any]]:
        return [{"id": a.id, "title": a.title, "description": a.description, "examples": list(a.examples),
                 "tools": a.tools.names()} for a in list_agents()]

    @api.post("/api/v1/agents/{agent_id}/chat", response_class=EventStreamResponse)
    async def chat(agent_id: str, body: ChatBody) -> EventStreamResponse:
        settings = {"model": body.model} if body.model else None
        # Opening a session reads the store: keep that off the event loop.
        session = await run_in_threadpool(
            Session, agent_id, user_id=body.user, provider=body.provider, conversation_id=body.conversation_id,
            provider_settings=settings)
        await wait_until_idle(body.conversation_id)
        return await stream_turn(lambda: session.send(body.message, body.extra), name=agent_id)

    @api.get("/api/v1/conversations")
    def conversations(user: str = "demo", agent: str | None = None, archived: bool | None = False,
                      limit: int = Query(20, ge=1, le=200), offset: int = Query(0, ge=0)) -> list[dict[str, Any]]:
        rows = runtime_store().conversations.list(check_user_id(user), agent_id=agent, archived=archived,
                                                  limit=limit, offset=offset)
        return [r.model_dump(mode="json") for r in rows]

    @api.get("/api/v1/conversations/{conversation_id}")
    def conversation(conversation_id: str, user: str = "demo") -> dict[str, Any]:
        store = runtime_store()
        row = store.conversations.get(conversation_id, check_user_id(user))
        if row is None:
            raise ConversationNotFound(f"Conversation {conversation_id!r} was not found for user {user!r}.")
        return {"conversation": row.model_dump(mode="json"),
                "messages": [m.model_dump(mode="json") for m in store.messages.recent(conversation_id, 1000)],
                "actions": [a.model_dump(mode="json") for a in store.actions.list_for_conversation(conversation_id)]}

    def _actions_session(action_id: str, user: str) -> Session:
        row = runtime_store().actions.get(action_id, check_user_id(user))
        if row is None:
            raise ActionNotFound(f"No action {action_id!r} for user {user!r}.")
        return Session(row.agent_id, user_id=user)

    @api.post("/api/v1/actions/{action_id}/confirm")
    def confirm(action_id: str, body: UserBody) -> dict[str, Any]:
        return _actions_session(action_id, body.user).confirm_action(action_id).model_dump(mode="json")

    @api.post("/api/v1/actions/{action_id}/cancel")
    def cancel(action_id: str, body: UserBody) -> dict[str, Any]:
        return _actions_session(action_id, body.user).cancel_action(action_id).model_dump(mode="json")

    @api.post("/api/v1/actions/{action_id}/modify")
    def modify(action_id: str, body: ModifyBody) -> dict[str, Any]:
        return _actions_session(action_id, body.user).modify_action(action_id, body.args).model_dump(mode="json")

    return api
