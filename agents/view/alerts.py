"""Proactive alerts (seed 000 §7.4) as plain data, for both front ends: the open ones as cards, a check on
demand, the banner's line, and what Read, Analyse and Dismiss do. No UI framework import.

Drawing a card does not read it (issue 28: the banner said "N unread" on the first load and "0 unread" after a
reload, and Streamlit, which draws on every rerun, lost the count at the first click): a page may draw the
alerts in a tab nobody is looking at. An alert stays unread, its card marked new and counted by the banner, until
the person reads it (읽음), analyses or dismisses it, as ``playground alerts read`` and the HTTP API do.

Every open alert is a card, in severity then time order, and alerts with the same title (the same
situation on another day) are one card (issue 28: an unread WARNING was hidden behind a card shown
twice). The banner counts the cards."""

from __future__ import annotations

from typing import TypedDict

from pydantic import JsonValue

from agents.core.agent import AgentSpec
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import Session
from agents.core.store import AlertRow
from agents.services import alerts as service
from agents.view.texts import Lang, t


class AlertCard(TypedDict):
    """An open alert as both front ends draw it: the newest alert's row as JSON, and every alert it stands for."""

    id: str
    user_id: str
    agent_id: str
    type: str
    severity: str
    status: str
    title: str
    message: str
    data: dict[str, JsonValue]
    dedupe_key: str
    created_at: str
    read_at: str | None
    pushed_at: str | None
    ids: list[str]  # newest first
    new_label: str  # the mark on an unread card, in the UI's language ("" once read): the banner counts these


_ICONS = {"CRITICAL": "🚨", "WARNING": "⚠️", "INFO": "🎉"}
_TYPE_ICONS = {"recommendation": "💡"}
_RANK = {"CRITICAL": 0, "WARNING": 1, "INFO": 2}


def cards(rows: list[AlertRow]) -> list[AlertCard]:
    """One card per title: the newest alert's fields, ``ids`` of every alert it stands for (newest
    first) and UNREAD while any of them is; ordered by severity, then newest first."""
    groups: dict[str, list[AlertRow]] = {}
    for row in sorted(rows, key=lambda r: (r.created_at, r.id), reverse=True):
        groups.setdefault(row.title, []).append(row)
    out = []
    for group in groups.values():
        newest = group[0]
        dumped = newest.model_dump(mode="json")
        card = AlertCard(id=newest.id, user_id=newest.user_id, agent_id=newest.agent_id, type=newest.type,
                         severity=newest.severity, status=newest.status, title=newest.title, message=newest.message,
                         data=dumped["data"], dedupe_key=newest.dedupe_key, created_at=dumped["created_at"],
                         read_at=dumped["read_at"], pushed_at=dumped["pushed_at"], ids=[r.id for r in group],
                         new_label="")
        card["status"] = "UNREAD" if any(r.status == "UNREAD" for r in group) else newest.status
        out.append((_RANK.get(group[0].severity, len(_RANK)), group[0].created_at, card))
    out.sort(key=lambda item: item[1], reverse=True)
    out.sort(key=lambda item: item[0])  # stable: newest first inside each severity
    return [card for _, _, card in out]


def in_language(spec: AgentSpec, rows: list[AlertRow], shown: list[AlertCard], lang: Lang) -> list[AlertCard]:
    """Each card's title and message in the UI's language, through the hook the chat uses
    (``AgentSpec.alert_text``): the stored row is shared by every language. The hook reads the
    person's words, so it gets a sentence in the UI's language. An unread card gets its mark."""
    by_id = {row.id: row for row in rows}
    for card in shown:
        if spec.alert_text is not None:
            card["title"], card["message"] = spec.alert_text(by_id[card["id"]], t("lang_sample", lang))
        card["new_label"] = t("alerts_new", lang) if card["status"] == "UNREAD" else ""
    return shown


def open_alerts(spec: AgentSpec, user: Viewer | None, lang: Lang = "ko") -> list[AlertCard]:
    """The open alerts as cards in the UI's language. Drawing them reads none (see the module's note)."""
    if user is None:
        return []
    session = Session(spec.id, user_id=user.user_id)  # seeds the user's sandbox on first use
    rows = service.open_alerts(session.store, session.user_id, spec.id)
    return in_language(spec, rows, cards(rows), lang)


def read(spec: AgentSpec, user: Viewer, alert: AlertCard) -> None:
    """Read (읽음): every alert the card stands for becomes READ; it stays open, no longer counted as new."""
    session = Session(spec.id, user_id=user.user_id)
    service.mark_read(session.store, session.user_id, list(alert.get("ids") or [alert["id"]]), system_clock())


def title_line(alert: AlertCard) -> str:
    """The card's first line in both front ends: icon, title and, while unread, the new mark."""
    mark = f" · ● {alert['new_label']}" if alert.get("new_label") else ""
    return f"{alert_icon(alert)} **{alert['title']}**{mark}"


def alert_icon(alert: AlertCard) -> str:
    return _TYPE_ICONS.get(alert["type"]) or _ICONS.get(alert["severity"], "🔔")


def check_now(spec: AgentSpec, user: Viewer | None, lang: Lang = "ko") -> list[AlertCard]:
    if user is None:
        return []
    if spec.alert_check is not None:
        service.check(spec, user.user_id, system_clock())
    return open_alerts(spec, user, lang)


def close(spec: AgentSpec, user: Viewer, alert: AlertCard, status: str) -> AlertRow | None:
    """Dismiss (DISMISSED) or act on (ACTED_ON) a card: every alert it stands for. The newest one
    that changed, or None when another tab closed them all first."""
    session = Session(spec.id, user_id=user.user_id)
    changed = None
    for alert_id in reversed(alert.get("ids") or [alert["id"]]):
        try:
            changed = service.set_status(session.store, session.user_id, alert_id, status, system_clock())
        except PlaygroundError as exc:
            if exc.code not in (service.AlertClosed.code, service.AlertNotFound.code):
                raise
    return changed


def analyse(spec: AgentSpec, user: Viewer, alert: AlertCard) -> str | None:
    """Analyse: the card is acted on, and this is the question to send to the chat (None: nothing
    to send, the alert was closed meanwhile or the agent has no prompt for it)."""
    if spec.alert_prompt is None:
        return None
    row = close(spec, user, alert, "ACTED_ON")
    return None if row is None else spec.alert_prompt(row)


def banner_text(alerts: list[AlertCard], lang: Lang = "ko") -> str:
    unread = sum(1 for a in alerts if a["status"] == "UNREAD")
    if not alerts:
        return t("alerts_none", lang)
    return t("alerts_summary", lang, unread=unread, open=len(alerts))
