"""Process-wide things (one store per process, start-up work) and per-run settings (mode,
secrets, the chosen provider). Only what is the same for every visitor is cached here."""

from __future__ import annotations

import atexit
import os

import streamlit as st
from streamlit import config

from agents.core import identity
from agents.core.background import start_alert_checks, warm_up
from agents.core.errors import PlaygroundError
from agents.core.identity import Mode
from agents.core.providers import FIXED_MODELS, Provider, make_provider
from agents.core.session import runtime_store
from agents.core.store import Store, default_db_path, reset_shared_store
from agents.core.streaming import stop_all

# The keys .streamlit/secrets.toml may hold (secrets.toml.example lists them); each one is read
# from st.secrets when present there, else from the environment.
SECRET_KEYS = ("OPENAI_API_KEY", "OPENAI_MODEL", "OPENAI_BASE_URL", "GEMINI_API_KEY", "GOOGLE_API_KEY",
               "GEMINI_MODEL", "GOOGLE_MAPS_API_KEY", "TAVILY_API_KEY")
_PROVIDER_SECRETS: dict[str, dict[str, tuple[str, ...]]] = {  # provider -> setting -> where to read it
    "openai": {"api_key": ("OPENAI_API_KEY",), "model": ("OPENAI_MODEL",), "base_url": ("OPENAI_BASE_URL",)},
    "gemini": {"api_key": ("GEMINI_API_KEY", "GOOGLE_API_KEY"), "model": ("GEMINI_MODEL",)},
}


def _alive(store: Store) -> bool:
    try:
        store.db.fetchone("SELECT 1")
    except Exception:  # noqa: BLE001 - a closed or broken connection: open the file again
        return False
    return True


@st.cache_resource(show_spinner=False, validate=_alive)
def _open(path: str) -> Store:
    return runtime_store(path)


def store() -> Store:
    """The process's store (DuckDB: one process per file). When the file is held by another
    process (the Gradio app, say) or unusable, the page shows the store's own message, which
    names the file and says to set PLAYGROUND_DB, and stops there."""
    path = str(default_db_path())
    try:
        return _open(path)
    except PlaygroundError as exc:
        st.error(f"**데이터베이스를 열 수 없습니다 (the database cannot be opened).**\n\n{exc.message}", icon="🗄️")
        st.caption("예: `PLAYGROUND_DB=/tmp/streamlit.duckdb python3 dev.py streamlit` "
                   "(the Gradio app and this one each need a file of their own).")
        st.stop()
        raise  # unreachable: st.stop ends the run


@st.cache_resource(show_spinner=False)
def start_background() -> bool:
    """Once per process: classifier warm-up off the request path, and the 15-minute alert checks
    (the Gradio app runs the same, see pages/gradio/shell.main). Not under AppTest: a test run is no server."""
    # (st.get_option hides this internal flag; the config module has it)
    if config.get_option("global.appTest"):
        return False
    warm_up()
    start_alert_checks()
    # Close DuckDB before the interpreter tears its modules down (an open connection at exit
    # makes nanobind print a page of "leaked" warnings after Ctrl+C), as pages/gradio/shell.main does;
    # Streamlit ends the same way on SIGTERM. A turn still streaming is first saved as interrupted.
    atexit.register(_close_store)
    return True


def _close_store() -> None:
    stop_all(wait_seconds=5.0)
    reset_shared_store()


def mode() -> Mode:
    """local on a loopback address (.streamlit/config.toml binds 127.0.0.1), shared on any other
    address or a Space; PLAYGROUND_MODE wins."""
    return identity.resolve_mode(st.get_option("server.address"))


def secret(name: str) -> str | None:
    try:
        value = st.secrets.get(name)
    except FileNotFoundError:  # no secrets.toml (StreamlitSecretNotFoundError is one)
        value = None
    if value not in (None, ""):
        return str(value)
    return os.environ.get(name) or None


def provider(name: str, model: str = "", api_key: str = "") -> Provider:
    """The provider for one turn: what the person typed (kept in their session only), else the
    secrets, else the environment."""
    name = name or "offline"
    settings: dict[str, object] = {}
    for setting, keys in _PROVIDER_SECRETS.get(name, {}).items():
        value = next((v for v in (secret(k) for k in keys) if v), None)
        if value:
            settings[setting] = value
    if model.strip() and name not in FIXED_MODELS:
        settings["model"] = model.strip()
    if api_key.strip():
        settings["api_key"] = api_key.strip()
    elif "api_key" in settings:
        settings["server_key"] = True  # the operator's secret: counted against the shared daily budget
    return make_provider(name, pace_ms=None, **settings)
