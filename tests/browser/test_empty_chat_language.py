"""Issue 28: the Gradio app's empty chat speaks the browser's language. Before, an en-US browser showed each agent's
Korean description and Korean example chips ("이번 주 성과 어때?"...) under the English tab title. A chip sends
the sentence it shows."""

from __future__ import annotations

import re

import pytest

from agents.core.agent import get_agent

HANGUL = re.compile("[가-힣]")


def _chips(page, agent_id: str) -> list[str]:
    return page.eval_on_selector_all(
        f"#pg-tab-{agent_id} .pg-suggestion", "els => els.filter(e => e.offsetParent !== null)"
        ".map(e => e.innerText.trim())")


@pytest.mark.parametrize("locale", ["en-US", "ko-KR"])
def test_the_empty_chat_speaks_the_browser_language(server, browser, locale):
    lang = "en" if locale == "en-US" else "ko"
    with browser:
        try:
            page = browser.new_page(viewport={"width": 1440, "height": 900}, locale=locale)
            page.goto(server, wait_until="load")
            page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
            for agent_id in ("marketing", "travel", "shopping", "tutor", "english"):
                spec = get_agent(agent_id)
                if agent_id != "marketing":
                    page.click(f"#pg-tabs button[role=tab]:has-text('{spec.title_in(lang)}')")
                chat = f"#pg-{agent_id}-chat"
                page.wait_for_selector(chat, state="visible", timeout=30_000)
                description = spec.description_in(lang)
                page.wait_for_function("([sel, text]) => document.querySelector(sel).innerText.includes(text)",
                                       arg=[chat, description[:40]], timeout=30_000)
                shown = page.inner_text(chat)
                assert spec.title_in(lang) in shown and description in " ".join(shown.split()), (agent_id, shown)
                expected = list(spec.examples_in(lang))[:4]
                page.wait_for_function("([sel, n]) => [...document.querySelectorAll(sel)]"
                                       ".filter(e => e.offsetParent !== null).length === n",
                                       arg=[f"#pg-tab-{agent_id} .pg-suggestion", len(expected)], timeout=30_000)
                assert _chips(page, agent_id) == expected, agent_id
                if lang == "en":
                    # before: '이번 주 성과 어때?' ... and the Korean description in an English browser
                    assert not HANGUL.search(shown), (agent_id, shown)
            # a chip sends what it shows (its text in the browser's language), and is understood
            page.click(f"#pg-tabs button[role=tab]:has-text('{get_agent('marketing').title_in(lang)}')")
            first = get_agent("marketing").examples_in(lang)[0]
            page.click(f"#pg-tab-marketing .pg-suggestion:has-text(\"{first}\")")
            page.wait_for_function("([sel, text]) => [...document.querySelectorAll(sel + ' .message')]"
                                   ".some(m => m.innerText.trim() === text)",
                                   arg=["#pg-marketing-chat", first], timeout=60_000)
        finally:
            browser.close()
