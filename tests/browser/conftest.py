"""A real server in a thread and Playwright driving Debian's Chromium (never a downloaded browser)."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
T = TypeVar("T")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def eventually(read: Callable[[], T], until: Callable[[T], object] = bool, timeout: float = 120) -> T:
    """Read until ``until(value)`` holds (or the time is up), and return the last value read.

    For state the server writes after a click: the click may wait in the server's queue for seconds on a
    loaded machine, so a fixed sleep before reading tests the machine's speed, not the app."""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if until(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.2)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(app: object) -> Iterator[str]:
    """``app`` served by uvicorn in a thread until the test ends: yields its URL."""
    uvicorn = pytest.importorskip("uvicorn")
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 60
    while not srv.started and time.time() < deadline:
        time.sleep(0.1)
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def server(store):
    from pages.gradio.shell import build_server

    yield from _serve(build_server())


@pytest.fixture
def shared_server(store, monkeypatch):
    """The app as a Space runs it: shared mode, each browser its own signed anonymous identity."""
    from pages.gradio.identity import AppConfig
    from pages.gradio.shell import build_server

    monkeypatch.setenv("SPACE_ID", "team/agent-playground")
    yield from _serve(build_server(AppConfig.detect("127.0.0.1")))


@pytest.fixture
def open_page(server: str) -> Iterator[Callable[..., Any]]:
    """A factory: ``open_page((width, height), locale, touch=False)`` is the app loaded in Debian's Chromium at
    that size (``touch``: as a phone, touch and mobile viewport), its message box up. Every browser it opened is
    closed when the test ends; the test skips when Playwright or Chromium is missing."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as pw:
        browsers: list[Any] = []

        def open_(size: tuple[int, int], locale: str = "ko-KR", *, touch: bool = False) -> Any:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            browsers.append(browser)
            page = browser.new_page(viewport={"width": size[0], "height": size[1]}, locale=locale,
                                    is_mobile=touch, has_touch=touch)
            page.goto(server, wait_until="load")
            page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
            return page

        try:
            yield open_
        finally:
            for browser in browsers:
                browser.close()


@pytest.fixture
def page(open_page: Callable[..., Any]) -> Iterator[Any]:
    page = open_page((1400, 1000))
    page.wait_for_timeout(1_000)  # let the load events (conversation restore, alerts) settle
    yield page
