"""Prompt studio: create from any version, diff, activate, roll back, a pick for one conversation or
one run, the trace records the version and the exact prompt, bad prompts are refused; in shared mode
only admins change the app-wide version and visitors' drafts stay theirs."""

from __future__ import annotations

import pytest

from agents.core.errors import ConversationNotFound, Forbidden, PlaygroundError
from agents.core.providers.offline import say
from agents.core.store.prompts import MAX_PROMPT_CHARS, InvalidPrompt
from agents.core.turn import TurnSettings
from agents.services.lab import prompts
from agents.services.lab.access import ADMINS_ENV, LabUser
from agents.services.lab.prompts import PromptNotFound


def _system(store, events):
    return store.traces.get(events[-1].turn_id)


def test_versions_create_diff_activate_roll_back_and_the_trace_records_them(store, clock, run, local_lab):
    listed = prompts.versions(store, "notes", local_lab)
    assert [(v.version, v.active, v.label) for v in listed] == [(0, True, "built-in")]
    base = listed[0].content
    v1 = prompts.create(store, "notes", base + "\nAnswer in one sentence.", local_lab, clock(), label="one sentence",
                        note="PM asked for shorter replies")
    clock.advance(minutes=5)
    v2 = prompts.create(store, "notes", v1.content.replace("one sentence", "two sentences"), local_lab, clock(),
                        label="two")
    assert (v1.version, v2.version, v1.active, v1.created_by) == (1, 2, False, "demo")
    assert [v.version for v in prompts.versions(store, "notes", local_lab)] == [2, 1, 0]

    # creating does not activate: turns still use the built-in prompt
    _, events = run("hello", say("hi"))
    trace = _system(store, events)
    assert (trace.prompt_version, trace.system_prompt) == (0, base)

    diff = prompts.diff(store, "notes", 1, 2, local_lab)
    assert (diff.added, diff.removed) == (1, 1)
    [changed] = [r for r in diff.rows if r.tag != "equal"]
    assert (changed.tag, changed.left_no, changed.right_no) == ("replace", 2, 2)
    assert [s.text for s in changed.left if s.changed] == ["one", "sentence."]
    assert [s.text for s in changed.right if s.changed] == ["two", "sentences."]
    assert "-Answer in one sentence." in diff.unified and "+Answer in two sentences." in diff.unified
    added = prompts.diff(store, "notes", 0, 1, local_lab)
    assert [r.tag for r in added.rows] == ["equal", "insert"] and added.rows[1].right[0].text == "Answer in one sentence."
    assert prompts.diff(store, "notes", 2, 2, local_lab).same

    prompts.activate(store, "notes", 1, local_lab, clock())
    _, events = run("hello", say("hi"))
    assert (_system(store, events).prompt_version, _system(store, events).system_prompt) == (1, v1.content)
    prompts.activate(store, "notes", 2, local_lab, clock())
    assert [v.version for v in prompts.versions(store, "notes", local_lab) if v.active] == [2]
    back = prompts.rollback(store, "notes", local_lab, clock())
    assert (back.version, back.action) == (1, "rollback")
    _, events = run("hello", say("hi"))
    assert _system(store, events).prompt_version == 1
    assert prompts.rollback(store, "notes", local_lab, clock()).version == 2  # roll back the roll back
    assert [(a.version, a.action) for a in prompts.history(store, "notes")] == [
        (2, "rollback"), (1, "rollback"), (2, "activate"), (1, "activate")]
    prompts.activate(store, "notes", 0, local_lab, clock())  # back to the code's prompt
    _, events = run("hello", say("hi"))
    assert _system(store, events).prompt_version == 0


