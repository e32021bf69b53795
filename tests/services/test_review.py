"""agents/services/review.py: 👎 turns and failed eval cases wait in their owner's queue, to be labelled, saved
as a test case (the existing save-case) or dismissed; another user's items read as not found."""

from __future__ import annotations

import re

import pytest

from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.services import review
from agents.services.evals import library
from agents.services.evals.loader import parse_suite
from agents.services.evals.runner import run_suite
from agents.services.review import ReviewItemNotFound

FAILING = """\
suite: notes-review
agent: notes
cases:
  - name: lists milk
    turns:
      - user: list my notes
        expect:
          - text_contains: milk
  - name: passes
    turns:
      - user: list my notes
        expect:
          - no_error: true
"""


def _disliked(clock, user: str = "ann", comment: str | None = "too short") -> str:
    session = Session("notes", user_id=user, provider=OfflineProvider.scripted(say("hi")), clock=clock)
    turn_id = session.run("hello there")[-1].turn_id
    session.store.feedback.rate(turn_id, user, "down", comment, clock())
    return turn_id


def test_a_thumbs_down_and_a_failed_case_wait_in_the_queue(store, clock):
    turn_id = _disliked(clock)
    [run] = run_suite(parse_suite(FAILING, "notes.yaml"), owner="ann", store=store)
    items = review.list_items(store, "ann")
    # Newest first: the run (wall clock) came after the 👎 (the frozen clock of 2026-11-02).
    assert [(i.source, i.id, i.status) for i in items] == [("eval", f"ev-{run.id}-0", "open"),
                                                           ("feedback", f"fb-{turn_id}", "open")]
    by_source = {i.source: i for i in items}
    fb, ev = by_source["feedback"], by_source["eval"]
    assert (fb.agent, fb.title, fb.detail, fb.turn_id) == ("notes", "hello there", "too short", turn_id)
    assert (ev.agent, ev.title, ev.suite, ev.case_index, ev.steps) == ("notes", "lists milk", "notes-review", 0, 1)
    assert "milk" in ev.detail  # the first failure's message
    assert [i.id for i in review.list_items(store, "ann", source="feedback")] == [fb.id]
    assert [i.id for i in review.list_items(store, "ann", source="eval")] == [ev.id]
    assert review.list_items(store, "bob") == []


def test_label_save_and_dismiss_move_items_out_of_the_open_list(store, clock):
    turn_id = _disliked(clock)
    [run] = run_suite(parse_suite(FAILING, "notes.yaml"), owner="ann", store=store)
    fb_id, ev_id = f"fb-{turn_id}", f"ev-{run.id}-0"
    labelled = review.label(store, "ann", fb_id, "incorrect", clock(), wrong_step=1, note=" greet back ")
    assert (labelled.status, labelled.label, labelled.wrong_step, labelled.note) == ("labelled", "incorrect", 1,
                                                                                     "greet back")
    assert {i.id: i.status for i in review.list_items(store, "ann")} == {fb_id: "labelled", ev_id: "open"}
    item, suite, count = review.save_case(store, "ann", fb_id, clock())
    assert (item.status, item.saved_suite, item.saved_case, suite, count) == (
        "saved", "notes-review", f"hello there ({turn_id[-6:]})", "notes-review", 1)
    loaded = library.get(store, "ann", suite)
    [case] = [c for c in loaded.suite.cases if c.name == item.saved_case]
    assert case.tags == ["saved", "thumbs-down", "review", "incorrect"]
    assert case.description == f"From review item {fb_id}; review: incorrect at step 1: greet back"
    assert [t.model_dump(exclude_none=True, by_alias=True)["user"] for t in case.turns] == ["hello there"]
    assert {"judge": "The reply avoids this problem: greet back"} in [
        a.model_dump(exclude_none=True, exclude_defaults=True) for a in case.turns[0].expect]
    dismissed = review.dismiss(store, "ann", ev_id, clock())
    assert dismissed.status == "dismissed"
    assert review.list_items(store, "ann") == []
    assert {i.id: i.status for i in review.list_items(store, "ann", status="all")} == {fb_id: "saved",
                                                                                       ev_id: "dismissed"}
    # A re-run (this time passing or failing anew) never re-opens the dismissed result.
    run_suite(parse_suite(FAILING.replace("text_contains: milk", "no_error: true"), "notes.yaml"), owner="ann",
              store=store)
    assert review.list_items(store, "ann") == []
    assert review.get_item(store, "ann", ev_id).status == "dismissed"


