"""The HTTP front end: JSON endpoints and an SSE chat stream over the Session API.

SSE frames carry ``event: <type>`` and ``data: <json with type inside>``. Who is calling comes
from one dependency (``agents/http/auth.py``): the API token's owner in ``shared`` mode, the
``user`` parameter in ``local`` mode.
"""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

from typing import Annotated

from fastapi import Depends, FastAPI, Path, Request
from typing_extensions import TypedDict  # pydantic reads typing's TypedDict only from Python 3.12

from agents.core.agent import list_agents
from agents.core.identity import MODES, Mode
from agents.core.messages import in_lang, lang_of_tag
from agents.core.redact import install_log_redaction
from agents.http.actions import action_routes
from agents.http.alerts import alert_routes
from agents.http.auth import Caller, caller_dependency
from agents.http.body_limit import BodyLimits, api_body_cap, body_route
from agents.http.chat import stream_agent_turn
from agents.http.conversations import conversation_routes
from agents.http.cors import ApiCORS
from agents.http.docs import install_docs
from agents.http.errors import COMMON, documented, install_error_handlers
from agents.http.evals import evals_routes
from agents.http.feedback import feedback_routes
from agents.http.lab import lab_routes
from agents.http.models import AGENT_ID_PATTERN, ChatBody
from agents.http.operator import Operator, operator_routes
from agents.http.prompts import prompt_routes
from agents.http.review import review_routes
from agents.http.sse import EventStreamResponse
from agents.http.traces import trace_routes
from agents.services.access import BurstLimiter, burst_limit_from_env, cors_origins, token_message

_CHAT_200 = {
    "description": "The turn's events as Server-Sent Events: each frame is `event: <type>` and "
                   "`data: <JSON with type inside>`; the stream ends with exactly one `done` or `error` event.",
    "content": {"text/event-stream": {"schema": {"type": "string"},
                                      "example": 'event: text_delta\ndata: {"type":"text_delta","content":"안녕"}\n\n'}},
}


class AgentInfo(TypedDict):
    id: str
    title: str
    description: str
    examples: list[str]
    tools: list[str]


class WhoAmI(TypedDict):
    user: str
    mode: Mode
    token: str  # none | valid | unknown
    token_owner: str | None
    token_checked: bool
    message: str


def create_api(mode: Mode, *, burst_limit: int | None = None, operator: Operator | None = None) -> FastAPI:
    """The API for ``mode`` (``local`` or ``shared``); ``burst_limit`` defaults to PLAYGROUND_BURST_LIMIT;
    ``operator``: the running server's operator token and the CLI that ``/api/v1/operator/cli`` runs."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
    api = FastAPI(title="Agent Playground API", version="1", docs_url=None, redoc_url=None,
                  openapi_url="/api/openapi.json",
                  description=f"Running in **{mode}** mode. " + (
                      "Every /api/v1 call needs `Authorization: Bearer <token>`; create one in the app's "
                      "'API 접근 (API access)' tab." if mode == "shared" else
                      "The `user` parameter says who is asking (default `demo`); loopback only."))
    install_error_handlers(api)
    install_docs(api)
    api_body_cap()  # a bad PLAYGROUND_MAX_BODY_BYTES stops the start, not a request
    install_log_redaction()  # uvicorn's access and error logs included
    # Added before CORS, so CORS wraps it and a 413 carries the CORS headers too.
    api.add_middleware(BodyLimits)
    api.add_middleware(ApiCORS, origins=cors_origins())
    caller = caller_dependency(mode)
    Who = Annotated[Caller, Depends(caller)]
    limiter = BurstLimiter(burst_limit if burst_limit is not None else burst_limit_from_env())
    api.state.mode = mode
    api.state.limiter = limiter

    @api.get("/api/v1/agents", tags=["agents"], summary="The agents you can chat with", responses=documented(*COMMON))
    def agents(who: Who, request: Request) -> list[AgentInfo]:
        who.user()
        lang = lang_of_tag(request.headers.get("accept-language")) or "ko"  # none named: Korean, as before
        return [{"id": a.id, "title": a.title_in(lang), "description": a.description_in(lang),
                 "examples": list(a.examples_in(lang)), "tools": a.tools.names()} for a in list_agents()]

    @api.post("/api/v1/agents/{agent_id}/chat", tags=["agents"], summary="Run one turn, streamed as SSE",
              response_class=EventStreamResponse,
              responses={200: _CHAT_200, **documented(*COMMON, 429, stream=True)}, openapi_extra=body_route())
    async def chat(who: Who, agent_id: Annotated[str, Path(pattern=AGENT_ID_PATTERN)],
                   body: ChatBody) -> EventStreamResponse:
        return await stream_agent_turn(agent_id, body.message, body.extra, user=who.user(body.user),
                                       provider=body.provider, model=body.model,
                                       conversation_id=body.conversation_id, limiter=limiter)

    @api.get("/api/v1/whoami", tags=["access"], summary="Who this request acts as, and what the token counts for",
             responses=documented(*COMMON))
    def whoami(who: Who, request: Request) -> WhoAmI:
        said, lang = token_message(mode, who.token), lang_of_tag(request.headers.get("accept-language"))
        return {"user": who.user(), "mode": mode, "token": who.token, "token_owner": who.token_owner,
                "token_checked": mode == "shared", "message": in_lang(said, lang) if lang else said}

    api.include_router(conversation_routes(caller))
    api.include_router(action_routes(caller))
    api.include_router(alert_routes(caller))
    api.include_router(feedback_routes(caller))
    for lab in (trace_routes, prompt_routes, lab_routes):  # the Lab (issue 14)
        api.include_router(lab(caller))
    api.include_router(evals_routes(caller))
    api.include_router(operator_routes(caller, operator))
    api.include_router(review_routes(caller))  # issue 31
    for spec in list_agents():
        if spec.http_routes is not None:
            api.include_router(spec.http_routes(caller))
    return api
