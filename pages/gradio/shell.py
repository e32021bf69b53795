"""The Gradio Blocks app: header plus one tab per registered agent, the Lab and API access."""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import gradio as gr

from agents.core.agent import check_entries, list_agents
from agents.core.background import start_alert_checks, warm_up
from agents.core.errors import PlaygroundError
from agents.core.messages import for_terminal
from agents.core.redact import install_log_redaction
from agents.core.streaming import stop_all
from agents.http.operator import Operator
from agents.view.registry import title_key
from pages.gradio.agent_tab import build_agent_tab
from pages.gradio.api_access import build_api_access
from pages.gradio.conversation_list import build_conversation_list
from pages.gradio.header import build_header
from pages.gradio.i18n import i18n, label
from pages.gradio.identity import AppConfig
from pages.gradio.lab import build_lab
from pages.gradio.lab.context import LabContext
from pages.gradio.outputs import Update
from pages.gradio.progress import route_hidden_progress
from pages.gradio.render_clicks import keep_render_clicks

if TYPE_CHECKING:
    import socket

    import uvicorn
    from fastapi import FastAPI


def page_css() -> str:
    """The app's style sheet, each agent's own (``AgentSpec.ui.css``, shared with Streamlit), the Lab's."""
    agent_css = [path for spec in list_agents() for path in spec.ui.css]
    return "".join(path.read_text(encoding="utf-8") for path in
                   (Path(__file__).parent / "style.css", *agent_css, Path(__file__).parent / "lab/lab.css"))


def page_theme() -> gr.themes.Base:
    """Gradio's Soft theme with its primary buttons one shade darker: white on indigo-500 is 4.47:1, under
    WCAG AA's 4.5:1 ("Top 3 추천 받기", "보내기"); on indigo-600 it is 6.3:1, in light and dark alike."""
    return gr.themes.Soft().set(button_primary_background_fill="*primary_600",
                                button_primary_background_fill_hover="*primary_700",
                                button_primary_background_fill_dark="*primary_600",
                                button_primary_background_fill_hover_dark="*primary_700")


log = logging.getLogger(__name__)
__all__ = ["build_app", "build_server", "main", "start_alert_checks", "warm_up"]

# Times in the page (a confirmation's expiry) are written as <time datetime=ISO>; this shows
# them in the browser's own time zone, whenever Gradio (re)draws them.
# The page script: local times, the phone layout, and a guard that keeps chat charts from redrawing.
PAGE_JS = (Path(__file__).with_name("page.js")).read_text(encoding="utf-8")


# Gradio's queue rebuilds a pandas DataFrame of its last 10,000 events after every event, for a monitoring
# summary this app never shows: a fifth of a browser test's server CPU, and growing with the server's age (a
# Space at 10,000 events rebuilds 10,000 rows per click). Once per 1,000 events instead; read when the Blocks
# make their queue, so set before; an operator's own setting wins.
ANALYTICS_EVERY = "1000"


def build_app(config: AppConfig | None = None) -> gr.Blocks:
    """Build the UI without launching it (tests call this too)."""
    config = config or AppConfig()
    os.environ.setdefault("GRADIO_ANALYTICS_CACHE_FREQUENCY", ANALYTICS_EVERY)
    with gr.Blocks(title="Agent Playground", fill_width=True) as demo:
        header = build_header(config, demo)
        agents = list_agents()
        # Each tab's open conversation, kept in the browser. Made here, outside the tabs: a hidden tab
        # mounts lazily, and a BrowserState inside it is read from localStorage only once it mounts,
        # after that tab's restore has already run with nothing.
        remembered = {spec.id: gr.BrowserState(None, storage_key=f"agent-playground-{spec.id}-conversation")
                      for spec in agents}
        with gr.Sidebar(label=label("conversations"), open=True, elem_id="pg-sidebar", width=280):
            lists = {spec.id: build_conversation_list(spec, visible=i == 0) for i, spec in enumerate(agents)}
            # The Lab and API tabs have no conversations: say so rather than show an empty column.
            elsewhere = gr.Markdown(label("sidebar_other_tab"), visible=not agents, elem_id="pg-sidebar-other",
                                    elem_classes=["pg-muted"])
        with gr.Tabs(elem_id="pg-tabs", overflow_behavior="wrap") as tabs:
            for i, spec in enumerate(agents):
                with gr.Tab(label(title_key(spec.id)), id=spec.id, elem_id=f"pg-tab-{spec.id}") as tab:
                    build_agent_tab(spec, header, demo, lists[spec.id], tab, remembered=remembered[spec.id],
                                    eager=i == 0)
            if not agents:
                with gr.Tab("Agents"):
                    gr.Markdown("No agents are registered in this build.")
            with gr.Tab("🧪 Lab", id="lab", elem_id="pg-tab-lab") as lab_tab:
                build_lab(LabContext(header=header, demo=demo, mode=config.mode, agents=agents, app_tabs=tabs,
                                     remembered=remembered, lab_tab=lab_tab))
            with gr.Tab(label("api_tab"), id="api-access", elem_id="pg-tab-api"):
                build_api_access(header, config.mode)
        sections = [lists[spec.id].section for spec in agents]

        def show_list(evt: gr.SelectData) -> list[Update]:
            """The sidebar lists the conversations of the open tab."""
            chosen = agents[evt.index].id if isinstance(evt.index, int) and evt.index < len(agents) else None
            return [*(gr.update(visible=spec.id == chosen) for spec in agents), gr.update(visible=chosen is None)]

        if sections:
            tabs.select(show_list, None, [*sections, elsewhere], show_progress="hidden")
    route_hidden_progress(demo, header.sink)
    keep_render_clicks(demo)  # a click on a drawing made again is not lost (Gradio's quirk, see the module)
    return demo


