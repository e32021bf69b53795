"""The README's and docs/ screenshots: desktop, phone (390 px), dark mode, the travel, shopping, tutor (1440 and 390 px) and
english tabs, the Lab, and the Streamlit front end (1440 and 390 px), in headless Debian Chromium on a fresh database.

    python3 dev.py screenshots              # writes docs/*.png
    python3 dev.py screenshots docs streamlit   # only the Streamlit ones
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile

from playwright.sync_api import Page, sync_playwright

from tests.bench.bench_browser import ARGS, _serve


def marketing(page: Page) -> None:
    page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    page.wait_for_timeout(1500)
    for text in ("이번 주 성과 어때?", "봄 시즌 세일 예산 20% 늘려줘"):
        page.fill("#pg-marketing-input textarea", text)
        page.keyboard.press("Enter")
        page.wait_for_function("() => !document.querySelector('#pg-marketing-send').disabled", timeout=30_000)
        page.wait_for_timeout(2500)


def tutor(page: Page, messages: tuple[str, ...]) -> None:
    """The tutor tab after ``messages``."""
    page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    page.locator("button[role=tab]:has-text('주식 튜터')").click()  # on a phone too: the tab row scrolls
    page.wait_for_selector("#pg-tutor-chart .js-plotly-plot", timeout=30_000)
    for text in messages:
        page.fill("#pg-tutor-input textarea", text)
        page.keyboard.press("Enter")
        page.wait_for_function("() => !document.querySelector('#pg-tutor-send').disabled", timeout=30_000)
        page.wait_for_timeout(2500)
ST_INPUT = "[data-testid=stChatInput] textarea"


def _streamlit_send(page: Page, text: str, wait_for: str) -> None:
    page.fill(ST_INPUT, text)
    page.keyboard.press("Enter")
    page.wait_for_timeout(500)
    page.wait_for_selector(wait_for, timeout=60_000)
    page.wait_for_function("() => !document.querySelector('[data-testid=stStatusWidget]')", timeout=60_000)
    page.wait_for_timeout(2500)


def _streamlit_conversation(page: Page) -> None:
    page.wait_for_selector(ST_INPUT, timeout=60_000)
    page.wait_for_timeout(1500)
    _streamlit_send(page, "이번 주 성과 어때?", "[data-testid=stChatMessage] [data-testid=stMetric]")
    _streamlit_send(page, "봄 시즌 세일 예산 20% 늘려줘", "[class*=st-key-pg-action-]")


def streamlit_shots(out: str) -> None:
    """The Streamlit app (streamlit_app.py) under a real headless `streamlit run`."""
    from pages.streamlit.serve import serve

    env = {"PLAYGROUND_DB": tempfile.mktemp(suffix=".duckdb"), "PLAYGROUND_MAP_TILES": "0"}
    with serve(env) as url, sync_playwright() as pw:
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = b.new_page(viewport={"width": 1440, "height": 900}, locale="ko-KR")
        page.goto(url, wait_until="load")
        _streamlit_conversation(page)
        # the whole conversation and workspace: the page scrolls inside Streamlit's main area
        height = page.evaluate("() => document.querySelector('.stMain').scrollHeight")
        page.set_viewport_size({"width": 1440, "height": min(max(900, height + 40), 2400)})
        page.wait_for_timeout(1500)
        page.screenshot(path=f"{out}/streamlit.png")
        page = b.new_page(viewport={"width": 390, "height": 844}, locale="ko-KR", is_mobile=True, has_touch=True)
        page.goto(url, wait_until="load")
        _streamlit_conversation(page)
        # the latest of the conversation: its end, the confirmation and the input pinned under them
        page.evaluate("() => { const main = document.querySelector('.stMain'); main.scrollTop = main.scrollHeight; }")
        page.wait_for_timeout(800)
        page.screenshot(path=f"{out}/streamlit-phone.png")
        from tests.streamlit.shots import shots  # the Lab and english pages, on a server of their own

        print("sideways overflow (px):", shots(b, out))
        b.close()


def main(out: str) -> None:
    os.environ["PLAYGROUND_DB"] = tempfile.mktemp(suffix=".duckdb")
    os.environ["PLAYGROUND_MAP_TILES"] = "0"
    from pages.gradio.shell import build_server, warm_up

    warm_up().join()
    url, srv = _serve(build_server())
    _shoot(url, out)
    srv.should_exit = True
    shutil.copy(f"{out}/desktop.png", f"{out}/screenshot.png")
    streamlit_shots(out)


def _shoot(url: str, out: str) -> None:
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = b.new_page(viewport={"width": 1440, "height": 900}, locale="ko-KR")
        page.goto(url, wait_until="load")
        marketing(page)
        page.screenshot(path=f"{out}/desktop.png")
        page = b.new_page(viewport={"width": 390, "height": 844}, locale="ko-KR", is_mobile=True, has_touch=True)
        page.goto(url, wait_until="load")
        marketing(page)
        page.screenshot(path=f"{out}/phone.png")
        page = b.new_page(viewport={"width": 1440, "height": 900}, locale="ko-KR", color_scheme="dark")
        page.goto(url + "?__theme=dark", wait_until="load")
        marketing(page)
        page.screenshot(path=f"{out}/dark.png")
        page.locator("#pg-marketing-chat .js-plotly-plot").last.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        page.screenshot(path=f"{out}/dark-chart.png")
        page = b.new_page(viewport={"width": 1440, "height": 900}, locale="ko-KR")
        page.goto(url, wait_until="load")
        page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
        page.click("button[role=tab]:has-text('여행 플래너')")
        page.wait_for_selector("#pg-travel-map .js-plotly-plot", timeout=30_000)
        for text in ("라멘집 추천해줘", "3박 4일 일정 짜줘"):
            page.fill("#pg-travel-input textarea", text)
            page.keyboard.press("Enter")
            page.wait_for_timeout(500)  # the reply has started (Send disabled) before its end is awaited
            page.wait_for_function("() => !document.querySelector('#pg-travel-send').disabled", timeout=30_000)
            page.wait_for_timeout(2500)
        page.screenshot(path=f"{out}/travel.png")
        shopping(b.new_page(viewport={"width": 1440, "height": 900}, locale="ko-KR"), url, out)
        page = b.new_page(viewport={"width": 1440, "height": 1000}, locale="ko-KR")
        page.goto(url, wait_until="load")
        tutor(page, ("삼성전자 차트 보여줘", "정리해서 캔버스로 보여줘", "기간 1년으로 바꿔줘", "매수 화면 열어줘"))
        page.screenshot(path=f"{out}/tutor-1440.png", full_page=True)
        page = b.new_page(viewport={"width": 390, "height": 844}, locale="ko-KR", is_mobile=True, has_touch=True)
        page.goto(url, wait_until="load")
        tutor(page, ("삼성전자 차트 보여줘", "매수 화면 열어줘"))
        page.screenshot(path=f"{out}/tutor-390.png", full_page=True)
        english(b, url, out)
        lab(b.new_page(viewport={"width": 1440, "height": 1000}, locale="ko-KR"), url, out)
        evals(b.new_page(viewport={"width": 1440, "height": 1000}, locale="ko-KR"), url, out)
        b.close()


def shopping(page: Page, url: str, out: str) -> None:
    """The shopping tab: the start panel's Top 3, then a compare table scrolling inside its card."""
    page.goto(url, wait_until="load")
    page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    page.click("button[role=tab]:has-text('쇼핑 재추천')")
    page.wait_for_selector("#pg-shopping-start-button", timeout=30_000)
    page.click("#pg-shopping-pros label:has-text('세척이 쉬워요')")
    page.click("#pg-shopping-start-button")
    page.wait_for_selector("#pg-tab-shopping .pg-anchor", timeout=30_000)
    page.wait_for_function("() => !document.querySelector('#pg-shopping-send').disabled", timeout=30_000)
    for text in ("10만원 아래로 다시 보여줘", "1번이랑 2번 비교해줘"):
        page.fill("#pg-shopping-input textarea", text)
        page.keyboard.press("Enter")
        page.wait_for_timeout(500)
        page.wait_for_function("() => !document.querySelector('#pg-shopping-send').disabled", timeout=30_000)
        page.wait_for_timeout(2500)
    page.screenshot(path=f"{out}/shopping.png")


