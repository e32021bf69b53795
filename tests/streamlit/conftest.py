"""The Streamlit app under Streamlit's own test driver (``streamlit.testing.v1.AppTest``): the real
``streamlit_app.py`` script, run in this process against the test's fresh database."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "streamlit_app.py"


@pytest.fixture
def app(store):
    testing = pytest.importorskip("streamlit.testing.v1")
    at = testing.AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture(autouse=True, scope="session")
def _components_scanned_once() -> Iterator[None]:
    """Every new AppTest scans the metadata of each installed distribution for Streamlit components (~0.15 s of
    CPU here); nothing is installed while the tests run, so the first scan serves them all."""
    scanner = pytest.importorskip("streamlit.components.v2.manifest_scanner")
    scan = getattr(scanner, "scan_component_manifests", None)
    if scan is None:  # another Streamlit: each AppTest scans, only slower
        yield
        return
    scanner.scan_component_manifests = functools.cache(scan)
    yield
    scanner.scan_component_manifests = scan


@pytest.fixture(autouse=True)
def _forget_the_store():
    """The app keeps the process's store in st.cache_resource; each test opens its own file (and a
    closed connection left in the cache would outlive the test run). The stores themselves are closed by
    tests/conftest.py after each test; the page's context that AppTest's runs keep in reference cycles is left to
    the garbage collector (a full collection per test cost a quarter of these tests' CPU)."""
    yield
    streamlit = pytest.importorskip("streamlit")
    streamlit.cache_resource.clear()


def open_page(at, url_path: str):
    """Open an ``st.navigation`` page by its url path, as the browser's address does.
    (``AppTest.switch_page`` takes page files; these pages are functions, and st.Page hashes
    a function page's url path to name it.)"""
    from streamlit.util import calc_hash

    at._page_hash = calc_hash(url_path)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def send(at, text: str):
    at.chat_input[0].set_value(text).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def click(at, label: str, nth: int = 0):
    buttons = [b for b in at.button if b.label == label]
    assert buttons, f"no {label!r} button among {[b.label for b in at.button]}"
    buttons[nth].click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at) -> str:
    """Everything the page wrote as markdown, captions, alerts and statuses, for searching."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [e.value for kind in (at.error, at.warning, at.info, at.success) for e in kind]
    parts += [s.label for s in at.status] + [x.label for x in at.expander]
    return "\n".join(str(p) for p in parts)