def build_server(config: AppConfig | None = None, operator: Operator | None = None) -> FastAPI:
    """The HTTP API with the Gradio UI mounted at ``/``; ``operator``: see ``agents/http/operator.py``."""
    from agents.http.api import create_api
    from agents.http.body_limit import document_body_cap

    config = config or AppConfig()
    api = create_api(config.mode, operator=operator)
    # No Gradio run history: it copies every event's inputs (the API key field among them) and
    # outputs (the whole chat) into localStorage, once per event. The Lab keeps the real traces.
    # Gradio's own limit bounds only uploads (the API's BodyLimits middleware bounds every request
    # body, its queue's included); set it all the same, to the same cap.
    return gr.mount_gradio_app(api, build_app(config), path="/", css=page_css(), theme=page_theme(), i18n=i18n(),
                               js=PAGE_JS, run_history=False, max_file_size=document_body_cap())


def main(host: str | None = None, port: int | None = None, cli: Callable[..., int] | None = None) -> None:
    """Serve the app. ``cli``: the CLI's runner (``agents.cli.main.run_relayed``), given by the entry points, so
    that on DuckDB a ``playground`` command run beside this server goes through its HTTP API (issue 32)."""
    from agents.core import server_file
    from agents.core.session import runtime_store

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    install_log_redaction()
    check_entries()  # a bad agent entry is one line naming it, before anything starts
    try:
        store = runtime_store()  # PLAYGROUND_DATABASE_URL, else PLAYGROUND_DB or the default file
    except PlaygroundError as exc:  # e.g. the file is held by another process: say so, no traceback
        raise SystemExit(f"error ({exc.code}): {for_terminal(exc.message)}") from None
    print(f"Agent Playground database: {store.path}", flush=True)
    # From here on SIGTERM (what a hosting platform sends) and Ctrl+C both leave through the clean-up below.
    _on_stop_signals(_stop_now)
    stop = threading.Event()
    checks: threading.Thread | None = None
    # A fresh operator token per start, only in the runtime file (0600), never printed or logged. PostgreSQL
    # has no file lock: there every process opens the database itself.
    operator = Operator(server_file.new_token(), cli) if cli is not None and store.db.dialect == "duckdb" else None
    try:
        host = host or os.environ.get("GRADIO_SERVER_NAME", "127.0.0.1")
        port = port or int(os.environ.get("PORT") or os.environ.get("GRADIO_SERVER_PORT") or 7860)
        try:
            config = AppConfig.detect(host)
        except PlaygroundError as exc:
            raise SystemExit(f"error ({exc.code}): {for_terminal(exc.message)}") from None
        print(f"Open http://{host}:{port}/  (HTTP API under /api/v1; {config.mode} mode)", flush=True)
        warm_up()
        checks = start_alert_checks(stop=stop)
        server = _server(build_server(config, operator), host, port)
        if operator is not None:
            server_file.write(store.path, _loopback_url(host, port), operator.token, config.mode)
        server.run()
    except KeyboardInterrupt:  # the signal uvicorn hands back after its shutdown, or one during start-up
        pass
    finally:
        # Each running turn is saved as interrupted, then DuckDB is closed (checkpointed: no .wal left)
        # before the interpreter tears its modules down; an open connection at exit also makes nanobind
        # print a page of "leaked" warnings.
        _on_stop_signals(signal.SIG_IGN)  # a second signal must not cut the clean-up short
        stop_all(wait_seconds=SHUTDOWN_GRACE_SECONDS)
        stop.set()
        if checks is not None:
            checks.join(timeout=5)
        if operator is not None:
            server_file.remove(store.path, operator.token)
        from agents.core.store import reset_shared_store

        reset_shared_store()
        print("Agent Playground stopped.", flush=True)


def _loopback_url(host: str, port: int) -> str:
    """Where a CLI on this machine reaches the server: a wildcard bind answers on loopback too."""
    if host in ("0.0.0.0", "", "::"):
        host = "127.0.0.1"
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


# How long in-flight requests get to finish once the server is told to stop. A streamed turn is
# interrupted at once (and saved as such); an idle browser connection is cut after this.
SHUTDOWN_GRACE_SECONDS = 5


def _stop_now(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # the same way out as Ctrl+C: through main's clean-up


def _on_stop_signals(handler: Callable[[int, FrameType | None], None] | signal.Handlers) -> None:
    """uvicorn takes SIGINT and SIGTERM while it runs and, once shut down, re-raises the one it got: with
    SIGTERM's default action that killed the process before the store was closed. This is the handler it
    re-raises into. Only the main thread may set handlers (tests run main() on other threads too)."""
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, handler)


def _server(app: FastAPI, host: str, port: int) -> uvicorn.Server:
    """uvicorn's server, which first interrupts the streamed turns when told to stop, so their streams
    close (each turn saved as interrupted) instead of holding the shutdown open."""
    import uvicorn

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            stop_all()
            await super().shutdown(sockets)

    return Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                 timeout_graceful_shutdown=SHUTDOWN_GRACE_SECONDS))