def english(browser, url: str, out: str) -> None:
    """The english tab: a new article, then a sentence with errors and its inline correction (1440 and 390 px)."""
    for name, viewport, mobile in (("english", {"width": 1440, "height": 1000}, False),
                                   ("english-phone", {"width": 390, "height": 844}, True)):
        page = browser.new_page(viewport=viewport, locale="ko-KR", is_mobile=mobile, has_touch=mobile)
        page.goto(url, wait_until="load")
        page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
        page.click("button[role=tab]:has-text('영어 회화')")  # on a phone too: the tab row scrolls
        page.wait_for_selector("#pg-english-new-article", timeout=30_000)
        page.click("#pg-english-new-article")
        page.wait_for_selector("#pg-english-chat .pg-article-title", timeout=30_000)
        page.wait_for_function("() => !document.querySelector('#pg-english-send').disabled", timeout=30_000)
        page.fill("#pg-english-input textarea", "Yesterday I go to the library and i read a interesting book.")
        page.keyboard.press("Enter")
        page.wait_for_selector("#pg-english-chat .pg-fix del", timeout=30_000)
        page.wait_for_function("() => !document.querySelector('#pg-english-send').disabled", timeout=30_000)
        page.wait_for_timeout(2500)
        if mobile:  # the chat at the top of the screen, scrolled to the correction
            page.evaluate("() => window.scrollTo(0, document.querySelector('#pg-english-chat')"
                          ".getBoundingClientRect().top + window.scrollY - 4)")
            page.evaluate("() => { const fix = [...document.querySelectorAll('#pg-english-chat .pg-fix')].pop();"
                          " fix.scrollIntoView({block: 'start'}); window.scrollTo(0, document.querySelector("
                          "'#pg-english-chat').getBoundingClientRect().top + window.scrollY - 4); }")
            page.wait_for_timeout(500)
        page.screenshot(path=f"{out}/{name}.png", full_page=not mobile)


