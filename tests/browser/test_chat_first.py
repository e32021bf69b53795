"""Issue 10's "done when" in the browser: cards inside the chat next to their message, a page
that stays short after ten turns, reloads that restore everything (a conversation started by
a button, dismissed alerts, suggestions), 👍 with a comment stored, Retry as a new turn, blank
input never sent, and a 390 px phone with nothing sideways and the confirmation beside the input."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from tests.browser.conftest import eventually

pytestmark = pytest.mark.browser


def send(page, agent: str, text: str) -> None:
    """Type and send, then wait until the page took the message: its first frame empties the input and
    turns Send off. Until then Send is still on (the click waits in the server's queue, seconds on a loaded
    machine), so `settle` would return at once and the next `send` would type into a box that frame empties."""
    page.fill(f"#pg-{agent}-input textarea", text)
    page.click(f"#pg-{agent}-send")
    page.wait_for_function(f"() => document.querySelector('#pg-{agent}-input textarea').value === ''",
                           timeout=120_000)


def settle(page, agent: str) -> None:
    """A reply is over when Send is enabled again and the page stopped moving (the reply's last frame
    may still redraw the dock, the workspace and the suggestions: a click then can land beside its target)."""
    page.wait_for_function(f"() => !document.querySelector('#pg-{agent}-send').disabled", timeout=120_000)
    page.wait_for_timeout(300)  # the event's own last update
    steady(page, [f"#pg-{agent}-send", f"#pg-{agent}-input textarea", f"#pg-{agent}-chat"])


def steady(page, selectors: list[str], timeout_ms: int = 30_000) -> None:
    """Wait until these elements stop moving: the reply's last frame may redraw the dock (a render of its
    own) after Send is back on, and a measure taken mid-redraw sees a layout that never stays."""
    boxes = f"() => JSON.stringify({selectors!r}.map(s => {{ const e = document.querySelector(s); "
    boxes += "if (!e) return null; const b = e.getBoundingClientRect(); return [b.top, b.height]; }))"
    last, waited = None, 0
    while waited < timeout_ms:
        now = page.evaluate(boxes)
        if now == last:
            return
        last = now
        page.wait_for_timeout(500)
        waited += 500


def chat_text(page) -> tuple[str, int]:
    """The chat as a person reads it, and how many charts it holds: chart tick labels depend on the
    width the chart was first drawn at, not on what the chat says, so they are left out, and so are
    lines of only spaces (their width follows the layout, e.g. a chart's hover toolbar)."""
    text, charts = page.evaluate("""() => {
        const chat = document.querySelector('#pg-marketing-chat').cloneNode(true);
        const plots = chat.querySelectorAll('.js-plotly-plot');
        plots.forEach(p => p.remove());
        return [chat.innerText, plots.length];
    }""")
    return "\n".join(line.rstrip() for line in text.splitlines() if line.strip()), charts


def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("PLAYGROUND_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_marketing_cards_in_chat_short_page_reload_feedback_retry(page, store, tmp_path):
    # Blank input is blocked in the page: nothing is sent, no conversation is made.
    page.fill("#pg-marketing-input textarea", "   ")
    page.click("#pg-marketing-send")
    page.wait_for_timeout(700)
    assert store.db.fetchall("SELECT count(*) FROM conversations") == [(0,)]

    send(page, "marketing", "이번 주 성과 어때?")
    page.wait_for_selector("#pg-marketing-chat .pg-card-kpi_summary .pg-tile-value", timeout=30_000)
    settle(page, "marketing")
    # the card is inside the chat, right under the reply that made it
    order = page.evaluate("""() => {
        const chat = document.querySelector('#pg-marketing-chat');
        const reply = [...chat.querySelectorAll('.message')].find(m => m.innerText.includes('전반적으로 양호한 성과입니다'));
        const card = chat.querySelector('.pg-card-kpi_summary');
        return reply && card ? reply.compareDocumentPosition(card) : -1; }""")
    assert order & 4  # DOCUMENT_POSITION_FOLLOWING
    # the workspace shows the latest KPI tiles, once
    assert page.locator("#pg-marketing-workspace .pg-tiles").count() == 1

    # Dismiss an alert; it must stay dismissed after a reload.
    page.wait_for_selector("#pg-marketing-alert-banner:has-text('읽지 않은 알림 4개')", timeout=30_000)
    page.click(".pg-alert-dismiss >> nth=0")
    page.wait_for_selector("#pg-marketing-alert-banner:has-text('열린 알림 3개')", timeout=30_000)

    for text in ["성과 좋은 캠페인은 어떤 거야?", "최근 이상 징후가 있어?", "주간 보고서 만들어줘", "성과 좋은 캠페인은 어떤 거야?",
                 "최근 이상 징후가 있어?", "주간 보고서 만들어줘", "성과 좋은 캠페인은 어떤 거야?", "최근 이상 징후가 있어?",
                 "이번 주 성과 어때?"]:
        send(page, "marketing", text)
        settle(page, "marketing")
    height, viewport = page.evaluate("[document.documentElement.scrollHeight, window.innerHeight]")
    assert height < 2 * viewport, (height, viewport)
    # Charts already in the chat are not redrawn by each streamed update (pages/gradio/page.js)
    stats = page.evaluate("() => window.Plotly && window.Plotly.__pgStats")
    charts = page.locator("#pg-marketing-chat .js-plotly-plot").count()
    drawn = page.locator("#pg-marketing-chat .js-plotly-plot .main-svg").count()
    # every chart is drawn (a first draw may go through newPlot, so the counter alone is not the measure)
    assert charts >= 2 and drawn >= charts and stats["skipped"] > stats["drawn"] >= 1, (stats, charts, drawn)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1400
    page.wait_for_selector("button.pg-suggestion:visible", timeout=30_000)
    suggestions = page.locator("button.pg-suggestion:visible").all_inner_texts()
    assert suggestions
    page.screenshot(path=str(shots(tmp_path) / "marketing-chat-first.png"))

    # 👍 with a comment is stored against the turn.
    page.locator("#pg-marketing-chat button[aria-label='좋아요']").last.click(force=True)
    page.wait_for_selector("#pg-marketing-comment textarea", timeout=30_000)
    page.fill("#pg-marketing-comment textarea", "표가 보기 좋아요")
    page.click("#pg-marketing-comment-save")
    page.wait_for_function("() => !document.querySelector('#pg-marketing-comment textarea')", timeout=30_000)
    rows = store.db.fetchall("SELECT rating, comment FROM feedback")
    assert rows == [("up", "표가 보기 좋아요")]

    # Retry runs the last message again as a new turn; the old one stays.
    conversation = store.conversations.list("demo", agent_id="marketing")[0].id
    before = len(store.traces.for_conversation(conversation))
    page.locator("#pg-marketing-chat button[aria-label='다시 시도']").last.click(force=True)
    # The click waits in the server's queue on a loaded machine: `settle` alone could return before the turn began.
    eventually(lambda: len(store.traces.for_conversation(conversation)) > before)
    settle(page, "marketing")
    traces = store.traces.for_conversation(conversation)
    assert len(traces) == before + 1
    user_texts = [m.content for m in store.messages.recent(conversation, 500) if m.role == "user"]
    assert user_texts[-2:] == ["이번 주 성과 어때?", "이번 주 성과 어때?"]

    # A reload rebuilds the same view: messages, the suggestions, and the dismissed alert stays gone.
    chat_before = chat_text(page)
    suggestions = page.locator("button.pg-suggestion:visible").all_inner_texts()
    page.reload(wait_until="load")
    page.wait_for_selector("#pg-marketing-chat .pg-card-kpi_summary", state="attached", timeout=60_000)
    page.wait_for_selector("#pg-marketing-alert-banner:has-text('열린 알림 3개')", timeout=30_000)
    # Plotly is loaded lazily: on a slow machine the charts come a while after the cards' text.
    page.wait_for_function("n => document.querySelectorAll('#pg-marketing-chat .js-plotly-plot').length >= n",
                           arg=chat_before[1], timeout=60_000)
    after = eventually(lambda: chat_text(page), until=lambda now: now == chat_before, timeout=30)
    assert after == chat_before, "\n".join(difflib.unified_diff(chat_before[0].splitlines(), after[0].splitlines(),
                                                                 lineterm="", n=1))
    assert page.locator("button.pg-suggestion:visible").all_inner_texts() == suggestions
    assert page.locator("#pg-marketing-conversations label").count() == 1


def test_a_conversation_started_by_a_button_is_listed_and_survives_a_reload(page, store):
    page.click("button[role=tab]:has-text('쇼핑 재추천')")
    page.wait_for_selector("#pg-shopping-start-button", timeout=30_000)
    page.click("#pg-shopping-new")
    page.click("#pg-shopping-start-button")
    page.wait_for_selector("#pg-shopping-workspace .pg-anchor", timeout=30_000)
    settle(page, "shopping")
    [row] = store.conversations.list("demo", agent_id="shopping")
    page.wait_for_selector(f"#pg-shopping-conversations input[value='{row.id}']:checked", state="attached", timeout=30_000)
    assert "추천해줘" in page.inner_text("#pg-shopping-conversations")
    send(page, "shopping", "10만원 아래로 다시 보여줘")
    settle(page, "shopping")
    # the start panel follows the conversation's budget (its own update comes right after the reply's last one)
    page.wait_for_function("() => document.querySelector('#pg-shopping-budget input[type=number]').value === '100000'",
                           timeout=15_000)
    page.reload(wait_until="load")
    page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    page.click("button[role=tab]:has-text('쇼핑 재추천')")
    page.wait_for_selector("#pg-shopping-chat :text('10만원 아래로 다시 보여줘')", timeout=60_000)
    page.wait_for_selector("#pg-shopping-workspace .pg-summary:has-text('예산 10만원 이하')", timeout=30_000)


STORED_ID = "() => localStorage.getItem('agent-playground-identity-local')"


def test_local_user_id_survives_a_reload(page, store):
    # The browser stores the signed id twice: the page load writes the default user's, the switch
    # writes kim's (each write is a fresh ciphertext). Reloading before the second write tested
    # nothing but the machine's speed: a fixed 2.5 s wait failed on a loaded 2-core CI machine.
    page.wait_for_function(f"({STORED_ID})() !== null", timeout=60_000)
    loaded = page.evaluate(STORED_ID)
    # Typed as a person would: Gradio's `input` event follows key presses (a programmatic fill may not).
    page.click("#pg-user textarea, #pg-user input", click_count=3)
    page.keyboard.type("kim")
    page.keyboard.press("Tab")
    page.wait_for_function(f"([before]) => ({STORED_ID})() !== before", arg=[loaded], timeout=60_000)
    page.reload(wait_until="load")
    page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    page.wait_for_function("() => document.querySelector('#pg-user textarea, #pg-user input').value === 'kim'",
                           timeout=30_000)


def test_phone_width_keeps_the_confirmation_beside_the_input(server, browser, store, tmp_path):
    with browser:
        page = browser.new_page(viewport={"width": 390, "height": 844}, locale="ko-KR", is_mobile=True,
                                has_touch=True)
        page.goto(server, wait_until="load")
        page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
        page.wait_for_function("() => !document.querySelector('#pg-sidebar.open')", timeout=30_000)
        send(page, "marketing", "이번 주 성과 어때?")
        settle(page, "marketing")
        send(page, "marketing", "봄 시즌 세일 예산 20% 늘려줘")
        page.wait_for_selector(".pg-action .pg-confirm", timeout=60_000)
        settle(page, "marketing")
        steady(page, [".pg-action", "#pg-marketing-input textarea"])
        page.locator("#pg-marketing-input textarea").scroll_into_view_if_needed()
        widths = page.evaluate("[document.documentElement.scrollWidth, document.body.scrollWidth]")
        assert max(widths) <= 390, widths
        dock = page.locator(".pg-action").first.bounding_box()
        box = page.locator("#pg-marketing-input textarea").bounding_box()
        assert dock["y"] >= 0 and box["y"] + 20 <= 844 and dock["y"] < box["y"]  # both on the one screen
        assert page.locator(".pg-confirm").first.bounding_box()["y"] > 0
        # tables scroll in their own box, tiles wrap: no element wider than the screen
        wide = page.evaluate("""() => [...document.querySelectorAll('#pg-tab-marketing *')]
            .filter(e => e.getBoundingClientRect().right > 391 && !e.closest('.pg-table-scroll, .js-plotly-plot, .plot-container'))
            .map(e => e.className).slice(0, 5)""")
        assert wide == []
        page.screenshot(path=str(shots(tmp_path) / "phone-confirm.png"))
        browser.close()
