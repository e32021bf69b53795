"""The response cache of eval runs: a real model's answer kept under (provider, model, settings, request),
so that running a suite again replays it for $0 instead of paying again (a demo, a CI re-run).

Modes (``eval run --cache``): ``read`` replays a stored answer and calls (and stores) on a miss, ``write``
always calls and stores the fresh answer, ``off`` (the default) neither reads nor writes. A replayed call
reports no token usage (it cost nothing) and says so: its ``Finish.meta`` carries ``cache: hit``, which the
turn records in ``done.meta`` and its trace's model span. The offline model is free and deterministic:
never cached. Each repetition of a repeated case has its own entry, so a replay keeps the variance sampled.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.providers import ModelRequest, Provider
from agents.core.providers.base import Finish, ModelEvent, TextChunk, ToolCallChunk, UsageChunk
from agents.core.store import Store
from agents.services.evals.store import EvalRepo
from agents.services.messages import say

CACHE_MODES = ("read", "write", "off")
# Settings that change an answer besides the request; never the key itself.
_SETTINGS = ("base_url", "temperature", "reasoning_effort")


def check_cache_mode(mode: str | None) -> str:
    mode = mode or "off"
    if mode not in CACHE_MODES:
        raise PlaygroundError(say("cache_mode_bad", choices=", ".join(CACHE_MODES), shown=mode), code="invalid_input")
    return mode


def cache_key(provider: Provider, request: ModelRequest, repeat_index: int = 0) -> str:
    settings = {name: str(getattr(provider, name)) for name in _SETTINGS if getattr(provider, name, None) is not None}
    material = {"provider": provider.name, "model": provider.model, "settings": settings,
                "request": request.model_dump(mode="json"), "repeat": repeat_index}
    return hashlib.sha256(json.dumps(material, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


class CachedProvider:
    """A provider whose answers go through the response cache."""

    def __init__(self, inner: Provider, repo: EvalRepo, mode: str, repeat_index: int = 0) -> None:
        self.inner = inner
        self.repo = repo
        self.mode = mode
        self.repeat_index = repeat_index
        self.name = inner.name
        self.model = inner.model
        self.label = inner.label
        self.server_key = getattr(inner, "server_key", False)

    def __getattr__(self, name: str) -> Any:  # what else the adapters expose (base_url...)
        return getattr(self.inner, name)

    def stream(self, request: ModelRequest) -> Iterator[ModelEvent]:
        key = cache_key(self.inner, request, self.repeat_index)
        if self.mode == "read" and (hit := self.repo.cached_response(key)) is not None:
            yield from _replay(hit)
            return
        recorded: list[dict[str, object]] = []
        complete = False
        for event in self.inner.stream(request):
            recorded.append(_record(event))
            complete = complete or isinstance(event, Finish)
            yield event
        if complete:  # a cut stream is never replayed as if it were the answer
            self.repo.store_response(key, self.inner.name, self.inner.model, request.purpose, recorded,
                                     system_clock())


def cached(provider: Provider, store: Store, mode: str, repeat_index: int = 0) -> Provider:
    """``provider`` through the cache, unless the cache is off or the model is the free offline one."""
    if mode == "off" or provider.name == "offline":
        return provider
    return CachedProvider(provider, EvalRepo(store.db), mode, repeat_index)


def _record(event: ModelEvent) -> dict[str, object]:
    match event:
        case TextChunk(content=content):
            return {"text": content}
        case ToolCallChunk(id=call_id, name=name, arguments=arguments):
            return {"tool_call": {"id": call_id, "name": name, "arguments": arguments}}
        case UsageChunk(usage=usage):
            return {"usage": usage.model_dump(mode="json")}
        case Finish(reason=reason, meta=meta):
            return {"finish": {"reason": reason, "meta": meta}}
    raise TypeError(f"no record for {type(event).__name__}")  # pragma: no cover - the union is matched above


def _replay(events: list[dict[str, object]]) -> Iterator[ModelEvent]:
    """The stored answer (as _record wrote it), without its usage (a replay costs nothing), its finish marked
    as a cache hit."""
    for item in events:
        text, call, finish = item.get("text"), item.get("tool_call"), item.get("finish")
        if isinstance(text, str):
            yield TextChunk(text)
        elif isinstance(call, dict):
            yield ToolCallChunk(str(call["id"]), str(call["name"]), str(call["arguments"]))
        elif isinstance(finish, dict):
            yield Finish(finish["reason"], {**(finish["meta"] or {}), "cache": "hit"})
