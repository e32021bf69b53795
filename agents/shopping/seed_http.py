"""Seed 003's own API under ``/seeds/003``: ``POST /api/agent`` takes the bottom sheet's body
(``userInput``, ``sessionId``, ``context``, ``anchorProductId``) and streams ``data: {"type", "data"}`` frames:
thinking, intent, message, clarification, recommendations, error, done.

The seed's ``sessionId`` is the client's own id: it is kept in the conversation's state, so the same id
continues the same conversation (per user; another user's identical id is another conversation). A new
session starts from the client's ``context`` (tags, budget, anchor, its current Top 3); after that the
server's state is the truth. Text streams as deltas inside a turn; the seed sends one ``message``, so the
deltas are gathered here and sent whole before the next event."""

# No `from __future__ import annotations`: FastAPI resolves the local `Who` alias at runtime.

import re
from collections.abc import Callable, Mapping
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from agents.core.clock import system_clock
from agents.core.events import Event
from agents.core.session import runtime_store
from agents.http.auth import Caller
from agents.http.chat import stream_agent_turn
from agents.http.errors import COMMON, documented
from agents.http.models import JsonObject, Text, UserId
from agents.http.seeds import SSE_EVENT, camel, data_frame, seed_router
from agents.http.sse import EventStreamResponse
from agents.shopping.catalog import Catalog
from agents.shopping.engine import BudgetRange

AGENT = "shopping"
SESSION_KEY = "seed_session_id"
SESSION_PATTERN = r"^[A-Za-z0-9_.:-]{1,128}$"
PRODUCT_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
BUDGET_PATTERN = r"^\d{1,10}(-\d{1,10}|\+)$"
CHAT_200 = {
    "description": "Seed 003 'SSE 이벤트 처리': `data: {\"type\", \"data\"}` frames; thinking, intent "
                   "({tool, confidence}), message (the whole reply), clarification, recommendations "
                   "({recommendations, updatedSession}), error, done.",
    "content": {"text/event-stream": {"schema": SSE_EVENT,
                                      "example": 'data: {"type":"thinking","data":"Analyzing your request..."}\n\n'
                                                 'data: {"type":"intent","data":{"tool":"REFILTER","confidence":90}}'
                                                 '\n\n'}},
}


class AnchorProduct(BaseModel):
    model_config = ConfigDict(extra="ignore")
    productId: Annotated[Text, Field(pattern=PRODUCT_PATTERN)]
    title: Text | None = None


class CurrentSession(BaseModel):
    # The client keeps more in its session than the seed sends here; what we do not read is ignored.
    model_config = ConfigDict(extra="ignore")
    selectedProsTags: Annotated[list[Annotated[Text, Field(max_length=64)]], Field(max_length=50)] = []
    selectedConsTags: Annotated[list[Annotated[Text, Field(max_length=64)]], Field(max_length=50)] = []
    budget: Annotated[Text, Field(pattern=BUDGET_PATTERN)] | None = None
    anchorProduct: AnchorProduct | None = None


class SeedContext(BaseModel):
    model_config = ConfigDict(extra="ignore")
    currentRecommendations: Annotated[list[JsonObject], Field(max_length=20)] = []
    currentSession: CurrentSession = Field(default_factory=CurrentSession)


class SeedAgentBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    # Not empty: the session's conversation is opened before the turn, so an empty input must not reach it.
    userInput: Annotated[Text, Field(min_length=1, description="what the user typed, e.g. 10만원 아래로 다시 보여줘")]
    sessionId: Annotated[Text, Field(pattern=SESSION_PATTERN, description="the client's own session id")]
    context: SeedContext = Field(default_factory=SeedContext)
    anchorProductId: Annotated[Text, Field(pattern=PRODUCT_PATTERN)] | None = Field(
        None, description="only from a product page (PDP): re-recommend around this product")
    user: UserId | None = Field(None, description="local mode only: who is asking (default demo)")


def _budget(label: str) -> BudgetRange:
    low, _, high = label.rstrip("+").partition("-")
    return {"min": int(low), "max": int(high) if high else None, "label": label}


def starting_state(context: SeedContext, catalog: Catalog) -> dict[str, object]:
    """The shopping state a new session starts from, from what the client shows (unknown products dropped)."""
    session = context.currentSession
    state: dict[str, object] = {}
    if session.selectedProsTags:
        state["pros"] = list(dict.fromkeys(session.selectedProsTags))
    if session.selectedConsTags:
        state["cons"] = list(dict.fromkeys(session.selectedConsTags))
    if session.budget:
        state["budget"] = _budget(session.budget)
    ids = [str(r.get("productId") or r.get("id") or "") for r in context.currentRecommendations]
    products = [p for p in (catalog.product(i) for i in ids if re.match(PRODUCT_PATTERN, i)) if p is not None]
    if products:
        state["top3"] = [{"id": p["id"], "title": p["title"], "price": p["price"]} for p in products[:3]]
    anchor = catalog.product(session.anchorProduct.productId) if session.anchorProduct else None
    if anchor is not None:
        state["anchor"] = anchor["id"]
    first = anchor or (products[0] if products else None)
    if first is not None:
        state["category"] = first["category"]
    return state


