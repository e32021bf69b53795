"""HTTP API clients in both modes, and API tokens for alice and bob."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from agents.core.clock import system_clock
from agents.core.events import parse_event
from agents.http.api import create_api
from agents.services.access import issue_token


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def parse_sse(body: str) -> list:
    events = []
    for frame in body.strip().split("\n\n"):
        name, data = frame.split("\n")
        event = parse_event(data.removeprefix("data: "))
        assert name == f"event: {event.type}"
        events.append(event)
    return events


@pytest.fixture
def local(store) -> TestClient:
    return TestClient(create_api("local", burst_limit=1000))


@pytest.fixture
def shared(store) -> TestClient:
    return TestClient(create_api("shared", burst_limit=1000))


@pytest.fixture
def tokens(store) -> dict[str, str]:
    now = system_clock()
    return {user: issue_token(store, user, f"{user}'s script", now)[1] for user in ("alice", "bob")}


@pytest.fixture
def alice(shared, tokens) -> dict[str, str]:
    return bearer(tokens["alice"])


@pytest.fixture
def bob(shared, tokens) -> dict[str, str]:
    return bearer(tokens["bob"])
