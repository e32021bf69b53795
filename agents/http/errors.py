"""One error shape for every refusal: ``{"error": {"code", "message", "field"?}}``, with the status
each error class means, and the OpenAPI description of those answers."""

from __future__ import annotations

import logging
from collections.abc import Mapping

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from agents.core.errors import (
    ActionBusy,
    ActionNotFound,
    ActionRefused,
    AuthError,
    ConversationBusy,
    ConversationNotFound,
    Forbidden,
    InvalidArgs,
    PlaygroundError,
    RateLimited,
    StorageFull,
    StorageUnavailable,
    TurnNotFound,
    UnknownAgentError,
)
from agents.core.messages import Lang, lang_of_tag
from agents.core.redact import redact
from agents.core.store.health import scrub
from agents.http.models import ErrorBody, JsonValueError
from agents.services.access import TokenNotFound

log = logging.getLogger(__name__)

_STATUS: list[tuple[type[PlaygroundError], int]] = [
    (AuthError, 401), (Forbidden, 403),
    (UnknownAgentError, 404), (ConversationNotFound, 404), (ActionNotFound, 404), (TokenNotFound, 404), (TurnNotFound, 404),
    (ActionRefused, 409), (ConversationBusy, 409), (ActionBusy, 409),
    (InvalidArgs, 422), (RateLimited, 429),
    # The store: its file went away under the server (503), or its disk is full (507).
    (StorageUnavailable, 503), (StorageFull, 507),
]
_STATUS_BY_CODE = {"invalid_user": 422, "alert_not_found": 404, "alert_closed": 409,
                   # the Lab
                   "prompt_version_not_found": 404, "comparison_not_found": 404, "nothing_to_roll_back": 409,
                   "round_not_finished": 409}
# Evaluation suites and runs (agents/http/evals.py).
_STATUS_BY_CODE |= {"run_not_found": 404, "suite_not_found": 404, "bad_suite": 422, "unknown_prompt_version": 422,
                    "agent_mismatch": 422, "empty_conversation": 422, "invalid_input": 422, "shipped_suite": 409,
                    "duplicate_case": 409}
_STATUS_BY_CODE |= {"review_item_not_found": 404}  # the review queue (agents/http/review.py)
_FIELD_BY_CODE = {"invalid_user": "user",
                  # Over HTTP these come from one body field each (a suite's text, the agent of a case, a run's
                  # configuration, the conversation to draft from).
                  "bad_suite": "yaml", "agent_mismatch": "agent", "unknown_prompt_version": "prompt_version",
                  "empty_conversation": "conversation_id", "duplicate_case": "case.name"}


