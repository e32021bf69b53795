"""The sixth agent (tests/support/notes_agent, loaded through PLAYGROUND_EXTRA_AGENTS) in the Gradio app: its
tab, its workspace panel, its board card in the chat and in its slot, its style sheet on the page."""

from __future__ import annotations

import pytest

from tests.support.notes_agent.store import NotesStore
from tests.support.registry_env import load_notes_through_env

pytestmark = pytest.mark.browser


@pytest.fixture
def notes_env(monkeypatch: pytest.MonkeyPatch, store):
    load_notes_through_env(monkeypatch)  # before the server builds the app
    NotesStore(store).add("demo", "call mum #family", pinned=True)
    NotesStore(store).add("demo", "<b>buy</b> milk", pinned=False)


def test_the_notes_tab_in_the_browser(notes_env, page) -> None:
    page.click("button[role='tab']:has-text('Notes (test agent)')")
    page.wait_for_selector("#pg-notes-pinned:has-text('call mum #family')", timeout=30_000)
    assert page.inner_text("#pg-notes-pinned").split() == ["📌", "고정된", "메모", "·", "1", "call", "mum", "#family"]
    page.fill("#pg-notes-input textarea", "show my board")
    page.click("#pg-notes-send")
    page.wait_for_selector("text=2 note(s) on the board.", timeout=30_000)
    chat = page.locator("#pg-notes-chat .pg-card-notes_board .pg-note")
    chat.first.wait_for(timeout=30_000)
    assert chat.all_inner_texts() == ["📌 call mum #family\n#family", "<b>buy</b> milk"]  # escaped, not bold
    slot = page.locator(".pg-slot-board .pg-note")
    slot.first.wait_for(timeout=30_000)
    assert slot.all_inner_texts() == chat.all_inner_texts()
    # its own style sheet (AgentSpec.ui.css) reached the page: a pinned note is orange
    colour = page.eval_on_selector(".pg-slot-board .pg-note-pinned", "e => getComputedStyle(e).backgroundColor")
    assert colour == "rgb(255, 210, 122)"
