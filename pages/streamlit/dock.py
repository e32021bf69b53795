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
from agents.view.arg_form import FormField, Options, form_fields, form_patch, modify_error_text, tool_schema
from agents.view.conversation import BadEdit, action_body, parse_args
from agents.view.registry import arg_choices
from agents.view.render_workspace import ActionView
from agents.view.texts import Lang, t
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


def _act(ctx: PageContext, action: ActionView, op: str) -> None:
    """A button's callback (runs before the page is drawn again). ``form`` and ``modify`` (the JSON
    editor) both send a partial object, merged over the stored arguments by the core."""
    lang, action_id = ctx.lang, action.action_id
    problems = st.session_state.setdefault("pg_modify_problem", {})
    problems.pop(action_id, None)
    schema = tool_schema(ctx.spec, action.tool_name)
    try:
        session = ctx.session()
        if op == "confirm":
            session.confirm_action(action_id)
        elif op == "cancel":
            session.cancel_action(action_id)
        else:
            if op == "form":
                fields = form_fields(schema, action.args, lang, _options(ctx))
                args = form_patch(fields, [st.session_state.get(_field_key(action_id, f)) for f in fields], lang)
            else:
                args = parse_args(st.session_state.get(f"pg_edit:{action_id}"), lang)
            if args:
                session.modify_action(action_id, args)
            ctx.flash(t("saved_changes", lang), "success")
    except BadEdit as exc:
        problems[action_id] = str(exc)
        return
    except PlaygroundError as exc:
        if op in ("form", "modify"):
            problems[action_id] = modify_error_text(exc, schema, lang)
            return
        ctx.flash(error_line(exc, lang))
    _forget_edits(action_id)
    ctx.reload()


def _options(ctx: PageContext) -> Options:
    """The choices an argument names (a campaign by its name): the person's own."""
    return arg_choices(ctx.spec.id, ctx.store, ctx.viewer.user_id)


def _field_key(action_id: str, f: FormField) -> str:
    return f"pg_field:{action_id}:{f.name}"


def _forget_edits(action_id: str) -> None:
    """After a save the card is drawn again from the stored row, so the widgets start from it."""
    for key in [k for k in st.session_state if isinstance(k, str) and (
            k.startswith(f"pg_field:{action_id}:") or k == f"pg_edit:{action_id}")]:
        del st.session_state[key]


def _draw_field(action_id: str, f: FormField, lang: Lang) -> None:
    """The field's widget, keyed so the callback reads its value; started from the stored value once."""
    key = _field_key(action_id, f)
    title = f"{f.label} ({f.unit})" if f.unit else f.label
    helptext = f.help or None
    match f.widget:
        case "integer" | "number" | "money" | "percent":
            whole = f.widget in ("integer", "money")
            if key not in st.session_state:
                st.session_state[key] = _number(f.value, whole)
            st.number_input(title, key=key, help=helptext, step=1 if whole else 1.0, format="%d" if whole else "%g")
        case "choice":
            choices = ([t("none_choice", lang)] if f.nullable else []) + list(f.choices)
            if key not in st.session_state:
                st.session_state[key] = f.value if f.value in choices else choices[0]
            shown = dict(zip(f.choices, f.labels, strict=True)) if f.labels else {}
            st.selectbox(title, choices, key=key, help=helptext, format_func=lambda v: shown.get(v, v))
        case "choices":
            st.session_state.setdefault(key, list(f.value) if isinstance(f.value, list | tuple) else [])
            st.multiselect(title, list(f.choices), key=key, help=helptext)
        case "check":
            st.session_state.setdefault(key, bool(f.value))
            st.checkbox(title, key=key, help=helptext)
        case "json":
            st.session_state.setdefault(key, f.value)
            st.text_area(title, key=key, help=helptext, height=120)
        case _:
            st.session_state.setdefault(key, f.value)
            placeholder = "YYYY-MM-DD" if f.widget == "date" else (t("list_hint", lang) if f.widget == "list" else None)
            st.text_input(title, key=key, help=helptext, placeholder=placeholder)


def draw_dock(ctx: PageContext) -> None:
    actions = render_workspace.open_actions(ctx.view, system_clock())[-SHOWN:]
    problems = st.session_state.get("pg_modify_problem", {})
    for action in actions:
        _draw_action(ctx, action, problems.get(action.action_id))


def _draw_action(ctx: PageContext, action: ActionView, problem: str | None) -> None:
    lang, aid = ctx.lang, action.action_id
    with st.container(border=True, key=f"pg-action-{aid}"):
        st.markdown(action_body(action, lang))
        st.caption(f"{t('expires', lang)} {_local_time(action.expires_at)}")  # no tool id: the body says it
        left, right, _ = st.columns([1, 1, 2])
        left.button(t("confirm", lang), key=f"pg_confirm:{aid}", type="primary", on_click=_act,
                    args=(ctx, action, "confirm"), width="stretch")
        right.button(t("cancel", lang), key=f"pg_cancel:{aid}", on_click=_act, args=(ctx, action, "cancel"),
                     width="stretch")
        with st.expander(t("modify", lang), expanded=problem is not None):
            for f in form_fields(tool_schema(ctx.spec, action.tool_name), action.args, lang, _options(ctx)):
                _draw_field(aid, f, lang)
            if problem:
                st.error(problem)
            st.button(t("save_changes", lang), key=f"pg_save:{aid}", on_click=_act, args=(ctx, action, "form"))
            if st.toggle(t("advanced_json", lang), key=f"pg_json:{aid}"):
                key = f"pg_edit:{aid}"
                if key not in st.session_state:
                    st.session_state[key] = json.dumps(action.args, ensure_ascii=False, indent=2)
                st.text_area(t("arguments", lang), key=key, height=140)
                st.button(t("save_json", lang), key=f"pg_save_json:{aid}", on_click=_act, args=(ctx, action, "modify"))


def _number(value: object, whole: bool) -> int | float | None:
    """A number field's starting value as the widget takes it; None (an empty box) for anything else."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        return int(value) if whole else float(value)
    except ValueError:
        return None
