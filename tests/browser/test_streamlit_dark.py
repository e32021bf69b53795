"""Issue 28 in Streamlit's dark theme (a browser that prefers dark: .streamlit/config.toml's [theme.dark]), under a real headless ``streamlit run``: after each
agent's README Try flow every text run of the page has WCAG AA contrast (>= 4.5:1, computed from the elements'
computed colours, as tests/browser/test_layout_issue28.py does for Gradio) and every chart follows the theme
(no white chart background). Screenshots at 1440, 1920 and 390 px go to $PLAYGROUND_SCREENSHOTS when set."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser import layout

pytestmark = pytest.mark.browser
INPUT = "[data-testid=stChatInput] textarea"
MAIN = ".stMain, [data-testid=stSidebar]"

# The README's Try lines per agent, typed into the chat (the workspace's own buttons are the Gradio tests').
FLOWS = {
    "marketing": ["이번 주 성과 어때?", "성과 좋은 캠페인은 어떤 거야?", "어제 광고비", "새 캠페인 만들고 싶어", "전환",
                  "10만원으로 해줘"],
    "travel": ["라멘집 추천해줘", "센소지 주변 맛집", "3박 4일 일정 짜줘"],
    "shopping": ["분유포트 10만원 아래로 추천해줘", "더 저렴한 걸로", "1번 제품 세척 편해?", "1번이랑 2번 비교해줘"],
    "tutor": ["삼성전자 차트 보여줘", "이 종목 왜 떨어졌어?", "정리해서 캔버스로 보여줘"],
    "english": ["I think it's a good idea for students.", "Yesterday I go to the library and i read a interesting book."],
}

# Each chart's background: the paper and plot rectangles Plotly paints (a white one in a dark page is the bug).
CHART_BACKGROUNDS = """() => [...document.querySelectorAll('.stMain .js-plotly-plot')]
  .filter(g => g.getClientRects().length && g.querySelector('.main-svg'))
  .map(g => { const bg = g.querySelector('.main-svg rect.bg') || g.querySelector('.main-svg');
              const paper = getComputedStyle(g.querySelector('.main-svg')).backgroundColor;
              return [paper, bg ? (bg.style.fill || bg.getAttribute('fill') || '') : '']; })"""


@pytest.fixture(scope="module")
def dark_url(tmp_path_factory):
    from pages.streamlit.serve import serve

    db = tmp_path_factory.mktemp("dark") / "st.duckdb"
    with serve({"PLAYGROUND_DB": str(db), "PLAYGROUND_MAP_TILES": "0"}) as url:
        yield url


@pytest.fixture(scope="module")
def chromium(dark_url, _chromium):
    return _chromium


def _idle(page) -> None:
    page.wait_for_timeout(500)
    page.wait_for_function("() => !document.querySelector('[data-testid=stStatusWidget]')", timeout=90_000)
    page.wait_for_selector(f"{INPUT}:not([disabled])", timeout=90_000)
    page.wait_for_timeout(700)


def _send(page, text: str) -> None:
    page.fill(INPUT, text)
    page.keyboard.press("Enter")
    _idle(page)


# A slider's value is drawn above its thumb, on the page, though it sits inside the thumb's box (whose colour
# the contrast walk would take as its background): those labels are measured against the page instead.
SLIDER_VALUES = """() => Array.from(document.querySelectorAll('.stMain [data-testid=stSlider] p, .stMain [data-testid=stSlider] div'))
  .filter((e) => e.childElementCount === 0 && e.textContent.trim() && !e.closest('[data-testid=stWidgetLabel]'))
  .map((e) => [e.textContent.trim(), window.getComputedStyle(e).color])"""
PAGE_BACKGROUND = "getComputedStyle(document.querySelector('[data-testid=stApp]')).backgroundColor"


def _luminance(color: str) -> float:
    r, g, b = (float(x) / 255 for x in color[color.index("(") + 1:].rstrip(")").split(",")[:3])
    f = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in (r, g, b)]
    return 0.2126 * f[0] + 0.7152 * f[1] + 0.0722 * f[2]


def _readable(page) -> list:
    """Every text run under 4.5:1, a slider's value measured on the page it is drawn over."""
    sliders, page_background = page.evaluate(SLIDER_VALUES), page.evaluate(PAGE_BACKGROUND)
    problems = [p for p in layout.low_contrast(page, MAIN) if p["text"] not in {text for text, _ in sliders}]
    for text, color in sliders:
        light, dark = sorted((_luminance(color), _luminance(page_background)), reverse=True)
        if (light + 0.05) / (dark + 0.05) < 4.5:
            problems.append({"text": text, "color": color, "background": page_background})
    return problems


