"""Tutor workspace (issue 12): the sandbox app the agent sees and drives. Every typed message
carries the app's ``context_text``. The screen of the open conversation is stored with it
(``agents.tutor.screen``): the agent's side writes a turn's low-risk actions and a confirmed
high-risk one; this panel writes the app's own buttons and runs the keyword fallback this browser
session is owed (``agents.tutor.fallback.react``: once, for the session that sent the message).
A new conversation's screen lives in this browser session (``st.session_state``), per user."""

from __future__ import annotations

import secrets

import pandas as pd
import streamlit as st

from agents.core.clock import system_clock
from agents.tutor import market
from agents.tutor import screen as stored_screen
from agents.tutor import view as tutor_view
from agents.tutor.fallback import react
from agents.tutor.sandbox import AppState, apply, default_state
from agents.tutor.store import PortfolioStore
from agents.view.cards import figure_for
from agents.view.texts import t
from pages.streamlit.context import PageContext
from pages.streamlit.panels import Panel, register_panel

WEB, MODE, STRUCTURED = "pg_tutor_web", "pg_tutor_mode", "pg_tutor_structured"
NAV = ("nav_home", "nav_education", "nav_my")


def _key(ctx: PageContext) -> str:
    return f"pg_tutor_app:{ctx.viewer.user_id}"


def _app_session() -> str:
    """This browser session's app (the keyword fallback's owner)."""
    return str(st.session_state.setdefault("pg_tutor_app_session", secrets.token_hex(8)))


def app_state(ctx: PageContext) -> AppState:
    """The open conversation's stored screen, else the one this session shows."""
    conversation_id = ctx.view.conversation_id
    saved = stored_screen.load(ctx.store, conversation_id, ctx.viewer.user_id) if conversation_id else None
    if saved is not None:
        return saved
    raw = st.session_state.get(_key(ctx))
    return AppState.model_validate(raw) if raw else default_state()


def _save(ctx: PageContext, state: AppState, *, by_learner: bool = False) -> None:
    st.session_state[_key(ctx)] = state.model_dump(mode="json")
    if ctx.view.conversation_id:
        stored_screen.save(ctx.store, ctx.view.conversation_id, ctx.viewer.user_id, state, by_learner=by_learner)


def _act(ctx: PageContext, action_id: str, param: str | None = None, widget: str | None = None) -> None:
    args: dict[str, object] = {}
    if param is not None and widget is not None:
        value = st.session_state.get(widget)
        if value in (None, "") and action_id != "set_keyword":
            return
        args[param] = value or ""
    try:
        _save(ctx, apply(app_state(ctx), action_id, args), by_learner=True)
    except (ValueError, KeyError) as exc:
        ctx.flash(str(exc))


def _value(ctx: PageContext) -> market.PortfolioValue:
    store = PortfolioStore(ctx.store)
    store.ensure(ctx.viewer.user_id, system_clock())
    return market.portfolio_value(store.holdings(ctx.viewer.user_id), store.cash(ctx.viewer.user_id))


def _after_turn(ctx: PageContext) -> tuple[AppState, str]:
    """The open conversation's screen, after the keyword fallback this session is owed (if any)."""
    state = app_state(ctx)
    view = ctx.view
    if not view.conversation_id or view.running:
        return state, ""
    reaction = react(ctx.store, ctx.viewer.user_id, view.conversation_id, _app_session(), state)
    if reaction is None or reaction.busy:
        return state, ""
    if reaction.proposed is not None:  # a new message and a pending card: draw the page again with them
        ctx.reload()
        st.rerun()
    st.session_state[_key(ctx)] = reaction.state.model_dump(mode="json")
    return reaction.state, tutor_view.fallback_note(reaction.done, ctx.view, ctx.lang)


def draw_app(ctx: PageContext) -> None:
    lang = ctx.lang
    state, note = _after_turn(ctx)
    screen = tutor_view.screen_view(state, _value(ctx), lang)
    with st.container(border=True, key="pg-tutor-app"):
        st.markdown(screen.heading)
        st.caption(f"`{screen.route}`" + (f" · {note}" if note else ""))
        columns = st.columns(len(NAV))
        for column, action_id in zip(columns, NAV, strict=True):
            column.button(t(f"tutor_{action_id}", lang), key=f"pg_tutor_{action_id}", on_click=_act,
                          args=(ctx, action_id), width="stretch")
        names = dict((code, name) for name, code in tutor_view.stock_choices(lang))
        st.session_state["pg_tutor_stock"] = state.stock_code if state.mode == "stock" else None
        st.selectbox(t("tutor_stock", lang), list(names), key="pg_tutor_stock", format_func=lambda code: str(names.get(code)),
                     label_visibility="collapsed", placeholder=t("tutor_stock", lang),
                     on_change=_act, args=(ctx, "nav_stock", "code", "pg_tutor_stock"))
        tabs = dict((tab, label) for label, tab in screen.tabs)
        if tabs:
            st.session_state["pg_tutor_tab"] = screen.tab if screen.tab in tabs else None
            st.radio(t("tutor_tab", lang), list(tabs), key="pg_tutor_tab", horizontal=True, format_func=tabs.get,
                     on_change=_act, args=(ctx, "set_tab", "tab", "pg_tutor_tab"))
        if screen.show_period:
            periods = dict((code, label) for label, code in tutor_view.period_choices(lang))
            st.session_state["pg_tutor_period"] = screen.period
            st.radio(t("tutor_period", lang), list(tutor_view.PERIODS), key="pg_tutor_period", horizontal=True,
                     format_func=periods.get, on_change=_act, args=(ctx, "set_period", "period", "pg_tutor_period"))
        if screen.show_keyword:
            st.session_state["pg_tutor_keyword"] = screen.keyword
            st.text_input(t("tutor_keyword", lang), key="pg_tutor_keyword", placeholder=t("tutor_keyword_placeholder", lang),
                          on_change=_act, args=(ctx, "set_keyword", "keyword", "pg_tutor_keyword"))
        figure = figure_for(screen.chart) if screen.chart else None
        if figure is not None:
            figure.update_layout(height=300, autosize=True, width=None)
            st.plotly_chart(figure, width="stretch", key="pg-tutor-chart", config={"displaylogo": False})
        if screen.body:
            st.markdown(screen.body)
        if screen.table:
            st.dataframe(pd.DataFrame(screen.table, columns=screen.table_headers or None), hide_index=True,
                         width="stretch")
        st.caption(f"⚠️ {screen.notice}")
    canvas = tutor_view.canvas_markdown(ctx.view, lang)
    if canvas:
        with st.expander(t("tutor_canvas", lang), expanded=tutor_view.canvas_is_new(ctx.view)):
            st.markdown(canvas)
    with st.expander(t("tutor_options", lang)):
        st.checkbox(t("tutor_web", lang), key=WEB)
        modes = {"plain": tutor_view.text("mode_plain", lang), "canvas_markdown": tutor_view.text("mode_canvas", lang)}
        st.radio(t("tutor_mode", lang), list(modes), key=MODE, format_func=modes.get)
        st.checkbox(t("tutor_structured", lang), key=STRUCTURED)


def send_extra(ctx: PageContext, text: str) -> dict[str, object]:
    return tutor_view.turn_extra(app_state(ctx), text, system_clock(), app_session=_app_session(),
                      web=bool(st.session_state.get(WEB)), mode=st.session_state.get(MODE) or "plain",
                      structured=bool(st.session_state.get(STRUCTURED)))


register_panel("tutor", Panel(draw=draw_app, send_extra=send_extra))
