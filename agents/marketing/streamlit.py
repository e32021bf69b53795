"""Marketing workspace: the open alerts (analyse sends the alert's question to the chat, read marks an unread
one read, dismiss closes it) and the latest KPI tiles; the same alerts and slot as the Gradio workspace."""

from __future__ import annotations

from typing import Any

import streamlit as st

from agents.view.alerts import analyse, banner_text, check_now, close, open_alerts, read, title_line
from agents.view.render import CardView
from agents.view.texts import t
from pages.streamlit.chat import draw_tiles
from pages.streamlit.context import PageContext
from pages.streamlit.panels import Panel, register_panel

_CHECKED = "pg_alerts_checked"


def _analyse(ctx: PageContext, alert: dict[str, Any]) -> None:
    prompt = analyse(ctx.spec, ctx.viewer, alert)
    if prompt is not None:
        ctx.send(prompt)


def _read(ctx: PageContext, alert: dict[str, Any]) -> None:
    read(ctx.spec, ctx.viewer, alert)


def _dismiss(ctx: PageContext, alert: dict[str, Any]) -> None:
    close(ctx.spec, ctx.viewer, alert, "DISMISSED")


def _check(ctx: PageContext) -> None:
    check_now(ctx.spec, ctx.viewer)


def draw_alerts(ctx: PageContext) -> None:
    lang, spec = ctx.lang, ctx.spec
    # Once per session and user, as the Gradio tab checks at page load; then on request.
    checked = st.session_state.setdefault(_CHECKED, set())
    if ctx.viewer.user_id not in checked:
        checked.add(ctx.viewer.user_id)
        alerts = check_now(spec, ctx.viewer, lang)
    else:
        alerts = open_alerts(spec, ctx.viewer, lang)
    with st.container(border=True, key=f"pg-{spec.id}-alerts"):
        head, button = st.columns([3, 2], vertical_alignment="center")
        head.markdown(banner_text(alerts, lang))
        button.button(t("alerts_check", lang), key=f"pg_alerts_check:{spec.id}", on_click=_check, args=(ctx,))
        for alert in alerts:
            st.markdown(title_line(alert))
            unread = alert["status"] == "UNREAD"
            columns = st.columns([2, 1, 1] if unread else [2, 1])  # room for 자세히 분석하기 in the narrow column
            columns[0].button(t("alerts_analyse", lang), key=f"pg_alert_analyse:{alert['id']}", on_click=_analyse,
                              args=(ctx, alert), width="stretch")
            if unread:
                columns[1].button(t("alerts_read", lang), key=f"pg_alert_read:{alert['id']}", on_click=_read,
                                  args=(ctx, alert), width="stretch")
            columns[-1].button(t("alerts_dismiss", lang), key=f"pg_alert_dismiss:{alert['id']}", on_click=_dismiss,
                               args=(ctx, alert), width="stretch")


def draw_kpi(ctx: PageContext, card: CardView) -> None:
    with st.container(border=True, key=f"pg-{ctx.spec.id}-kpi"):
        st.markdown(f"**{card.title}**")
        draw_tiles(card, per_row=2)  # the side column is narrower than the chat


register_panel("marketing", Panel(draw=draw_alerts, slots={"kpi": draw_kpi}))