def test_a_failed_case_saves_from_its_sandbox_conversation(store, clock):
    [run] = run_suite(parse_suite(FAILING, "notes.yaml"), owner="ann", store=store)
    item, suite, count = review.save_case(store, "ann", f"ev-{run.id}-0", clock(), suite="my-regressions",
                                          name="milk again")
    assert (item.status, item.saved_case, suite, count) == ("saved", "milk again", "my-regressions", 1)
    [case] = library.get(store, "ann", "my-regressions").suite.cases
    assert [t.model_dump(exclude_none=True, by_alias=True)["user"] for t in case.turns] == ["list my notes"]


def test_another_users_items_read_as_not_found(store, clock):
    turn_id = _disliked(clock)
    [run] = run_suite(parse_suite(FAILING, "notes.yaml"), owner="ann", store=store)
    for item_id in (f"fb-{turn_id}", f"ev-{run.id}-0"):
        for attempt in (lambda i: review.get_item(store, "bob", i),
                        lambda i: review.label(store, "bob", i, "correct", clock()),
                        lambda i: review.save_case(store, "bob", i, clock()),
                        lambda i: review.dismiss(store, "bob", i, clock())):
            with pytest.raises(ReviewItemNotFound) as caught:
                attempt(item_id)
            assert caught.value.message == (f"리뷰 항목 {item_id!r}을(를) 사용자 'bob'의 큐에서 찾지 못했습니다. "
                                            f"(No review item {item_id!r} in 'bob''s queue.)")
    assert store.db.fetchall("SELECT count(*) FROM review_items") == [(0,)]
    assert library.listing(store, "bob") == [r for r in library.listing(store, "bob") if r["shipped"]]


def test_bad_input_is_refused_by_name(store, clock):
    turn_id = _disliked(clock)
    fb_id = f"fb-{turn_id}"
    cases = [
        (lambda: review.list_items(store, "ann", status="closed"), "status"),
        (lambda: review.list_items(store, "ann", source="slack"), "source"),
        (lambda: review.list_items(store, "ann", limit=10**9), "limit"),
        (lambda: review.get_item(store, "ann", "../../etc/passwd"), "id"),
        (lambda: review.get_item(store, "ann", "x" * 1_000_000), "id"),
        (lambda: review.label(store, "ann", fb_id, "meh", clock()), "label"),
        (lambda: review.label(store, "ann", fb_id, "incorrect", clock(), wrong_step=0), "wrong_step"),
        (lambda: review.label(store, "ann", fb_id, "incorrect", clock(), wrong_step=10**6), "wrong_step"),
        (lambda: review.label(store, "ann", fb_id, "incorrect", clock(), wrong_step=True), "wrong_step"),
        (lambda: review.label(store, "ann", fb_id, "correct", clock(), wrong_step=1), "wrong_step"),
        (lambda: review.label(store, "ann", fb_id, "incorrect", clock(), note="x" * 5_000_000), "note"),
        (lambda: review.label(store, "ann", fb_id, "incorrect", clock(), note=["x"]), "note"),
        (lambda: review.save_case(store, "ann", fb_id, clock(), suite="../etc"), "suite"),
        (lambda: review.save_case(store, "ann", fb_id, clock(), name="x" * 300), "name"),
    ]
    for attempt, field in cases:
        with pytest.raises(review.InvalidInput) as caught:
            attempt()
        assert caught.value.field == field
        korean, _, english = caught.value.message.partition(" (")
        assert re.search("[가-힣]", korean) and english.endswith(")") and len(caught.value.message) < 400
    assert store.db.fetchall("SELECT count(*) FROM review_items") == [(0,)]
