"""``POST /api/v1/tutor/chat`` (seed 002): message + context_text + switches, streamed with the seed's
event names (``wire``). Bad input answers 422 naming the field before anything is saved."""

# No `from __future__ import annotations`: FastAPI resolves the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field

from agents.core.clock import system_clock
from agents.core.inputs import InvalidInput
from agents.http.auth import Caller
from agents.http.chat import chat_route, stream_agent_turn
from agents.http.models import ID_PATTERN, UserId
from agents.http.sse import EventStreamResponse
from agents.tutor import contract, wire

CHAT_DOC = ("Seed 002 Server-Sent Events: `event: <name>` and `data: <JSON with type>`; names are thinking, tool_call, "
            "text_delta, visualization, ui_action, done, error (plus action_confirmation and clarification); `done` "
            "carries session_id, total_tokens, model, sources, search_used, response_mode and structured.")
CHAT_EXAMPLE = ('event: ui_action\ndata: {"type":"ui_action","action_id":"nav_stock","params":{"code":"005930"},'
                '"risk":"low","needs_confirmation":false}\n\n')


class TutorChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    message: str = Field(min_length=1, max_length=8000, description="what the learner types")
    context_text: str | None = Field(None, max_length=200_000,
                                     description="the sandbox app's screen (Agent Control Contract JSON); omit for home")
    session_id: str | None = Field(None, pattern=ID_PATTERN, description="our conversation id; omit to start one")
    use_web_search: bool = False
    response_mode: Literal["plain", "canvas_markdown"] = "plain"
    structured_extract: bool = False
    provider: Literal["offline", "openai", "gemini"] = "offline"
    model: str | None = Field(None, min_length=1, max_length=200)
    user: UserId | None = None


def tutor_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/tutor", tags=["tutor"])
    Who = Annotated[Caller, Depends(caller)]

    @router.post("/chat", **chat_route("/api/v1/tutor/chat", "One tutor turn, streamed with the seed's event names",
                                       CHAT_DOC, CHAT_EXAMPLE))
    async def chat(who: Who, body: TutorChatBody, request: Request) -> EventStreamResponse:
        user = who.user(body.user)
        context_text, unknown = body.context_text, list[str]()
        if context_text is not None:  # a partial screen takes the defaults of the screen it names
            context_text, unknown = contract.complete(context_text, system_clock())
            try:
                contract.state_of(contract.parse(context_text))
            except contract.BadContext as exc:
                raise InvalidInput("context_text", f"context_text가 샌드박스 앱의 화면 JSON이 아닙니다: 앱이 보낸 그대로 "
                                                   f"보내거나 홈 화면이면 빼세요. ({exc} Send the sandbox app's "
                                                   "context_text, or leave it out for the home screen.)") from exc
        extra = {"context_text": context_text, "use_web_search": body.use_web_search,
                 "response_mode": body.response_mode, "structured_extract": body.structured_extract}
        return await stream_agent_turn("tutor", body.message, extra, user=user, provider=body.provider,
                                       model=body.model, conversation_id=body.session_id,
                                       limiter=getattr(request.app.state, "limiter", None),
                                       format_event=wire.frame if not unknown else wire.warned(unknown))

    return router
