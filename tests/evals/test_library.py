"""Suites kept in the Lab: the shipped ones read-only, each person's own checked before they are stored."""

from __future__ import annotations

import pytest

from agents.core.errors import PlaygroundError
from agents.core.session import Session, runtime_store
from agents.services.evals import library
from agents.services.evals.from_chat import suggest_case
from agents.services.evals.loader import SuiteError

MINE = """\
# my suite
suite: my-notes
agent: notes
cases:
  - name: lists
    turns:
      - user: list
        expect: [{tool: list_notes}]
"""


def test_listing_saving_and_isolation() -> None:
    store = runtime_store()
    names = [r["name"] for r in library.listing(store, "alice")]
    assert names[:5] == ["english", "marketing", "shopping", "travel", "tutor"]
    library.save(store, "alice", MINE)
    rows = library.listing(store, "alice")
    assert rows[-1] == {"name": "my-notes", "agent": "notes", "cases": 1, "shipped": False,
                        "updated_at": rows[-1]["updated_at"]}
    assert library.get(store, "alice", "my-notes").text == MINE  # comments kept
    assert "my-notes" not in [r["name"] for r in library.listing(store, "bob")]
    with pytest.raises(library.SuiteNotFound):
        library.get(store, "bob", "my-notes")
    assert library.get(store, "bob", "travel").suite.agent == "travel"  # shipped suites are everyone's
    library.save(store, "alice", MINE.replace("name: lists", "name: lists again"))
    assert [c.name for c in library.get(store, "alice", "my-notes").suite.cases] == ["lists again"]
    library.delete(store, "alice", "my-notes")
    with pytest.raises(library.SuiteNotFound):
        library.delete(store, "alice", "my-notes")


def test_a_bad_or_shipped_suite_is_not_stored() -> None:
    store = runtime_store()
    with pytest.raises(SuiteError, match="unknown assertion 'toool'"):
        library.save(store, "alice", MINE.replace("{tool:", "{toool:"))
    with pytest.raises(PlaygroundError, match="'travel' is a shipped suite and cannot be overwritten"):
        library.save(store, "alice", MINE.replace("suite: my-notes", "suite: travel"))
    assert library.listing(store, "alice")[-1]["shipped"]


def test_a_saved_case_goes_into_a_new_then_an_existing_suite() -> None:
    store = runtime_store()
    s = Session("notes", user_id="alice")
    s.run("list my notes")
    case = suggest_case(store, s.conversation_id, "alice", name="from chat").to_case()
    library.add_saved_case(store, "alice", "from-chat", case, "notes")
    loaded = library.add_saved_case(store, "alice", "from-chat", case.model_copy(update={"name": "again"}), "notes")
    assert [c.name for c in loaded.suite.cases] == ["from chat", "again"]
