"""Seed 000's own API (§5.1-5.4) under ``/seeds/000``: a client written to the design document works
unchanged. Our events are renamed to the seed's ``AgentStreamChunk`` here and nowhere else; what is stored
(events, messages, actions) is the same as through ``/api/v1``. Only the marketing agent's conversations,
actions and alerts are reachable, each scoped to the caller (another user's id is 404)."""

# No `from __future__ import annotations`: FastAPI resolves the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Path, Query, Request
from pydantic import BaseModel, ConfigDict

from agents.core.clock import aware, system_clock
from agents.core.errors import ActionNotFound, ConversationNotFound, PlaygroundError
from agents.core.events import Event
from agents.core.session import Session, runtime_store
from agents.http.auth import Caller
from agents.http.chat import stream_agent_turn
from agents.http.errors import COMMON, documented
from agents.http.models import ID_PATTERN, JsonObject
from agents.http.seeds import SSE_EVENT, SeedChatBody, camel, chunk_frames, seed_router
from agents.http.sse import EventStreamResponse
from agents.marketing.alerts import check as alert_check

AGENT = "marketing"
SEED_ALERT_TYPES = ("anomaly", "budget", "milestone")  # §5.4's `types`, exactly
CHAT_200 = {
    "description": "Seed 000 §5.1: `data: {...}` frames of AgentStreamChunk (progress, text, tool_call, "
                   "tool_result, data_card, action_confirmation, action_result, suggested_questions, error, done); "
                   "`done` also carries the conversationId to send with the next message.",
    "content": {"text/event-stream": {"schema": SSE_EVENT,
                                      "example": 'data: {"type":"progress","stage":"thinking","progress":10}\n\n'
                                                 'data: {"type":"text","content":"최근 "}\n\n'
                                                 'data: {"type":"done","conversationId":"conv_…"}\n\n'}},
}
Id = Annotated[str, Path(pattern=ID_PATTERN)]


def to_seed(event: Event) -> dict[str, Any] | None:
    """One of our events as seed 000's ``AgentStreamChunk``; None for what the seed has no chunk for
    (the intent). Events the seed does not name (clarification, ui_action, alert) keep their names."""
    match event.type:
        case "thinking":
            return {"type": "progress", "stage": event.stage, "progress": event.progress or 0,
                    "message": event.message}
        case "text_delta":
            return {"type": "text", "content": event.content}
        case "tool_call":
            return {"type": "tool_call", "toolName": event.name, "args": event.args, "status": event.status}
        case "tool_result":
            return {"type": "tool_result", "toolName": event.name, "formattedMessage": event.summary,
                    "data": event.data, "success": event.ok}
        case "data_card":
            return {"type": "data_card", "cardType": event.card_type, "title": event.title, "data": event.data}
        case "action_confirmation":
            return {"type": "action_confirmation", "actionId": event.action_id, "toolName": event.tool_name,
                    "summary": event.summary, "details": [d.model_dump(mode="json") for d in event.details],
                    "warnings": list(event.warnings), "expiresAt": aware(event.expires_at).isoformat(),
                    "args": event.args}
        case "action_result":
            return {"type": "action_result", "actionId": event.action_id, "success": event.ok,
                    "message": event.message}
        case "suggested_questions":
            return {"type": "suggested_questions", "questions": list(event.questions)}
        case "done":
            return {"type": "done", "conversationId": event.conversation_id, "messageId": event.message_id}
        case "error":
            return {"type": "error", "error": event.message, "code": event.code, "retryable": event.retryable}
        case "intent":
            return None
    return camel(event.model_dump(mode="json", exclude={"ts", "turn_id", "seq"}))


class SeedModifyBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    args: JsonObject


class SeedAlertPatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    status: Literal["READ", "DISMISSED", "ACTED_ON"]


def _action_session(action_id: str, user: str) -> Session:
    row = runtime_store().actions.get(action_id, user)
    if row is None or row.agent_id != AGENT:
        raise ActionNotFound(f"No marketing action {action_id!r} for user {user!r}.")
    return Session(AGENT, user_id=user)


def _conversation(conversation_id: str, user: str) -> Any:
    row = runtime_store().conversations.get(conversation_id, user)
    if row is None or row.agent_id != AGENT:
        raise ConversationNotFound(f"Conversation {conversation_id!r} was not found. List yours with "
                                   "GET /seeds/000/api/agent/conversations.")
    return row


