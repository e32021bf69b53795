"""Errors that front ends show to people. Each names the bad input and the fix."""

from __future__ import annotations


class PlaygroundError(Exception):
    """A refusal with a stable ``code`` (used in ``error`` events and CLI exit)."""

    code = "error"
    retryable = False

    def __init__(self, message: str, *, code: str | None = None, retryable: bool | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if retryable is not None:
            self.retryable = retryable


class UnknownAgentError(PlaygroundError):
    code = "unknown_agent"


class ConversationNotFound(PlaygroundError):
    code = "conversation_not_found"


class ActionNotFound(PlaygroundError):
    code = "action_not_found"


class ActionRefused(PlaygroundError):
    """A confirm / cancel / modify that the action's current state does not allow."""

    code = "action_refused"


class InvalidArgs(PlaygroundError):
    code = "invalid_args"


class GuardRefusal(PlaygroundError):
    """Input refused before any model call (size, injection, usage limit, empty)."""


class DatabaseLocked(PlaygroundError):
    code = "database_locked"


class ProviderError(PlaygroundError):
    """A model provider failed; adapters translate SDK errors into this."""

    code = "provider_error"
