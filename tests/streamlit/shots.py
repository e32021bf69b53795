"""Screenshots of the Streamlit Lab and english pages under a real headless ``streamlit run`` (called by
``tests/screenshots.py``'s Streamlit part): docs/streamlit-lab*.png and docs/streamlit-english*.png.

The Lab needs data before the server opens the file (one process per DuckDB file): the shipped
marketing suite is run twice on the offline model, the second time with one assertion tightened, so
the comparison has a regression to show; a chat turn in the app adds a trace of its own."""

from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
ST_INPUT = "[data-testid=stChatInput] textarea"
WRONG = "I goes to school yesterday and I see my freind."


def seed_eval_runs(db: str) -> None:
    """Two runs of the marketing suite into ``db`` (then the file is closed for the server)."""
    import os

    from agents.core.store import reset_shared_store
    from agents.services.evals.loader import parse_suite
    from agents.services.evals.runner import run_suite

    os.environ["PLAYGROUND_DB"] = db
    reset_shared_store()
    text = (ROOT / "agents" / "marketing" / "evals.yaml").read_text(encoding="utf-8")
    run_suite(parse_suite(text, "agents/marketing/evals.yaml"), concurrency=2)
    tightened = text.replace("text_contains: [이번 주, ROAS]", "text_contains: [이번 주, ROAS, 전월 대비]", 1)
    run_suite(parse_suite(tightened, "agents/marketing/evals.yaml"), concurrency=2)
    reset_shared_store()


def _idle(page: Page) -> None:
    page.wait_for_timeout(600)
    page.wait_for_function("() => !document.querySelector('[data-testid=stStatusWidget]')", timeout=60_000)
    page.wait_for_timeout(1500)


def _send(page: Page, text: str, wait_for: str) -> None:
    page.fill(ST_INPUT, text)
    page.keyboard.press("Enter")
    page.wait_for_timeout(500)
    page.wait_for_selector(wait_for, timeout=60_000)
    _idle(page)


def _pick(page: Page, label: str, option: int = 0) -> None:
    """Pick an option of the selectbox labelled ``label``."""
    box = page.locator(f"[data-testid=stSelectbox]:has(input[aria-label^='{label}'])")
    box.scroll_into_view_if_needed()
    box.locator("button[aria-label=Open]").click()
    page.wait_for_selector("[role=option]", timeout=30_000)
    page.locator("[role=option]").nth(option).click()
    _idle(page)


def _whole(page: Page, width: int, path: str, cap: int = 3200) -> None:
    """The main area at its full height (it scrolls inside Streamlit's own container)."""
    page.evaluate("() => { document.querySelector('.stMain').scrollTop = 0; }")
    height = page.evaluate("() => document.querySelector('.stMain').scrollHeight")
    page.set_viewport_size({"width": width, "height": min(max(844, height + 40), cap)})
    page.wait_for_timeout(1500)
    page.screenshot(path=path)


def _overflow(page: Page) -> int:
    """How far the page runs past the viewport's right edge (0: nothing sideways)."""
    return page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


def lab(browser: Browser, url: str, out: str) -> dict[str, int]:
    widths: dict[str, int] = {}
    for width, name in ((1440, "streamlit-lab"), (390, "streamlit-lab-phone")):
        page = browser.new_page(viewport={"width": width, "height": 900}, locale="ko-KR", is_mobile=width < 500,
                                has_touch=width < 500)
        page.goto(url, wait_until="load")  # marketing, the default page, is served at /
        page.wait_for_selector(ST_INPUT, timeout=60_000)
        _idle(page)
        _send(page, "이번 주 성과 어때?", "[data-testid=stChatMessage] [data-testid=stMetric]")
        page.goto(url + "lab", wait_until="load")
        page.wait_for_selector("[data-testid=stDataFrame]", timeout=60_000)
        _idle(page)
        # the chat's turn (the eval cases ran as users of their own, some on a clock moved ahead)
        page.fill(".stMain [data-testid=stTextInput] input[aria-label='사용자']", "demo")  # the traces' user filter
        page.keyboard.press("Enter")
        _idle(page)
        _pick(page, "턴 열기")
        page.wait_for_selector(".st-key-pg-lab-detail .js-plotly-plot", timeout=60_000)
        _idle(page)
        widths[name] = _overflow(page)
        _whole(page, width, f"{out}/{name}.png")
        if width == 1440:  # the eval runs: a run's results and the two runs compared
            page.set_viewport_size({"width": 1440, "height": 900})
            page.locator("[data-testid=stRadio] label:has-text('평가 실행')").click()
            page.wait_for_selector(".st-key-pg-lab-compare", timeout=60_000)
            _idle(page)
            widths["streamlit-lab-evals"] = _overflow(page)
            _whole(page, 1440, f"{out}/streamlit-lab-evals.png")
        page.close()
    return widths


def english(browser: Browser, url: str, out: str) -> dict[str, int]:
    widths: dict[str, int] = {}
    for width, name in ((1440, "streamlit-english"), (390, "streamlit-english-phone")):
        page = browser.new_page(viewport={"width": width, "height": 900 if width > 500 else 844}, locale="ko-KR",
                                is_mobile=width < 500, has_touch=width < 500)
        page.goto(url + "english", wait_until="load")
        page.wait_for_selector(ST_INPUT, timeout=60_000)
        _idle(page)
        _send(page, WRONG, "[data-testid=stChatMessage] .pg-fix")
        page.fill(ST_INPUT, "I think phones in class are bad for focus.")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelectorAll('[data-testid=stChatMessage]').length >= 4",
                               timeout=60_000)
        _idle(page)
        widths[name] = _overflow(page)
        if width > 500:
            _whole(page, width, f"{out}/{name}.png")
        else:  # the latest of the conversation, right above the input
            page.evaluate("() => { const m = document.querySelector('.stMain'); m.scrollTop = m.scrollHeight; }")
            page.wait_for_timeout(800)
            page.screenshot(path=f"{out}/{name}.png")
        page.close()
    return widths


def shots(browser: Browser, out: str) -> dict[str, int]:
    """Both pages on a server of their own (a fresh file with the seeded runs); returns each shot's
    sideways overflow in px."""
    from pages.streamlit.serve import serve

    db = tempfile.mktemp(suffix=".duckdb")
    seed_eval_runs(db)
    with serve({"PLAYGROUND_DB": db, "PLAYGROUND_MAP_TILES": "0"}) as url:
        return {**lab(browser, url, out), **english(browser, url, out)}