def seed_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = seed_router("000")
    Who = Annotated[Caller, Depends(caller)]

    @router.post("/api/agent/chat", summary="Seed 000 §5.1: one marketing turn as AgentStreamChunk frames",
                 response_class=EventStreamResponse, responses={200: CHAT_200, **documented(*COMMON, 429, stream=True)})
    async def chat(who: Who, body: SeedChatBody, request: Request) -> EventStreamResponse:
        return await stream_agent_turn(AGENT, body.message, None, user=who.user(body.user), provider="offline",
                                       model=None, conversation_id=body.conversationId,
                                       limiter=getattr(request.app.state, "limiter", None), format_event=chunk_frames(to_seed))

    @router.post("/api/agent/actions/{action_id}/confirm", summary="Seed 000 §5.2: run a pending action",
                 responses=documented(*COMMON))
    def confirm(who: Who, action_id: Id) -> dict[str, Any]:
        user = who.user()
        outcome = _action_session(action_id, user).confirm_action(action_id)
        answer: dict[str, Any] = {"success": outcome.ok, "message": outcome.message}
        if outcome.result is not None:
            answer["data"] = outcome.result
        return answer

    @router.post("/api/agent/actions/{action_id}/cancel", summary="Seed 000 §5.2: cancel a pending action",
                 responses=documented(*COMMON))
    def cancel(who: Who, action_id: Id) -> dict[str, Any]:
        user = who.user()
        return {"success": _action_session(action_id, user).cancel_action(action_id).ok}

    @router.post("/api/agent/actions/{action_id}/modify", summary="Seed 000 §5.2: change a pending action's args",
                 responses=documented(*COMMON))
    def modify(who: Who, action_id: Id, body: SeedModifyBody) -> dict[str, Any]:
        user = who.user()
        row = _action_session(action_id, user).modify_action(action_id, body.args)
        return {"success": True, "updatedAction": camel(row.model_dump(mode="json"))}

    @router.get("/api/agent/conversations", summary="Seed 000 §5.3: your marketing conversations, newest first",
                responses=documented(*COMMON))
    def conversations(who: Who, archived: Annotated[bool, Query()] = False,
                      limit: Annotated[int, Query(ge=1, le=200)] = 20,
                      offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> dict[str, Any]:
        user = who.user()
        store = runtime_store()
        rows = store.conversations.list(user, agent_id=AGENT, archived=archived, limit=limit, offset=offset)
        return {"conversations": [{"id": r.id, "title": r.title, "updatedAt": aware(r.updated_at).isoformat(),
                                   "lastMessage": r.last_preview} for r in rows],
                "total": store.conversations.count(user, agent_id=AGENT, archived=archived)}

    @router.get("/api/agent/conversations/{conversation_id}", summary="Seed 000 §5.3: one conversation",
                responses=documented(*COMMON))
    def conversation(who: Who, conversation_id: Id,
                     messageLimit: Annotated[int, Query(ge=1, le=1000)] = 50) -> dict[str, Any]:
        row = _conversation(conversation_id, who.user())
        messages = runtime_store().messages.recent(conversation_id, messageLimit)
        return {"conversation": camel(row.model_dump(mode="json")),
                "messages": [camel(m.model_dump(mode="json")) for m in messages]}

    @router.delete("/api/agent/conversations/{conversation_id}", summary="Seed 000 §5.3: delete a conversation",
                   responses=documented(*COMMON))
    def delete(who: Who, conversation_id: Id) -> dict[str, Any]:
        user = who.user()
        _conversation(conversation_id, user)
        return {"success": runtime_store().conversations.delete(conversation_id, user)}

    @router.get("/api/agent/alerts", summary="Seed 000 §5.4: your marketing alerts and the unread count",
                responses=documented(*COMMON))
    def alerts(who: Who, status: Annotated[Literal["UNREAD", "READ", "DISMISSED", "ACTED_ON"] | None, Query()] = None,
               limit: Annotated[int, Query(ge=1, le=200)] = 10) -> dict[str, Any]:
        user = who.user()
        store = runtime_store()
        rows = store.alerts.list(user, agent_id=AGENT, status=status, limit=limit)
        return {"alerts": [camel(r.model_dump(mode="json")) for r in rows],
                "unreadCount": store.alerts.count_unread(user, AGENT)}

    @router.patch("/api/agent/alerts/{alert_id}", summary="Seed 000 §5.4: mark an alert", responses=documented(*COMMON))
    def patch_alert(who: Who, alert_id: Id, body: Annotated[SeedAlertPatch, Body()]) -> dict[str, Any]:
        user = who.user()
        store = runtime_store()
        row = store.alerts.get(alert_id, user)
        if row is None or row.agent_id != AGENT:
            raise PlaygroundError(f"No alert {alert_id!r} for user {user!r}.", code="alert_not_found")
        return {"success": store.alerts.set_status(alert_id, user, body.status, system_clock())}

    @router.post("/api/agent/alerts/check", summary="Seed 000 §5.4: run the alert check now",
                 responses=documented(*COMMON))
    def check(who: Who) -> dict[str, Any]:
        user = who.user()
        session = Session(AGENT, user_id=user)  # seeds the user's sandbox account on first use
        types = dict.fromkeys(SEED_ALERT_TYPES, 0)
        created = 0
        for alert in alert_check(session.store, user, system_clock()):
            created += 1
            if alert.type in types:
                types[alert.type] += 1
        return {"created": created, "types": types}

    return router
