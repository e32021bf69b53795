"""The english tutor's endpoints: ``POST /api/v1/english/chat`` in the seed's stateless shape
(``{history, message}``: the client holds the session, marker included) and the learner's profile
(``GET`` / ``PUT /api/v1/english/profile``). Bad input answers 422 naming the field before anything
is saved; a marker the client altered is named by its place in ``history``."""

# No `from __future__ import annotations`: FastAPI resolves the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from agents.core.clock import system_clock
from agents.core.inputs import MAX_EXTRA_CHARS
from agents.core.session import runtime_store
from agents.english import marker as markers
from agents.english.models import ChatMessage, Level
from agents.english.store import EnglishStore
from agents.http.auth import Caller
from agents.http.chat import chat_route, stream_agent_turn
from agents.http.errors import COMMON, documented
from agents.http.models import ID_PATTERN, Text, UserId
from agents.http.sse import EventStreamResponse

HISTORY_SENT = 20  # the reply reads the last 20 messages (the marker always goes too)
MESSAGE_CHARS = 1_500  # each history message as the model sees it

CHAT_DOC = ("Server-Sent Events (`event: <type>` + `data: <JSON with type>`). On a new session the first event is the "
            "`article` data_card; its `data.system_message` is the seed's SYSTEM_ARTICLE ChatMessage: keep it in "
            "`history` so later turns reuse the article. Then a `correction` data_card ({has_errors: true, original, "
            "corrected, explanation} | {has_errors: false, feedback}), `text_delta`s of the reply, and one `done` "
            "(or `error`).")
CHAT_EXAMPLE = ('event: data_card\ndata: {"type":"data_card","card_type":"article","title":"…","data":{'
                '"summary":"…","vocabulary":[…],"questions":[…],"system_message":{"sender":"system",'
                '"text":"SYSTEM_ARTICLE:{…}","timestamp":"…"}}}\n\n')


class EnglishChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    history: list[ChatMessage] = Field(default_factory=list, max_length=400,
                                       description="the conversation the client holds (seed ChatMessage[]), with the "
                                                   "SYSTEM_ARTICLE system message it received; empty for a new session")
    message: Annotated[Text, Field(min_length=1, max_length=8000, description="what the learner types")]
    conversation_id: str | None = Field(None, pattern=ID_PATTERN,
                                        description="optional: record the turns in this stored conversation; "
                                                    "omit it and the SYSTEM_ARTICLE marker in `history` finds "
                                                    "yours (a new one without a marker)")
    provider: Literal["offline", "openai", "gemini"] = "offline"
    model: str | None = Field(None, min_length=1, max_length=200)
    user: UserId | None = None


class ProfileBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="what the tutor calls the learner (1-40 characters)")
    interests: list[str] = Field(description="1-8 interests, free text (technology, 여행, soccer ...)")
    learningLevel: Level = "intermediate"
    user: UserId | None = None


def held_history(history: list[ChatMessage]) -> list[dict[str, str]]:
    """What the turn reads of the client's history: its marker (checked here, so a bad one is a 422
    naming it) and the last messages, within the turn's input size."""
    markers.find_in_history(history)  # raises BadMarker (422) naming history[i].text
    marker = next((m for m in reversed(history) if markers.is_marker(m.sender, m.text)), None)
    said = [m for m in history if m.sender in ("user", "assistant") and m.text.strip()][-HISTORY_SENT:]
    items = [{"sender": m.sender, "text": m.text[:MESSAGE_CHARS], "timestamp": m.timestamp} for m in said]
    head = [{"sender": "system", "text": marker.text, "timestamp": marker.timestamp}] if marker else []
    while items and len(repr(head + items)) > MAX_EXTRA_CHARS - 500:
        items.pop(0)
    return head + items


def english_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/english", tags=["english"])
    Who = Annotated[Caller, Depends(caller)]

    @router.post("/chat", **chat_route("/api/v1/english/chat", "One tutor turn, the seed's stateless shape "
                                       "({history, message})", CHAT_DOC, CHAT_EXAMPLE))
    async def chat(who: Who, body: EnglishChatBody, request: Request) -> EventStreamResponse:
        user = who.user(body.user)
        extra = {"history": held_history(body.history)}
        conversation_id = body.conversation_id
        held = markers.find_in_history(body.history)
        if conversation_id is None and held is not None:  # a stateless client: its marker names its session
            text = body.history[held[0]].text
            conversation_id = await run_in_threadpool(EnglishStore(runtime_store()).conversation_with_marker, user, text)
        return await stream_agent_turn("english", body.message, extra, user=user, provider=body.provider,
                                       model=body.model, conversation_id=conversation_id,
                                       limiter=getattr(request.app.state, "limiter", None))

    @router.get("/profile", summary="Your learner profile (seed UserProfile), seeded with defaults on first use",
                responses=documented(*COMMON))
    def profile(who: Who) -> dict[str, object]:
        return EnglishStore(runtime_store()).profile(who.user(), system_clock()).model_dump(mode="json")

    @router.put("/profile", summary="Change your name, interests and level (recent corrections stay)",
                responses=documented(*COMMON))
    def save_profile(who: Who, body: ProfileBody) -> dict[str, object]:
        saved = EnglishStore(runtime_store()).save(who.user(body.user), body.name, body.interests,
                                                   body.learningLevel, system_clock())
        return saved.model_dump(mode="json")

    return router
