"""Seed 000 §8 scenarios 1 and 2 in the browser, on the offline provider."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agents.marketing.store import MarketingStore

pytestmark = pytest.mark.browser


# Each alert card (Gradio nests a group's class in its wrapper too: the outer one), whether it carries the new mark.
MARKED = ("() => [...document.querySelectorAll('#pg-marketing-alerts .pg-alert')]"
          ".filter((e) => !e.parentElement.closest('.pg-alert')).map((e) => e.innerText.includes('●'))")


def send(page, text: str) -> None:
    page.fill("#pg-marketing-input textarea", text)
    page.click("#pg-marketing-send")


def test_scenarios_in_the_browser(page, store, tmp_path):
    page.wait_for_selector("#pg-marketing-alert-banner:has-text('읽지 않은 알림 4개')", timeout=30_000)
    send(page, "이번 주 성과 어때?")
    page.wait_for_selector("text=전반적으로 양호한 성과입니다", timeout=30_000)
    page.wait_for_selector(".pg-card-kpi_summary .pg-tile-value", timeout=30_000)
    page.wait_for_selector("button.pg-suggestion:has-text('성과 좋은 캠페인은 어떤 거야?')", timeout=30_000)
    shots = Path(os.environ.get("PLAYGROUND_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "marketing-scenario-1.png"), full_page=True)

    send(page, "새 캠페인 만들고 싶어")
    page.wait_for_selector("button.pg-suggestion:has-text('전환 (구매/가입)')", timeout=30_000)
    page.click("button.pg-suggestion:has-text('전환 (구매/가입)')")
    page.wait_for_selector("text=일일 예산은 얼마로 설정할까요?", timeout=30_000)
    send(page, "10만원으로 해줘")
    page.wait_for_selector(".pg-action:has-text('전환 캠페인 2026-')", timeout=30_000)
    page.screenshot(path=str(shots / "marketing-scenario-2.png"), full_page=True)
    page.click(".pg-confirm")
    page.wait_for_selector("text=생성되었습니다", timeout=30_000)
    names = [c["name"] for c in MarketingStore(store).campaigns("demo")]
    assert any(n.startswith("전환 캠페인 20") for n in names)

    # "자세히 분석하기" sends an analysis message and marks the alert acted on.
    page.click(".pg-alert-analyse >> nth=0")
    page.wait_for_selector("#pg-marketing-alert-banner:has-text('열린 알림 3개')", timeout=30_000)  # one card fewer
    acted = store.alerts.list("demo", status="ACTED_ON")
    assert len(acted) == 1

    # "읽음" reads a card without closing it (issue 28: drawing no longer reads): one fewer new, the same cards.
    page.wait_for_selector("#pg-marketing-alert-banner:has-text('읽지 않은 알림 3개')", timeout=30_000)
    # The banner is an output of the click; the cards are drawn by a render that runs after it (on two loaded
    # workers, the fourth card was seen still drawn when the banner already said 3).
    page.wait_for_function(f"() => ({MARKED})().length === 3", timeout=30_000)
    assert page.evaluate(MARKED) == [True, True, True]
    page.click(".pg-alert-read >> nth=0")
    page.wait_for_selector("#pg-marketing-alert-banner:has-text('읽지 않은 알림 2개')", timeout=30_000)
    page.wait_for_function(f"() => ({MARKED})().filter(Boolean).length === 2", timeout=30_000)
    assert sorted(page.evaluate(MARKED)) == [False, True, True]  # three cards, two of them new
    page.reload(wait_until="load")  # a reload reads nothing
    page.wait_for_selector("#pg-marketing-alert-banner:has-text('읽지 않은 알림 2개')", timeout=60_000)
