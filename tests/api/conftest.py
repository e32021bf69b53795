"""HTTP API clients in both modes, and API tokens for alice and bob."""

from __future__ import annotations

import os
from functools import cache

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from agents.core.agent import list_agents
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


# What create_api reads when it builds the app (the rest it reads per request, the store included: the burst
# counts live in each test's own database).
BUILD_ENV = ("SPACE_HOST", "PLAYGROUND_CORS_ORIGINS", "PLAYGROUND_MAX_BODY_BYTES")


@cache
def _api(mode: str, agents: tuple[str, ...], env: tuple[str | None, ...]) -> FastAPI:
    return create_api(mode, burst_limit=1000)  # type: ignore[arg-type]


def api_app(mode: str) -> FastAPI:
    """``create_api(mode, burst_limit=1000)``, built once per process for the same agents and build-time
    settings: building it costs 0.1-0.3 s, and several hundred tests use it."""
    return _api(mode, tuple(spec.id for spec in list_agents()), tuple(os.environ.get(k) for k in BUILD_ENV))


@pytest.fixture
def local(store) -> TestClient:
    return TestClient(api_app("local"))


@pytest.fixture
def shared(store) -> TestClient:
    return TestClient(api_app("shared"))


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
