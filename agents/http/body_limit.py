"""Request bodies are bounded before they are read (issue 26): an ASGI middleware in front of the whole
server, the API and the Gradio UI mounted in it.

A Content-Length over the cap is answered 413 at once, without reading a byte of the body; a body
without one (chunked) is counted as it streams and refused as soon as it passes the cap. Either way the
answer says ``Connection: close``, so the server drops the rest instead of reading it to keep the
connection alive. Without this, a 50 MB chat message was parsed, copied and stored whole (peak memory
up some 780 MB) before the size guard refused it.

Two caps:
- ``api_body_cap``: every ``/api/`` request, ``PLAYGROUND_MAX_BODY_BYTES``, by default room for the
  longest accepted message and its ``extra`` written entirely as JSON ``\\uXXXX`` escapes, plus the rest
  of the envelope. A message between the message limit and this cap still reaches the size guard, which
  answers it by name and keeps only a short placeholder.
- ``document_body_cap``: routes that take documents (an eval suite's YAML, the tutor's screen text, the
  english tutor's client-held history, a system prompt) declare it in their OpenAPI operation as
  ``x-max-body-bytes`` (``document_route``); Gradio's own routes get it too, since Gradio reads a whole
  queue request into memory with no limit of its own (its ``max_file_size`` bounds only uploads).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable

from starlette.routing import compile_path
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agents.core.guards import GuardSettings
from agents.core.inputs import MAX_EXTRA_CHARS
from agents.core.messages import Lang, in_lang, lang_of_tag, say
from agents.http.texts import HTTP_MESSAGES  # noqa: F401 -- registers the words said here
from agents.services.evals.loader import MAX_SUITE_BYTES

BODY_ENV = "PLAYGROUND_MAX_BODY_BYTES"
BYTES_PER_CHAR = 6  # the longest JSON spelling of one character: a \uXXXX escape
ENVELOPE_BYTES = 16 * 1024  # field names, ids, provider and model
DOCUMENT_KEY = "x-max-body-bytes"
_TUTOR_CONTEXT_CHARS = 200_000  # TutorChatBody.context_text's own limit


def api_body_cap() -> int:
    raw = os.environ.get(BODY_ENV, "").strip()
    if raw:
        try:
            value = int(raw)
        except ValueError:
            value = 0
        if value < 1:
            raise ValueError(f"{BODY_ENV} must be a whole number of bytes (1 or more), not {raw!r}")
        return value
    return BYTES_PER_CHAR * (GuardSettings.from_env().max_input_chars + MAX_EXTRA_CHARS) + ENVELOPE_BYTES


def document_body_cap() -> int:
    """A suite file at its limit even if every byte is escaped twice over in JSON, or the tutor's screen text."""
    return max(api_body_cap(), 2 * MAX_SUITE_BYTES + 64 * 1024, BYTES_PER_CHAR * _TUTOR_CONTEXT_CHARS)


_413 = {"description": "The request body is over the cap (`x-max-body-bytes` where the route declares it, else "
                       "PLAYGROUND_MAX_BODY_BYTES); it was not read",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}}
# The full path templates of the document routes, as their modules declare them (the router prefix included:
# FastAPI's included routers keep their routes out of ``app.routes`` until they are used).
_documents: dict[str, re.Pattern[str]] = {}


def body_route() -> dict[str, object]:
    """``openapi_extra`` documenting the 413 of a route that takes a body under the API cap."""
    return {"responses": {"413": _413}}


def document_route(path: str) -> dict[str, object]:
    """``openapi_extra`` for the route at ``path`` (its full template): its body may be a document, so it
    gets the larger cap, documented as ``x-max-body-bytes``."""
    _documents.setdefault(path, compile_path(path)[0])
    return {DOCUMENT_KEY: document_body_cap(), "responses": {"413": _413}}


def is_document_path(path: str) -> bool:
    return any(pattern.match(path) for pattern in list(_documents.values()))


class BodyTooLarge(Exception):
    """Raised inside the app's ``receive`` once a streamed body passes the cap."""


def refusal_message(cap: int, size: int | None, lang: Lang | None = None) -> str:
    """The 413's message: in the request's Accept-Language, or both languages when it names none."""
    said = say("http_body_too_large", cap=cap) if size is None else say("http_body_too_large_sized", size=size, cap=cap)
    return said if lang is None else in_lang(said, lang)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers") or ():
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # the server refuses a malformed length itself
    return None


class BodyLimits:
    """The middleware. The caps are read at each request (they follow the settings), and so are the
    document routes, which their modules declare as the app is built."""

    def __init__(self, app: ASGIApp, *, api_cap: Callable[[], int] = api_body_cap,
                 document_cap: Callable[[], int] = document_body_cap,
                 is_document: Callable[[str], bool] = is_document_path) -> None:
        self.app = app
        self.api_cap = api_cap
        self.document_cap = document_cap
        self.is_document = is_document

    def cap_for(self, scope: Scope) -> int:
        path = scope.get("path", "")
        if not path.startswith(("/api/", "/seeds/")) or self.is_document(path):  # /seeds/: the seeds' APIs
            return self.document_cap()  # a document route, or the Gradio UI (its queue, uploads, components)
        return self.api_cap()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cap = self.cap_for(scope)
        length = _content_length(scope)
        if length is not None and length > cap:
            await _refuse(send, cap, length, scope)
            return
        received = 0
        over = False
        started = False

        async def counted() -> Message:
            nonlocal received, over
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > cap:
                    over = True
                    raise BodyTooLarge(cap)
            return message

        async def guarded(message: Message) -> None:
            nonlocal started
            if over and not started:
                return  # the app's own answer to a cut-off body (a 400, say) gives way to the 413
            started = started or message["type"] == "http.response.start"
            await send(message)

        with contextlib.suppress(BodyTooLarge):  # the app let it through: answered below
            await self.app(scope, counted, guarded)
        if over and not started:
            await _refuse(send, cap, None, scope)


async def _refuse(send: Send, cap: int, size: int | None, scope: Scope) -> None:
    asked = next((v.decode("latin-1") for k, v in scope.get("headers") or () if k == b"accept-language"), None)
    message = refusal_message(cap, size, lang_of_tag(asked[:200] if asked else None))
    body = json.dumps({"error": {"code": "body_too_large", "message": message, "field": "body"}},
                      ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