def open_session(user: str, body: SeedAgentBody) -> tuple[str, bool]:
    """Our conversation for the client's session id, created (with its starting state) on first use;
    and whether this call created it."""
    store = runtime_store()
    found = store.conversations.find_by_state(user, AGENT, SESSION_KEY, body.sessionId)
    if found is not None:
        return found, False
    catalog = Catalog(store)
    catalog.ensure_loaded()
    state = {**starting_state(body.context, catalog), SESSION_KEY: body.sessionId}
    conversation = store.db.write(lambda: store.conversations.create(user, AGENT, body.userInput, system_clock()))
    store.conversations.put_state(conversation.id, user, state)
    return conversation.id, True


def drop_if_empty(user: str, conversation_id: str) -> None:
    """A conversation this request created for a turn that was then refused (busy 409, burst 429) holds
    no message: remove it, so a refusal leaves nothing behind."""
    store = runtime_store()
    row = store.conversations.get(conversation_id, user)
    if row is not None and row.message_count == 0:
        store.conversations.delete(conversation_id, user)


def updated_session(session: Mapping[str, object], title_of: Callable[[str], str]) -> dict[str, object]:
    """A recommendation card's session (JSON) in the seed's shape."""
    anchor, budget = session.get("anchor"), session.get("budget")
    return {"selectedProsTags": session.get("pros") or [], "selectedConsTags": session.get("cons") or [],
            "budget": budget.get("label") if isinstance(budget, dict) else None, "category": session.get("category"),
            "summary": session.get("summary"),
            "anchorProduct": {"productId": anchor, "title": title_of(anchor)} if isinstance(anchor, str) and anchor
            else None}


class SeedFrames:
    """Our events of one turn as seed 003 frames; holds the reply text until it is whole."""

    def __init__(self, session_id: str, title_of: Callable[[str], str]) -> None:
        self.session_id = session_id
        self.title_of = title_of
        self.text: list[str] = []

    def _flush(self) -> str:
        text, self.text = "".join(self.text), []
        return data_frame({"type": "message", "data": text}) if text else ""

    def __call__(self, event: Event) -> str:
        match event.type:
            case "text_delta":
                self.text.append(event.content)
                return ""
            case "thinking":
                return self._flush() + data_frame({"type": "thinking", "data": event.message or event.stage})
            case "intent":
                return self._flush() + data_frame({"type": "intent", "data": {
                    "tool": event.name, "confidence": round(event.confidence * 100), "reasoning": event.reasoning}})
            case "clarification":
                # The question was also streamed as text: the seed sends it once, as the clarification.
                text, self.text = "".join(self.text) or event.question, []
                return data_frame({"type": "clarification", "data": text, "options": list(event.options)})
            case "data_card" if event.card_type == "recommendations":
                shown, asked = event.data.get("recommendations"), event.data.get("updatedSession")
                recs = [{**r, "productId": r.get("id")} for r in (shown if isinstance(shown, list) else [])
                        if isinstance(r, dict)]
                session = updated_session(asked if isinstance(asked, dict) else {}, self.title_of)
                return self._flush() + data_frame({"type": "recommendations", "data": {
                    "recommendations": recs, "updatedSession": session}})
            case "data_card":
                return self._flush() + data_frame({"type": "data_card", "data": {
                    "cardType": event.card_type, "title": event.title, **event.data}})
            case "suggested_questions":
                return self._flush() + data_frame({"type": "suggested_questions", "data": list(event.questions)})
            case "done":
                return self._flush() + data_frame({"type": "done", "data": {
                    "sessionId": self.session_id, "conversationId": event.conversation_id}})
            case "error":  # the seed sends done after an error too
                return (self._flush() + data_frame({"type": "error", "data": event.message, "code": event.code})
                        + data_frame({"type": "done", "data": {"sessionId": self.session_id}}))
        body = camel(event.model_dump(mode="json", exclude={"ts", "turn_id", "seq", "type"}))
        return self._flush() + data_frame({"type": event.type, "data": body})


def _title_of(product_id: str) -> str:
    product = Catalog(runtime_store()).product(product_id)
    return product["title"] if product else ""


def seed_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = seed_router("003")
    Who = Annotated[Caller, Depends(caller)]

    @router.post("/api/agent", summary="Seed 003: one re-recommendation turn as the bottom sheet's SSE",
                 response_class=EventStreamResponse, responses={200: CHAT_200, **documented(*COMMON, 429, stream=True)})
    async def agent(who: Who, body: SeedAgentBody, request: Request) -> EventStreamResponse:
        user = who.user(body.user)
        conversation_id, created = await run_in_threadpool(open_session, user, body)
        extra = {"anchor_product_id": body.anchorProductId} if body.anchorProductId else None
        try:
            return await stream_agent_turn(AGENT, body.userInput, extra, user=user, provider="offline", model=None,
                                           conversation_id=conversation_id,
                                           limiter=getattr(request.app.state, "limiter", None),
                                           format_event=SeedFrames(body.sessionId, _title_of))
        except Exception:
            if created:
                await run_in_threadpool(drop_if_empty, user, conversation_id)
            raise

    return router
