"""Issue 11 in the browser: recommend -> map markers -> itinerary preview -> 적용하기 -> confirm ->
the itinerary is in the workspace after a reload; screenshots at 1440 and 390 px."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser


def send(page, text: str) -> None:
    page.fill("#pg-travel-input textarea", text)
    page.click("#pg-travel-send")


def open_travel(page) -> None:
    page.click("button[role=tab]:has-text('여행 플래너')")
    page.wait_for_selector("#pg-travel-map .js-plotly-plot", timeout=30_000)


def test_recommend_map_preview_apply_and_reload(page, server, store, tmp_path):
    shots = Path(os.environ.get("PLAYGROUND_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    open_travel(page)
    page.wait_for_selector("#pg-travel-places :text('센소지')", timeout=30_000)
    send(page, "라멘집 추천해줘")
    page.wait_for_selector("#pg-travel-chat :text('가까운 순으로')", timeout=30_000)
    # saved places by category, plus the recommended ones (ring + dot) on the map
    page.wait_for_function("() => { const p = document.querySelector('#pg-travel-map .js-plotly-plot');"
                           " return p && p.data && p.data.some(t => t.name === '추천'); }", timeout=30_000)
    send(page, "3박 4일 일정 짜줘")
    page.wait_for_selector("#pg-travel-apply", state="visible", timeout=30_000)
    page.wait_for_selector("#pg-travel-timeline .js-plotly-plot", timeout=30_000)
    page.screenshot(path=str(shots / "travel-1440.png"), full_page=True)
    page.click("#pg-travel-apply")
    page.wait_for_selector(".pg-confirm", timeout=30_000)
    page.click(".pg-confirm")
    page.wait_for_function("() => document.querySelector('#pg-travel-itinerary-head')"
                           "?.innerText.includes('저장된 일정')", timeout=30_000)
    trip = store.db.fetchall("SELECT count(*) FROM travel_itinerary_items")[0][0]
    assert trip >= 5
    page.reload(wait_until="load")
    page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    open_travel(page)
    page.wait_for_function("() => document.querySelector('#pg-travel-itinerary-head')"
                           "?.innerText.includes('저장된 일정')", timeout=30_000)
    page.wait_for_function("() => { const p = document.querySelector('#pg-travel-map .js-plotly-plot');"
                           " return p && p.data && p.data.some(t => t.name === '1일째'); }", timeout=30_000)
    page.set_viewport_size({"width": 390, "height": 900})
    page.wait_for_timeout(500)
    page.screenshot(path=str(shots / "travel-390.png"), full_page=True)