def error_response(status: int, code: str, message: str, field: str | None = None,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    detail: dict[str, str] = {"code": code, "message": redact(scrub(message))}  # may quote an exception
    if field:
        detail["field"] = field
    return JSONResponse({"error": detail}, status_code=status, headers=headers)


def status_for(exc: PlaygroundError) -> int:
    if exc.code in _STATUS_BY_CODE:
        return _STATUS_BY_CODE[exc.code]
    return next((status for cls, status in _STATUS if isinstance(exc, cls)), 400)


def refusal(exc: PlaygroundError, lang: Lang | None = None) -> JSONResponse:
    """The error body; ``message`` in ``lang`` (the request's Accept-Language) when one is asked for, else the
    catalogue's "Korean (English)" as before (a script that sends no header keeps reading both)."""
    headers: dict[str, str] = {}
    if isinstance(exc, RateLimited):
        headers["Retry-After"] = str(max(1, round(exc.retry_after)))
    if isinstance(exc, AuthError):
        headers["WWW-Authenticate"] = 'Bearer realm="agent-playground"'
    return error_response(status_for(exc), exc.code, exc.text(lang) if lang else exc.message, getattr(exc, "field", None)
                          or _FIELD_BY_CODE.get(exc.code), headers)


def _field(loc: tuple[object, ...]) -> str:
    parts = [str(p) for p in loc[1:]] if loc and loc[0] in ("body", "query", "path", "header") else [str(p) for p in loc]
    return ".".join(parts) or (str(loc[0]) if loc else "body")


def _describe(error: Mapping[str, object], field: str) -> str:
    kind = error.get("type", "")
    match kind:
        case "extra_forbidden":
            return f"Unknown field {field!r}: remove it (the fields each endpoint takes are listed at /api/docs)."
        case "missing":
            return f"{field!r} is required." if field != "body" else "A JSON body is required."
        case "string_pattern_mismatch" if field.split(".")[-1] == "user":
            return (f"Invalid user id in {field!r}: use 1-64 letters, digits, '.', '_', '-' or '@' "
                    "(nothing else, not even a trailing newline).")
        case "value_error":
            return f"{field!r} {str(error.get('msg', '')).removeprefix('Value error, ')}."
    return f"{field!r}: {error.get('msg', 'invalid value')}."


def validation_refusal(exc: RequestValidationError) -> JSONResponse:
    errors = list(exc.errors())
    if not errors:
        return error_response(422, "invalid_input", "The request is not valid.")
    first = errors[0]
    if first.get("type") == "json_invalid":
        return error_response(400, "invalid_json", "The body is not valid JSON: "
                              f"{first.get('ctx', {}).get('error', 'parse error')}. Send a JSON object.", "body")
    field = _field(tuple(first.get("loc", ())))
    inner = first.get("ctx", {}).get("error")
    if isinstance(inner, JsonValueError) and inner.path:  # name the key inside a free-form object
        field = f"{field}.{inner.path}"
        message = f"{field!r} {inner.reason}."
    else:
        message = _describe(first, field)
    if len(errors) > 1:
        others = sorted({_field(tuple(e.get("loc", ()))) for e in errors[1:]} - {field})
        if others:
            message += f" Also check: {', '.join(others)}."
    return error_response(422, "invalid_input", message, field)


def install_error_handlers(api: FastAPI) -> None:
    async def on_refusal(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, PlaygroundError)
        return refusal(exc, lang_of_tag(request.headers.get("accept-language")))

    async def on_validation(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        return validation_refusal(exc)

    async def on_http(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 400:  # FastAPI could not read the body at all (e.g. invalid UTF-8)
            return error_response(400, "invalid_json", "The body could not be read as JSON text: send a UTF-8 "
                                  "encoded JSON object.", "body")
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return error_response(exc.status_code, code, str(exc.detail), headers=getattr(exc, "headers", None))

    async def on_crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error in %s %s", request.method, request.url.path)
        return error_response(500, "internal_error", "The server failed on this request; it has been logged. "
                              "Try again, and report it if it keeps happening.")

    api.add_exception_handler(PlaygroundError, on_refusal)
    api.add_exception_handler(RequestValidationError, on_validation)
    api.add_exception_handler(HTTPException, on_http)
    api.add_exception_handler(Exception, on_crash)


_DESCRIPTIONS = {
    400: "Bad request: the body is not JSON, or a request the current state does not allow",
    401: "No valid API token (shared mode): the message says how to get one",
    403: "The `user` given differs from the token's owner",
    404: "Not found, or not yours (ids of other users' data never leak)",
    409: "Conflict: the conversation is busy with another turn, or the action is no longer pending",
    422: "Invalid input: `error.field` names it",
    429: "Too many chat turns in a short burst; wait `Retry-After` seconds",
    503: "`storage_unavailable`: the server's database file was deleted, replaced or became unreadable; nothing "
         "more is saved until the operator restores it and restarts the server",
    507: "`storage_full`: the server's disk is full; nothing was saved by this request, earlier data is intact",
}


def documented(*statuses: int, stream: bool = False) -> dict[int | str, dict[str, object]]:
    """OpenAPI ``responses`` for the given error statuses, all with the one JSON error body.
    ``stream``: the route's own media type is text/event-stream, so name the JSON body explicitly."""
    out: dict[int | str, dict[str, object]] = {}  # OpenAPI response objects (FastAPI reads "model" too)
    for status in statuses:
        entry: dict[str, object] = {"description": _DESCRIPTIONS[status]}
        if stream:
            entry["content"] = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
        else:
            entry["model"] = ErrorBody
        if status == 429:
            entry["headers"] = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}
        if status == 401:
            entry["headers"] = {"WWW-Authenticate": {"description": "Bearer", "schema": {"type": "string"}}}
        out[status] = entry
    return out


COMMON = (400, 401, 403, 404, 409, 422, 503, 507)
