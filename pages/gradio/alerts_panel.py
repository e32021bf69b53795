"""The alert banner for agents with proactive alerts (seed 000 §7.4); what it shows comes from
``agents/view/alerts.py``."""

from __future__ import annotations

from collections.abc import Iterator

import gradio as gr

from agents.core import identity
from agents.core.agent import AgentSpec
from agents.core.identity import Viewer
from agents.view import alerts as alert_view
from agents.view.alerts import AlertCard, banner_text, check_now, open_alerts, title_line
from pages.gradio.i18n import label, lang_of
from pages.gradio.outputs import Outputs
from pages.gradio.workspace import TabContext

REFRESH_SECONDS = 60


def build_alerts(ctx: TabContext) -> None:
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

        @gr.render(inputs=[state], show_progress="hidden")
        def draw(alerts: list[AlertCard]) -> None:
            for alert in alerts:
                # Keyed by the alert: drawn again (the minute's check, another alert), its buttons keep their
                # handlers, so a click sent from the drawing before is taken (pages/gradio/dock.py).
                def key(*part: str, alert_id: str = alert["id"]) -> tuple[str, ...]:
                    return ("alert", spec.id, alert_id, *part)

                with gr.Group(elem_classes=["pg-alert", f"pg-alert-{alert['severity'].lower()}"], key=key("card")):
                    gr.Markdown(title_line(alert), elem_classes=["pg-alert-title"], key=key("title"))
                    with gr.Row(equal_height=True, key=key("buttons")):
                        analyse = gr.Button(label("alerts_analyse"), size="sm", min_width=80,
                                            elem_classes=["pg-alert-analyse"], key=key("analyse"))
                        read = (gr.Button(label("alerts_read"), size="sm", min_width=60, elem_classes=["pg-alert-read"],
                                          key=key("read"))
                                if alert["status"] == "UNREAD" else None)
                        dismiss = gr.Button(label("alerts_dismiss"), size="sm", min_width=60,
                                            elem_classes=["pg-alert-dismiss"], key=key("dismiss"))

                def analyse_fn(*values: object, alert: AlertCard = alert) -> Iterator[Outputs]:
                    identity.require(values[-1])
                    prompt = alert_view.analyse(spec, values[-1], alert)
                    if prompt is not None:
                        yield from ctx.run(prompt, *values)

                def dismiss_fn(user: Viewer | None, request: gr.Request, alert: AlertCard = alert) -> Outputs:
                    identity.require(user)
                    alert_view.close(spec, user, alert, "DISMISSED")
                    lang = lang_of(request)
                    alerts = open_alerts(spec, user, lang)
                    return [alerts, banner_text(alerts, lang)]

                def read_fn(user: Viewer | None, request: gr.Request, alert: AlertCard = alert) -> Outputs:
                    identity.require(user)
                    alert_view.read(spec, user, alert)
                    return _refresh(user, request)

                if read is not None:
                    read.click(read_fn, header.who, [state, banner], key=key("on-read"), **header.quiet)
                # Made inside a render: progress routing must be spelled out (pages/gradio/progress.py).
                analyse.click(analyse_fn, ctx.inputs, ctx.outputs, key=key("on-analyse"), **header.quiet).then(
                    _refresh, header.who, [state, banner], key=key("after-analyse"), **header.quiet)
                dismiss.click(dismiss_fn, header.who, [state, banner], key=key("on-dismiss"), **header.quiet)

    # The language comes from each request (the header's lang state may not be set yet on page load).
    def _refresh(user: Viewer | None, request: gr.Request) -> Outputs:
        lang = lang_of(request)
        alerts = open_alerts(spec, user, lang)
        return [alerts, banner_text(alerts, lang)]

    def _check(user: Viewer | None, request: gr.Request) -> Outputs:
        lang = lang_of(request)
        alerts = check_now(spec, user, lang)
        return [alerts, banner_text(alerts, lang)]

    check.click(_check, header.who, [state, banner])
    header.identity.after_ready(_check, header.who, [state, banner])
    gr.Timer(REFRESH_SECONDS).tick(_refresh, header.who, [state, banner], show_progress="hidden")
    header.identity.after_switch(_check, header.who, [state, banner])
