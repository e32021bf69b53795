"""Every test runs offline against a fresh database in a temp dir, with no API keys.

The fresh database is a copy of one migrated once per session (per xdist worker): migrating
core and five agents costs 0.2-0.5 s, a copy a few milliseconds. A test that needs a file that
does not exist yet is marked ``fresh_db``."""

from __future__ import annotations

import ipaddress
import os
import shutil
import socket
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

# The user's own database lives under XDG_DATA_HOME (or ~/.local/share): point it at a throw-away folder for the
# whole run, before any project import, so a test or a child process that loses PLAYGROUND_DB can never open,
# migrate or damage the real one.
os.environ["XDG_DATA_HOME"] = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"playground-test-home-{os.getpid()}")

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser and Streamlit tests run one after another on one xdist worker (``--dist loadgroup``):
    each drives a server, a browser or a whole app, and two at once on two cores only time out."""
    for item in items:
        if item.get_closest_marker("browser") or "streamlit" in item.path.parent.parts[-1:]:
            item.add_marker(pytest.mark.xdist_group("ui"))


# Modules that build their cases while they are collected, with the marker all their tests carry: a run
# that deselects the marker (`dev.py test --quick`: -m "not slow ...") does not collect them at all.
# test_schemathesis.py derives ~240 cases from the OpenAPI document: about 7 s of CPU before a test runs.
COSTLY_TO_COLLECT = {"test_schemathesis.py": "slow"}


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    marker = COSTLY_TO_COLLECT.get(collection_path.name)
    expression = config.getoption("markexpr", "")
    if marker is None or not expression:
        return None
    from _pytest.mark.expression import Expression  # pytest's own -m parser: the same answer as deselection

    return True if not Expression.compile(expression).evaluate(lambda name: name == marker) else None


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    """`dev.py test` prints its elapsed time (ruff included) here, so that pytest's own closing line
    ("N passed ...") stays the last line, which CI reads."""
    started = os.environ.get("PLAYGROUND_DEV_TEST_STARTED")
    if started and not hasattr(config, "workerinput"):
        elapsed = time.time() - float(started)
        terminalreporter.write_line(f"dev.py test: {int(elapsed // 60)} min {elapsed % 60:.0f} s elapsed "
                                    f"(ruff and pytest; load average {os.getloadavg()[0]:.1f})")


@pytest.fixture(scope="session")
def _template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with every registered agent's migrations (and the eval tables), checkpointed so
    that the file alone holds it (no write-ahead log), made once per session."""
    from agents.core.agent import all_migrations
    from agents.core.store import open_store
    from agents.core.store.migrations import migrate
    from agents.services.evals.store import EVAL_MIGRATIONS

    agent_registry.register_agent(notes_agent.AGENT)
    path = tmp_path_factory.mktemp("template") / "playground.duckdb"
    store = open_store(path, all_migrations())
    migrate(store.db, EVAL_MIGRATIONS)
    store.db.execute("CHECKPOINT")
    store.close()
    assert not Path(f"{path}.wal").exists()
    return path


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, request: pytest.FixtureRequest,
             _template_db: Path) -> Iterator[None]:
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    for var in KEY_VARS:
        monkeypatch.delenv(var, raising=False)
    db = tmp_path / "playground.duckdb"
    if request.node.get_closest_marker("fresh_db") is None:
        shutil.copyfile(_template_db, db)  # already migrated: the runtime finds nothing left to apply
    monkeypatch.setenv("PLAYGROUND_DB", str(db))
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
