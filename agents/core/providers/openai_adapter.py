"""OpenAI adapter (official ``openai`` SDK): Responses API first, chat.completions fallback.

Quirks kept here, with why:
- OpenAI-compatible servers (Ollama, vLLM, llama.cpp, LM Studio) often lack /responses and
  answer 404 or 400, so ``api="auto"`` falls back to chat.completions (seed 002).
- chat.completions streams tool-call argument fragments keyed by index, not by id.
- A key must never reach an error message, a log line or a trace: errors name the variable.
- The SDK's own retries are off (``max_retries=0`` on the client): retries, backoff and the circuit
  breaker are ``resilience.resilient``'s, so they are counted in the trace and shared with Gemini;
  the constructor's ``max_retries`` is their default when the agent and the turn set none.
- Temperature and the output limit come from the request's options (the agent's seed settings or a
  turn's override), else the constructor's; chat.completions calls the limit ``max_tokens``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any, Literal

import openai

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

DEFAULT_MODEL = "gpt-4o-mini"
ENV = {"name": "OpenAI", "env": "OPENAI_API_KEY"}
NAMED = {"name": "OpenAI"}


class OpenAIProvider:
    name = "openai"
    label = "OpenAI (or an OpenAI-compatible server)"

    def __init__(
        self, *, api_key: str | None = None, base_url: str | None = None, model: str | None = None,
        api: Literal["auto", "responses", "chat"] = "auto", temperature: float | None = None,
        max_output_tokens: int | None = None, timeout: float = 60.0, max_retries: int = 2,
        server_key: bool | None = None,
    ) -> None:
        key = api_key or os.environ.get("OPENAI_API_KEY")
        remember_secret(api_key)  # a key typed for this session: masked in errors, traces and logs
        # A missing key is reported by the first turn as an error event, not as a crash here.
        self._missing_key = not key
        # The operator's key (the environment, or a front end's secrets): its turns count against the
        # shared daily budget (agents/core/limits.py); a key the visitor typed is theirs.
        self.server_key = bool(key) and (server_key if server_key is not None else not api_key)
        if api not in ("auto", "responses", "chat"):
            raise ProviderError(say("provider_bad_api", api=repr(api)), code="bad_setting")
        self.model = model or os.environ.get("OPENAI_MODEL") or DEFAULT_MODEL
        self.api = api
        self.temperature = None if temperature is None else max(0.0, min(2.0, float(temperature)))
        self.max_output_tokens = None if max_output_tokens is None else max(16, min(32_768, int(max_output_tokens)))
        url = base_url or os.environ.get("OPENAI_BASE_URL") or None
        self.max_retries = max(0, min(5, max_retries))
        seconds = max(1.0, min(600.0, timeout))
        self.client = cached_client(
            lambda: openai.OpenAI(api_key=key or "missing", base_url=url, timeout=seconds, max_retries=0),
            "openai", key or "missing", url, seconds, 0)

    # --- the protocol ------------------------------------------------------------------

    def stream(self, request: ModelRequest) -> Iterator[ModelEvent]:
        if self._missing_key:
            raise ProviderError(say("provider_missing_key", **ENV), code="missing_key")
        endpoint = str(self.client.base_url)
        chat = lambda: self._translate(self._chat(request))  # noqa: E731
        if self.api == "chat":
            yield from resilient(self.name, endpoint, request.options, chat, default_retries=self.max_retries)
            return
        produced = False
        try:
            for event in resilient(self.name, endpoint, request.options, lambda: self._responses_once(request),
                                   default_retries=self.max_retries):
                produced = produced or isinstance(event, TextChunk | ToolCallChunk)
                yield event
            return
        except ProviderError as exc:
            # Only before any output: after text has streamed, a fallback would repeat it.
            reason = getattr(exc, "fallback", None)
            if self.api == "responses" or produced or reason is None:
                raise
        for event in resilient(self.name, endpoint, request.options, chat, default_retries=self.max_retries):
            if isinstance(event, Finish):
                event = Finish(event.reason, {**event.meta, "responses_api_fallback": True, "fallback_reason": reason})
            yield event

    def _sampling(self, request: ModelRequest) -> tuple[float | None, int | None]:
        options = request.options
        return (self.temperature if options.temperature is None else options.temperature,
                self.max_output_tokens if options.max_output_tokens is None else options.max_output_tokens)

    def _responses_once(self, request: ModelRequest) -> Iterator[ModelEvent]:
        """One Responses API attempt. An error that chat.completions might not share (404, 400, 5xx, a
        broken stream: servers without /responses) is marked ``fallback``, used once retries are spent."""
        try:
            yield from self._responses(request)
        except _Unreachable as exc:
            # The same host serves chat.completions: falling back would only fail again, slower.
            raise _provider_error(exc) from exc
        except (openai.NotFoundError, openai.BadRequestError, openai.InternalServerError,
                openai.APIConnectionError, _BrokenStream) as exc:
            error = _provider_error(exc)
            error.fallback = type(exc).__name__  # type: ignore[attr-defined]
            raise error from exc
        except openai.APIError as exc:
            raise _provider_error(exc) from exc

    def _translate(self, events: Iterator[ModelEvent]) -> Iterator[ModelEvent]:
        try:
            yield from events
        except openai.APITimeoutError as exc:
            raise _provider_error(exc) from exc
        except openai.APIConnectionError as exc:
            raise _provider_error(_Unreachable(str(self.client.base_url))) from exc
        except openai.APIError as exc:
            raise _provider_error(exc) from exc
        except _BrokenStream as exc:
            raise _provider_error(exc) from exc

    # --- Responses API ---------------------------------------------------------------------

    def _responses(self, request: ModelRequest) -> Iterator[ModelEvent]:
        kwargs: dict[str, Any] = {"model": self.model, "instructions": request.system,
                                  "input": responses_input(request.messages), "stream": True}
        tools: list[dict[str, object]] = [{"type": "function", **t} for t in request.tools]
        if request.options.extra.get("use_web_search"):
            tools.append({"type": "web_search"})
        if tools:
            kwargs["tools"] = tools
        temperature, max_tokens = self._sampling(request)
        if temperature is not None:
            kwargs["temperature"] = temperature
        if max_tokens is not None:
            kwargs["max_output_tokens"] = max_tokens
        calls: dict[str, dict[str, str]] = {}
        completed = False
        search_used = False
        searches: list[dict[str, str]] = []
        sources: dict[str, dict[str, str]] = {}  # url -> {url, title}: the citations of web search
        try:
            stream = self.client.responses.create(**kwargs)
        except openai.APITimeoutError:
            raise
        except openai.APIConnectionError as exc:
            # Nothing was sent back at all (refused, DNS, TLS): unreachable, not a broken stream.
            raise _Unreachable(str(self.client.base_url)) from exc
        try:
            for event in stream:
                kind = getattr(event, "type", "")
                if kind == "response.output_text.delta":
                    yield TextChunk(event.delta)
                elif kind == "response.output_item.added" and event.item.type == "function_call":
                    calls[event.item.id or event.item.call_id] = {"id": event.item.call_id, "name": event.item.name,
                                                                 "arguments": ""}
                elif kind == "response.function_call_arguments.delta":
                    calls.setdefault(event.item_id, {"id": event.item_id, "name": "", "arguments": ""})
                    calls[event.item_id]["arguments"] += event.delta
                elif kind == "response.output_item.done" and event.item.type == "function_call":
                    call = calls.pop(event.item.id or event.item.call_id, {})
                    yield ToolCallChunk(event.item.call_id or call.get("id", ""), event.item.name or call.get("name", ""),
                                        event.item.arguments or call.get("arguments", ""))
                elif kind == "response.output_item.done" and event.item.type == "web_search_call":
                    search_used = True
                    action = getattr(event.item, "action", None)
                    searches.append({"id": event.item.id or "", "query": str(getattr(action, "query", "") or "")})
                elif kind == "response.output_item.done" and event.item.type == "message":
                    for part in getattr(event.item, "content", None) or []:
                        _cite(sources, getattr(part, "annotations", None) or [])
                elif kind == "response.output_text.annotation.added":
                    _cite(sources, [getattr(event, "annotation", None)])
                elif kind == "response.completed":
                    completed = True
                    usage = event.response.usage
                    if usage is not None:
                        yield UsageChunk(Usage(input_tokens=usage.input_tokens, output_tokens=usage.output_tokens))
                elif kind in ("response.failed", "error"):
                    raise _BrokenStream(f"the Responses stream reported {kind}")
        except (openai.APIConnectionError, ValueError) as exc:  # a cut connection or a torn SSE frame
            raise _BrokenStream(f"the Responses stream broke: {type(exc).__name__}") from exc
        if not completed:
            raise _BrokenStream("the Responses stream ended before response.completed")
        meta: dict[str, object] = {"api": "responses", "search_used": search_used}
        if search_used or sources:
            meta |= {"sources": list(sources.values()), "web_search_calls": searches}
        yield Finish("stop", meta)

    # --- chat.completions ----------------------------------------------------------------

    def _chat(self, request: ModelRequest) -> Iterator[ModelEvent]:
        kwargs: dict[str, Any] = {"model": self.model, "messages": chat_messages(request.system, request.messages),
                                  "stream": True, "stream_options": {"include_usage": True}}
        if request.tools:
            kwargs["tools"] = [{"type": "function", "function": t} for t in request.tools]
        temperature, max_tokens = self._sampling(request)
        if temperature is not None:
            kwargs["temperature"] = temperature
        if max_tokens is not None:
            kwargs["max_tokens"] = max_tokens
        calls: dict[int, dict[str, str]] = {}
        finish = None
        try:
            for chunk in self.client.chat.completions.create(**kwargs):
                if chunk.usage is not None:
                    yield UsageChunk(Usage(input_tokens=chunk.usage.prompt_tokens or 0,
                                           output_tokens=chunk.usage.completion_tokens or 0))
                for choice in chunk.choices or []:
                    delta = choice.delta
                    if delta is not None and delta.content:
                        yield TextChunk(delta.content)
                    for part in (delta.tool_calls or []) if delta is not None else []:
                        slot = calls.setdefault(part.index, {"id": "", "name": "", "arguments": ""})
                        if part.id:
                            slot["id"] = part.id
                        if part.function is not None:
                            slot["name"] += part.function.name or ""
                            slot["arguments"] += part.function.arguments or ""
                    if choice.finish_reason:
                        finish = choice.finish_reason
        except (openai.APIConnectionError, ValueError) as exc:
            raise _BrokenStream(f"the chat.completions stream broke: {type(exc).__name__}") from exc
        if finish is None:
            raise _BrokenStream("the chat.completions stream ended without a finish reason")
        for index in sorted(calls):
            yield ToolCallChunk(calls[index]["id"], calls[index]["name"], calls[index]["arguments"])
        yield Finish(finish, {"api": "chat"})


def _cite(sources: dict[str, dict[str, str]], annotations: list[object]) -> None:
    """URL citations of the Responses output (web search); the SDK gives objects or plain dicts."""
    for note in annotations:
        get = note.get if isinstance(note, dict) else (lambda k, n=note: getattr(n, k, None))
        url, title = get("url"), get("title")
        if get("type") == "url_citation" and isinstance(url, str) and url:
            sources.setdefault(url, {"url": url, "title": title if isinstance(title, str) and title else url})


class _BrokenStream(Exception):
    """The stream stopped before it finished (cut connection, torn frame, failed event)."""


class _Unreachable(Exception):
    """The connection to the endpoint failed before any response: carries its base URL."""


def _provider_error(exc: Exception) -> ProviderError:
    """SDK errors -> ProviderError with a stable code. Never echoes the key."""
    if isinstance(exc, openai.AuthenticationError):
        return ProviderError(say("provider_auth_failed", status=401, **ENV), code="auth_failed")
    if isinstance(exc, openai.PermissionDeniedError):
        return ProviderError(say("provider_forbidden", **NAMED),
                             code="permission_denied")
    if isinstance(exc, openai.RateLimitError):
        return ProviderError(say("provider_rate_limited", **NAMED),
                             code="rate_limited", retryable=True)
    if isinstance(exc, openai.NotFoundError):
        return ProviderError(say("provider_not_found", env="OPENAI_BASE_URL", **NAMED),
                             code="not_found")
    if isinstance(exc, openai.BadRequestError):
        return ProviderError(say("provider_bad_request", status=400, detail=_short(exc), **NAMED), code="bad_request")
    if isinstance(exc, openai.InternalServerError):
        return ProviderError(say("provider_server_error", status="5xx", **NAMED),
                             code="provider_unavailable", retryable=True)
    if isinstance(exc, openai.APITimeoutError):
        return ProviderError(say("provider_timeout", **NAMED), code="timeout",
                             retryable=True)
    if isinstance(exc, openai.APIConnectionError):
        return ProviderError(say("provider_connection", env="OPENAI_BASE_URL", **NAMED),
                             code="connection_failed", retryable=True)
    if isinstance(exc, _Unreachable):
        return ProviderError(say("provider_unreachable", url=exc, env="OPENAI_BASE_URL"),
                             code="provider_unreachable", retryable=True)
    if isinstance(exc, _BrokenStream):
        return ProviderError(say("provider_stream_broken", detail=exc),
                             code="stream_broken", retryable=True)
    return ProviderError(say("provider_error", kind=type(exc).__name__, **NAMED), code="provider_error")


def _short(exc: openai.APIStatusError) -> str:
    try:
        message = exc.body.get("error", {}).get("message") if isinstance(exc.body, dict) else None
    except AttributeError:
        message = None
    return (message or exc.message or "")[:200]


def responses_input(messages: list[ChatMessage]) -> list[dict[str, object]]:
    items: list[dict[str, object]] = []
    for m in messages:
        if m.role == "tool":
            items.append({"type": "function_call_output", "call_id": m.tool_call_id, "output": m.content})
            continue
        if m.content:
            items.append({"role": m.role, "content": m.content})
        for call in m.tool_calls:
            items.append({"type": "function_call", "call_id": call.id, "name": call.name, "arguments": call.arguments})
    return items


def chat_messages(system: str, messages: list[ChatMessage]) -> list[dict[str, object]]:
    out: list[dict[str, object]] = [{"role": "system", "content": system}]
    for m in messages:
        if m.role == "tool":
            out.append({"role": "tool", "tool_call_id": m.tool_call_id, "content": m.content})
        elif m.role == "assistant" and m.tool_calls:
            out.append({"role": "assistant", "content": m.content or None, "tool_calls": [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in m.tool_calls]})
        else:
            out.append({"role": m.role, "content": m.content})
    return out
