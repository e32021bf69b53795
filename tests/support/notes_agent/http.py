"""The notes agent's own endpoint: the caller's pinned notes (what its workspace panel shows)."""

# No `from __future__ import annotations`: FastAPI resolves the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends

from agents.core.session import runtime_store
from agents.http.auth import Caller
from agents.http.errors import COMMON, documented
from tests.support.notes_agent.store import NotesStore


def notes_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/notes", tags=["notes"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]

    @router.get("/pinned", summary="Your pinned notes")
    def pinned(who: Who) -> dict[str, Any]:
        return {"pinned": NotesStore(runtime_store()).pinned(who.user())}

    return router
