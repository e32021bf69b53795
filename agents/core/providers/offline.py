"""The offline provider: a deterministic rule-based model, and the test double.

Policy mode runs the agent's own offline policy (rule-based understanding of the
conversation and the tool results). Scripted mode replays a queue of steps for
tests, records every request, raises on an unexpected call and can assert that
the script was used up. Both stream text in word chunks.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from typing_extensions import TypedDict, Unpack

from agents.core.errors import ProviderError
from agents.core.events import Usage
from agents.core.ids import stable_id
from agents.core.providers.base import (
    ChatMessage,
    Finish,
    ModelEvent,
    ModelRequest,
    TextChunk,
    ToolCallChunk,
    UsageChunk,
)

_WORDS = re.compile(r"\s*\S+\s*|\s+")


def offline_pace_ms(requested: float | None = None) -> float:
    """The environment wins (to slow the app down or speed it up), then the caller, then 0."""
    env = os.environ.get("PLAYGROUND_OFFLINE_PACE_MS", "").strip()
    if env:
        try:
            return max(0.0, float(env))
        except ValueError:
            pass
    return max(0.0, float(requested or 0))


def word_chunks(text: str) -> list[str]:
    return _WORDS.findall(text)


def count_tokens(text: str) -> int:
    """A rough, deterministic token count (words); the offline model has no tokenizer."""
    return len(text.split())


@dataclass
class PolicyReply:
    text: str = ""
    # (name, args) pairs; args may be a raw string to exercise malformed JSON paths.
    tool_calls: list[tuple[str, dict[str, object] | str]] = field(default_factory=list)


class OfflinePolicy(Protocol):
    def __call__(self, request: ModelRequest) -> PolicyReply: ...


# Helpers the agents' offline policies share: what the user last said, and the tool results the
# model is answering now (the tool messages after its last call, in order; bad JSON as a failure).

def last_user_text(messages: list[ChatMessage]) -> str:
    return next((m.content for m in reversed(messages) if m.role == "user"), "") or ""


def latest_tool_results(messages: list[ChatMessage]) -> list[tuple[str, dict[str, object]]]:
    results: list[tuple[str, dict[str, object]]] = []
    for message in reversed(messages):
        if message.role != "tool":
            break
        try:
            payload = json.loads(message.content or "{}")
        except json.JSONDecodeError:
            payload = {"ok": False, "error": message.content}
        results.append((message.name or "", payload))
    return results[::-1]


class ScriptError(AssertionError):
    """The scripted provider was called when its script did not expect it."""


@dataclass
class Step:
    """One scripted model call."""

    text: str = ""
    tool_calls: list[tuple[str, dict[str, object] | str]] = field(default_factory=list)
    error: Exception | None = None
    # Raise ``error`` only after this many text chunks (a stream cut mid-reply).
    error_after_chunks: int | None = None
    # When set, the request's purpose must match (e.g. "classify").
    expect_purpose: str | None = None
    check: Callable[[ModelRequest], None] | None = None


class FailOptions(TypedDict, total=False):
    """The rest of a ``Step``, for ``fail``."""

    error_after_chunks: int | None
    expect_purpose: str | None
    check: Callable[[ModelRequest], None] | None


class StepOptions(FailOptions, total=False):
    """The rest of a ``Step``, for ``say`` and ``call``."""

    error: Exception | None


def say(text: str, **kw: Unpack[StepOptions]) -> Step:
    return Step(text=text, **kw)


def call(name: str, args: dict[str, object] | str | None = None, *, text: str = "",
         **kw: Unpack[StepOptions]) -> Step:
    return Step(text=text, tool_calls=[(name, {} if args is None else args)], **kw)


def fail(error: Exception, **kw: Unpack[FailOptions]) -> Step:
    return Step(error=error, **kw)


class OfflineProvider:
    name = "offline"
    label = "Offline rule-based model (deterministic, not an LLM)"
    default_model = "rules-v1"
    # Rules, not sampling: temperature and output limits mean nothing here, so traces don't show them.
    applies_settings = False

    def __init__(self, script: list[Step | Callable[[ModelRequest], Step]] | None = None, model: str = default_model,
                 pace_ms: float | None = None) -> None:
        self.model = model
        # A pause per text chunk so a person can see the reply stream (and Stop it) in the UI;
        # 0 (the default) everywhere else: CLI, tests, evals. PLAYGROUND_OFFLINE_PACE_MS overrides.
        self.pace_ms = offline_pace_ms(pace_ms)
        self._script = list(script) if script is not None else None
        self.calls: list[ModelRequest] = []

    # --- scripted mode -------------------------------------------------------------

    @classmethod
    def scripted(cls, *steps: Step | Callable[[ModelRequest], Step]) -> OfflineProvider:
        return cls(script=list(steps), model="scripted")

    @property
    def is_scripted(self) -> bool:
        return self._script is not None

    def remaining(self) -> int:
        return len(self._script or [])

    def assert_complete(self) -> None:
        if self._script:
            raise ScriptError(f"{len(self._script)} scripted step(s) were never used: {self._script!r}")

    # --- the protocol ----------------------------------------------------------------

    def stream(self, request: ModelRequest) -> Iterator[ModelEvent]:
        self.calls.append(request)
        step = self._next_step(request)
        return self._play(request, step)

    def _next_step(self, request: ModelRequest) -> Step:
        if self._script is None:
            policy = request.policy
            if policy is None:
                raise ProviderError(
                    f"agent {request.agent_id!r} has no offline policy; choose another provider",
                    code="no_offline_policy",
                )
            reply = policy(request)
            return Step(text=reply.text, tool_calls=list(reply.tool_calls))
        if not self._script:
            last = request.messages[-1].content[:80] if request.messages else ""
            raise ScriptError(f"unexpected model call #{len(self.calls)} (purpose={request.purpose!r}, last={last!r})")
        item = self._script.pop(0)
        step = item(request) if callable(item) else item
        if step.expect_purpose is not None and step.expect_purpose != request.purpose:
            raise ScriptError(f"expected a {step.expect_purpose!r} call, got {request.purpose!r}")
        if step.check is not None:
            step.check(request)
        return step

    def _play(self, request: ModelRequest, step: Step) -> Iterator[ModelEvent]:
        if step.error is not None and step.error_after_chunks is None:
            raise step.error
        for index, chunk in enumerate(word_chunks(step.text)):
            if step.error is not None and index == step.error_after_chunks:
                raise step.error
            if index and self.pace_ms:
                time.sleep(self.pace_ms / 1000)
            yield TextChunk(chunk)
        if step.error is not None:
            raise step.error
        seed = json.dumps([m.model_dump() for m in request.messages[-6:]], ensure_ascii=False, sort_keys=True)
        for index, (name, args) in enumerate(step.tool_calls):
            raw = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
            yield ToolCallChunk(id=stable_id("call", seed, str(index), name), name=name, arguments=raw)
        prompt_tokens = count_tokens(request.system) + sum(count_tokens(m.content) for m in request.messages)
        out_tokens = count_tokens(step.text) + sum(
            count_tokens(a if isinstance(a, str) else json.dumps(a)) for _, a in step.tool_calls
        )
        yield UsageChunk(Usage(input_tokens=prompt_tokens, output_tokens=out_tokens))
        yield Finish(reason="tool_calls" if step.tool_calls else "stop")
