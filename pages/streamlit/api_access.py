"""The API access page of the Streamlit app: the viewer's HTTP API tokens (create, list with "last used",
revoke), "test this token", the note that tokens are only checked in shared mode, and a usage example.

The same services as the Gradio tab, the CLI (``playground tokens``) and the API (``agents.services.access``),
for the verified viewer only (never a user id from a widget); the words come from the view model
(``agents/view/api_access.py``) and the text catalogue.
"""

from __future__ import annotations

import os

import pandas as pd
import streamlit as st

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Mode, Viewer
from agents.core.store import Store
from agents.services import access
from agents.view.api_access import columns, mode_note, revoke_choices, token_table, token_verdict, usage_parts
from agents.view.texts import Lang, t

# The API is served by the Gradio app's server, not by Streamlit: its address for the example.
API_URL_ENV = "PLAYGROUND_API_URL"


def _keys(viewer: Viewer) -> dict[str, str]:
    """Widget and state keys per user: switching the local user never shows the last user's token."""
    return {name: f"pg_api_{name}:{viewer.user_id}" for name in ("label", "fresh", "probe", "verdict", "pick")}


def _create(store: Store, viewer: Viewer, lang: Lang) -> None:
    keys = _keys(viewer)
    try:
        row, plain = access.issue_token(store, viewer.user_id, st.session_state.get(keys["label"]) or "",
                                        system_clock())
    except PlaygroundError as exc:
        st.session_state[keys["verdict"]] = ("error", t("api_create_failed", lang, error=exc.text(lang)))
        return
    st.session_state[keys["label"]] = ""
    st.session_state[keys["fresh"]] = plain
    st.session_state[keys["probe"]] = plain  # the new token is the one to test
    st.session_state[keys["verdict"]] = ("success", t("api_created", lang, label=row.label))


def _test(store: Store, viewer: Viewer, mode: Mode, lang: Lang) -> None:
    keys = _keys(viewer)
    st.session_state[keys["verdict"]] = token_verdict(store, mode, st.session_state.get(keys["probe"]) or "",
                                                      system_clock(), lang)


def _revoke(store: Store, viewer: Viewer, lang: Lang) -> None:
    keys = _keys(viewer)
    token_id = st.session_state.get(keys["pick"])
    if not token_id:
        st.session_state[keys["verdict"]] = ("warning", t("api_pick_first", lang))
        return
    try:
        row = access.revoke_token(store, viewer.user_id, token_id, system_clock())
    except PlaygroundError as exc:
        st.session_state[keys["verdict"]] = ("error", t("api_revoke_failed", lang, error=exc.text(lang)))
        return
    st.session_state[keys["pick"]] = None
    st.session_state.pop(keys["fresh"], None)
    st.session_state[keys["verdict"]] = ("success", t("api_revoked_done", lang, label=row.label))


def api_page(viewer: Viewer, store: Store, lang: Lang, mode: Mode) -> None:
    keys = _keys(viewer)
    st.markdown(f"### {t('api_title', lang)}")
    st.info(mode_note(mode, lang), icon="🔐" if mode == "shared" else "ℹ️")
    kind, message = st.session_state.pop(keys["verdict"], (None, ""))
    if kind:
        {"success": st.success, "error": st.error, "warning": st.warning}.get(kind, st.info)(message)

    with st.container(key="pg-api-create"):
        left, right = st.columns([3, 1], vertical_alignment="bottom")
        left.text_input(t("api_label", lang), key=keys["label"], max_chars=access.MAX_LABEL_CHARS,
                        placeholder=t("api_label_hint", lang))
        right.button(t("api_create", lang), key="pg_api_create", type="primary", width="stretch",
                     on_click=_create, args=(store, viewer, lang))
    fresh = st.session_state.pop(keys["fresh"], None)  # shown on this drawing only
    if fresh:
        st.caption(t("api_fresh", lang) + " · " + t("api_fresh_note", lang))
        st.code(fresh, language=None)

    with st.container(key="pg-api-test"):
        left, right = st.columns([3, 1], vertical_alignment="bottom")
        left.text_input(t("api_probe", lang), key=keys["probe"], type="password", max_chars=200,
                        placeholder="pgt_…")
        right.button(t("api_test", lang), key="pg_api_test", width="stretch", on_click=_test,
                     args=(store, viewer, mode, lang))

    rows = access.list_tokens(store, viewer.user_id)
    st.markdown(f"#### {t('api_tokens', lang)}")
    if rows:
        st.dataframe(pd.DataFrame(token_table(rows, lang), columns=columns(lang)), hide_index=True,
                     width="stretch", key="pg-api-tokens")
    else:
        st.caption(t("api_no_tokens", lang))
    choices = dict((token_id, text) for text, token_id in revoke_choices(rows))
    if choices:
        if st.session_state.get(keys["pick"]) not in choices:
            st.session_state[keys["pick"]] = None
        left, right = st.columns([3, 1], vertical_alignment="bottom")
        left.selectbox(t("api_pick", lang), list(choices), key=keys["pick"], index=None,
                       format_func=lambda i: choices.get(i, i), placeholder=t("api_pick", lang))
        right.button(t("api_revoke", lang), key="pg_api_revoke", width="stretch", on_click=_revoke,
                     args=(store, viewer, lang))

    base = (os.environ.get(API_URL_ENV) or "http://127.0.0.1:7860/").rstrip("/") + "/"
    st.caption(t("api_example_note", lang))
    acts_as, command, endpoints = usage_parts(viewer, base, None, lang)
    st.markdown(acts_as)
    st.code(command, language=None, wrap_lines=True)  # plain: the highlighter's blue is 4.4:1 on dark
    st.markdown(endpoints)
