"""The API access tab in shared mode: a browser makes a token for its own identity, the token works
over HTTP as that identity only, another browser sees none of it, and revoking it takes effect at once.
Also: /api/docs renders with no internet."""

from __future__ import annotations

import httpx
import pytest

pytestmark = pytest.mark.browser


def _open_tab(browser, url: str):
    # Korean: the tab titles come from the catalogue and follow the browser's language (Playwright's is en-US)
    page = browser.new_context(viewport={"width": 1440, "height": 1000}, locale="ko-KR").new_page()
    page.goto(url, wait_until="load")
    page.wait_for_selector("#pg-identity:has-text('anon-')", timeout=60_000)
    page.click("button[role=tab]:has-text('API 접근')")
    page.wait_for_selector("#pg-api-usage:has-text('anon-')", timeout=30_000)
    return page, page.inner_text("#pg-identity").split()[1]


def test_a_browser_makes_revokes_and_uses_its_own_token(shared_server, browser, store):
    page, me = _open_tab(browser, shared_server)
    page.fill("#pg-api-label textarea, #pg-api-label input", "my script")
    page.click("#pg-api-create")
    page.wait_for_selector("#pg-api-fresh:visible", timeout=30_000)
    token = page.input_value("#pg-api-fresh textarea, #pg-api-fresh input")
    assert token.startswith("pgt_")
    page.wait_for_selector("#pg-api-tokens:has-text('my script')", timeout=30_000)
    assert token not in page.inner_text("#pg-api-tokens")  # the table shows only the prefix
    assert f"Bearer {token}" in page.inner_text("#pg-api-usage")
    [row] = store.tokens.list(me)
    assert row.label == "my script"

    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=shared_server, timeout=30) as http:
        assert http.get("api/v1/conversations").status_code == 401
        assert http.get("api/v1/conversations", headers=headers).json() == {"conversations": [], "total": 0}
        chat = http.post("api/v1/agents/notes/chat", json={"message": "list my notes"}, headers=headers)
        assert chat.status_code == 200 and "event: done" in chat.text
        assert store.conversations.count(me, archived=None) == 1  # the token acted as this browser's identity

        other, stranger = _open_tab(browser, shared_server)
        assert stranger != me
        other.wait_for_timeout(500)
        assert "my script" not in other.inner_text("#pg-api-tokens")
        other.click("#pg-api-pick input")
        other.wait_for_timeout(300)
        assert other.locator("li:has-text('my script')").count() == 0

        page.reload(wait_until="load")  # the plain token is never shown again
        page.wait_for_selector("#pg-identity:has-text('anon-')", timeout=60_000)
        page.click("button[role=tab]:has-text('API 접근')")
        page.wait_for_selector("#pg-api-tokens:has-text('my script')", timeout=30_000)
        assert token not in page.content()
        page.click("#pg-api-pick input")
        page.click("li:has-text('my script')")
        page.click("#pg-api-revoke")
        page.wait_for_selector("#pg-api-tokens:has-text('폐기됨')", timeout=30_000)  # 'revoked' in Korean
        assert http.get("api/v1/conversations", headers=headers).status_code == 401


def test_swagger_ui_renders_every_operation_offline(shared_server, browser):
    page = browser.new_context(viewport={"width": 1440, "height": 1000}).new_page()
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(shared_server) else None)
    page.goto(shared_server + "api/docs", wait_until="load")
    page.wait_for_selector(".opblock", timeout=30_000)
    # every operation of the served schema gets its block (counted from the schema, so a new route such as
    # /whoami needs no edit here); 62 when written: 11, /whoami, the turn feedback, travel's trips and
    # apply-itinerary, the tutor's chat, english chat and profile (2), the Lab's 15, 13 for evaluation suites, the
    # notes test agent's pinned notes (tests/support/notes_agent), the conversation PATCH (rename, archive), and
    # the seeds' own routes: 10 of seed 000, 2 of seed 001, 1 of seed 003
    schema = httpx.get(shared_server + "api/openapi.json", timeout=30).json()
    methods = {"get", "put", "post", "delete", "patch", "options", "head", "trace"}
    operations = [(path, verb) for path, item in schema["paths"].items() for verb in item if verb in methods]
    assert len(operations) >= 62 and any(path.endswith("/whoami") for path, _ in operations)
    assert page.locator(".opblock").count() == len(operations)
    assert "Authorize" in page.inner_text(".auth-wrapper")
    assert outside == []
