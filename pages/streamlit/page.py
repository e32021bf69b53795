"""One agent page: the conversation (with the running turn streamed into it), suggestions, the
pending confirmations right above the input, and the agent's workspace in a side column."""

from __future__ import annotations

import streamlit as st

from agents.core import locks
from agents.core.agent import get_agent
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.store import Store
from agents.services import conversations, feedback
from agents.view import render
from agents.view.chips import chips
from agents.view.texts import Lang, t
from pages.streamlit import chat, sidebar
from pages.streamlit.context import PageContext, error_line
from pages.streamlit.dock import draw_dock
from pages.streamlit.panels import draw_workspace, panel_for


def _rate(ctx: PageContext, turn_id: str, value: int | None) -> None:
    if value is None:
        return
    rating = "up" if value == 1 else "down"
    try:
        feedback.rate(ctx.store, ctx.viewer.user_id, turn_id, rating, None, system_clock())
    except PlaygroundError as exc:
        ctx.flash(error_line(exc, ctx.lang))
        return
    ctx.view.feedback[turn_id] = rating


def _flashes() -> None:
    for kind, message in st.session_state.pop("pg_flash", []):
        {"success": st.success, "error": st.error}.get(kind, st.warning)(message)


def _suggestions(ctx: PageContext) -> None:
    questions = chips(ctx.view, ctx.spec, ctx.lang)
    if not questions:
        return
    columns = st.container(key="pg-suggestions").columns(len(questions))
    for i, (column, question) in enumerate(zip(columns, questions, strict=True)):
        column.button(question, key=f"pg_suggest:{ctx.spec.id}:{i}", on_click=ctx.send, args=(question,),
                      width="stretch")


def _turn(ctx: PageContext, text: str, extra: dict[str, object] | None) -> None:
    """Run one turn live, then draw the page again from its view model."""
    view = render.add_user_message(ctx.view, text)
    try:
        session = ctx.session(with_provider=True)
        events = session.send(text, extra)
    except PlaygroundError as exc:
        ctx.set_view(chat.failed_start(view, exc))
        st.rerun()
    def started() -> None:
        # Written while the run is alive: a run stopped mid-reply can no longer write its session
        # state. Until the turn ends normally, the next run shows the conversation as stored.
        st.session_state[ctx.reload_key] = session.conversation_id

    try:
        view = chat.stream_turn(view, events, ctx.lang, on_first_event=started)
    except BaseException:
        # Stopped mid-reply (Stop, or a click that reruns the page): the turn closes on its own
        # thread within one event and saves what it had (the partial reply stays on the page);
        # wait for that, so the next run finds it stored, marked as stopped.
        if session.conversation_id:
            with locks.holding(session.conversation_id, timeout=5):
                pass
        raise
    st.session_state.pop(ctx.reload_key, None)
    # As the Gradio tab does: the live view stays (a reload rebuilds the same, less the turn's
    # ui_action steps, which the tutor's app applies after the turn), with the conversation's state.
    row = conversations.find(ctx.store, ctx.viewer.user_id, view.conversation_id)
    view.state = row.state if row else {}
    ctx.set_view(view)
    st.rerun()


def agent_page(agent_id: str, viewer: Viewer, store: Store, lang: Lang) -> None:
    spec = get_agent(agent_id)
    ctx = PageContext(spec=spec, viewer=viewer, store=store, lang=lang)
    panel = panel_for(spec.id)
    if ctx.reload_key in st.session_state:
        ctx.open(st.session_state.pop(ctx.reload_key))
    sidebar.draw_conversations(ctx)
    typed = st.chat_input(t("chat_placeholder", lang), key=f"pg_input:{spec.id}", submit_mode="stop")
    queued = ctx.take_outbox()
    if typed is not None:
        if typed.strip():
            queued = (typed, None)
        else:
            ctx.flash(t("blank", lang))
    if queued is not None and queued[1] is None and panel.send_extra is not None:
        # typed or a suggestion: the workspace adds its structured input (the tutor's screen)
        queued = (queued[0], panel.send_extra(ctx, queued[0]))
    chat_column, side_column = st.columns([3, 2], gap="medium")
    with chat_column:
        st.markdown(f"### {spec.title_in(lang)}")
        _flashes()
        if not ctx.view.messages and queued is None:
            st.caption(spec.description_in(lang))
        chat.draw_view(ctx.view, lang, f"pg-{spec.id}", rate=lambda turn, value: _rate(ctx, turn, value))
        if queued is not None:
            _turn(ctx, *queued)
        _suggestions(ctx)
        draw_dock(ctx)
        if ctx.view.badge:
            st.caption(ctx.view.badge)
    with side_column, st.container(key="pg-side"):
        draw_workspace(ctx)