def lab(page: Page, url: str, out: str) -> None:
    """The Lab's traces: the table and one turn's detail with its waterfall (the turns the shots above ran)."""
    page.goto(url, wait_until="load")
    page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    page.wait_for_timeout(1000)
    page.click("#pg-tab-lab-button")
    page.wait_for_selector("#pg-lab-traces [role=gridcell]", timeout=30_000)
    page.locator("#pg-lab-traces [role=gridcell]", has_text="이번 주 성과 어때?").first.click()
    page.wait_for_selector("#pg-lab-waterfall .js-plotly-plot", timeout=30_000)
    page.wait_for_timeout(1000)
    top = page.locator("#pg-lab-view-traces").bounding_box()["y"]
    bottom = page.locator("#pg-lab-waterfall").bounding_box()
    page.screenshot(path=f"{out}/lab.png", full_page=True,
                    clip={"x": 0, "y": top, "width": 1440, "height": bottom["y"] + bottom["height"] - top + 16})


def evals(page: Page, url: str, out: str) -> None:
    """The Lab's Evals view after a run of the shipped tutor suite on the offline model: progress and results."""
    page.goto(url, wait_until="load")
    page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
    page.wait_for_timeout(1000)
    page.click("#pg-tab-lab-button")
    page.wait_for_selector("#pg-lab-tabs", timeout=30_000)
    page.click("#pg-lab-view-evals-button")
    page.click("#pg-evals-suite input")
    page.get_by_role("option", name="📦 tutor").first.click()
    page.click("#pg-evals-run")
    page.wait_for_function("() => { const b = document.querySelector('#pg-evals-progress');"
                           " return b && ['passed', 'failed', 'error'].includes(b.dataset.status) }", timeout=120_000)
    page.wait_for_selector("#pg-evals-cases [role=gridcell]", timeout=30_000)
    page.wait_for_timeout(1500)
    top = page.locator("#pg-lab-tabs").bounding_box()["y"]
    bottom = page.locator("#pg-evals-cases").bounding_box()
    page.screenshot(path=f"{out}/evals.png", full_page=True,
                    clip={"x": 0, "y": top, "width": 1440, "height": bottom["y"] + bottom["height"] - top + 16})


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else "docs"
    if sys.argv[2:] == ["streamlit"]:
        streamlit_shots(target)
    else:
        main(target)
