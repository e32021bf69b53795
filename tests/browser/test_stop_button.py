"""The Stop button ends a streaming reply; the partial reply is stored and marked interrupted."""

from __future__ import annotations

import time

import pytest

from tests.support.fake_openai import FakeOpenAI, Reply, responses_stream

pytestmark = pytest.mark.browser


@pytest.fixture
def slow_model(monkeypatch):
    fake = FakeOpenAI()
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-browser-test")
    words = " ".join(f"word{i}" for i in range(80))
    fake.queue(Reply("/v1/responses", frames=responses_stream(text=words), pace=0.15))
    yield fake
    fake.close()


def test_stop_keeps_the_partial_reply(slow_model, page, store):
    page.click("button[role=tab]:has-text('Notes (test agent)')")
    page.wait_for_selector("#pg-notes-input textarea", timeout=30_000)
    page.click("#pg-settings > button")  # the header folds into the settings accordion
    page.click("#pg-provider input")
    page.click("li:has-text('openai')")
    page.fill("#pg-notes-input textarea", "tell me a long story")
    page.click("#pg-notes-send")
    page.wait_for_selector("text=word3", timeout=30_000)
    assert page.locator("#pg-notes-send").is_disabled() and page.locator("#pg-notes-stop").is_enabled()
    page.click("#pg-notes-stop")
    deadline = time.time() + 30
    status = None
    while time.time() < deadline:
        rows = store.db.fetchall("SELECT status, content FROM messages WHERE role = 'assistant' ORDER BY seq")
        if rows:
            status, content = rows[-1]
            break
        time.sleep(0.2)
    assert status == "interrupted"
    assert content.startswith("word0 word1") and "word79" not in content
