"""Drives the real page in headless Chromium: send, confirm, reload, restore."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def server(store):
    uvicorn = pytest.importorskip("uvicorn")
    from pages.shell import build_server

    port = _free_port()
    config = uvicorn.Config(build_server(), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 60
    while not srv.started and time.time() < deadline:
        time.sleep(0.1)
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def page(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(server, wait_until="load")
        page.wait_for_selector("#pg-notes-input textarea", timeout=60_000)
        yield page
        browser.close()


def send(page, text: str) -> None:
    page.fill("#pg-notes-input textarea", text)
    page.click("#pg-notes-send")


def test_send_confirm_and_reload(page, server, store, tmp_path):
    send(page, "add water the plants")
    page.wait_for_selector(".pg-confirm", timeout=30_000)
    assert "Add the note 'water the plants'" in page.inner_text(".pg-action")
    page.click(".pg-confirm")
    page.wait_for_selector("text=Added note 'water the plants'", timeout=30_000)
    assert store.db.fetchall("SELECT text FROM test_notes") == [("water the plants",)]
    page.wait_for_selector(".pg-action-completed", timeout=30_000)

    send(page, "list my notes")
    page.wait_for_selector("text=Here you go: 1 note(s): water the plants.", timeout=30_000)
    page.wait_for_selector("#pg-notes-badge:has-text('tokens')", timeout=30_000)
    badge = page.inner_text("#pg-notes-badge")
    assert badge.startswith("offline/rules-v1 ·") and "tokens" in badge
    shots = Path(os.environ.get("PLAYGROUND_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "notes-tab.png"), full_page=True)

    # A reload reopens the same conversation, rebuilt from the store (cards included).
    page.reload(wait_until="load")
    page.wait_for_selector(".pg-action-completed", timeout=60_000)
    page.wait_for_selector("text=Here you go: 1 note(s): water the plants.", timeout=30_000)
    assert page.locator(".pg-confirm").count() == 0

    # "New" empties the tab; the picker brings the conversation back.
    page.click("#pg-notes-new")
    page.wait_for_selector("text=Charts, tables and confirmation cards appear here.", timeout=30_000)
    page.click("#pg-notes-picker input")
    page.click("li:has-text('add water the plants')")
    page.wait_for_selector(".pg-action-completed", timeout=30_000)
    page.wait_for_selector("text=Here you go: 1 note(s): water the plants.", timeout=30_000)


def test_modify_with_invalid_then_valid_json(page, store):
    send(page, "add feed the cat")
    page.wait_for_selector(".pg-confirm", timeout=30_000)
    page.click(".pg-action button:has-text('Modify')")
    editor = page.locator(".pg-action .cm-content")
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text('{"text": "feed the cat", "pinned": ')
    page.click(".pg-save")
    page.wait_for_selector("text=not valid JSON", timeout=30_000)
    assert store.db.fetchall("SELECT tool_args FROM pending_actions")[0][0] == '{"text": "feed the cat", "pinned": false}'

    if not page.locator(".pg-action .cm-content").is_visible():
        page.click(".pg-action button:has-text('Modify')")
    page.locator(".pg-action .cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text('{"text": "feed the cat twice", "pinned": true}')
    page.click(".pg-save")
    page.wait_for_selector(".pg-action:has-text('feed the cat twice ✏️')", timeout=30_000)
    page.click(".pg-confirm")
    page.wait_for_selector("text=Added note 'feed the cat twice'", timeout=30_000)
    assert store.db.fetchall("SELECT text, pinned FROM test_notes") == [("feed the cat twice", True)]
