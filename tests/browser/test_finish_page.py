"""Issue 28 points 11 and 12 in a real browser: Modify is a form (a number field for the budget change, saved
as a partial object, a bad value named in Korean by its label), and the API access tab's "test this token"
calls the API from the page, says a wrong token still works in local mode, and updates "last used"."""

from __future__ import annotations

import pytest

from agents.core.session import runtime_store


def send(page, text: str) -> None:
    page.fill("#pg-marketing-input textarea", text)
    page.click("#pg-marketing-send")

pytestmark = pytest.mark.browser

SHOTS = "/tmp/i28f-shots"


def _shoot(page, name: str) -> None:
    import os

    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=False)


def _phone(page, browser, server: str):
    context = browser.new_context(storage_state=page.context.storage_state(), locale="ko-KR",
                                  viewport={"width": 390, "height": 844})
    phone = context.new_page()
    phone.goto(server, wait_until="load")
    phone.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    phone.wait_for_timeout(1_000)
    return phone


def _open_modify(page) -> None:
    """Open the card's Modify form: once (a reloaded page draws its card once: pages/gradio/dock.py)."""
    page.click(".pg-modify button >> nth=0")
    page.locator(".pg-field-changePercent").wait_for(state="visible", timeout=30_000)


def _save(page, shown: str) -> None:
    """Save the form and wait for ``shown``: one click (the card keeps its handlers when drawn again)."""
    page.click(".pg-save")
    page.wait_for_selector(shown, timeout=45_000)


def test_modify_is_a_form_saved_as_a_partial_object(page, browser, server, store):
    send(page, "봄 시즌 세일 예산 20% 늘려줘")
    page.wait_for_selector(".pg-confirm", timeout=60_000)
    page.click(".pg-modify button >> nth=0")
    percent = page.locator(".pg-field-changePercent input")
    percent.wait_for(timeout=30_000)
    assert percent.input_value() == "20"
    labels = page.inner_text(".pg-modify")
    assert "새 일일 예산 (원)" in labels and "현재 예산 대비 변경 비율 (%)" in labels and "Dailybudget" not in labels
    # the campaign by its name (a dropdown of the person's campaigns), not its id
    assert page.locator(".pg-field-campaignId input").input_value() == "봄 시즌 세일 · 진행 중"
    _shoot(page, "modify-form-1400")
    percent.fill("900")
    percent.press("Tab")
    page.wait_for_timeout(300)
    _save(page, ".pg-modify-error:has-text('500 이하여야 해요')")
    problem = page.inner_text(".pg-modify-error")
    assert "현재 예산 대비 변경 비율" in problem and "Input should" not in problem and "changePercent" not in problem
    _shoot(page, "modify-form-error-1400")
    percent = page.locator(".pg-field-changePercent input")
    percent.fill("30")
    percent.press("Tab")
    page.wait_for_timeout(300)
    _save(page, ".pg-action-body:has-text('₩195,000')")
    [row] = [r for r in runtime_store().actions.list_for_user("demo") if r.status.value == "PENDING"]
    assert row.tool_args["changePercent"] == 30 and row.tool_args["campaignId"] == row.original_args["campaignId"]
    for width, height in ((1440, 900), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(400)
        page.locator(".pg-modify").scroll_into_view_if_needed()
        _shoot(page, f"modify-form-{width}")
    phone = _phone(page, browser, server)  # the same browser storage: the conversation and its card come back
    phone.wait_for_selector(".pg-confirm", timeout=60_000)
    _open_modify(phone)
    phone.locator(".pg-field-changePercent").scroll_into_view_if_needed()
    _shoot(phone, "modify-form-390")


def test_test_this_token_calls_the_api_and_last_used_updates(page, browser, server, store):
    page.click("button[role=tab]:has-text('API 접근')")
    page.wait_for_selector("#pg-api-note:has-text('토큰은 공유 모드에서만 검사합니다')", timeout=30_000)
    page.fill("#pg-api-label textarea, #pg-api-label input", "nightly")
    page.click("#pg-api-create")
    page.wait_for_selector("#pg-api-fresh:visible", timeout=30_000)
    page.wait_for_selector("#pg-api-tokens:has-text('사용 전')", timeout=30_000)
    # the new token is already in the test field: one click checks it
    page.click("#pg-api-test")
    page.wait_for_selector("#pg-api-answer:has-text('HTTP 200')", timeout=30_000)
    assert "토큰이 유효합니다" in page.inner_text("#pg-api-answer")
    page.wait_for_function("() => !document.querySelector('#pg-api-tokens').innerText.includes('사용 전')",
                           timeout=30_000)  # before: "사용 전" forever in local mode
    [row] = store.tokens.list("demo")
    assert row.last_used_at is not None
    page.fill("#pg-api-probe input, #pg-api-probe textarea", "pgt_wrong")
    page.click("#pg-api-test")
    page.wait_for_selector("#pg-api-answer:has-text('알 수 없거나 폐기된 토큰')", timeout=30_000)
    assert "HTTP 200" in page.inner_text("#pg-api-answer")  # local mode needs no token
    for width, height in ((1440, 900), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(400)
        page.locator("#pg-api-answer").scroll_into_view_if_needed()
        _shoot(page, f"api-access-{width}")
    phone = _phone(page, browser, server)
    # issue 28 layout: on a phone the tab row scrolls sideways (no "More tabs" menu): the tab is one tap away
    phone.click("#pg-tabs button[role=tab]:has-text('API 접근')")
    phone.wait_for_selector("#pg-tabs button[role=tab][aria-selected=true]:has-text('API 접근')", timeout=10_000)
    phone.wait_for_selector("#pg-api-test", timeout=30_000)
    phone.locator("#pg-api-test").scroll_into_view_if_needed()
    _shoot(phone, "api-access-390")


def test_modify_picks_another_campaign_by_name(page, server, store):
    """The campaign field lists the person's campaigns by name; picking one saves its id (issue 28)."""
    from agents.marketing.store import MarketingStore

    send(page, "봄 시즌 세일 예산 20% 늘려줘")
    page.wait_for_selector(".pg-confirm", timeout=60_000)
    page.click(".pg-modify button >> nth=0")
    field = page.locator(".pg-field-campaignId input")
    field.wait_for(timeout=30_000)
    campaigns = MarketingStore(runtime_store()).campaigns("demo")
    other = next(c for c in campaigns if c["name"] != "봄 시즌 세일" and c["status"] == "ACTIVE")
    field.click()
    options = page.locator("ul[role=listbox] li")
    options.first.wait_for(timeout=10_000)
    shown = [t.strip() for t in options.all_inner_texts()]
    assert len(shown) == len(campaigns) and all(" · " in t and not t.startswith("cmp") for t in shown), shown
    options.filter(has_text=f"{other['name']} · 진행 중").first.click()
    page.wait_for_timeout(300)
    page.click(".pg-save")
    page.wait_for_selector(f".pg-action-body:has-text('{other['name']}')", timeout=30_000)
    [row] = [r for r in runtime_store().actions.list_for_user("demo") if r.status.value == "PENDING"]
    assert row.tool_args["campaignId"] == other["id"] and row.tool_args["changePercent"] == 20
