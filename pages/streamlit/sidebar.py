"""The sidebar under the page list: model settings (this session only) and the open agent's
conversations (new, search, archived, pick, rename, archive, delete)."""

from __future__ import annotations

import streamlit as st

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.providers import FIXED_MODELS, PROVIDER_NAMES
from agents.services import conversations
from agents.view.conversation import conversation_choices, listed
from agents.view.texts import Lang, t
from pages.streamlit.context import API_KEY_KEY, MODEL_KEY, PROVIDER_KEY, PageContext, error_line

LIST_LIMIT = 50


def draw_settings(lang: Lang) -> None:
    with st.sidebar.expander(t("settings", lang)):
        name = st.selectbox(t("provider", lang), PROVIDER_NAMES, key=PROVIDER_KEY)
        fixed = FIXED_MODELS.get(name)
        if fixed:
            # said, not a greyed-out box: a disabled widget's faded label fails contrast (3.4:1 in dark mode)
            st.caption(t("model_fixed", lang, name=name, model=fixed))
        else:
            st.text_input(t("model", lang), key=MODEL_KEY, placeholder=t("model_placeholder", lang))
            st.text_input(t("api_key", lang), key=API_KEY_KEY, type="password",
                          placeholder=t("api_key_placeholder", lang))
        st.caption(t("offline_note", lang) if name == "offline" else t("key_session_only", lang))


def _pick(ctx: PageContext, key: str) -> None:
    ctx.open(st.session_state.get(key))


def _new(ctx: PageContext) -> None:
    ctx.open(None)


def _rename(ctx: PageContext, key: str) -> None:
    if ctx.view.conversation_id:
        try:
            conversations.rename(ctx.store, ctx.viewer.user_id, ctx.view.conversation_id,
                                 st.session_state.get(key) or "")
        except PlaygroundError as exc:  # an empty or huge title: say so, keep the old one
            ctx.flash(error_line(exc, ctx.lang), "warning")


def _archive(ctx: PageContext) -> None:
    if ctx.view.conversation_id:
        try:
            conversations.toggle_archived(ctx.store, ctx.viewer.user_id, ctx.view.conversation_id, system_clock())
        except PlaygroundError as exc:  # deleted meanwhile in another tab
            ctx.flash(error_line(exc, ctx.lang), "warning")
    ctx.open(None)


def _delete(ctx: PageContext) -> None:
    if ctx.view.conversation_id:
        try:
            conversations.delete(ctx.store, ctx.viewer.user_id, ctx.view.conversation_id)
        except PlaygroundError as exc:  # an action of it is running: keep it open, say so
            ctx.flash(error_line(exc, ctx.lang), "warning")
            return
        ctx.flash(t("deleted", ctx.lang), "success")
    ctx.open(None)


def draw_conversations(ctx: PageContext) -> None:
    lang, spec, sidebar = ctx.lang, ctx.spec, st.sidebar
    sidebar.markdown(f"**{t('conversations', lang)} · {spec.title_in(lang)}**")
    sidebar.button(t("new_chat", lang), key=f"pg_new:{spec.id}", type="primary", on_click=_new, args=(ctx,),
                   width="stretch")
    search = sidebar.text_input(t("search", lang), key=f"pg_search:{spec.id}", placeholder=t("search_placeholder", lang),
                                label_visibility="collapsed")
    archived = sidebar.checkbox(t("show_archived", lang), key=f"pg_archived:{spec.id}")
    current = ctx.view.conversation_id
    rows = listed(spec, ctx.viewer.user_id, current, search, archived, LIST_LIMIT, ctx.store)
    labels = dict((value, label) for label, value in conversation_choices(rows, t("untitled", lang)))
    if not labels:
        sidebar.caption(t("no_conversations", lang))
        return
    key = f"pg_pick:{ctx.viewer.user_id}:{spec.id}"
    # The picker follows the open conversation (a first message makes one, New chat leaves it).
    st.session_state[key] = current if current in labels else None
    sidebar.radio(t("conversations", lang), list(labels), key=key, label_visibility="collapsed",
                  format_func=lambda cid: labels.get(cid, cid), on_change=_pick, args=(ctx, key))
    if current:
        with sidebar.expander(t("manage", lang)):
            title_key = f"pg_title:{current}"
            row = conversations.find(ctx.store, ctx.viewer.user_id, current)
            if title_key not in st.session_state:
                st.session_state[title_key] = row.title if row and row.title else ""
            st.text_input(t("title", lang), key=title_key)
            st.button(t("rename", lang), key=f"pg_rename:{current}", on_click=_rename, args=(ctx, title_key))
            archived_now = bool(row and row.archived)
            st.button(t("unarchive" if archived_now else "archive", lang), key=f"pg_archive:{current}",
                      on_click=_archive, args=(ctx,))
            sure = st.checkbox(t("delete_sure", lang), key=f"pg_delete_sure:{current}")
            st.button(t("delete", lang), key=f"pg_delete:{current}", type="primary", disabled=not sure,
                      on_click=_delete, args=(ctx,))
