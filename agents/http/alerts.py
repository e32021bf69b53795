"""Proactive alerts over HTTP (seed 000 §5.4), always for the caller only."""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query
from pydantic import JsonValue
from typing_extensions import TypedDict  # pydantic reads typing's TypedDict only from Python 3.12

from agents.core.clock import system_clock
from agents.core.session import runtime_store
from agents.http.auth import Caller
from agents.http.errors import COMMON, documented
from agents.http.models import AGENT_ID_PATTERN, ID_PATTERN, AlertPatch
from agents.services import alerts

AgentQuery = Annotated[str | None, Query(pattern=AGENT_ID_PATTERN, description="only this agent's alerts")]
ALERT_TYPES = ("anomaly", "budget", "milestone", "recommendation")  # seed 000 AlertType


class AlertPage(TypedDict):
    alerts: list[dict[str, JsonValue]]
    unreadCount: int


class AlertChanged(TypedDict):
    success: bool
    alert: dict[str, JsonValue]


class AlertCheck(TypedDict):
    created: int
    types: dict[str, int]


def alert_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/alerts", tags=["alerts"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]

    @router.get("", summary="Your alerts, newest first, with the unread count")
    def list_alerts(
        who: Who, agent: AgentQuery = None,
        status: Annotated[Literal["UNREAD", "READ", "DISMISSED", "ACTED_ON"] | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> AlertPage:
        user = who.user()
        store = runtime_store()
        rows = alerts.list_alerts(store, user, agent_id=agent, status=status, limit=limit)
        return {"alerts": [r.model_dump(mode="json") for r in rows],
                "unreadCount": alerts.unread_count(store, user, agent)}

    @router.patch("/{alert_id}", summary="Mark an alert READ, DISMISSED or ACTED_ON")
    def patch_alert(who: Who, alert_id: Annotated[str, Path(pattern=ID_PATTERN)], body: AlertPatch) -> AlertChanged:
        updated = alerts.set_status(runtime_store(), who.user(body.user), alert_id, body.status, system_clock())
        return {"success": True, "alert": updated.model_dump(mode="json")}

    @router.post("/check", summary="Run the alert check now for your account")
    def check_alerts(who: Who, agent: AgentQuery = None) -> AlertCheck:
        user = who.user()
        types = dict.fromkeys(ALERT_TYPES, 0)
        created = 0
        for spec in alerts.alert_agents(agent):
            for alert in alerts.check(spec, user, system_clock()):
                types[alert.type] = types.get(alert.type, 0) + 1
                created += 1
        return {"created": created, "types": types}

    return router
