"""Proactive alerts over HTTP (seed 000 §5.4), always for the caller only."""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query

from agents.core.agent import AgentSpec, get_agent, list_agents
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.session import Session, runtime_store
from agents.http.auth import Caller
from agents.http.errors import COMMON, documented
from agents.http.models import AGENT_ID_PATTERN, ID_PATTERN, AlertPatch

AgentQuery = Annotated[str | None, Query(pattern=AGENT_ID_PATTERN, description="only this agent's alerts")]
ALERT_TYPES = ("anomaly", "budget", "milestone", "recommendation")  # seed 000 AlertType


def _alert_agents(agent: str | None) -> list[AgentSpec]:
    if agent is None:
        return [spec for spec in list_agents() if spec.alert_check is not None]
    spec = get_agent(agent)
    if spec.alert_check is None:
        raise PlaygroundError(f"The {spec.id} agent has no proactive alerts.", code="no_alerts")
    return [spec]


def alert_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/alerts", tags=["alerts"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]

    @router.get("", summary="Your alerts, newest first, with the unread count")
    def list_alerts(
        who: Who, agent: AgentQuery = None,
        status: Annotated[Literal["UNREAD", "READ", "DISMISSED", "ACTED_ON"] | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> dict[str, Any]:
        user = who.user()
        store = runtime_store()
        rows = store.alerts.list(user, agent_id=agent, status=status, limit=limit)
        return {"alerts": [r.model_dump(mode="json") for r in rows],
                "unreadCount": store.alerts.count_unread(user, agent)}

    @router.patch("/{alert_id}", summary="Mark an alert READ, DISMISSED or ACTED_ON")
    def patch_alert(who: Who, alert_id: Annotated[str, Path(pattern=ID_PATTERN)], body: AlertPatch) -> dict[str, Any]:
        user = who.user(body.user)
        store = runtime_store()
        row = store.alerts.get(alert_id, user)
        if row is None:
            raise PlaygroundError(f"No alert {alert_id!r} for user {user!r}.", code="alert_not_found")
        if not store.alerts.set_status(alert_id, user, body.status, system_clock()):
            raise PlaygroundError(f"Alert {alert_id!r} is already {row.status}; only open alerts change.",
                                  code="alert_closed")
        updated = store.alerts.get(alert_id, user)
        assert updated is not None
        return {"success": True, "alert": updated.model_dump(mode="json")}

    @router.post("/check", summary="Run the alert check now for your account")
    def check_alerts(who: Who, agent: AgentQuery = None) -> dict[str, Any]:
        user = who.user()
        types = dict.fromkeys(ALERT_TYPES, 0)
        created = 0
        for spec in _alert_agents(agent):
            session = Session(spec.id, user_id=user)  # seeds the user's sandbox on first use
            assert spec.alert_check is not None
            for alert in spec.alert_check(session.store, user, system_clock()):
                types[alert.type] = types.get(alert.type, 0) + 1
                created += 1
        return {"created": created, "types": types}

    return router
