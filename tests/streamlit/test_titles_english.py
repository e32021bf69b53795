"""Issue 28: an agent's title in an English browser is English (before: the Korean title in every language).
Each agent's spec carries both (``AgentSpec.title_en``, in its own folder); the Streamlit shell picks by the
browser's language: the navigation, the page's heading and the sidebar (AppTest)."""

from __future__ import annotations

import re

import pytest

from agents.core.agent import list_agents
from tests.streamlit.conftest import APP, open_page, texts

HANGUL = re.compile("[가-힣]")
ENGLISH = {"marketing": "Marketing Agent", "travel": "Travel Planner", "shopping": "Shopping Picks",
           "tutor": "Stock Tutor", "english": "English Conversation"}


@pytest.fixture
def english(store, monkeypatch):
    monkeypatch.setattr("agents.view.texts.lang_from", lambda tag: "en")  # st.context.locale is en-US
    testing = pytest.importorskip("streamlit.testing.v1")
    at = testing.AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_every_page_title_is_english_in_an_english_browser(english):
    specs = list_agents()
    names = [p["page_name"] for p in english._registered_pages.values()]
    # before: ['마케팅 에이전트', '여행 플래너', '쇼핑 재추천', '주식 튜터', '영어 회화', ...]
    assert names[:5] == [ENGLISH[s.id] for s in specs[:5]]
    assert names == [*[s.title_in("en") for s in specs], "Lab", "API"]
    assert not any(HANGUL.search(n) for n in names)
    for spec in specs[:5]:
        open_page(english, spec.id)
        assert f"### {ENGLISH[spec.id]}" in texts(english), spec.id
        sidebar = "\n".join(m.value for m in english.sidebar.markdown)
        assert f"· {ENGLISH[spec.id]}**" in sidebar and spec.title not in sidebar
