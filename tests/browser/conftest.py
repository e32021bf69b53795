"""A real server in a thread and Playwright driving Debian's Chromium (never a downloaded browser)."""

from __future__ import annotations

import contextlib
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


def _start(app: object) -> tuple[str, Callable[[], None]]:
    """``app`` served by uvicorn in a thread: its URL, and how to stop it."""
    uvicorn = pytest.importorskip("uvicorn")
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 60
    while not srv.started and time.time() < deadline:
        time.sleep(0.1)

    def stop() -> None:
        srv.should_exit = True
        thread.join(timeout=10)

    return f"http://127.0.0.1:{port}/", stop


def _serve(app: object) -> Iterator[str]:
    """``app`` served by uvicorn in a thread until the test ends: yields its URL."""
    url, stop = _start(app)
    yield url
    stop()


@pytest.fixture(scope="session")
def _live() -> Iterator[Callable[[object], str]]:
    """``live(app)``: the URL of ``app`` served in a thread, started at its first use in this process and kept
    until the run ends. Building the app and its server costs seconds of CPU (tests/support/gradio_app.py), and
    the app reaches each test's own fresh database through ``runtime_store()`` per request, so the browser tests
    share one server per configuration, as the handler tests share one app."""
    started: dict[int, tuple[str, Callable[[], None]]] = {}

    def live(app: object) -> str:
        if id(app) not in started:
            started[id(app)] = _start(app)
        return started[id(app)][0]

    yield live
    for _, stop in started.values():
        stop()


@pytest.fixture
def server(store: object, _live: Callable[[object], str]) -> str:
    from tests.support.gradio_app import shared_server as built

    return _live(built())


@pytest.fixture
def shared_server(store: object, monkeypatch: pytest.MonkeyPatch, _live: Callable[[object], str]) -> str:
    """The app as a Space runs it: shared mode, each browser its own signed anonymous identity."""
    from pages.gradio.identity import AppConfig
    from tests.support.gradio_app import shared_server as built

    monkeypatch.setenv("SPACE_ID", "team/agent-playground")
    return _live(built(AppConfig.detect("127.0.0.1")))


@pytest.fixture(scope="module")
def _chromium() -> Iterator[Any]:
    """Debian's Chromium, launched once per test module (Playwright's driver and a browser cost about 1.5 s);
    each test gets contexts of its own (``browser``), as isolated as separate browsers. Module-scoped, not
    session-scoped: while Playwright's sync API runs, the thread's asyncio loop reads as running, which a later
    non-browser test on the same worker would trip over. Skips when Playwright or Chromium is missing."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


class Browser:
    """The module's Chromium as one test sees it: ``new_page`` and ``new_context`` open contexts of this test
    (separate cookies and storage, as separate browsers), closed by ``close()``, by leaving a ``with`` block, and
    when the test ends."""

    def __init__(self, chromium: Any) -> None:
        self._chromium = chromium
        self._contexts: list[Any] = []

    def new_context(self, **options: Any) -> Any:
        context = self._chromium.new_context(**options)
        self._contexts.append(context)
        return context

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()

    def close(self) -> None:
        while self._contexts:
            context = self._contexts.pop()
            with contextlib.suppress(Exception):  # already closed by the test
                context.close()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@pytest.fixture
def browser(_chromium: Any) -> Iterator[Browser]:
    opened = Browser(_chromium)
    yield opened
    opened.close()


@pytest.fixture
def open_page(server: str, browser: Browser) -> Callable[..., Any]:
    """A factory: ``open_page((width, height), locale, touch=False)`` is the app loaded in Debian's Chromium at
    that size (``touch``: as a phone, touch and mobile viewport), its message box up, in a context of its own.
    Everything it opened is closed when the test ends; the test skips when Playwright or Chromium is missing."""

    def open_(size: tuple[int, int], locale: str = "ko-KR", *, touch: bool = False) -> Any:
        page = browser.new_page(viewport={"width": size[0], "height": size[1]}, locale=locale,
                                is_mobile=touch, has_touch=touch)
        page.goto(server, wait_until="load")
        page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
        return page

    return open_


@pytest.fixture
def page(open_page: Callable[..., Any]) -> Iterator[Any]:
    page = open_page((1400, 1000))
    page.wait_for_timeout(1_000)  # let the load events (conversation restore, alerts) settle
    yield page
