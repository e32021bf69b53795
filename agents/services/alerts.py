"""Proactive alerts, for every front end: list, mark read, close (dismiss or act on) and check now.

Each alert is the caller's own: ``_owned`` is the one place that says so, and another user's alert
reads as not found. Refusals are PlaygroundErrors in Korean, then English, naming the input."""

from __future__ import annotations

from datetime import datetime

from agents.core.agent import AgentSpec, get_agent, list_agents
from agents.core.errors import PlaygroundError
from agents.core.inputs import InvalidInput
from agents.core.session import Session
from agents.core.store import AlertRow, Store
from agents.services.messages import say

OPEN_STATUSES = ("UNREAD", "READ")
CLOSING = ("READ", "DISMISSED", "ACTED_ON")
OPEN_LIMIT = 50  # open alerts a screen lists; the checks deduplicate, so a person rarely has 10


class AlertNotFound(PlaygroundError):
    code = "alert_not_found"


class AlertClosed(PlaygroundError):
    code = "alert_closed"


class NoAlerts(PlaygroundError):
    code = "no_alerts"


def _owned(store: Store, user_id: str, alert_id: str) -> AlertRow:
    row = store.alerts.get(alert_id, user_id) if isinstance(alert_id, str) else None
    if row is None:
        shown = str(alert_id)[:80]
        raise AlertNotFound(say("alert_not_found", shown=shown, user=user_id))
    return row


def get(store: Store, user_id: str, alert_id: str) -> AlertRow:
    return _owned(store, user_id, alert_id)


def list_alerts(store: Store, user_id: str, *, agent_id: str | None = None, status: str | None = None,
                limit: int = 50) -> list[AlertRow]:
    """Newest first, with any status (or one)."""
    return store.alerts.list(user_id, agent_id=agent_id, status=status, limit=limit)


def unread_count(store: Store, user_id: str, agent_id: str | None = None) -> int:
    return store.alerts.count_unread(user_id, agent_id)


def open_alerts(store: Store, user_id: str, agent_id: str | None = None) -> list[AlertRow]:
    """UNREAD and READ ones, newest first (a screen orders and folds them: agents/view/alerts.py)."""
    return [r for r in store.alerts.list(user_id, agent_id=agent_id, limit=OPEN_LIMIT) if r.status in OPEN_STATUSES]


def mark_read(store: Store, user_id: str, alert_ids: list[str], now: datetime) -> list[str]:
    """UNREAD -> READ for the alerts a person was shown (others' ids change nothing)."""
    return store.alerts.mark_read(user_id, list(alert_ids), now)


def set_status(store: Store, user_id: str, alert_id: str, status: str, now: datetime) -> AlertRow:
    """READ, DISMISSED or ACTED_ON; only an open alert changes. Returns the updated row."""
    if status not in CLOSING:
        shown = str(status)[:40]
        raise InvalidInput("status", say("alert_status_bad", choices=", ".join(CLOSING), shown=shown))
    row = _owned(store, user_id, alert_id)
    if not store.alerts.set_status(row.id, user_id, status, now):
        raise AlertClosed(say("alert_closed", id=row.id, status=row.status))
    return _owned(store, user_id, row.id)


def alert_agents(agent_id: str | None) -> list[AgentSpec]:
    """The agents a check runs for: one (which must have alerts) or every agent that has them."""
    if agent_id is None:
        return [spec for spec in list_agents() if spec.alert_check is not None]
    spec = get_agent(agent_id)
    if spec.alert_check is None:
        raise NoAlerts(say("no_alerts", agent=spec.id))
    return [spec]


def check(spec: AgentSpec, user_id: str, now: datetime) -> list[AlertRow]:
    """Run the agent's alert check now for one user; the alerts it created (an open one is never
    made twice). Opening a Session seeds the user's sandbox on first use."""
    [spec] = alert_agents(spec.id)
    assert spec.alert_check is not None
    session = Session(spec.id, user_id=user_id)
    return spec.alert_check(session.store, session.user_id, now)
