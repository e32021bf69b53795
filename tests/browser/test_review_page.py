"""The Lab's review queue in a real browser (issue 31): a 👎 on a reply → the item shows in the Lab's 리뷰 tab →
label it → save it as a test case → it leaves the open list; the view at 1440 and 390 px with nothing running
off sideways (PLAYGROUND_SCREENSHOTS=dir keeps the screenshots)."""

from __future__ import annotations

import pytest

from agents.services import review
from agents.services.evals import library
from tests.browser.test_chat_first import send, settle, shots
from tests.browser.test_lab_page import _lab

pytestmark = pytest.mark.browser

ROWS = "#pg-lab-review-table [role=row]:has([role=gridcell])"


def _rows(page) -> list[str]:
    return page.eval_on_selector_all(ROWS, "rows => rows.map(r => r.innerText)")


def test_thumbs_down_label_save_leaves_the_open_list(page, store, tmp_path):
    send(page, "marketing", "이번 주 성과 어때?")
    settle(page, "marketing")
    page.locator("#pg-marketing-chat button[aria-label='싫어요']").last.click(force=True)
    page.wait_for_selector("#pg-marketing-comment textarea", timeout=30_000)
    page.fill("#pg-marketing-comment textarea", "전환율부터 보여줘야 해요")
    page.click("#pg-marketing-comment-save")
    page.wait_for_function("() => !document.querySelector('#pg-marketing-comment textarea')", timeout=30_000)
    assert store.db.fetchall("SELECT rating, comment FROM feedback") == [("down", "전환율부터 보여줘야 해요")]
    [item] = review.list_items(store, "demo")

    _lab(page, "review")
    page.wait_for_function(f"() => document.querySelectorAll('{ROWS}').length === 1", timeout=30_000)
    [row] = _rows(page)
    assert "대기" in row and "👎 피드백" in row and "이번 주 성과 어때?" in row and "전환율부터 보여줘야 해요" in row
    assert page.locator("#pg-lab-review-count").inner_text().strip() == "검토 대기 1개 · 표시 1개"
    for toast in page.locator(".toast-close").all():  # the 👎's "saved" notice would cover the view
        toast.click()
    for width, name in ((1440, "review-1440.png"), (390, "review-390.png")):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(800)
        closed = width < 600 and page.locator(".sidebar.open .toggle-button").count() > 0
        if closed:  # the sidebar opened at desktop width covers a phone screen
            page.locator(".sidebar.open .toggle-button").first.click()
            page.wait_for_timeout(400)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.locator("#pg-lab-review-note").scroll_into_view_if_needed()
        page.screenshot(path=str(shots(tmp_path) / name), full_page=True)
        if closed:
            page.locator(".sidebar .toggle-button").first.click()
    page.set_viewport_size({"width": 1400, "height": 1000})

    page.fill("#pg-lab-review-step textarea, #pg-lab-review-step input", "1")
    page.fill("#pg-lab-review-note-text textarea", "KPI 표 앞에 전환율 요약")
    page.click("#pg-lab-review-label")
    page.wait_for_selector(f"#pg-lab-review-said:has-text('{item.id}')", timeout=30_000)
    assert "'틀림'(으)로 표시했습니다" in page.inner_text("#pg-lab-review-said")
    page.wait_for_function(f"() => [...document.querySelectorAll('{ROWS}')].some(r => r.innerText.includes('라벨 있음'))",
                           timeout=30_000)
    labelled = review.get_item(store, "demo", item.id)
    assert (labelled.status, labelled.label, labelled.wrong_step, labelled.note) == (
        "labelled", "incorrect", 1, "KPI 표 앞에 전환율 요약")

    page.click("#pg-lab-review-save")
    page.wait_for_selector("#pg-lab-review-said:has-text('marketing-review')", timeout=60_000)
    page.wait_for_selector("#pg-lab-review-count:has-text('검토할 항목이 없습니다')", timeout=30_000)
    assert _rows(page) == []
    saved = review.get_item(store, "demo", item.id)
    assert (saved.status, saved.saved_suite) == ("saved", "marketing-review")
    [case] = library.get(store, "demo", "marketing-review").suite.cases
    assert case.name == saved.saved_case and "incorrect" in case.tags
    assert [t.model_dump(exclude_none=True, by_alias=True)["user"] for t in case.turns] == ["이번 주 성과 어때?"]
    # Shown again with the handled items, as saved.
    page.click("#pg-lab-review-all input")
    page.wait_for_function(f"() => document.querySelectorAll('{ROWS}').length === 1", timeout=30_000)
    assert "케이스로 저장됨" in _rows(page)[0]