def test_a_pick_for_one_conversation_or_one_run_without_activating(store, clock, run, local_lab):
    v1 = prompts.create(store, "notes", "Version one.", local_lab, clock())
    v2 = prompts.create(store, "notes", "Version two.", local_lab, clock())
    prompts.activate(store, "notes", v1.version, local_lab, clock())
    session, events = run("hello", say("hi"))
    other, _ = run("hello", say("hi"))
    prompts.pick(store, session.conversation_id, v2.version, local_lab, clock())
    _, events = run("again", say("hi"), conversation=session.conversation_id)
    assert _system(store, events).system_prompt == "Version two."
    _, events = run("again", say("hi"), conversation=other.conversation_id)
    assert _system(store, events).system_prompt == "Version one."  # others follow the active one
    # one run (a comparison side, an eval) overrides both
    _, events = run("again", say("hi"), conversation=session.conversation_id,
                    settings=TurnSettings(prompt_version=0))
    assert (_system(store, events).prompt_version, _system(store, events).system_prompt) == (
        0, "You manage the user's notes.")
    prompts.pick(store, session.conversation_id, None, local_lab, clock())
    _, events = run("again", say("hi"), conversation=session.conversation_id)
    assert _system(store, events).prompt_version == 1
    with pytest.raises(PromptNotFound):
        prompts.pick(store, session.conversation_id, 9, local_lab, clock())
    with pytest.raises(ConversationNotFound):
        prompts.pick(store, session.conversation_id, 1, LabUser("bob", "local"), clock())
    store.conversations.delete(session.conversation_id, "demo")
    assert store.db.fetchall("SELECT count(*) FROM prompt_picks") == [(0,)]


@pytest.mark.parametrize(("content", "message"), [
    ("", "empty"), ("   \n\t ", "empty"), ("\u200b\u200b", "empty"), ("x" * (MAX_PROMPT_CHARS + 1), "keep it to 16,000"),
    ("bad \x00 byte", "control character"), ("half \ud800", "lone surrogate"), (42, "must be text"),
])
def test_bad_prompts_are_refused_with_a_clear_message(store, clock, local_lab, content, message):
    with pytest.raises(InvalidPrompt, match=message) as exc:
        prompts.create(store, "notes", content, local_lab, clock())
    assert exc.value.field == "content" and exc.value.code == "invalid_prompt"
    assert store.db.fetchall("SELECT count(*) FROM prompts") == [(0,)]


def test_bad_labels_versions_and_agents_are_refused(store, clock, local_lab):
    with pytest.raises(InvalidPrompt, match="keep it to 60"):
        prompts.create(store, "notes", "ok", local_lab, clock(), label="x" * 61)
    with pytest.raises(PromptNotFound, match="no prompt version 3"):
        prompts.activate(store, "notes", 3, local_lab, clock())
    with pytest.raises(PlaygroundError, match="nothing to roll back"):
        prompts.rollback(store, "notes", local_lab, clock())
    with pytest.raises(PlaygroundError, match="Unknown agent"):
        prompts.versions(store, "nope", local_lab)
    assert prompts.create(store, "notes", "x" * MAX_PROMPT_CHARS, local_lab, clock()).version == 1  # the limit itself


def test_shared_mode_visitors_cannot_change_the_app_wide_prompt_and_drafts_stay_private(store, clock, monkeypatch):
    alice, bob = LabUser("anon-alice", "shared"), LabUser("anon-bob", "shared")
    draft = prompts.create(store, "notes", "Alice's draft", alice, clock(), label="mine")
    assert draft.shared is False
    with pytest.raises(Forbidden, match="Only prompt admins"):
        prompts.activate(store, "notes", draft.version, alice, clock())
    with pytest.raises(Forbidden):
        prompts.rollback(store, "notes", alice, clock())
    assert store.prompts.active_version("notes") == 0
    assert [v.version for v in prompts.versions(store, "notes", bob)] == [0]  # bob never sees alice's draft
    with pytest.raises(PromptNotFound):
        prompts.version(store, "notes", draft.version, bob)
    with pytest.raises(PromptNotFound):
        prompts.diff(store, "notes", 0, draft.version, bob)
    assert [v.version for v in prompts.versions(store, "notes", alice)] == [1, 0]

    monkeypatch.setenv(ADMINS_ENV, "hf-carol, hf-dan")
    carol = LabUser("hf-carol", "shared")
    assert carol.admin and not alice.admin
    assert [v.version for v in prompts.versions(store, "notes", carol)] == [1, 0]  # admins review drafts
    prompts.activate(store, "notes", draft.version, carol, clock())
    assert store.prompts.active_version("notes") == 1
    assert [v.version for v in prompts.versions(store, "notes", bob)] == [1, 0]  # active: everyone sees it
    assert prompts.create(store, "notes", "Carol's", carol, clock()).shared is True
    assert LabUser.cli().admin  # the server's own CLI
