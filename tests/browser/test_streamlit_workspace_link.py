"""Issue 28 in the Streamlit app (real `streamlit run`, headless Chromium) at 1440 and 390 px: a reply's
"작업 공간" is a link to the workspace panel's heading, and a click brings that heading into the viewport
(on a phone the panel is stacked above the chat, scrolled away once the conversation runs on)."""

from __future__ import annotations

import pytest

from tests.browser.test_streamlit_page import INPUT, _send, streamlit_url  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(1440, 900), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_replys_workspace_link_scrolls_to_the_panel(streamlit_url, browser, size) -> None:  # noqa: F811
    with browser:
        page = browser.new_page(viewport={"width": size[0], "height": size[1]}, locale="ko-KR")
        page.goto(streamlit_url + "travel", wait_until="load")
        page.wait_for_selector(INPUT, timeout=60_000)
        for text in ("라멘집 추천해줘", "센소지 주변 맛집", "3박 4일 일정 짜줘"):
            _send(page, text)
        link = page.locator('[data-testid=stChatMessage] a[href="#pg-workspace"]').last
        link.wait_for(timeout=30_000)
        assert link.inner_text() == "작업 공간"
        link.scroll_into_view_if_needed()
        top = "() => document.querySelector('#pg-workspace').getBoundingClientRect().top"
        before = page.evaluate(top)
        link.click()
        page.wait_for_timeout(800)
        after = page.evaluate(top)
        print(f"streamlit workspace top at {size}: {before:.0f} -> {after:.0f}")
        assert 0 <= after < size[1] - 100, (before, after)
        assert len(page.context.pages) == 1 and page.url.endswith("travel#pg-workspace")  # same page, no new tab
        browser.close()
