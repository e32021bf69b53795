"""The sixth agent (tests/support/notes_agent, loaded through PLAYGROUND_EXTRA_AGENTS) in the Streamlit app:
its page, its workspace panel, its board card drawn by its own renderer in the chat and in its slot."""

from __future__ import annotations

import pytest

from tests.streamlit.conftest import open_page, send, texts
from tests.support.notes_agent.store import NotesStore
from tests.support.registry_env import load_notes_through_env

BOARD = ('<ul class="pg-notes-board"><li class="pg-note pg-note-pinned">📌 call mum #family'
         '<span class="pg-note-tag">#family</span></li><li class="pg-note">buy milk</li></ul>')


@pytest.fixture
def notes_app(monkeypatch: pytest.MonkeyPatch, store):
    load_notes_through_env(monkeypatch)
    testing = pytest.importorskip("streamlit.testing.v1")
    from tests.streamlit.conftest import APP

    at = testing.AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return open_page(at, "notes")


def test_the_notes_page_shows_its_panel_and_draws_its_card(notes_app, store) -> None:
    at = notes_app
    assert "📌 **고정된 메모** · 고정된 메모가 없습니다." in texts(at)  # the panel, in the page's language
    NotesStore(store).add("demo", "call mum #family", pinned=True)
    NotesStore(store).add("demo", "buy milk", pinned=False)
    send(at, "show my board")
    assert [m.name for m in at.chat_message] == ["user", "assistant"]
    chat = [m.value for m in at.chat_message[1].markdown]
    assert chat == ["2 note(s) on the board.", BOARD]  # the streamed reply, then its card
    # the workspace column: the panel (read again) above the board slot, drawn by the same renderer
    page = [m.value for m in at.markdown]
    assert "📌 **고정된 메모** · 1\n\n- call mum #family" in page
    assert page.count(BOARD) == 2  # in the chat, then in the workspace's slot


def test_a_bad_agent_entry_is_one_error_on_the_page(monkeypatch: pytest.MonkeyPatch, store) -> None:
    from agents.core import agent as registry
    from tests.streamlit.conftest import APP

    monkeypatch.setenv("PLAYGROUND_EXTRA_AGENTS", "tests.support.no_such_agent")
    monkeypatch.setattr(registry, "_loaded", False)
    testing = pytest.importorskip("streamlit.testing.v1")
    at = testing.AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert [e.value for e in at.error] == [
        "**agent_entry**: PLAYGROUND_EXTRA_AGENTS 'tests.support.no_such_agent': 불러올 수 없습니다: "
        "ModuleNotFoundError: No module named 'tests.support.no_such_agent' (PLAYGROUND_EXTRA_AGENTS "
        "'tests.support.no_such_agent' cannot be loaded: ModuleNotFoundError: No module named "
        "'tests.support.no_such_agent')"]  # the catalogue's entry, both languages (no UI language yet)
    assert not at.chat_input  # no page was drawn
