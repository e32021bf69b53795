"""The alert banner for agents with proactive alerts (seed 000 §7.4)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import gradio as gr

from agents.core import identity
from agents.core.agent import AgentSpec
from agents.core.clock import system_clock
from agents.core.identity import Viewer
from agents.core.session import Session
from pages.i18n import Lang, label, lang_of, t

REFRESH_SECONDS = 60
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


def build_alerts(ctx: Any) -> None:
    """Compact alerts for the workspace: a banner line, then one short row per open alert.
    ``ctx`` is the tab's ``TabContext``; its run / inputs / outputs are set before any event fires."""
    spec: AgentSpec = ctx.spec
    header = ctx.header
    state = gr.State([])
    with gr.Group(elem_classes=["pg-alerts"], elem_id=f"pg-{spec.id}-alerts"):
        with gr.Row(equal_height=True):
            banner = gr.Markdown(banner_text([]), elem_id=f"pg-{spec.id}-alert-banner")
            check = gr.Button(label("alerts_check"), size="sm", scale=0, min_width=90,
                              elem_id=f"pg-{spec.id}-alert-check")

        @gr.render(inputs=[state])
        def draw(alerts: list[dict[str, Any]]) -> None:
            for alert in alerts[:SHOWN]:
                with gr.Group(elem_classes=["pg-alert", f"pg-alert-{alert['severity'].lower()}"]):
                    gr.Markdown(f"{alert_icon(alert)} **{alert['title']}**",
                                elem_classes=["pg-alert-title"])
                    with gr.Row(equal_height=True):
                        analyse = gr.Button(label("alerts_analyse"), size="sm", min_width=80,
                                            elem_classes=["pg-alert-analyse"])
                        dismiss = gr.Button(label("alerts_dismiss"), size="sm", min_width=60,
                                            elem_classes=["pg-alert-dismiss"])
                alert_id = alert["id"]

                def analyse_fn(*values: Any, alert_id: str = alert_id) -> Iterator[list[Any]]:
                    session = Session(spec.id, user_id=identity.require(values[-1]))
                    row = session.store.alerts.get(alert_id, session.user_id)
                    if row is None or spec.alert_prompt is None:
                        return
                    session.store.alerts.set_status(alert_id, session.user_id, "ACTED_ON", system_clock())
                    yield from ctx.run(spec.alert_prompt(row), *values)

                def dismiss_fn(user: Viewer | None, request: gr.Request, alert_id: str = alert_id) -> list[Any]:
                    session = Session(spec.id, user_id=identity.require(user))
                    session.store.alerts.set_status(alert_id, session.user_id, "DISMISSED", system_clock())
                    alerts = open_alerts(spec, user)
                    return [alerts, banner_text(alerts, lang_of(request))]

                analyse.click(analyse_fn, ctx.inputs, ctx.outputs).then(
                    _refresh, header.who, [state, banner])
                dismiss.click(dismiss_fn, header.who, [state, banner])

    # The language comes from each request (the header's lang state may not be set yet on page load).
    def _refresh(user: Viewer | None, request: gr.Request) -> list[Any]:
        alerts = open_alerts(spec, user)
        return [alerts, banner_text(alerts, lang_of(request))]

    def _check(user: Viewer | None, request: gr.Request) -> list[Any]:
        alerts = check_now(spec, user)
        return [alerts, banner_text(alerts, lang_of(request))]

    check.click(_check, header.who, [state, banner])
    header.identity.after_ready(_check, header.who, [state, banner])
    gr.Timer(REFRESH_SECONDS).tick(_refresh, header.who, [state, banner])
    header.identity.after_switch(_check, header.who, [state, banner])
