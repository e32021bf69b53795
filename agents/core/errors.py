"""Errors that front ends show to people. Each names the bad input and the fix."""

from __future__ import annotations

from agents.core.messages import Lang, in_lang


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

    def text(self, lang: Lang) -> str:
        """The message in one language: the catalogue's entry it was made from (agents/core/messages.py), or
        the message as it is when no entry made it."""
        return in_lang(self.message, lang)


def error_fields(exc: BaseException, otherwise: str, code: str = "store_error") -> dict[str, object]:
    """An ``error`` event's code, message and retryable for ``exc``: a PlaygroundError in its own words
    (a full disk, a deleted database file...), anything else as retryable ``code`` with ``otherwise``."""
    if isinstance(exc, PlaygroundError):
        return {"code": exc.code, "message": exc.message, "retryable": exc.retryable}
    return {"code": code, "message": otherwise, "retryable": True}


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
    """``problems``: the validation errors as data (agents/core/arg_patch.py), for a message in the UI's
    language; ``field``: the first one's path, named in the HTTP error body."""

    code = "invalid_args"

    def __init__(self, message: str, *, problems: list[dict[str, object]] | None = None,
                 code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.problems = problems or []
        self.field = f"args.{self.problems[0]['field']}" if self.problems and self.problems[0]["field"] else None


class TurnNotFound(PlaygroundError):
    code = "turn_not_found"


class GuardRefusal(PlaygroundError):
    """Input refused before any model call (size, injection, usage limit, empty)."""


class DatabaseLocked(PlaygroundError):
    code = "database_locked"


class DatabaseUnusable(PlaygroundError):
    """PLAYGROUND_DB names a directory, a corrupt file or a folder that can't be created."""

    code = "database_unusable"


class ProviderError(PlaygroundError):
    """A model provider failed; adapters translate SDK errors into this."""

    code = "provider_error"


class ConversationBusy(PlaygroundError):
    """Another turn of the same conversation is running; the new message was not accepted (HTTP 409)."""

    code = "conversation_busy"
    retryable = True


class ActionBusy(PlaygroundError):
    """Concurrent changes to one pending action kept conflicting; nothing changed (HTTP 409)."""

    code = "action_busy"
    retryable = True


class RateLimited(PlaygroundError):
    """Too many turns in a short burst (HTTP 429 with Retry-After)."""

    code = "rate_limited"
    retryable = True

    def __init__(self, message: str, *, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class AuthError(PlaygroundError):
    """Missing or invalid API credentials (HTTP 401)."""

    code = "unauthorized"


class Forbidden(PlaygroundError):
    """A valid identity asking for someone else's data (HTTP 403)."""

    code = "forbidden"


class StorageUnavailable(PlaygroundError):
    """The database file was deleted, replaced or became unreadable while the app ran: nothing more is
    written until a restart (HTTP 503). The message never names the server's path; the log does."""

    code = "storage_unavailable"


class StorageFull(PlaygroundError):
    """The disk holding the database is full: this write was not made, earlier ones are intact (HTTP 507)."""

    code = "storage_full"
    retryable = True
