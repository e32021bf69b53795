"""Pending confirmations under the conversation, right above the input: Confirm / Cancel /
Modify, each calling the same Session methods as every other front end. The stored row is the
truth: after any of them the conversation is reloaded from the store."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.view import render_workspace
from agents.view.conversation import BadEdit, action_body, parse_args
from agents.view.render_workspace import ActionView
from agents.view.texts import t
from pages.streamlit.context import PageContext, error_line

SHOWN = 2  # as the Gradio dock: the newest two that can still be answered


def _local_time(moment: datetime) -> str:
    """The expiry in the browser's time zone (st.context.timezone), else UTC."""
    zone = st.context.timezone
    try:
        if zone:
            return f"{moment.astimezone(ZoneInfo(zone)):%H:%M}"
    except (ZoneInfoNotFoundError, ValueError):
        pass
    return f"{moment.astimezone(UTC):%H:%M} UTC"


def _act(ctx: PageContext, action_id: str, op: str) -> None:
    """A button's callback (runs before the page is drawn again)."""
    lang = ctx.lang
    problems = st.session_state.setdefault("pg_modify_problem", {})
    problems.pop(action_id, None)
    try:
        session = ctx.session()
        if op == "confirm":
            session.confirm_action(action_id)
        elif op == "cancel":
            session.cancel_action(action_id)
        else:
            session.modify_action(action_id, parse_args(st.session_state.get(f"pg_edit:{action_id}"), lang))
            ctx.flash(t("saved_changes", lang), "success")
    except BadEdit as exc:
        problems[action_id] = str(exc)
        return
    except PlaygroundError as exc:
        if op == "modify":
            problems[action_id] = error_line(exc, lang)
            return
        ctx.flash(error_line(exc, lang))
    ctx.reload()


def draw_dock(ctx: PageContext) -> None:
    actions = render_workspace.open_actions(ctx.view, system_clock())[-SHOWN:]
    problems = st.session_state.get("pg_modify_problem", {})
    for action in actions:
        _draw_action(ctx, action, problems.get(action.action_id))


def _draw_action(ctx: PageContext, action: ActionView, problem: str | None) -> None:
    lang, aid = ctx.lang, action.action_id
    with st.container(border=True, key=f"pg-action-{aid}"):
        st.markdown(action_body(action, lang))
        st.caption(f"`{action.tool_name}` · {t('expires', lang)} {_local_time(action.expires_at)}")
        left, right, _ = st.columns([1, 1, 2])
        left.button(t("confirm", lang), key=f"pg_confirm:{aid}", type="primary", on_click=_act,
                    args=(ctx, aid, "confirm"), width="stretch")
        right.button(t("cancel", lang), key=f"pg_cancel:{aid}", on_click=_act, args=(ctx, aid, "cancel"),
                     width="stretch")
        with st.expander(t("modify", lang), expanded=problem is not None):
            key = f"pg_edit:{aid}"
            if key not in st.session_state:
                st.session_state[key] = json.dumps(action.args, ensure_ascii=False, indent=2)
            st.text_area(t("arguments", lang), key=key, height=140)
            if problem:
                st.error(problem)
            st.button(t("save_changes", lang), key=f"pg_save:{aid}", on_click=_act, args=(ctx, aid, "modify"))
