"""Shared mode in the browser: each browser gets its own signed anonymous identity, kept across
reloads, and a second browser sees nothing of the first."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def _identity(page) -> str:
    page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    page.wait_for_timeout(500)
    if not page.locator("#pg-identity").is_visible():
        page.click("#pg-settings > button")  # who you are lives in the settings accordion
    page.wait_for_selector("#pg-identity:has-text('anon-')", state="attached", timeout=60_000)
    page.wait_for_function("() => document.querySelector('#pg-identity').innerText.includes('anon-')", timeout=60_000)
    return page.inner_text("#pg-identity").split()[1]


def test_two_browsers_are_two_people(shared_server, browser, store):

    with browser:
        first = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        first.goto(shared_server, wait_until="load")
        assert first.locator("#pg-user").count() == 0
        me = _identity(first)
        first.click("button[role=tab]:has-text('Notes (test agent)')")
        first.fill("#pg-notes-input textarea", "add secret plan")
        first.click("#pg-notes-send")
        first.wait_for_selector(".pg-confirm", timeout=30_000)
        owner = store.db.fetchone("SELECT user_id FROM conversations WHERE agent_id = 'notes'")[0]
        assert owner == me

        first.reload(wait_until="load")
        assert _identity(first) == me  # the signed id survives a reload

        second = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        second.goto(shared_server, wait_until="load")
        other = _identity(second)
        assert other != me
        second.click("button[role=tab]:has-text('Notes (test agent)')")
        second.wait_for_selector("#pg-notes-input textarea", timeout=30_000)
        second.wait_for_timeout(1_000)
        assert "secret plan" not in second.inner_text("body")
        # A forged token in localStorage is refused and replaced by a new identity.
        second.evaluate("""() => { for (const k of Object.keys(localStorage))
                                     if (k.includes('identity')) localStorage.setItem(k, JSON.stringify('anon-x.forged')); }""")
        second.reload(wait_until="load")
        assert _identity(second) not in (me, other)
        browser.close()
