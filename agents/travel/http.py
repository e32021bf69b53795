"""The travel planner's own endpoints (seed 001 §6.2): list trips, and apply an itinerary preview
through the pending-action service (the answer is the action to confirm, never a direct write)."""

# No `from __future__ import annotations`: FastAPI resolves the local `Who` alias at runtime.

from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from agents.core.actions import ActionService
from agents.core.clock import aware
from agents.core.errors import ConversationNotFound
from agents.core.session import runtime_store
from agents.http.auth import Caller
from agents.http.errors import COMMON, documented
from agents.http.models import ID_PATTERN, UserId, clean_json
from agents.travel.itinerary import resolve_preview
from agents.travel.model import ItineraryPreviewData
from agents.travel.service import TripService


def _storable(preview: ItineraryPreviewData) -> ItineraryPreviewData:
    """The preview is stored as the action's arguments: text no database can store (a lone surrogate) is
    refused here, named by its place (e.g. ``preview.days[0].items[0].placeName``)."""
    clean_json(preview.model_dump(mode="json"))
    return preview


class ApplyBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    preview: Annotated[ItineraryPreviewData, AfterValidator(_storable)]
    mode: Literal["overwrite", "merge"] = "overwrite"
    conversation_id: str | None = Field(None, pattern=ID_PATTERN,
                                        description="the chat the preview came from; the action is recorded there")
    user: UserId | None = None


def travel_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/travel", tags=["travel"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]

    @router.get("/trips", summary="Your trips, the active one first")
    def trips(who: Who) -> dict[str, object]:
        user = who.user()
        service = TripService(runtime_store())
        service.setup_user(user, service_now())
        rows = service.store.trips(user)
        return {"trips": [{**r, "start_date": r["start_date"].isoformat(), "end_date": r["end_date"].isoformat()}
                          for r in sorted(rows, key=lambda r: not r["active"])]}

    @router.post("/trips/{trip_id}/apply-itinerary", summary="Propose applying a preview (confirm the action to run it)")
    def apply(who: Who, trip_id: Annotated[str, Path(pattern=ID_PATTERN)], body: ApplyBody) -> dict[str, object]:
        user = who.user(body.user)
        store = runtime_store()
        trip = TripService(store).store.trip(user, trip_id)
        if trip is None:
            raise ConversationNotFound(f"No trip {trip_id!r} for user {user!r}.", code="trip_not_found")
        preview = resolve_preview(body.preview, trip)  # a client's preview names places; match them, list the rest
        conversation_id = body.conversation_id
        if conversation_id is None:  # an API caller with no chat: the action gets a conversation of its own
            conversation_id = store.db.write(
                lambda: store.conversations.create(user, "travel", f"일정 적용: {preview.title}", service_now())).id
        row = ActionService(store).propose(
            user_id=user, conversation_id=conversation_id, agent_id="travel", tool_name="apply_itinerary",
            args={"trip_id": trip_id, "preview": preview.model_dump(mode="json"), "mode": body.mode})
        return {"action_id": row.id, "status": row.status.value, "summary": row.summary, "warnings": row.warnings,
                "unmatched": preview.unmatched,
                "expires_at": aware(row.expires_at).isoformat(), "conversation_id": conversation_id,
                "confirm": f"/api/v1/actions/{row.id}/confirm"}

    return router


def service_now() -> datetime:
    from agents.core.clock import system_clock

    return system_clock()
