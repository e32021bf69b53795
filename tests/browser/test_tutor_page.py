"""Issue 12 in the browser: a chat message moves the sandbox app to a stock page and its chart
redraws; a high-risk action waits for Confirm; screenshots at 1440 and 390 px."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agents.tutor.store import PortfolioStore

pytestmark = pytest.mark.browser

CHART_NAME = ("() => { const p = document.querySelector('#pg-tutor-chart .js-plotly-plot');"
              " return p && p.layout && p.layout.title && p.layout.title.text; }")


def send(page, text: str) -> None:
    page.fill("#pg-tutor-input textarea", text)
    page.click("#pg-tutor-send")


def test_chat_moves_the_app_and_high_risk_waits_for_confirm(page, server, store, tmp_path) -> None:
    shots = Path(os.environ.get("PLAYGROUND_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1440, "height": 1000})
    page.click("button[role=tab]:has-text('주식 튜터')")
    page.wait_for_selector("#pg-tutor-chart .js-plotly-plot", timeout=30_000)
    assert "KODEX 200" in page.evaluate(CHART_NAME)
    send(page, "삼성전자 차트 보여줘")
    page.wait_for_function("() => document.querySelector('#pg-tutor-route')?.innerText.includes('/stock/005930')",
                           timeout=30_000)
    page.wait_for_function(f"() => ({CHART_NAME})()?.includes('삼성전자')", timeout=30_000)
    send(page, "기간 1년으로 바꿔줘")  # the message carries the screen: "기간" alone is enough
    page.wait_for_function(f"() => ({CHART_NAME})()?.includes('1Y')", timeout=30_000)
    page.screenshot(path=str(shots / "tutor-1440.png"), full_page=True)
    send(page, "이 종목 내 자산에서 지워줘")
    page.wait_for_selector(".pg-confirm", timeout=30_000)
    assert "005930" in [h["code"] for h in PortfolioStore(store).holdings("demo")]  # waits for Confirm
    page.click(".pg-confirm")
    page.wait_for_function("() => document.querySelector('#pg-tutor-chat')?.innerText.includes('뺐습니다')",
                           timeout=30_000)
    assert "005930" not in [h["code"] for h in PortfolioStore(store).holdings("demo")]
    page.wait_for_function("() => document.querySelector('#pg-tutor-route')?.innerText.includes('/my')",
                           timeout=30_000)
    page.set_viewport_size({"width": 390, "height": 900})
    page.wait_for_timeout(500)
    page.screenshot(path=str(shots / "tutor-390.png"), full_page=True)


ROUTE_HAS = "(r) => document.querySelector('#pg-tutor-route')?.innerText.includes(r)"


def _route(page, part: str) -> None:
    page.wait_for_function(ROUTE_HAS, arg=part, timeout=30_000)


def _checked(page, radio: str) -> list[bool]:
    return page.eval_on_selector_all(f"#pg-tutor-{radio} input", "els => els.map(e => e.checked)")


def test_a_reload_rebuilds_the_screen_and_the_canvas(page, store) -> None:
    page.click("button[role=tab]:has-text('주식 튜터')")
    page.wait_for_selector("#pg-tutor-chart .js-plotly-plot", timeout=30_000)
    send(page, "삼성전자 차트 보여줘")
    _route(page, "/stock/005930")
    send(page, "정리해서 캔버스로 보여줘")
    page.wait_for_function("() => document.querySelector('#pg-tutor-canvas')?.innerText.includes('학습 노트: 삼성전자')",
                           timeout=30_000)
    assert _checked(page, "period") == [False, True, False]  # not blank after a canvas (issue 12 review)
    # The app's own controls: the period radio and the tab, no chat message.
    page.click("#pg-tutor-period label:has-text('1년')")
    page.wait_for_function(f"() => ({CHART_NAME})()?.includes('1Y')", timeout=30_000)
    page.click("#pg-tutor-tab label:has-text('종목 정보')")
    page.wait_for_function("() => document.querySelector('#pg-tutor-body')?.innerText.includes('메모리 반도체')",
                           timeout=30_000)
    send(page, "매수 화면 열어줘")
    page.wait_for_selector(".pg-confirm", timeout=30_000)
    page.wait_for_timeout(500)
    page.reload(wait_until="load")
    page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    page.click("button[role=tab]:has-text('주식 튜터')")
    _route(page, "/stock/005930")
    # The note is back, folded as it was after the next turn; opening it shows it.
    page.wait_for_selector("#pg-tutor-canvas-box button.label-wrap:not(.open)", timeout=30_000)
    page.click("#pg-tutor-canvas-box button.label-wrap")
    page.wait_for_function("() => document.querySelector('#pg-tutor-canvas')?.innerText.includes('학습 노트: 삼성전자')",
                           timeout=30_000)
    assert _checked(page, "period") == [False, False, True]
    assert _checked(page, "tab") == [False, True, False]
    assert "메모리 반도체" in page.inner_text("#pg-tutor-body")
    # The pending card is rebuilt from its row; Confirm opens the order screen, once.
    page.click(".pg-confirm")
    page.wait_for_function("() => document.querySelector('#pg-tutor-body')?.innerText.includes('모의 매수 화면')",
                           timeout=30_000)
    rows = store.db.fetchall("SELECT status FROM pending_actions WHERE tool_name = 'confirm_ui_action'")
    assert rows == [("COMPLETED",)]
    page.reload(wait_until="load")
    page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    page.click("button[role=tab]:has-text('주식 튜터')")
    page.wait_for_function("() => document.querySelector('#pg-tutor-body')?.innerText.includes('모의 매수 화면')",
                           timeout=30_000)
    assert _checked(page, "period") == [False, False, True]


@pytest.fixture
def text_only_model(monkeypatch):
    """An OpenAI-compatible model that answers in text and never emits ui_action."""
    from tests.support.fake_openai import FakeOpenAI, Reply, responses_stream

    fake = FakeOpenAI()
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-browser-test")
    fake.reply = lambda text: fake.queue(Reply("/v1/responses", frames=responses_stream(text=text)))
    yield fake
    fake.close()


def test_keyword_fallback_runs_low_risk_and_puts_high_risk_on_a_card(text_only_model, page, store) -> None:
    page.click("#pg-settings > button")
    page.click("#pg-provider input")
    page.click("li:has-text('openai')")
    page.click("button[role=tab]:has-text('주식 튜터')")
    page.wait_for_selector("#pg-tutor-chart .js-plotly-plot", timeout=30_000)
    text_only_model.reply("교육 화면에서 사례를 골라 보세요.")
    send(page, "교육 화면 열어줘")
    _route(page, "/education")
    _route(page, "키워드로 실행: 교육 화면으로 이동")  # the app says it acted on its own
    text_only_model.reply("주문 화면은 확인한 뒤에 열려요.")
    send(page, "삼성전자 매수 화면 열어줘")
    page.wait_for_selector(".pg-confirm", timeout=30_000)
    assert "삼성전자 매수 화면 열기" in page.inner_text("#pg-tutor-dock")
    rows = store.db.fetchall("SELECT status, tool_args FROM pending_actions")
    assert [r[0] for r in rows] == ["PENDING"]
    assert "/education" in page.inner_text("#pg-tutor-route")  # nothing moved before Confirm
    page.click(".pg-confirm")
    page.wait_for_function("() => document.querySelector('#pg-tutor-body')?.innerText.includes('모의 매수 화면')",
                           timeout=30_000)
    _route(page, "/stock/005930")
    page.wait_for_function("() => !document.querySelector('.pg-confirm')", timeout=30_000)
    assert store.db.fetchall("SELECT status FROM pending_actions") == [("COMPLETED",)]
    # Cancel never runs it.
    text_only_model.reply("매도 화면도 확인이 필요해요.")
    send(page, "카카오 매도 화면 열어줘")
    page.wait_for_selector(".pg-cancel", timeout=30_000)
    page.click(".pg-cancel")
    page.wait_for_function("() => !document.querySelector('.pg-cancel')", timeout=30_000)
    page.wait_for_timeout(1_000)
    assert sorted(r[0] for r in store.db.fetchall("SELECT status FROM pending_actions")) == ["CANCELLED", "COMPLETED"]
    assert "/stock/005930" in page.inner_text("#pg-tutor-route")
    assert "모의 매수 화면" in page.inner_text("#pg-tutor-body")


def test_an_english_browser_gets_english_labels_and_an_english_learner_english_replies(server, browser, store) -> None:
    with browser:
        page = browser.new_page(viewport={"width": 390, "height": 844}, locale="en-US", is_mobile=True, has_touch=True)
        page.goto(server, wait_until="load")
        page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
        if not page.locator("button[role=tab]:has-text('Stock Tutor')").is_visible():  # the tab's English title
            page.click(".overflow-menu button, button.overflow-menu, [class*=overflow] button")
        page.locator("button:has-text('Stock Tutor')").last.click()
        page.wait_for_function("() => document.querySelector('#pg-tutor-app-heading')?.innerText.includes('Sandbox app')",
                               timeout=30_000)
        send(page, "show me the Samsung Electronics chart")
        _route(page, "/stock/005930")
        page.wait_for_function(f"() => ({CHART_NAME})()?.includes('Samsung Electronics (005930)')", timeout=30_000)
        labels = page.eval_on_selector_all("#pg-tutor-period label, #pg-tutor-period span[data-testid=block-info]",
                                           "els => els.map(e => e.innerText.trim())")
        assert labels[-3:] == ["1 month", "3 months", "1 year"] and "Period" in page.inner_text("#pg-tutor-period")
        assert "Here is the chart: Samsung Electronics · 3M (sandbox)" in page.inner_text("#pg-tutor-chat")
        widths = page.evaluate("[document.documentElement.scrollWidth, document.body.scrollWidth]")
        assert max(widths) <= 390, widths
        browser.close()
