"""Races on one pending action, run with real threads (issue 8).

Each race checks the invariant a user relies on: what ran is exactly what the row says
ran, and every caller was told the truth about its own request.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from agents.core.errors import ActionBusy, ActionRefused
from agents.core.providers.offline import OfflineProvider, call
from agents.core.session import Session
from tests.support.helpers import one

RACES = 100


def _propose(clock, text: str) -> tuple[Session, str]:
    session = Session("notes", provider=OfflineProvider.scripted(call("add_note", {"text": text})), clock=clock)
    return session, one(session.run(f"add {text}"), "action_confirmation").action_id


def _race(*calls: Callable[[], Any]) -> list[Any]:
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = calls[i]()
        except (ActionRefused, ActionBusy) as exc:
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def _executed(store, action_id: str) -> list[str]:
    row = store.actions.get(action_id)
    return [row.result["text"]] if row.status == "COMPLETED" else []


@pytest.mark.parametrize("modifiers", [1, 2], ids=["single", "double"])
def test_modify_racing_confirm_runs_exactly_the_claimed_args(store, clock, modifiers: int) -> None:
    outcomes: Counter[str] = Counter()
    for i in range(RACES):
        session, action_id = _propose(clock, f"old {i}")
        new_texts = [f"new {i}.{k}" for k in range(modifiers)]
        modifies = [partial(session.modify_action, action_id, {"text": t}) for t in new_texts]
        results = _race(*modifies, partial(session.confirm_action, action_id))
        row = store.actions.get(action_id)
        notes = [r[0] for r in store.db.fetchall("SELECT text FROM test_notes WHERE text LIKE ?", [f"% {i}%"])]
        # The confirm always wins or loses cleanly: exactly one execution, of the row's args.
        assert row.status == "COMPLETED", (i, results)
        assert notes == [row.tool_args["text"]] == _executed(store, action_id), (i, notes, row.tool_args)
        for text, result in zip(new_texts, results[:-1], strict=True):
            if isinstance(result, Exception):
                assert result.code in {"action_confirmed", "action_executing", "action_completed"}, result
            else:
                # A modify that said "saved" really was saved before the claim.
                assert result.tool_args["text"] == text
        winners = [r.tool_args["text"] for r in results[:-1] if not isinstance(r, Exception)]
        if winners:
            assert row.tool_args["text"] in winners
            outcomes["new args ran"] += 1
        else:
            assert row.tool_args["text"] == f"old {i}"
            outcomes["old args ran"] += 1
        outcome = results[-1]
        assert not isinstance(outcome, Exception) and outcome.status == "COMPLETED"
        assert outcome.result == {"text": row.tool_args["text"]}
    print(f"\n{modifiers} modify + 1 confirm x {RACES}: {dict(outcomes)}; 0 ran stale args")


def test_confirm_racing_cancel_tells_the_loser_why(store, clock) -> None:
    told: Counter[str] = Counter()
    for i in range(50):
        session, action_id = _propose(clock, f"c {i}")
        confirmed, cancelled = _race(partial(session.confirm_action, action_id),
                                     partial(session.cancel_action, action_id))
        row = store.actions.get(action_id)
        if isinstance(cancelled, Exception):
            assert row.status == "COMPLETED" and confirmed.status == "COMPLETED"
            assert cancelled.code in {"action_confirmed", "action_executing", "action_completed"}
            assert "cannot be cancelled" in cancelled.message and "실행" in cancelled.message
            told["cancel lost"] += 1
        else:
            assert row.status == "CANCELLED" and isinstance(confirmed, Exception)
            assert confirmed.code == "action_cancelled"
            told["confirm lost"] += 1
        assert row.status != "PENDING"
    assert sum(told.values()) == 50


def test_concurrent_modifies_never_raise_a_raw_conflict(store, clock) -> None:
    session, action_id = _propose(clock, "base")
    texts = [f"m{k}" for k in range(12)]
    for _ in range(5):
        results = _race(*[lambda t=t: session.modify_action(action_id, {"text": t}) for t in texts])
        for result in results:
            # Every modify either saved (and returns its own args) or got a clear, named busy error.
            assert not isinstance(result, Exception) or result.code == "action_busy", result
        saved = [r.tool_args["text"] for r in results if not isinstance(r, Exception)]
        assert store.actions.get(action_id).tool_args["text"] in saved
    assert session.confirm_action(action_id).status == "COMPLETED"
