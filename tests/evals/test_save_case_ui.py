"""The "save as test case" panel's handlers, called directly with two viewers: a draft from your own
conversation, reviewed YAML saved into your suite, bad YAML and names refused with the reason."""

from __future__ import annotations

import pytest

from agents.core.errors import ConversationNotFound, PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import Session, runtime_store
from agents.services.evals import library
from pages.gradio.save_case import draft_for, save_draft

ALICE = Viewer(user_id="alice", source="local")
BOB = Viewer(user_id="bob", source="local")


def test_draft_review_and_save() -> None:
    s = Session("notes", user_id="alice")
    s.run("list my notes")
    text, note, agent = draft_for(s.conversation_id, ALICE)
    assert agent == "notes" and draft_for(["notes", s.conversation_id], ALICE)[2] == "notes"
    assert text.startswith("- name: list my notes") and "tool: list_notes" in text
    assert "# 더 제안된 검증" in text and "clarification: false" in text  # off by default, commented
    assert note.startswith("제안 (notes): 1 steps")
    edited = text.replace("- name: list my notes", "- name: lists on request")
    assert "lists on request" in save_draft("notes", "alice-notes", edited, ALICE)
    assert [c.name for c in library.get(runtime_store(), "alice", "alice-notes").suite.cases] == ["lists on request"]
    with pytest.raises(ConversationNotFound):
        draft_for(s.conversation_id, BOB)
    with pytest.raises(PlaygroundError, match="Suite names use letters"):
        save_draft("notes", "my suite!", edited, ALICE)
    with pytest.raises(PlaygroundError, match="turns: Field required"):
        save_draft("notes", "alice-notes", "name: only a name", ALICE)
    with pytest.raises(PlaygroundError, match="already has a case named 'lists on request'"):
        save_draft("notes", "alice-notes", edited, ALICE)
    assert draft_for(None, ALICE)[0] == ""
    with pytest.raises(PlaygroundError, match="Make a suggestion first"):
        save_draft(None, "alice-notes", edited, ALICE)