def _white(color: str) -> bool:
    digits = [c for c in color.replace("rgba(", "").replace("rgb(", "").replace(")", "").replace("#", "").split(",")]
    if color.startswith("#") or color in ("white",):
        return color.lower() in ("#fff", "#ffffff", "white")
    try:
        r, g, b = (float(x) for x in digits[:3])
        alpha = float(digits[3]) if len(digits) > 3 else 1.0
    except ValueError:
        return False
    return alpha > 0.5 and min(r, g, b) > 200


@pytest.mark.parametrize("agent", list(FLOWS))
def test_dark_theme_try_flow_reads_and_charts_follow(chromium, dark_url, agent) -> None:
    page = chromium.new_page(viewport={"width": 1440, "height": 900}, locale="ko-KR", color_scheme="dark")
    page.goto(dark_url + ("" if agent == "marketing" else agent), wait_until="load")
    page.wait_for_selector(INPUT, timeout=90_000)
    _idle(page)
    for text in FLOWS[agent]:
        _send(page, text)
    if agent == "marketing":  # the new campaign's confirmation card, confirmed
        card = page.locator("[class*=st-key-pg-action-]")
        card.wait_for(timeout=30_000)
        card.get_by_role("button", name="실행").click()
        _idle(page)
    page.wait_for_timeout(1_500)
    assert page.locator(".stMain").count() == 1 and page.locator("[data-testid=stSidebar]").count() == 1
    body = page.evaluate("getComputedStyle(document.querySelector('[data-testid=stApp]')).backgroundColor")
    assert not _white(body), body  # the theme is dark
    # the conversation from its top, so every chart of it is drawn (Streamlit draws a chart once it is in view)
    for step in range(0, page.evaluate("document.querySelector('.stMain').scrollHeight"), 600):
        page.evaluate("(y) => document.querySelector('.stMain').scrollTo(0, y)", step)
        page.wait_for_timeout(150)
    shots = os.environ.get("PLAYGROUND_SCREENSHOTS")
    for width, height in layout.SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(1_200)
        assert _readable(page) == [], (agent, width)
        charts = page.evaluate(CHART_BACKGROUNDS)
        assert charts or agent not in ("marketing", "tutor"), agent  # the KPI and stock charts were looked at
        assert [c for c in charts if any(_white(x) for x in c)] == [], (agent, width)
        if shots:
            page.screenshot(path=str(Path(shots) / f"i28-streamlit-{agent}-dark-{width}.png"), full_page=True)
    page.close()


@pytest.mark.parametrize("path", ["lab", "api"])
def test_dark_theme_lab_and_api_access_pages_read(chromium, dark_url, path) -> None:
    """The Lab (with the turns the flows above recorded) and the API access page (a token made
    and tested) in the dark theme, at the three sizes."""
    page = chromium.new_page(viewport={"width": 1440, "height": 900}, locale="ko-KR", color_scheme="dark")
    page.goto(dark_url + path, wait_until="load")
    page.wait_for_selector(".stMain h3", timeout=90_000)
    _idle_page(page)
    if path == "api":
        page.fill("[data-testid=stTextInput] input[aria-label='토큰 이름']", "dark check")
        page.get_by_role("button", name="토큰 만들기").click()
        _idle_page(page)
        page.get_by_role("button", name="이 토큰 테스트").click()
        _idle_page(page)
        assert "토큰이 유효합니다" in page.inner_text(".stMain")
    elif page.locator("[data-testid=stDataFrame]").count() == 0:  # the turns the flows above recorded, if run
        assert "조건에 맞는 턴이 없습니다" in page.inner_text(".stMain")
    shots = os.environ.get("PLAYGROUND_SCREENSHOTS")
    for width, height in layout.SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(1_200)
        assert _readable(page) == [], (path, width)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if shots:
            page.screenshot(path=str(Path(shots) / f"i28-streamlit-{path}-dark-{width}.png"), full_page=True)
    page.close()


def _idle_page(page) -> None:
    page.wait_for_timeout(600)
    page.wait_for_function("() => !document.querySelector('[data-testid=stStatusWidget]')", timeout=90_000)
    page.wait_for_timeout(800)
