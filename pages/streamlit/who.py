"""Who is using this browser session (DESIGN.md, "Identity"), the Streamlit way.

``local``: a user box, any id, to evaluate as several users. ``shared``: the person signed in
through Streamlit's own OpenID Connect login (``st.user``) when ``[auth]`` is configured in
``.streamlit/secrets.toml``; otherwise an anonymous id made on the server for this session.
In shared mode nothing the browser sends names the user: there is no user box, and the id
lives under a session-state key no widget has (widget values are the only state a client sets).
"""

from __future__ import annotations

import streamlit as st

from agents.core import identity
from agents.core.errors import PlaygroundError
from agents.core.identity import Mode, Viewer
from agents.core.session import check_user_id
from agents.core.store import Store
from agents.view.texts import Lang, t

DEFAULT_LOCAL_USER = "demo"
USER_BOX = "pg_user_box"
_LOCAL = "pg_local_viewer"
_ANONYMOUS = "pg_anonymous_viewer"


def auth_configured() -> bool:
    """Streamlit authentication is set up: an ``[auth]`` section in the secrets."""
    try:
        return "auth" in st.secrets
    except FileNotFoundError:  # no secrets.toml at all
        return False


def _claims() -> dict[str, object]:  # the identity provider's claims (JSON)
    return dict(st.user.to_dict()) if hasattr(st.user, "to_dict") else dict(st.user)


def _address() -> str:
    """This session's client address, read the one way the app reads it (``identity.client_address``)."""
    headers = {"x-forwarded-for": ", ".join(st.context.headers.get_all("X-Forwarded-For"))}
    return identity.client_address(st.context.ip_address, headers)


def current(mode: Mode, lang: Lang, store: Store) -> Viewer:
    """The viewer of this run; draws the identity widgets in the sidebar. A new anonymous viewer
    counts against its address's hourly limit of new identities (``identity.mint_anonymous``)."""
    if mode == "local":
        return _local(lang)
    if auth_configured():
        claims = _claims()
        if claims.get("is_logged_in"):
            try:
                viewer = Viewer(identity.oidc_user_id(claims), "oauth")
            except PlaygroundError as exc:
                st.sidebar.error(exc.text(lang))
            else:
                st.sidebar.caption(f"👤 {claims.get('name') or claims.get('email') or viewer.user_id}")
                st.sidebar.button(t("logout", lang), key="pg_logout", on_click=st.logout)
                return viewer
        st.sidebar.button(t("login", lang), key="pg_login", on_click=st.login, type="primary")
    anonymous: Viewer | None = st.session_state.get(_ANONYMOUS)
    if anonymous is None:
        try:
            user_id = identity.mint_anonymous(store, _address())
        except PlaygroundError as exc:  # this address made too many identities this hour
            st.error(exc.text(lang), icon="⏳")
            st.stop()
        anonymous = st.session_state[_ANONYMOUS] = Viewer(user_id, "anonymous")
    st.sidebar.caption(f"👤 {anonymous.user_id} · {t('anonymous_session', lang)}")
    return anonymous


def _local(lang: Lang) -> Viewer:
    typed = st.sidebar.text_input(t("user", lang), value=DEFAULT_LOCAL_USER, key=USER_BOX,
                                  help=t("user_info", lang))
    try:
        viewer = Viewer(check_user_id((typed or DEFAULT_LOCAL_USER).strip()), "local")
    except PlaygroundError as exc:
        # Keep acting as the last valid user; say what is wrong with the typed one.
        st.sidebar.error(f"{exc.text(lang)}")
        return st.session_state.get(_LOCAL) or Viewer(DEFAULT_LOCAL_USER, "local")
    st.session_state[_LOCAL] = viewer
    return viewer
