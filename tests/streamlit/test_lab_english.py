"""Issue 28: the Streamlit Lab drawn for an English browser says nothing in Korean: the traces view with a
turn opened, and the eval runs view with a run's results and two runs compared (AppTest)."""

from __future__ import annotations

import re

import pytest

from agents.core.session import runtime_store
from agents.services.evals.loader import parse_suite
from agents.services.evals.runner import run_suite
from tests.evals.test_runner import MATRIX, scripted_by_model
from tests.streamlit.conftest import APP, open_page, send, texts

HANGUL = re.compile("[\uac00-\ud7a3\u3131-\u318e]")


@pytest.fixture
def english(store, monkeypatch):
    """The app as an English browser opens it (``st.context.locale`` is ``en-US``)."""
    monkeypatch.setattr("agents.view.texts.lang_from", lambda tag: "en")
    testing = pytest.importorskip("streamlit.testing.v1")
    at = testing.AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def shown_words(at) -> list[str]:
    """What the page says in its own words: text, widget labels, options, placeholders, help, buttons and
    table headers (not the recorded data: code blocks and JSON hold the turn's prompt and events)."""
    words = texts(at).splitlines()
    for kind in ("selectbox", "radio", "text_input", "checkbox", "button"):
        for widget in getattr(at, kind):
            words += [str(widget.label), str(getattr(widget.proto, "placeholder", "") or ""),
                      str(getattr(widget.proto, "help", "") or "")]
            if kind in ("selectbox", "radio"):
                words += [str(o) for o in widget.options]
    for frame in at.dataframe:
        words += [str(c) for c in frame.value.columns]
    return [w for w in words if w]


def test_the_lab_in_english_has_no_korean(english):
    send(open_page(english, "notes"), "list my notes")
    turn = runtime_store().db.execute("SELECT turn_id FROM traces").fetchone()[0]
    run_suite(parse_suite(MATRIX, "x.yaml"), provider_factory=scripted_by_model)

    open_page(english, "lab")
    english.selectbox(key="pg_lab_pick:demo").set_value(turn).run()
    assert not english.exception, [e.value for e in english.exception]
    words = shown_words(english)
    assert f"### `{turn}`" in texts(english) and "Local mode: everyone's turns" in texts(english)
    assert "Messages sent to the model" in words and "Agent" in words and "Time (UTC)" in words
    assert [w for w in words if HANGUL.search(w)] == []

    english.radio(key="pg_lab_view").set_value("evals").run()
    assert not english.exception, [e.value for e in english.exception]
    words = shown_words(english)
    assert "Compare two runs" in texts(english) and "Run id" in words and "A (baseline)" in words
    assert [w for w in words if HANGUL.search(w)] == []
