"""Gemini adapter (official ``google-genai`` SDK, the successor of ``google-generativeai``).

Quirks kept here, with why:
- Gemini's first content must be a user turn, and function responses travel in user-role
  content: the history is mapped accordingly.
- Automatic function calling is off: the runner validates and executes tools itself.
- Gemini function calls may come without an id; the runner generates one.
- 429, 5xx and lost connections are retried before any output, with backoff and the circuit
  breaker of ``resilience.resilient`` (the SDK does not retry by default); the constructor's
  ``max_retries`` is the default when the agent and the turn set none.
- Temperature and ``max_output_tokens`` go in ``GenerateContentConfig`` (the seed's generationConfig),
  from the request's options, else the constructor's.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

from google import genai
from google.genai import errors, types

from agents.core.errors import ProviderError
from agents.core.events import Usage
from agents.core.messages import say
from agents.core.providers.base import (
    ChatMessage,
    Finish,
    ModelEvent,
    ModelRequest,
    TextChunk,
    ToolCallChunk,
    UsageChunk,
)
from agents.core.providers.clients import cached_client
from agents.core.providers.resilience import resilient
from agents.core.redact import remember_secret
from agents.core.tools import gemini_schema, parameters_of

DEFAULT_MODEL = "gemini-2.5-flash"
ENV = {"name": "Gemini", "env": "GEMINI_API_KEY (GOOGLE_API_KEY)"}
NAMED = {"name": "Gemini"}


class GeminiProvider:
    name = "gemini"
    label = "Google Gemini"

    def __init__(self, *, api_key: str | None = None, base_url: str | None = None, model: str | None = None,
                 temperature: float | None = None, max_output_tokens: int | None = None, timeout: float = 60.0,
                 max_retries: int = 2, server_key: bool | None = None) -> None:
        key = api_key or os.environ.get("GEMINI_API_KEY") or os.environ.get("GOOGLE_API_KEY")
        remember_secret(api_key)  # a key typed for this session: masked in errors, traces and logs
        self._missing_key = not key
        # The operator's key (the environment, or a front end's secrets): its turns count against the
        # shared daily budget (agents/core/limits.py); a key the visitor typed is theirs.
        self.server_key = bool(key) and (server_key if server_key is not None else not api_key)
        self.model = model or os.environ.get("GEMINI_MODEL") or DEFAULT_MODEL
        self.temperature = None if temperature is None else max(0.0, min(2.0, float(temperature)))
        self.max_output_tokens = None if max_output_tokens is None else max(16, min(32_768, int(max_output_tokens)))
        self.max_retries = max(0, min(5, max_retries))
        url = base_url or os.environ.get("GEMINI_BASE_URL") or None
        millis = int(max(1.0, min(600.0, timeout)) * 1000)
        self.client = cached_client(
            lambda: genai.Client(api_key=key or "missing", http_options=types.HttpOptions(base_url=url, timeout=millis)),
            "gemini", key or "missing", url, millis)

    def stream(self, request: ModelRequest) -> Iterator[ModelEvent]:
        if self._missing_key:
            raise ProviderError(say("provider_missing_key", **ENV), code="missing_key")
        endpoint = self.client._api_client._http_options.base_url or "https://generativelanguage.googleapis.com/"
        yield from resilient(self.name, endpoint, request.options, lambda: self._once(request),
                             default_retries=self.max_retries)

    def _once(self, request: ModelRequest) -> Iterator[ModelEvent]:
        options = request.options
        config = types.GenerateContentConfig(
            system_instruction=request.system,
            temperature=self.temperature if options.temperature is None else options.temperature,
            max_output_tokens=self.max_output_tokens if options.max_output_tokens is None else options.max_output_tokens,
            automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True),
            tools=[types.Tool(function_declarations=[
                types.FunctionDeclaration(name=t["name"], description=t["description"],
                                          parameters=types.Schema.model_validate(gemini_schema(parameters_of(t))))
                for t in request.tools])] if request.tools else None,
        )
        contents = gemini_contents(request.messages)
        produced = False
        try:
            usage = None
            finished = False
            for chunk in self.client.models.generate_content_stream(model=self.model, contents=contents,
                                                                     config=config):
                if chunk.usage_metadata is not None:
                    usage = chunk.usage_metadata
                for candidate in chunk.candidates or []:
                    finished = finished or candidate.finish_reason is not None
                    for part in (candidate.content.parts if candidate.content else None) or []:
                        if part.text:
                            produced = True
                            yield TextChunk(part.text)
                        if part.function_call is not None:
                            produced = True
                            call = part.function_call
                            yield ToolCallChunk(call.id or "", call.name or "",
                                                json.dumps(call.args or {}, ensure_ascii=False))
            if not finished:
                # SSE has no end marker: a stream without a finish reason was cut off.
                raise ProviderError(say("provider_stream_broken", detail="no finish reason"), code="stream_broken",
                                    retryable=True)
            if usage is not None:
                yield UsageChunk(Usage(input_tokens=usage.prompt_token_count or 0,
                                       output_tokens=usage.candidates_token_count or 0))
            yield Finish("stop", {"api": "gemini"})
        except errors.APIError as exc:
            raise _provider_error(exc, produced) from exc
        except Exception as exc:  # a cut connection or a torn frame from the SDK's transport
            if isinstance(exc, ProviderError):
                raise
            if not produced and any(c.__name__ == "ConnectError" for c in type(exc).__mro__):
                # google-genai lets its HTTP client's connect errors through untranslated, and
                # depending on the version that client is httpx or a fork (httpx2): match by name.
                url = self.client._api_client._http_options.base_url or "https://generativelanguage.googleapis.com/"
                raise ProviderError(say("provider_unreachable", url=url, env="GEMINI_BASE_URL"),
                                    code="provider_unreachable", retryable=True) from exc
            raise ProviderError(say("provider_stream_broken", detail=type(exc).__name__), code="stream_broken",
                                retryable=True) from exc


def _provider_error(exc: errors.APIError, produced: bool) -> ProviderError:
    text = f"{exc.status or ''} {exc.message or ''}".lower()
    if exc.code in (401, 403) or "api key" in text or "api_key" in text:
        return ProviderError(say("provider_auth_failed", status=exc.code, **ENV), code="auth_failed")
    if exc.code == 429:
        return ProviderError(say("provider_rate_limited", **NAMED),
                             code="rate_limited", retryable=True)
    if exc.code == 404:
        return ProviderError(say("provider_model_not_found", model=exc.message or "", **NAMED),
                             code="not_found")
    if exc.code >= 500:
        return ProviderError(say("provider_server_error", status=exc.code, **NAMED),
                             code="provider_unavailable", retryable=True)
    return ProviderError(say("provider_bad_request", status=exc.code, detail=(exc.message or "")[:200], **NAMED),
                         code="bad_request")


def gemini_contents(messages: list[ChatMessage]) -> list[types.Content]:
    contents: list[types.Content] = []
    for m in messages:
        if m.role == "tool":
            try:
                result: object = json.loads(m.content)
            except json.JSONDecodeError:
                result = m.content
            part = types.Part(function_response=types.FunctionResponse(
                id=m.tool_call_id, name=m.name or "", response={"result": result}))
            role = "user"  # Gemini takes function responses in user-role content
            parts = [part]
        elif m.role == "assistant":
            role = "model"
            parts = [types.Part(text=m.content)] if m.content else []
            for call in m.tool_calls:
                try:
                    args = json.loads(call.arguments or "{}")
                except json.JSONDecodeError:
                    args = {"raw": call.arguments}
                parts.append(types.Part(function_call=types.FunctionCall(id=call.id, name=call.name, args=args)))
        else:
            role, parts = "user", [types.Part(text=m.content)]
        if not parts:
            continue
        if contents and contents[-1].role == role and contents[-1].parts is not None:
            contents[-1].parts.extend(parts)  # consecutive turns of one role are merged
        else:
            contents.append(types.Content(role=role, parts=parts))
    while contents and contents[0].role != "user":  # the first content must be a user turn
        contents.pop(0)
    return contents
