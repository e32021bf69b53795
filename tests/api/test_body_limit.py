"""Issue 26 (A): a request body over the cap is refused with 413 before it is read into memory, with or
without a Content-Length, on the API and on Gradio's own routes; nothing of it reaches the store."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from agents.http.api import create_api
from agents.http.body_limit import BodyLimits, api_body_cap, document_body_cap
from tests.support.raw_http import ServerProcess, json_message_body, post

pytestmark = pytest.mark.duckdb_only("the measured server process opens its own DuckDB file")

MB = 2**20
# Generous: the server itself (Python, Gradio, DuckDB) moves by a few MB between two requests anyway.
MAX_GROWTH = 50 * MB


def _named_413(status: int, body: bytes, limit: int) -> None:
    assert status == 413, body[:300]
    error = json.loads(body)["error"]
    assert error["code"] == "body_too_large" and error["field"] == "body"
    # Korean first, then English, both naming the limit.
    assert error["message"].startswith("요청 본문이") and f"{limit:,}" in error["message"]
    assert "(The request body is" in error["message"] and f"the limit is {limit:,} bytes" in error["message"]


def test_huge_bodies_get_413_before_they_are_read_and_nothing_is_stored(tmp_path) -> None:
    server = ServerProcess(tmp_path / "body.duckdb")
    figures: dict[str, tuple[int, float, float]] = {}
    try:
        warm = post(server.port, "/api/v1/agents/notes/chat", b'{"message": "list my notes"}', chunked=False)
        assert warm.status == 200 and b"event: done" in warm.body
        for size_mb in (10, 50):
            body = json_message_body(size_mb * MB)
            for chunked in (False, True):
                server.reset_peak()
                before = server.rss()
                answer = post(server.port, "/api/v1/agents/notes/chat", body, chunked=chunked)
                growth = server.peak() - before
                figures[f"api {size_mb} MB {'chunked' if chunked else 'content-length'}"] = (
                    answer.status, growth / MB, answer.seconds)
                _named_413(answer.status, answer.body, api_body_cap())
                assert growth < MAX_GROWTH, figures
                assert answer.sent < len(body)  # the server stopped reading; the client could not send it all
                assert answer.seconds < 30, figures  # "quickly" (issue 26), generous for a loaded machine
        # Gradio's queue reads its whole JSON body with no limit of its own: the same middleware bounds it.
        body = json_message_body(50 * MB)
        for chunked in (False, True):
            server.reset_peak()
            before = server.rss()
            answer = post(server.port, "/gradio_api/queue/join", body, chunked=chunked)
            growth = server.peak() - before
            figures[f"gradio queue 50 MB {'chunked' if chunked else 'content-length'}"] = (
                answer.status, growth / MB, answer.seconds)
            _named_413(answer.status, answer.body, document_body_cap())
            assert growth < MAX_GROWTH, figures
        again = post(server.port, "/api/v1/agents/notes/chat", b'{"message": "list my notes"}', chunked=False)
        assert again.status == 200 and b"event: done" in again.body  # the server still serves
    finally:
        server.stop()
        print("\nbody-limit figures (status, peak growth MB, seconds):", json.dumps(figures, indent=1))
    from agents.core.session import runtime_store

    store = runtime_store(tmp_path / "body.duckdb")
    # Only the two small turns reached the store; no stored value comes near the refused bodies.
    assert store.db.fetchall("SELECT count(*) FROM messages WHERE role = 'user'") == [(2,)]
    assert _largest_value(store) < 100_000


def _largest_value(store) -> int:
    largest = 0
    for table, column in store.db.fetchall(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'main' "
            "AND table_catalog = current_database()"):
        row = store.db.fetchone(f'SELECT max(length(CAST("{column}" AS VARCHAR))) FROM "{table}"')
        largest = max(largest, row[0] or 0)
    return largest


# --- in process: the caps, the routes that take documents, chunked bodies ------------------------------


@pytest.fixture
def client(store) -> TestClient:
    return TestClient(create_api("local", burst_limit=1000))


def test_the_caps_derive_from_the_message_limit_and_are_documented_per_route(client, monkeypatch) -> None:
    # 6 bytes per character (a JSON \\uXXXX escape) for the longest message and its `extra`, plus envelope room.
    assert api_body_cap() == 6 * (8_000 + 20_000) + 16 * 1024
    monkeypatch.setenv("PLAYGROUND_MAX_INPUT_CHARS", "1000")
    assert api_body_cap() == 6 * (1_000 + 20_000) + 16 * 1024
    monkeypatch.setenv("PLAYGROUND_MAX_BODY_BYTES", "5000")
    assert api_body_cap() == 5000
    monkeypatch.setenv("PLAYGROUND_MAX_BODY_BYTES", "lots")
    with pytest.raises(ValueError, match="PLAYGROUND_MAX_BODY_BYTES must be a whole number"):
        api_body_cap()
    monkeypatch.delenv("PLAYGROUND_MAX_BODY_BYTES")
    paths = client.get("/api/openapi.json").json()["paths"]
    documents = {(path, method) for path, item in paths.items() for method, op in item.items()
                 if op.get("x-max-body-bytes") == document_body_cap()}
    assert {("/api/v1/evals/runs", "post"), ("/api/v1/evals/suites/{name}", "put"),
            ("/api/v1/tutor/chat", "post"), ("/api/v1/english/chat", "post"),
            ("/api/v1/prompts/{agent_id}", "post")} <= documents
    chat = paths["/api/v1/agents/{agent_id}/chat"]["post"]
    assert chat.get("x-max-body-bytes") is None and "413" in chat["responses"]  # the default cap
    assert all("413" in paths[path][method]["responses"] for path, method in documents)


def test_a_body_one_byte_over_is_refused_and_one_at_the_cap_is_read(client, monkeypatch, store) -> None:
    monkeypatch.setenv("PLAYGROUND_MAX_BODY_BYTES", "2000")
    envelope = len(b'{"message": ""}')
    at_cap = b'{"message": "' + b"a" * (2000 - envelope) + b'"}'
    assert len(at_cap) == 2000
    answer = client.post("/api/v1/agents/notes/chat", content=at_cap, headers={"Content-Type": "application/json"})
    assert answer.status_code == 200 and "event: done" in answer.text
    over = at_cap[:-2] + b'a"}'
    refused = client.post("/api/v1/agents/notes/chat", content=over, headers={"Content-Type": "application/json"})
    _named_413(refused.status_code, refused.content, 2000)
    assert "2,001" in refused.json()["error"]["message"]  # the size is known from Content-Length

    def chunks():  # no Content-Length: counted as it streams
        for _ in range(100):
            yield b"x" * 1000

    streamed = client.post("/api/v1/agents/notes/chat", content=chunks(), headers={"Content-Type": "application/json"})
    _named_413(streamed.status_code, streamed.content, 2000)
    assert "more than 2,000 bytes" in streamed.json()["error"]["message"]
    assert store.db.fetchall("SELECT count(*) FROM messages WHERE role = 'user'") == [(1,)]


def test_document_routes_take_more_than_the_chat_cap_but_not_without_bound(client, store) -> None:
    # A prompt over its own limit, every character a JSON \\uXXXX escape: a body over the API cap that a
    # document route still reads, so its own check names the problem instead of a bare 413.
    body = json.dumps({"content": "가" * 31_000}).encode()
    assert api_body_cap() < len(body) < document_body_cap()
    answer = client.post("/api/v1/prompts/marketing", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 422 and answer.json()["error"]["field"] == "content"
    assert "(The prompt is 31,000 characters long; keep it to 16,000.)" in answer.json()["error"]["message"]
    too_big = client.post("/api/v1/tutor/chat", content=b"x" * (document_body_cap() + 1),
                          headers={"Content-Type": "application/json"})
    _named_413(too_big.status_code, too_big.content, document_body_cap())
    small = client.post("/api/v1/agents/notes/chat", content=b"x" * (api_body_cap() + 1),
                        headers={"Content-Type": "application/json"})
    _named_413(small.status_code, small.content, api_body_cap())


def test_get_requests_and_small_bodies_pass_untouched() -> None:
    seen: list[bytes] = []

    async def app(scope, receive, send) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        seen.append(body)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    client = TestClient(BodyLimits(app, api_cap=lambda: 10, document_cap=lambda: 100, is_document=lambda path: False))
    assert client.post("/api/x", content=b"0123456789").text == "ok"
    assert client.post("/elsewhere", content=b"x" * 100).text == "ok"
    assert client.post("/elsewhere", content=b"x" * 101).status_code == 413
    assert client.get("/api/x").text == "ok"
    assert seen == [b"0123456789", b"x" * 100, b""]
