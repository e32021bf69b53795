"""Who is calling: the one FastAPI dependency every ``/api/v1`` endpoint takes.

``shared`` mode: the caller is the owner of the ``Authorization: Bearer`` token, and a ``user``
query parameter or body field that names someone else is refused (403). ``local`` mode: the
``user`` parameter or field says who is asking (default ``demo``), as it always did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import Query, Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from agents.core.clock import system_clock
from agents.core.errors import Forbidden, InvalidArgs
from agents.core.identity import Mode
from agents.core.session import runtime_store
from agents.http.models import USER_ID_PATTERN
from agents.services.access import HOW_TO_GET_A_TOKEN, token_owner, token_status

DEFAULT_LOCAL_USER = "demo"

UserQuery = Annotated[str | None, Query(pattern=USER_ID_PATTERN, description=(
    "local mode: who is asking (default demo). Shared mode: optional; if given it must be the token's owner"))]


@dataclass(frozen=True)
class Caller:
    mode: Mode
    user_id: str | None  # shared: the token's owner; local: the ``user`` query parameter, if any
    token: str = "none"  # none | valid | unknown (local mode looks at a token but needs none)
    token_owner: str | None = None

    def user(self, claimed: str | None = None) -> str:
        """The user this request acts as, given the ``user`` the body names (if any)."""
        if self.mode == "shared":
            assert self.user_id is not None
            if claimed is not None and claimed != self.user_id:
                raise Forbidden(f"This token belongs to {self.user_id!r}; it cannot act as {claimed!r}. "
                                "Leave `user` out, or use a token of that user.")
            return self.user_id
        if claimed is not None and self.user_id is not None and claimed != self.user_id:
            raise InvalidArgs(f"`user` is {self.user_id!r} in the query but {claimed!r} in the body; give it once.")
        return claimed or self.user_id or DEFAULT_LOCAL_USER


_bearer = HTTPBearer(auto_error=False, scheme_name="apiToken",
                     description="A per-user API token. " + HOW_TO_GET_A_TOKEN)
# Declared so the OpenAPI document shows the scheme; the header itself is read by ``token_owner``,
# which words its own 401 answers.
Credentials = Annotated[HTTPAuthorizationCredentials | None, Security(_bearer)]


def caller_dependency(mode: Mode) -> Callable[..., Caller]:
    """The dependency for ``mode``; built per app, so tests can serve both modes side by side."""
    if mode == "shared":
        def shared_caller(request: Request, _credentials: Credentials = None, user: UserQuery = None) -> Caller:
            owner = token_owner(runtime_store(), request.headers.get("authorization"), system_clock())
            caller = Caller("shared", owner, "valid", owner)
            caller.user(user)  # a disagreeing ``user`` parameter is refused here, before anything runs
            return caller

        return shared_caller

    def local_caller(request: Request, user: UserQuery = None) -> Caller:
        # No token is needed here (so none is documented); one that is sent is still looked at, so its
        # "last used" is true and /whoami can say whether it would work in shared mode.
        status, owner = token_status(runtime_store(), request.headers.get("authorization"), system_clock())
        return Caller("local", user, status, owner)

    return local_caller

