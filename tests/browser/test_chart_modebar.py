"""Issue 28: at 390 px Plotly's mode bar (zoom, pan, download...) covered the chart's title. The shared chart
code (agents/view/cards.py) puts the title in a row of its own under the bar, in every front end.
The test shows the bar (it appears on hover or tap) and compares the two boxes."""

from __future__ import annotations

import pytest

from tests.browser import layout

BOXES = """(sel) => { const gd = document.querySelector(sel + ' .js-plotly-plot');
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return getComputedStyle(el).display === 'none' || r.width * r.height === 0 ? null
      : [r.left, r.top, r.right, r.bottom]; };
  const bar = gd.querySelector('.modebar');
  const shown = bar && getComputedStyle(bar).opacity !== '0' ? box(bar) : null;
  return {bar: shown, title: box(gd.querySelector('.gtitle')), chart: box(gd)}; }"""


def _overlap(a: list[float], b: list[float]) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return max(width, 0) * max(height, 0)


@pytest.mark.parametrize("size", [(390, 844), (1440, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_mode_bar_never_covers_the_chart_title(open_page, size):
    page = open_page(size)
    layout.send(page, "marketing", "이번 주 성과 어때?")
    chart = "#pg-marketing-chat .js-plotly-plot"
    page.wait_for_selector(f"{chart} .gtitle", timeout=30_000)
    page.locator(chart).first.scroll_into_view_if_needed()
    page.locator(chart).first.hover()  # the bar shows while the pointer is on the chart
    page.wait_for_function(f"() => getComputedStyle(document.querySelector('{chart} .modebar'))"
                           ".opacity === '1'", timeout=10_000)
    boxes = page.evaluate(BOXES, "#pg-marketing-chat")
    assert boxes["title"] is not None and boxes["bar"] is not None, boxes
    # before, at 390: the bar (8 buttons in a row, top right) lay over the title's right half
    assert _overlap(boxes["bar"], boxes["title"]) == 0, boxes
