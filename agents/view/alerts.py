"""Proactive alerts (seed 000 §7.4) as plain data, for both front ends: the open ones (those a
banner draws become READ), a check on demand, and the banner's line. No UI framework import."""

from __future__ import annotations

from typing import Any

from agents.core.agent import AgentSpec
from agents.core.clock import system_clock
from agents.core.identity import Viewer
from agents.core.session import Session
from agents.view.texts import Lang, t

SHOWN = 3  # rows the banner draws; only these count as seen
_ICONS = {"CRITICAL": "🚨", "WARNING": "⚠️", "INFO": "🎉"}
_TYPE_ICONS = {"recommendation": "💡"}


def open_alerts(spec: AgentSpec, user: Viewer | None) -> list[dict[str, Any]]:
    """The open alerts, newest first. The ones the banner draws become READ in the store; the
    returned dicts keep the status they had, so this render still counts them as new."""
    if user is None:
        return []
    session = Session(spec.id, user_id=user.user_id)
    rows = session.store.alerts.list(session.user_id, agent_id=spec.id, limit=20)
    alerts = [r.model_dump(mode="json") for r in rows if r.status in ("UNREAD", "READ")]
    session.store.alerts.mark_read(session.user_id, [a["id"] for a in alerts[:SHOWN]], system_clock())
    return alerts


def alert_icon(alert: dict[str, Any]) -> str:
    return _TYPE_ICONS.get(alert["type"]) or _ICONS.get(alert["severity"], "🔔")


def check_now(spec: AgentSpec, user: Viewer | None) -> list[dict[str, Any]]:
    if user is None:
        return []
    session = Session(spec.id, user_id=user.user_id)
    if spec.alert_check is not None:
        spec.alert_check(session.store, session.user_id, system_clock())
    return open_alerts(spec, user)


def banner_text(alerts: list[dict[str, Any]], lang: Lang = "ko") -> str:
    unread = sum(1 for a in alerts if a["status"] == "UNREAD")
    if not alerts:
        return t("alerts_none", lang)
    return t("alerts_summary", lang, unread=unread, open=len(alerts))
