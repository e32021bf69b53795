"""Issue 28: in an English browser at 390 px the Lab's empty Traces table showed its Korean column names
("시간 (UTC)", "에이전트", ...) from the moment the Lab opened until its first read came back. Reproduced on the
page once it had loaded; now every Lab table takes the browser's language when the page learns it."""

from __future__ import annotations

import re

import pytest

HANGUL = re.compile("[가-힣]")
# Every header the table shows, from the moment the Lab opens: a MutationObserver keeps each state.
WATCH = """() => { window.__pgHeads = [];
  const note = () => { const heads = [...document.querySelectorAll('#pg-lab-traces thead th')]
      .map((e) => e.innerText.trim()).filter(Boolean);
    if (heads.length) window.__pgHeads.push(heads.join(' | ')); };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, characterData: true}); }"""


@pytest.mark.parametrize("size", [(390, 844), (1440, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_an_english_lab_never_shows_korean_table_headers(open_page, size):
    page = open_page(size, "en-US", touch=size[0] < 500)
    # the page has loaded: it knows its language and has applied it (before the fix the tables kept
    # Korean whatever the wait)
    page.wait_for_function("() => document.body.dataset.pgTablesTranslated === '1'", timeout=30_000)
    page.evaluate(WATCH)
    page.locator("#pg-tabs button[role=tab]:has-text('Lab')").first.click()
    page.wait_for_selector("#pg-lab-traces thead th", timeout=30_000)
    page.wait_for_function("() => (document.querySelector('#pg-lab-page-note')?.innerText || '').trim()",
                           timeout=30_000)  # the first read is back
    seen = page.evaluate("() => window.__pgHeads")
    now = page.eval_on_selector_all("#pg-lab-traces thead th", "els => els.map(e => e.innerText.trim())")
    assert seen and now[0] == "Time (UTC)", (seen, now)
    # before: '시간 (UTC) | 에이전트 | 메시지 | 제공자/모델 | ...' first, then the English ones
    assert [s for s in seen if HANGUL.search(s)] == [], seen
