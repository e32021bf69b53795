"""Issue 28: a refusal the runtime raises as "Korean (English)" is shown by the Streamlit app in the UI's language
only (AppTest): an oversized message in the English chat, and again after a reload of the conversation."""

from __future__ import annotations

import pytest

from agents.core.guards import GuardSettings
from tests.streamlit.conftest import APP, send, texts


@pytest.fixture
def english(store, monkeypatch):
    """The app as an English browser opens it (``st.context.locale`` is ``en-US``)."""
    monkeypatch.setattr("agents.view.texts.lang_from", lambda tag: "en")
    testing = pytest.importorskip("streamlit.testing.v1")
    at = testing.AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_an_oversized_message_is_refused_in_english_only(english):
    huge = "x" * (GuardSettings().max_input_chars + 1)
    shown = texts(send(english, huge))
    # before: "... The message is 8,001 characters long ..." under "메시지가 8,001자로 한도 8,000자를 넘어 ..."
    assert f"The message is {len(huge):,} characters long; the limit is 8,000." in shown
    assert "메시지가" not in shown and "한도" not in shown
