"""The seed routes are as bounded as /api/v1 (issue 26's caps): a body over PLAYGROUND_MAX_BODY_BYTES is
refused with 413 before it is read, with or without a Content-Length, and nothing is stored. Before: the
/seeds/ paths fell under the larger cap of the Gradio UI (1.2 MB), so a 1 MB chat body was read whole."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from agents.core.session import runtime_store

ROUTES = ["/seeds/000/api/agent/chat", "/seeds/003/api/agent", "/seeds/001/api/projects/trip_x/chat",
          "/seeds/001/api/projects/trip_x/chat/apply-itinerary"]


@pytest.mark.parametrize("path", ROUTES)
def test_a_body_over_the_api_cap_is_413_unread(local: TestClient, monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    monkeypatch.setenv("PLAYGROUND_MAX_BODY_BYTES", "2000")
    big = b'{"message": "' + b"a" * 1_000_000 + b'"}'
    refused = local.post(path, params={"user": "alice"}, content=big, headers={"Content-Type": "application/json"})
    assert refused.status_code == 413 and refused.json()["error"]["code"] == "body_too_large"
    assert refused.headers["connection"] == "close" and "2,000" in refused.json()["error"]["message"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams
        yield b'{"message": "'
        for _ in range(100):
            yield b"a" * 1000

    streamed = local.post(path, params={"user": "alice"}, content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413 and "more than 2,000 bytes" in streamed.json()["error"]["message"]
    assert runtime_store().conversations.count("alice", archived=None) == 0
