"""Issue 28: an empty chat speaks the page's language. Before, an English browser got each agent's Korean
description and Korean example chips ("이번 주 성과 어때?"...) under the English title (AppTest, every agent)."""

from __future__ import annotations

import re

import pytest

from agents.core.agent import list_agents
from tests.streamlit.conftest import APP, open_page

HANGUL = re.compile("[가-힣]")
AGENTS = ("marketing", "travel", "shopping", "tutor", "english")


def _app(monkeypatch, lang: str):
    monkeypatch.setattr("agents.view.texts.lang_from", lambda tag: lang)  # st.context.locale is en-US / ko-KR
    testing = pytest.importorskip("streamlit.testing.v1")
    at = testing.AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _empty_chat(at, agent_id: str) -> tuple[list[str], list[str]]:
    """The page's captions and the chips (buttons keyed pg_suggest) of the agent's empty chat."""
    open_page(at, agent_id)
    assert not at.exception, [e.value for e in at.exception]
    chips = [b.label for b in at.button if str(b.key).startswith(f"pg_suggest:{agent_id}:")]
    return [c.value for c in at.caption], chips


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_empty_chat_speaks_the_page_language(store, monkeypatch, lang):
    at = _app(monkeypatch, lang)
    specs = {s.id: s for s in list_agents()}
    for agent_id in AGENTS:
        spec = specs[agent_id]
        captions, chips = _empty_chat(at, agent_id)
        assert spec.description_in(lang) in captions, (agent_id, captions)
        assert chips == list(spec.examples_in(lang))[:4], (agent_id, chips)
        if lang == "en":
            # before: the Korean description and chips (e.g. '이번 주 성과 어때?') in an English browser
            assert spec.description not in captions and not [c for c in chips if HANGUL.search(c)], agent_id
