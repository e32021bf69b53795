"""Tutor workspace (issue 12): the sandbox app the agent sees and drives. Every typed message
carries the app's ``context_text``; after a turn the app applies the agent's low-risk ui_actions
(or the keyword fallback) and any confirmed high-risk one (``tutor_view.app_after``). The app
state lives in this browser session (``st.session_state``), per user, never shared."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from agents.core.clock import system_clock
from agents.tutor import market
from agents.tutor.sandbox import AppState, apply, default_state
from agents.tutor.sandbox_data import stocks
from agents.tutor.store import PortfolioStore
from pages.cards import figure_for
from pages.tutor_view import NAV, app_after, canvas_markdown, screen_view, turn_extra
from streamlit_ui.context import PageContext
from streamlit_ui.panels import Panel, register_panel

WEB, MODE, STRUCTURED = "pg_tutor_web", "pg_tutor_mode", "pg_tutor_structured"


def _keys(ctx: PageContext) -> tuple[str, str]:
    return f"pg_tutor_app:{ctx.viewer.user_id}", f"pg_tutor_seen:{ctx.viewer.user_id}"


def app_state(ctx: PageContext) -> AppState:
    raw = st.session_state.get(_keys(ctx)[0])
    return AppState.model_validate(raw) if raw else default_state()


def _save(ctx: PageContext, state: AppState) -> None:
    st.session_state[_keys(ctx)[0]] = state.model_dump(mode="json")


def _act(ctx: PageContext, action_id: str, param: str | None = None, widget: str | None = None) -> None:
    args: dict[str, Any] = {}
    if param is not None and widget is not None:
        value = st.session_state.get(widget)
        if value in (None, "") and action_id != "set_keyword":
            return
        args[param] = value or ""
    try:
        _save(ctx, apply(app_state(ctx), action_id, args))
    except (ValueError, KeyError) as exc:
        ctx.flash(str(exc))


def _value(ctx: PageContext) -> dict[str, Any]:
    store = PortfolioStore(ctx.store)
    store.ensure(ctx.viewer.user_id, system_clock())
    return market.portfolio_value(store.holdings(ctx.viewer.user_id), store.cash(ctx.viewer.user_id))


def draw_app(ctx: PageContext) -> None:
    seen_key = _keys(ctx)[1]
    state, seen, note = app_after(app_state(ctx), ctx.view, st.session_state.get(seen_key, []))
    _save(ctx, state)
    st.session_state[seen_key] = seen
    screen = screen_view(state, _value(ctx))
    with st.container(border=True, key="pg-tutor-app"):
        st.markdown(screen.heading)
        st.caption(f"`{screen.route}`" + (f" · {note}" if note else ""))
        columns = st.columns(len(NAV))
        for column, (label, action_id) in zip(columns, NAV, strict=True):
            column.button(label, key=f"pg_tutor_{action_id}", on_click=_act, args=(ctx, action_id), width="stretch")
        names = {s.code: f"{s.name} ({s.code})" for s in stocks().values()}
        st.session_state["pg_tutor_stock"] = state.stock_code if state.mode == "stock" else None
        st.selectbox("종목", list(names), key="pg_tutor_stock", format_func=names.get, label_visibility="collapsed",
                     placeholder="종목 고르기", on_change=_act, args=(ctx, "nav_stock", "code", "pg_tutor_stock"))
        tabs = dict((tab, label) for label, tab in screen.tabs)
        if tabs:
            st.session_state["pg_tutor_tab"] = screen.tab if screen.tab in tabs else None
            st.radio("탭", list(tabs), key="pg_tutor_tab", horizontal=True, format_func=tabs.get,
                     on_change=_act, args=(ctx, "set_tab", "tab", "pg_tutor_tab"))
        if screen.show_period:
            st.session_state["pg_tutor_period"] = screen.period
            st.radio("기간", ["1M", "3M", "1Y"], key="pg_tutor_period", horizontal=True, on_change=_act,
                     args=(ctx, "set_period", "period", "pg_tutor_period"))
        if screen.show_keyword:
            st.session_state["pg_tutor_keyword"] = screen.keyword
            st.text_input("키워드", key="pg_tutor_keyword", on_change=_act,
                          args=(ctx, "set_keyword", "keyword", "pg_tutor_keyword"))
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
    canvas = canvas_markdown(ctx.view)
    if canvas:
        with st.expander("📝 캔버스", expanded=True):
            st.markdown(canvas)
    with st.expander("튜터 옵션 (seed 002)"):
        st.checkbox("웹 검색 사용 (use_web_search, OpenAI Responses)", key=WEB)
        st.radio("답 표시 (response_mode)", ["plain", "canvas_markdown"], key=MODE,
                 format_func={"plain": "채팅 (plain)", "canvas_markdown": "캔버스 (canvas_markdown)"}.get)
        st.checkbox("구조화 요약 (structured_extract)", key=STRUCTURED)


def send_extra(ctx: PageContext, text: str) -> dict[str, Any]:
    return turn_extra(app_state(ctx), text, system_clock(), bool(st.session_state.get(WEB)),
                      st.session_state.get(MODE) or "plain", bool(st.session_state.get(STRUCTURED)))


register_panel("tutor", Panel(draw=draw_app, send_extra=send_extra))
