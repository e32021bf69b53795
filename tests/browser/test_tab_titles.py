"""Issue 28: the agent tabs' titles follow the browser's language in the Gradio app (before: Korean in an
English browser). Each agent's spec carries its title in both languages; the shell gives the tab a catalogue
key that Gradio translates in the browser."""

from __future__ import annotations

import re

HANGUL = re.compile("[가-힣]")
ENGLISH = ["Marketing Agent", "Travel Planner", "Shopping Picks", "Stock Tutor", "English Conversation"]
KOREAN = ["마케팅 에이전트", "여행 플래너", "쇼핑 재추천", "주식 튜터", "영어 회화"]


def _tab_titles(server: str, browser, locale: str) -> list[str]:
    with browser:
        try:
            page = browser.new_page(viewport={"width": 1440, "height": 900}, locale=locale)
            page.goto(server, wait_until="load")
            page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
            # the top row of tabs only (the Lab's own tabs are inside it), once translated
            page.wait_for_function("() => document.querySelectorAll('#pg-tabs > div > div > button[role=tab], "
                                   "#pg-tabs button[role=tab]').length >= 7", timeout=30_000)
            titles = page.eval_on_selector_all(
                "#pg-tabs button[role=tab]", "els => els.filter(e => !e.closest('#pg-tab-lab'))"
                ".map(e => e.innerText.trim()).filter(Boolean)")
            return [*titles, page.inner_text("#pg-marketing-sidebar .pg-sidebar-title").strip()]  # the sidebar's
        finally:
            browser.close()


def test_every_tab_title_is_english_in_an_english_browser(server, browser):
    titles = _tab_titles(server, browser, "en-US")
    # before: ['마케팅 에이전트', '여행 플래너', '쇼핑 재추천', '주식 튜터', '영어 회화', ...] in en-US
    assert titles[:5] == ENGLISH and titles[-1] == "Marketing Agent", titles
    assert not [t for t in titles if HANGUL.search(t)], titles


def test_the_tab_titles_stay_korean_in_a_korean_browser(server, browser):
    titles = _tab_titles(server, browser, "ko-KR")
    assert titles[:5] == KOREAN and titles[-1] == "마케팅 에이전트", titles
