"""Issue 13 in the browser: the first turn opens the article card (chat and workspace), a sentence with an
error gets its correction inline under the message with the changed words marked, then the reply; the
recent corrections list shows it; "새 기사로 시작" opens another article. Screenshots at 1440 and 390 px."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agents.english.store import EnglishStore

pytestmark = pytest.mark.browser

IDLE = "() => !document.querySelector('#pg-english-send').disabled"


def send(page, text: str) -> None:
    page.fill("#pg-english-input textarea", text)
    page.click("#pg-english-send")
    page.wait_for_timeout(300)
    page.wait_for_function(IDLE, timeout=30_000)


def chat_text(page) -> str:
    return page.inner_text("#pg-english-chat")


def test_article_then_inline_correction_then_reply(page, server, store, tmp_path) -> None:
    shots = Path(os.environ.get("PLAYGROUND_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1440, "height": 1000})
    page.click("button[role=tab]:has-text('영어 회화')")
    page.wait_for_selector("#pg-english-input textarea", timeout=30_000)

    send(page, "Hi! I'm ready to talk about the news.")
    # The article card comes first in the chat, and whole in the workspace (vocabulary and questions).
    page.wait_for_selector("#pg-english-chat .pg-article-title", timeout=30_000)
    title = page.inner_text("#pg-english-chat .pg-article-title")
    page.wait_for_function("(t) => document.querySelector('#pg-english-article')?.innerText.includes(t)", arg=title,
                           timeout=30_000)
    workspace = page.inner_text("#pg-english-article")
    assert "단어 (vocabulary)" in workspace and "토론 질문 (questions)" in workspace
    chat = chat_text(page)
    assert chat.index(title) < chat.index("Today's article is")  # the card before the reply
    assert "SYSTEM_ARTICLE" not in chat  # the marker is never a bubble

    send(page, "Yesterday I go to the library and i read a interesting book.")
    page.wait_for_selector("#pg-english-chat .pg-fix del", timeout=30_000)
    removed = page.locator("#pg-english-chat .pg-fix del").all_inner_texts()
    added = page.locator("#pg-english-chat .pg-fix ins").all_inner_texts()
    assert removed == ["go", "i", "a"] and added == ["went", "I", "an"]
    fix = page.locator("#pg-english-chat .pg-fix").last
    assert "과거" in fix.inner_text()  # the explanation, with its Korean tip
    # The correction sits on the learner's side, right under their message, then the tutor's reply.
    bubbles = page.evaluate("""() => [...document.querySelectorAll('#pg-english-chat .message-row')].map(row => ({
        user: row.classList.contains('user-row'), text: row.innerText}))""")
    mine = min(i for i, b in enumerate(bubbles) if "Yesterday I go" in b["text"])
    assert bubbles[mine]["user"] and "교정" not in bubbles[mine]["text"]
    assert bubbles[mine + 1]["user"] and "교정" in bubbles[mine + 1]["text"], bubbles[mine:]
    assert not bubbles[mine + 2]["user"] and bubbles[mine + 2]["text"].strip()
    page.wait_for_function("() => document.querySelector('#pg-english-recent del')", timeout=30_000)
    assert "went" in page.inner_text("#pg-english-recent")
    assert [c.corrected for c in EnglishStore(store).profile("demo", _now()).recentCorrections] == [
        "Yesterday I went to the library and I read an interesting book."]
    page.screenshot(path=str(shots / "english-1440.png"), full_page=True)

    page.click("#pg-english-new-article")
    page.wait_for_timeout(300)
    page.wait_for_function(IDLE, timeout=30_000)
    page.wait_for_function("(t) => { const c = document.querySelector('#pg-english-chat .pg-article-title');"
                           " return c && c.innerText !== t; }", arg=title, timeout=30_000)
    page.set_viewport_size({"width": 390, "height": 900})
    page.wait_for_timeout(500)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # nothing overflows sideways
    page.screenshot(path=str(shots / "english-390.png"), full_page=True)


def _now():
    from agents.core.clock import system_clock

    return system_clock()


def test_profile_editor_saves_and_names_a_bad_value(page, server, store) -> None:
    page.click("button[role=tab]:has-text('영어 회화')")
    page.wait_for_selector("#pg-english-new-article", timeout=30_000)
    page.click("#pg-english-profile .label-wrap")
    page.wait_for_function("() => document.querySelector('#pg-english-name input')?.value === 'Learner'",
                           timeout=30_000)
    page.fill("#pg-english-name input", "Mina")
    page.click("#pg-english-level label:has-text('초급')")
    page.fill("#pg-english-interests input", "soccer")
    page.keyboard.press("Enter")
    page.click("#pg-english-save")
    page.wait_for_function("() => document.querySelector('#pg-english-saved')?.innerText.includes('저장했어요')",
                           timeout=30_000)
    profile = EnglishStore(store).profile("demo", _now())
    assert (profile.name, profile.learningLevel) == ("Mina", "beginner") and "soccer" in profile.interests
    page.fill("#pg-english-name input", "")
    page.click("#pg-english-save")
    page.wait_for_selector(".toast-body:has-text('이름은 1-40자')", timeout=30_000)
    assert EnglishStore(store).profile("demo", _now()).name == "Mina"  # nothing changed
