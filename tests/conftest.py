"""Every test runs offline against a fresh database in a temp dir, with no API keys."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agents.core import agent as agent_registry
from agents.core.clock import FrozenClock
from agents.core.store import Store, reset_shared_store
from tests.support import notes_agent

KEY_VARS = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL", "GEMINI_API_KEY", "GOOGLE_API_KEY", "GEMINI_MODEL",
            "GEMINI_BASE_URL", "TAVILY_API_KEY", "TAVILY_BASE_URL")
_real_connect = socket.socket.connect


def _guarded_connect(self: socket.socket, address: object) -> object:
    host = address[0] if isinstance(address, tuple) else None
    if isinstance(host, str):
        try:
            allowed = ipaddress.ip_address(host).is_loopback
        except ValueError:
            allowed = host == "localhost"
        if not allowed:
            raise RuntimeError(f"tests must not touch the network (tried to connect to {address!r})")
    return _real_connect(self, address)


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    for var in KEY_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("PLAYGROUND_DB", str(tmp_path / "playground.duckdb"))
    monkeypatch.setenv("PLAYGROUND_MAP_TILES", "0")  # a browser under test fetches no map tiles either
    monkeypatch.delenv("PLAYGROUND_DAILY_LIMIT", raising=False)
    monkeypatch.delenv("PLAYGROUND_MAX_INPUT_CHARS", raising=False)
    monkeypatch.delenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", raising=False)
    reset_shared_store()
    agent_registry.register_agent(notes_agent.AGENT)
    yield
    reset_shared_store()


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock(datetime(2026, 11, 2, 9, 0, 0))


@pytest.fixture
def store(clock: FrozenClock) -> Store:
    from agents.core.session import runtime_store

    return runtime_store(clock=clock)
