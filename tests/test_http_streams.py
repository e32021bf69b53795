"""The SSE chat endpoint under hang-ups and contention, against a real uvicorn server (issue 8)."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from agents.core.agent import AgentSpec, register_agent, unregister_agent
from agents.core.events import TextDelta
from agents.core.locks import conversation_lock
from agents.core.turn import Turn

HANGUPS = 10


RELEASE = threading.Event()


def _slow(turn: Turn) -> Iterator[object]:
    """Answers "hi" at once; anything else streams until the test sets RELEASE (or 20 s)."""
    i = 0
    while True:
        turn.reply_parts.append(f"w{i} ")
        yield turn.emit(TextDelta, content=f"w{i} ")
        if turn.text == "hi" or RELEASE.wait(0.02) or i > 1000:
            return
        i += 1


@pytest.fixture
def server(store) -> Iterator[str]:
    uvicorn = pytest.importorskip("uvicorn")
    from agents.http.api import create_api

    RELEASE.clear()
    register_agent(AgentSpec(id="slow", title="slow", description="slow", system_prompt="", pipeline=_slow))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_api("local", burst_limit=10_000), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not srv.started and time.time() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)
        unregister_agent("slow")


def _events(response: httpx.Response) -> list[dict]:
    return [json.loads(line[6:]) for line in response.text.splitlines() if line.startswith("data: ")]


def _start_conversation(base: str) -> str:
    response = httpx.post(f"{base}/api/v1/agents/slow/chat", json={"message": "hi"}, timeout=10)
    assert response.status_code == 200
    return _events(response)[-1]["conversation_id"]


def _hang_up_after_first_text(base: str, conversation_id: str) -> None:
    body = json.dumps({"message": "long", "conversation_id": conversation_id}).encode()
    port = int(base.rsplit(":", 1)[1])
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"POST /api/v1/agents/slow/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    seen = b""
    while b"text_delta" not in seen:
        chunk = sock.recv(4096)
        assert chunk, seen
        seen += chunk
    assert b" 200 " in seen.split(b"\r\n", 1)[0]
    sock.close()  # the client is gone mid-stream


def test_hang_ups_release_the_conversation_and_keep_the_partial_reply(server, store) -> None:
    conversation_id = _start_conversation(server)
    lock = conversation_lock(conversation_id)
    waits = []
    for _ in range(HANGUPS):
        _hang_up_after_first_text(server, conversation_id)
        hung_up = time.perf_counter()
        while lock.locked() and time.perf_counter() - hung_up < 30:
            time.sleep(0.005)
        waits.append(time.perf_counter() - hung_up)
        assert not lock.locked(), "the conversation stayed locked after the client hung up"
    print(f"\n{HANGUPS} hang-ups: lock released after {min(waits) * 1000:.0f}-{max(waits) * 1000:.0f} ms "
          f"(median {sorted(waits)[len(waits) // 2] * 1000:.0f} ms)")
    # The next turn is accepted at once and completes.
    response = httpx.post(f"{server}/api/v1/agents/slow/chat", json={"message": "hi",
                                                                      "conversation_id": conversation_id}, timeout=10)
    assert response.status_code == 200 and _events(response)[-1]["type"] == "done"
    history = store.messages.recent(conversation_id, 100)
    interrupted = [m for m in history if m.role == "assistant" and m.status == "interrupted"]
    assert len(interrupted) == HANGUPS and all(m.content.startswith("w0 ") for m in interrupted)
    statuses = [r[0] for r in store.db.fetchall(
        "SELECT status FROM traces WHERE conversation_id = ? ORDER BY started_at, latency_ms", [conversation_id])]
    assert statuses.count("interrupted") == HANGUPS and statuses.count("done") == 2


def test_a_busy_conversation_answers_409_at_once_without_starving_the_server(server, store) -> None:
    conversation_id = _start_conversation(server)
    before = len(store.messages.recent(conversation_id, 100))
    with httpx.Client(timeout=30) as client, client.stream(
            "POST", f"{server}/api/v1/agents/slow/chat",
            json={"message": "long", "conversation_id": conversation_id}) as running:
        assert running.status_code == 200
        lines = running.iter_lines()  # keep it: a dropped iterator closes the connection (a hang-up)
        next(lines)  # the long turn has started and holds the conversation

        def knock(_: int) -> tuple[int, dict]:
            r = httpx.post(f"{server}/api/v1/agents/slow/chat", timeout=30,
                           json={"message": "me too", "conversation_id": conversation_id})
            return r.status_code, r.json()

        with ThreadPoolExecutor(45) as pool:
            knocks = pool.map(knock, range(45))
            started = time.perf_counter()
            agents = httpx.get(f"{server}/api/v1/agents", timeout=30)
            agents_ms = (time.perf_counter() - started) * 1000
            answers = list(knocks)
        assert agents.status_code == 200
        assert {status for status, _ in answers} == {409}, [a for a in answers if a[0] != 409][:2]
        assert {body["error"]["code"] for _, body in answers} == {"conversation_busy"}
        assert "not saved" in answers[0][1]["error"]["message"]
        RELEASE.set()
        assert "done" in "".join(lines)
    print(f"\n45 requests to a busy conversation: all 409; GET /api/v1/agents meanwhile took {agents_ms:.0f} ms")
    # None of the refused messages was stored; the long turn's own user message was.
    users = [m.content for m in store.messages.recent(conversation_id, 200)[before:] if m.role == "user"]
    assert users == ["long"]


def _race_http(*requests: tuple[str, dict]) -> list[httpx.Response]:
    barrier = threading.Barrier(len(requests))

    def send(request: tuple[str, dict]) -> httpx.Response:
        barrier.wait()
        return httpx.post(request[0], json=request[1], timeout=30)

    with ThreadPoolExecutor(len(requests)) as pool:
        return list(pool.map(send, requests))


def test_modify_racing_confirm_over_http_runs_the_claimed_args(server, store, clock) -> None:
    from agents.core.providers.offline import OfflineProvider, call
    from agents.core.session import Session
    from tests.support.helpers import one

    counts = {"new args ran": 0, "old args ran": 0}
    for i in range(50):
        session = Session("notes", provider=OfflineProvider.scripted(call("add_note", {"text": f"old {i}"})))
        action_id = one(session.run("add"), "action_confirmation").action_id
        modify, confirm = _race_http(
            (f"{server}/api/v1/actions/{action_id}/modify", {"args": {"text": f"new {i}"}}),
            (f"{server}/api/v1/actions/{action_id}/confirm", {}))
        assert confirm.status_code == 200 and confirm.json()["status"] == "COMPLETED", confirm.text
        row = store.actions.get(action_id)
        ran = confirm.json()["result"]["text"]
        assert ran == row.tool_args["text"] == row.result["text"]
        if modify.status_code == 200:
            assert modify.json()["tool_args"]["text"] == ran == f"new {i}"
            counts["new args ran"] += 1
        else:
            assert modify.status_code == 409 and ran == f"old {i}", modify.text
            counts["old args ran"] += 1
    print(f"\n50 HTTP modify/confirm races: {counts}; 0 ran args other than the row's")


def test_concurrent_modifies_over_http_never_answer_500(server, store) -> None:
    from agents.core.providers.offline import OfflineProvider, call
    from agents.core.session import Session
    from tests.support.helpers import one

    session = Session("notes", provider=OfflineProvider.scripted(call("add_note", {"text": "base"})))
    action_id = one(session.run("add"), "action_confirmation").action_id
    statuses: list[int] = []
    for _ in range(5):
        answers = _race_http(*[(f"{server}/api/v1/actions/{action_id}/modify", {"args": {"text": f"m{k}"}})
                               for k in range(20)])
        statuses += [a.status_code for a in answers]
        assert all(a.status_code == 200 or a.json()["error"]["code"] == "action_busy" for a in answers)
    print(f"\n100 concurrent HTTP modifies: {statuses.count(200)} saved, {statuses.count(409)} busy (409), 0 server errors")
    assert set(statuses) <= {200, 409}
