"""Seed 001's own API under ``/seeds/001`` (§3.1.1, §6): the project chat streams ``StreamChunk``s (text,
place, tool_call, tool_result, itinerary_preview, done, error) and ``apply-itinerary`` saves a preview.

A seed "project" is one of the caller's trips: chatting in it makes it the active trip, as choosing it in
the workspace does. The 적용하기 click that calls apply-itinerary is the confirmation, so that request
proposes the apply action and confirms it at once: the action table records both, as for a card confirmed
in the chat. Names the trip's saved places do not match are listed in the answer and in the card."""

# No `from __future__ import annotations`: FastAPI resolves the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Request
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from agents.core.actions import ActionService
from agents.core.clock import system_clock
from agents.core.errors import ConversationNotFound
from agents.core.events import Event
from agents.core.session import runtime_store
from agents.http.auth import Caller
from agents.http.chat import stream_agent_turn
from agents.http.errors import COMMON, documented
from agents.http.models import ID_PATTERN, Text, UserId
from agents.http.seeds import SSE_EVENT, SeedChatBody, camel, chunk_frames, seed_router
from agents.http.sse import EventStreamResponse
from agents.travel.http import _storable
from agents.travel.itinerary import resolve_preview
from agents.travel.model import ItineraryPreviewData, Trip
from agents.travel.service import TripService

AGENT = "travel"
ProjectId = Annotated[str, Path(pattern=ID_PATTERN, description="the trip (seed: project) id, trip_…")]
_STATUS = {"running": "executing", "awaiting_confirmation": "pending", "done": "completed", "error": "failed"}
CHAT_200 = {
    "description": "Seed 001 §3.1.1 StreamChunk frames, `data: {...}`: text {content}, place {place}, tool_call and "
                   "tool_result {toolCall: {id, name, args, status, result?}}, itinerary_preview {itineraryPreview}, "
                   "done {messageId, conversationId}, error {content}.",
    "content": {"text/event-stream": {"schema": SSE_EVENT,
                                      "example": 'data: {"type":"text","content":"추천 맛집!"}\n\n'
                                                 'data: {"type":"done","messageId":"msg_…"}\n\n'}},
}


def to_chunk(event: Event) -> dict[str, object] | None:
    """One of our events as a seed 001 StreamChunk; None for what the seed has no chunk for."""
    match event.type:
        case "text_delta":
            return {"type": "text", "content": event.content}
        case "tool_call":
            return {"type": "tool_call", "toolCall": {"id": event.call_id, "name": event.name, "args": event.args,
                                                      "status": _STATUS[event.status]}}
        case "tool_result":
            return {"type": "tool_result", "content": event.summary, "toolCall": {
                "id": event.call_id, "name": event.name, "status": "completed" if event.ok else "failed",
                "result": event.data}}
        case "data_card" if event.card_type == "place":
            return {"type": "place", "place": event.data}  # RecommendedPlace keeps the seed's own name_en
        case "data_card" if event.card_type == "itinerary_preview":
            preview = event.data.get("preview")
            if not isinstance(preview, dict):
                preview = {}
            return {"type": "itinerary_preview", "itineraryPreview": preview, "projectId": event.data.get("trip_id"),
                    "unmatched": preview.get("unmatched", [])}
        case "done":
            return {"type": "done", "messageId": event.message_id, "conversationId": event.conversation_id}
        case "error":
            return {"type": "error", "content": event.message, "code": event.code}
        case "thinking" | "intent":
            return None
    chunk: dict[str, object] = camel(event.model_dump(mode="json", exclude={"ts", "turn_id", "seq"}))  # dict in, dict out
    return chunk


class SeedApplyBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    preview: Annotated[ItineraryPreviewData, AfterValidator(_storable)]
    mode: Literal["overwrite", "merge"] = "overwrite"
    conversationId: Annotated[Text, Field(pattern=ID_PATTERN)] | None = Field(
        None, description="the chat the preview came from; the action is recorded there")
    user: UserId | None = None


def _project(user: str, project_id: str) -> Trip:
    service = TripService(runtime_store())
    service.setup_user(user, system_clock())
    trip = service.store.trip(user, project_id)
    if trip is None:
        raise ConversationNotFound(f"No trip {project_id!r} for user {user!r}.", code="trip_not_found")
    return trip


def _open_chat(user: str, project_id: str) -> None:
    _project(user, project_id)
    TripService(runtime_store()).switch(user, project_id)


def apply_preview(user: str, project_id: str, body: SeedApplyBody) -> dict[str, object]:
    store = runtime_store()
    trip = _project(user, project_id)
    preview = resolve_preview(body.preview, trip)
    conversation_id = body.conversationId
    if conversation_id is not None:
        row = store.conversations.get(conversation_id, user)
        if row is None or row.agent_id != AGENT:
            raise ConversationNotFound(f"Conversation {conversation_id!r} was not found.")
    else:  # a client with no chat: the action gets a conversation of its own
        conversation_id = store.db.write(lambda: store.conversations.create(
            user, AGENT, f"일정 적용: {preview.title}", system_clock())).id
    actions = ActionService(store)
    proposed = actions.propose(user_id=user, conversation_id=conversation_id, agent_id=AGENT,
                               tool_name="apply_itinerary",
                               args={"trip_id": project_id, "preview": preview.model_dump(mode="json"),
                                     "mode": body.mode})
    outcome = actions.confirm(proposed.id, user)  # the click that called us is the confirmation
    data = outcome.result if isinstance(outcome.result, dict) else {}
    return {"success": outcome.ok, "message": outcome.message,
            "data": {"projectId": project_id, "items": data.get("items", 0), "mode": body.mode},
            "unmatched": data.get("unmatched", preview.unmatched), "actionId": proposed.id,
            "conversationId": conversation_id,
            "cards": [camel(c.model_dump(mode="json")) for c in outcome.cards]}


def seed_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = seed_router("001")
    Who = Annotated[Caller, Depends(caller)]

    @router.post("/api/projects/{project_id}/chat", summary="Seed 001: one travel turn as StreamChunk frames",
                 response_class=EventStreamResponse, responses={200: CHAT_200, **documented(*COMMON, 429, stream=True)})
    async def chat(who: Who, project_id: ProjectId, body: SeedChatBody, request: Request) -> EventStreamResponse:
        user = who.user(body.user)
        await run_in_threadpool(_open_chat, user, project_id)
        return await stream_agent_turn(AGENT, body.message, None, user=user, provider="offline", model=None,
                                       conversation_id=body.conversationId,
                                       limiter=getattr(request.app.state, "limiter", None), format_event=chunk_frames(to_chunk))

    @router.post("/api/projects/{project_id}/chat/apply-itinerary", responses=documented(*COMMON),
                 summary="Seed 001 §6.2: save a preview (this click is the confirmation)")
    def apply(who: Who, project_id: ProjectId, body: SeedApplyBody) -> dict[str, object]:
        return apply_preview(who.user(body.user), project_id, body)

    return router
