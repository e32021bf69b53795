"""HTTP API access, UI-free: per-user tokens, the short-burst chat limit and the CORS origins.

Shared by the HTTP API (``agents/http``), the CLI (``playground tokens``) and the UI panel.
"""

from __future__ import annotations

import math
import os
import re
import time
import unicodedata
from collections.abc import Callable
from datetime import datetime
from urllib.parse import urlsplit

from agents.core.errors import AuthError, PlaygroundError, RateLimited
from agents.core.session import check_user_id, runtime_store
from agents.core.store import ApiTokenRow, Store
from agents.services.messages import say

MAX_LABEL_CHARS = 60
MAX_ACTIVE_TOKENS = 20
DEFAULT_BURST_LIMIT = 20
BURST_WINDOW_SECONDS = 60.0
HOW_TO_GET_A_TOKEN = (f"Create a token in the app's '{say('api_tab_name')}' tab, or on the server with "
                      "`playground tokens create --user ID`, then send it as `Authorization: Bearer <token>`.")


class TokenNotFound(PlaygroundError):
    code = "token_not_found"


def clean_label(label: object) -> str:
    """A short printable label; empty means the default."""
    if label is None:
        return "API token"
    if not isinstance(label, str):
        raise PlaygroundError(say("token_label_not_text"), code="invalid_label")
    if any(unicodedata.category(ch) in ("Cc", "Cs", "Cf") for ch in label):
        raise PlaygroundError(say("token_label_control"), code="invalid_label")
    label = " ".join(label.split())
    if len(label) > MAX_LABEL_CHARS:
        raise PlaygroundError(say("token_label_too_long", n=len(label), most=MAX_LABEL_CHARS), code="invalid_label")
    return label or "API token"


def issue_token(store: Store, user_id: str, label: object, now: datetime) -> tuple[ApiTokenRow, str]:
    """A new token for ``user_id``; the plain value is returned once and never stored."""
    user_id = check_user_id(user_id)
    label = clean_label(label)
    if store.tokens.count_active(user_id) >= MAX_ACTIVE_TOKENS:
        raise PlaygroundError(say("too_many_tokens", user=user_id, most=MAX_ACTIVE_TOKENS), code="too_many_tokens")
    return store.tokens.create(user_id, label, now)


def list_tokens(store: Store, user_id: str) -> list[ApiTokenRow]:
    """The user's tokens, revoked ones too (without their secrets: only a hash is stored)."""
    return store.tokens.list(check_user_id(user_id))


def revoke_token(store: Store, user_id: str, token_id: str, now: datetime) -> ApiTokenRow:
    user_id = check_user_id(user_id)
    if not isinstance(token_id, str) or not store.tokens.revoke(token_id.strip(), user_id, now):
        row = store.tokens.get(token_id.strip(), user_id) if isinstance(token_id, str) else None
        if row is not None and not row.active:
            raise TokenNotFound(say("token_revoked", shown=token_id))
        shown = str(token_id)[:80]
        raise TokenNotFound(say("token_not_found", shown=shown, user=user_id))
    row = store.tokens.get(token_id.strip(), user_id)
    assert row is not None
    return row


_BEARER = re.compile(r"Bearer[ \t]+(\S{1,200})[ \t]*", re.IGNORECASE)


def token_owner(store: Store, authorization: str | None, now: datetime) -> str:
    """The user a ``Authorization: Bearer …`` header names, or AuthError saying how to get a token."""
    if not authorization:
        raise AuthError("This server runs in shared mode: every /api/v1 call needs an API token. "
                        + HOW_TO_GET_A_TOKEN)
    match = _BEARER.fullmatch(authorization)
    if match is None:
        raise AuthError("The Authorization header must be `Bearer <token>`. " + HOW_TO_GET_A_TOKEN)
    token = store.tokens.authenticate(match.group(1), now)
    if token is None:
        raise AuthError("The API token is unknown or revoked. " + HOW_TO_GET_A_TOKEN)
    return token.user_id


def token_status(store: Store, authorization: str | None, now: datetime) -> tuple[str, str | None]:
    """Local mode's look at a token it does not need: ("none" | "valid" | "unknown", the owner). A valid
    token's use is noted (its "last used"), so a person can check that theirs works before shared mode."""
    if not authorization:
        return "none", None
    match = _BEARER.fullmatch(authorization)
    token = store.tokens.authenticate(match.group(1), now) if match else None
    return ("valid", token.user_id) if token else ("unknown", None)


_TOKEN_MESSAGES = {("shared", "valid"): "token_shared_valid", ("local", "valid"): "token_local_valid",
                   ("local", "unknown"): "token_local_unknown", ("local", "none"): "token_local_none"}


def token_message(mode: str, status: str) -> str:
    """What a token counts for in this mode, Korean first (the API's /whoami answer, shown by the page)."""
    return say(_TOKEN_MESSAGES.get((mode, status), "token_shared_valid"))


def burst_limit_from_env() -> int:
    raw = os.environ.get("PLAYGROUND_BURST_LIMIT", "").strip()
    if not raw:
        return DEFAULT_BURST_LIMIT
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise PlaygroundError(f"PLAYGROUND_BURST_LIMIT must be a whole number of turns per minute (≥ 1), not {raw!r}.",
                              code="bad_config")
    return value


class BurstLimiter:
    """At most ``limit`` chat turns per identity in any sliding ``window`` seconds.

    Counted in the store (``usage_bursts``), so every process serving one database shares the count,
    and claimed with one conditional UPDATE: concurrent requests can never pass the limit together.
    The clock is wall time (epoch seconds) for the same reason."""

    def __init__(self, limit: int, window: float = BURST_WINDOW_SECONDS,
                 clock: Callable[[], float] = time.time, store: Store | None = None) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._store = store

    def hit(self, key: str) -> None:
        now = self._clock()
        store = self._store if self._store is not None else runtime_store()
        oldest = store.limits.burst_hit(key, now, self.window, self.limit)
        if oldest is not None:
            wait = max(1, math.ceil(oldest + self.window - now))
            raise RateLimited(say("burst_limited", most=self.limit, wait=wait), retry_after=wait)


def _origin(value: str) -> str:
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/") or parts.query:
        raise PlaygroundError(f"PLAYGROUND_CORS_ORIGINS lists origins such as https://example.com, separated by "
                              f"commas; {value.strip()!r} is not one ('*' is never allowed).", code="bad_config")
    return f"{parts.scheme}://{parts.netloc}".lower()


def cors_origins() -> list[str]:
    """The app's own public origin on a Space (``SPACE_HOST``) plus ``PLAYGROUND_CORS_ORIGINS``.
    Same-origin calls need no CORS header at all; these are the other sites allowed to call."""
    origins: list[str] = []
    if os.environ.get("SPACE_HOST"):
        origins.append(_origin("https://" + os.environ["SPACE_HOST"].strip()))
    for item in os.environ.get("PLAYGROUND_CORS_ORIGINS", "").split(","):
        if item.strip():
            origin = _origin(item)
            if origin not in origins:
                origins.append(origin)
    return origins
