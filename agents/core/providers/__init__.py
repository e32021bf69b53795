"""Model providers behind one protocol. Provider quirks stay in their adapter."""

from __future__ import annotations

from collections.abc import Callable

from agents.core.errors import PlaygroundError
from agents.core.providers.base import (
    ChatMessage,
    Finish,
    ModelEvent,
    ModelOptions,
    ModelRequest,
    ModelResponse,
    ModelToolCall,
    Provider,
    RetryChunk,
    TextChunk,
    ToolCallChunk,
    UsageChunk,
    complete,
    drain,
)
from agents.core.providers.offline import OfflineProvider, PolicyReply

__all__ = [
    "FIXED_MODELS",
    "PROVIDER_NAMES",
    "ChatMessage",
    "Finish",
    "ModelEvent",
    "ModelOptions",
    "ModelRequest",
    "ModelResponse",
    "ModelToolCall",
    "OfflineProvider",
    "PolicyReply",
    "Provider",
    "RetryChunk",
    "TextChunk",
    "ToolCallChunk",
    "UsageChunk",
    "complete",
    "drain",
    "make_provider",
]

ProviderFactory = Callable[..., Provider]
_FACTORIES: dict[str, ProviderFactory] = {
    # The offline model needs no key; api_key and base_url are accepted and ignored. It has exactly
    # one model, so a model name typed for another provider ("gpt-5") is ignored rather than shown
    # as "offline/gpt-5" on a reply the rules wrote.
    "offline": lambda **kw: OfflineProvider(pace_ms=kw.get("pace_ms")),
}
# Providers whose model cannot be chosen: the settings field shows this name and is locked.
FIXED_MODELS: dict[str, str] = {"offline": OfflineProvider.default_model}



def _openai(**settings: object) -> Provider:
    from agents.core.providers.openai_adapter import OpenAIProvider

    return OpenAIProvider(**settings)  # type: ignore[arg-type]


def _gemini(**settings: object) -> Provider:
    from agents.core.providers.gemini_adapter import GeminiProvider

    return GeminiProvider(**settings)  # type: ignore[arg-type]


_FACTORIES["openai"] = _openai
_FACTORIES["gemini"] = _gemini
PROVIDER_NAMES: tuple[str, ...] = tuple(_FACTORIES)


def make_provider(name: str = "offline", *, pace_ms: float | None = None, **settings: object) -> Provider:
    """Build a provider by name; settings are model, api_key, base_url and the like.
    ``pace_ms`` is the offline model's typing pace per chunk (real models have their own)."""
    factory = _FACTORIES.get(name)
    if factory is None:
        known = ", ".join(_FACTORIES)
        raise PlaygroundError(f"unknown provider {name!r}; choose one of: {known}", code="unknown_provider")
    if name == "offline":
        settings["pace_ms"] = pace_ms
    return factory(**settings)
