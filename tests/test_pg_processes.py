"""Two app processes (the HTTP API) on one PostgreSQL database (issue 32): pending actions run exactly once
whichever process each request reaches, and a conversation is busy in both while one of them runs its turn."""

from __future__ import annotations

import os
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.api_processes import api_processes
from tests.support.postgres import TempPostgres

ROOT = Path(__file__).resolve().parents[1]
RACES = 200
USER = "racer"


@pytest.fixture
def two_apps(postgres: TempPostgres, tmp_path: Path) -> Iterator[tuple[str, list[str], Path]]:
    """(database URL, the two processes' base URLs, the slow agent's release file)."""
    url = postgres.create_database(f"apps_{os.getpid()}_{time.monotonic_ns()}")
    release = tmp_path / "release"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PLAYGROUND_DATABASE_URL": url,
           "PLAYGROUND_EXTRA_AGENTS": "tests.support.notes_agent,tests.support.slow_agent",
           "SLOW_AGENT_RELEASE": str(release), "PLAYGROUND_DAILY_LIMIT": str(10**9)}
    with api_processes(env, 2, start_seconds=120) as bases:
        yield url, bases, release


def _events(response: httpx.Response) -> list[dict[str, Any]]:
    import json

    return [json.loads(line[6:]) for line in response.text.splitlines() if line.startswith("data: ")]


def _race(calls: list[tuple[str, str, dict[str, Any]]]) -> list[httpx.Response]:
    barrier = threading.Barrier(len(calls))
    out: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        base, path, body = calls[i]
        with httpx.Client(timeout=60) as client:
            barrier.wait()
            out[i] = client.post(f"{base}{path}", json=body)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


@pytest.mark.slow  # 800 requests through two app processes: minutes on a loaded 2-core machine
def test_confirm_confirm_modify_cancel_races_across_two_processes_run_each_action_once(two_apps) -> None:
    url, (a, b), _ = two_apps
    first = httpx.post(f"{a}/api/v1/agents/notes/chat", json={"message": "hello", "user": USER}, timeout=60)
    assert first.status_code == 200, first.text
    conversation_id = _events(first)[-1]["conversation_id"]

    from agents.core.actions import ActionService
    from agents.core.agent import all_migrations
    from agents.core.store import open_store

    store = open_store(url, all_migrations())  # a third process's view of the same database
    try:
        service = ActionService(store)
        outcomes: Counter[str] = Counter()
        for i in range(RACES):
            action = service.propose(user_id=USER, conversation_id=conversation_id, agent_id="notes",
                                     tool_name="add_note", args={"text": f"old {i}"})
            here, there = (a, b) if i % 2 else (b, a)
            responses = _race([
                (here, f"/api/v1/actions/{action.id}/confirm", {"user": USER}),
                (there, f"/api/v1/actions/{action.id}/confirm", {"user": USER}),
                (here, f"/api/v1/actions/{action.id}/modify", {"user": USER, "args": {"text": f"new {i}"}}),
                (there, f"/api/v1/actions/{action.id}/cancel", {"user": USER}),
            ])
            codes = [r.status_code for r in responses]
            assert set(codes) <= {200, 409}, (i, [r.text for r in responses])
            row = store.actions.get(action.id)
            assert row is not None
            ran = [r[0] for r in store.db.fetchall("SELECT text FROM test_notes WHERE user_id = ? AND text IN (?, ?)",
                                                   [USER, f"old {i}", f"new {i}"])]
            if row.status == "COMPLETED":
                # Exactly one execution, of the arguments the row holds; one confirm said so, the other refused.
                assert ran == [row.tool_args["text"]] == [row.result["text"]], (i, ran, row)
                assert codes[:2].count(200) == 1, (i, codes)
            else:
                assert row.status == "CANCELLED" and ran == [], (i, row.status, ran)
                assert codes[3] == 200 and 200 not in codes[:2], (i, codes)
            outcomes[f"{row.status} {row.tool_args['text'].split()[0]}"] += 1
        assert sum(outcomes.values()) == RACES
        print(dict(outcomes))
    finally:
        store.close()


def test_a_turn_in_one_process_makes_the_conversation_busy_in_the_other(two_apps) -> None:
    _, (a, b), release = two_apps
    first = httpx.post(f"{a}/api/v1/agents/slow/chat", json={"message": "hi", "user": USER}, timeout=60)
    conversation_id = _events(first)[-1]["conversation_id"]
    holder: dict[str, httpx.Response] = {}

    def long_turn() -> None:
        holder["a"] = httpx.post(f"{a}/api/v1/agents/slow/chat", timeout=60,
                                 json={"message": "wait", "user": USER, "conversation_id": conversation_id})

    thread = threading.Thread(target=long_turn)
    thread.start()
    try:
        time.sleep(1.0)  # A's turn holds the conversation
        for _ in range(3):
            busy = httpx.post(f"{b}/api/v1/agents/slow/chat", timeout=60,
                              json={"message": "hi", "user": USER, "conversation_id": conversation_id})
            assert busy.status_code == 409, busy.text
            assert busy.json()["error"]["code"] == "conversation_busy"
    finally:
        release.touch()
        thread.join(60)
    assert holder["a"].status_code == 200 and _events(holder["a"])[-1]["type"] == "done"
    # B's refused messages were never saved: the history is A's turns, one after the other.
    history = httpx.get(f"{b}/api/v1/conversations/{conversation_id}", params={"user": USER}, timeout=30).json()
    roles = [(m["role"], m["content"]) for m in history["messages"] if m["role"] == "user"]
    assert roles == [("user", "hi"), ("user", "wait")]
    after = httpx.post(f"{b}/api/v1/agents/slow/chat", timeout=60,
                       json={"message": "hi", "user": USER, "conversation_id": conversation_id})
    assert after.status_code == 200 and _events(after)[-1]["type"] == "done"
