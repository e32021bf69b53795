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
