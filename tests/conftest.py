"""Every test runs offline against a fresh database in a temp dir, with no API keys.

The fresh database is a copy of one migrated once per session (per xdist worker): migrating
core and five agents costs 0.2-0.5 s, a copy a few milliseconds. A test that needs a file that
does not exist yet is marked ``fresh_db``.

``PLAYGROUND_TEST_PG=1`` runs the same tests on PostgreSQL: a throw-away server per session (per xdist
worker, tests/support/postgres.py), and each test gets its own database copied from a migrated template
through ``PLAYGROUND_DATABASE_URL``. Tests that need PostgreSQL whatever the pass use the ``postgres``
fixture (skipped, with the reason, where the server's binaries are missing)."""

from __future__ import annotations

import ipaddress
import os
import shutil
import socket
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

# The user's own database lives under XDG_DATA_HOME (or ~/.local/share): point it at a throw-away folder for the
# whole run, before any project import, so a test or a child process that loses PLAYGROUND_DB can never open,
# migrate or damage the real one.
os.environ["XDG_DATA_HOME"] = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"playground-test-home-{os.getpid()}")
# The CLI and the app's start-up speak the terminal's language (agents/cli/texts.py): pin "no language named"
# (refusals in both languages, labels in English) whatever the machine's locale; a test names one when it needs it.
# (An empty variable counts as unset, as POSIX reads the locale.)
os.environ["LANG"] = "C.UTF-8"
os.environ["LC_ALL"] = os.environ["LC_MESSAGES"] = os.environ["PLAYGROUND_LANG"] = ""

from agents.core import agent as agent_registry
from agents.core.clock import FrozenClock
from agents.core.store import Store, reset_shared_store
from tests.support import notes_agent
from tests.support.postgres import TempPostgres, binaries, missing_reason

KEY_VARS = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL", "GEMINI_API_KEY", "GOOGLE_API_KEY", "GEMINI_MODEL",
            "GEMINI_BASE_URL", "TAVILY_API_KEY", "TAVILY_BASE_URL")
_real_connect = socket.socket.connect
ON_PG = os.environ.get("PLAYGROUND_TEST_PG", "") not in ("", "0")
PG_TEMPLATE = "playground_template"
FROZEN_NOW = datetime(2026, 11, 2, 9, 0, 0)  # the clock fixture's instant


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


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        # Every test in tests/browser drives Chromium, marked or not (four modules were not, and ran in --quick).
        if item.nodeid.startswith("tests/browser/") and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)
        only = item.get_closest_marker("duckdb_only")
        if ON_PG and only is not None:
            item.add_marker(pytest.mark.skip(reason=f"DuckDB only: {only.args[0] if only.args else ''}"))


# The browser tests: each module is one unit of work, so that its tests share the module's Chromium (and the
# process's server) on one worker. Only the first BROWSER_WORKERS workers take one while other work is left: a run
# with more workers than cores (`-n 3` here) still has at most two browser modules at once.
BROWSER_TESTS = "tests/browser/"
BROWSER_WORKERS = max(2, os.cpu_count() or 1)
# Modules whose last test reads what the others counted in the same process (schemathesis's case count):
# one unit each, or a worker that ran only the last test sees nothing counted and fails.
TOGETHER = (BROWSER_TESTS, "tests/api/test_schemathesis.py")


def _worker_index(node: Any) -> int:
    """0 for xdist's gw0, 1 for gw1, ..."""
    return int(str(node.gateway.id).removeprefix("gw") or 0)


@pytest.hookimpl(tryfirst=True, optionalhook=True)  # optional: a run with -p no:xdist has no such hook
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` with each browser module as one group, run by the first workers only.

    Why not an ``xdist_group`` mark: xdist 3.8 groups by a suffix it writes to ``item._nodeid``, and pytest 9.2
    reads the node id from ``item._id``; the suffix is lost. The scheduler sees node ids only, so the group
    comes from the path.

    Until stop 41 every browser and Streamlit test ran one after another on one worker: two browser tests side
    by side had timed out on CI (the Evals view at 390 px) when each test built its own app and server, seconds
    of CPU. They share one server per process now (tests/browser/conftest.py ``_live``), a browser test spends
    most of its time waiting on the page (about 0.4 of a core), and that one worker's chain was the run's
    critical path (about 14 of its minutes). xdist orders the units by size, so the browser modules start
    first; a worker past the first BROWSER_WORKERS skips them while any other unit is left (never idles: with
    only browser modules left it takes one)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class BrowserModulesTogether(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(TOGETHER):
                return nodeid.split("::", 1)[0]
            return super()._split_scope(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            if _worker_index(node) >= BROWSER_WORKERS:
                other = next((scope for scope in self.workqueue if not scope.startswith(BROWSER_TESTS)), None)
                if other is not None:
                    self.workqueue.move_to_end(other, last=False)
            super()._assign_work_unit(node)

    return BrowserModulesTogether(config, log)


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


@pytest.fixture(scope="session")
def _demo_marketing_db(_template_db: Path) -> Path:
    """The template with the marketing sandbox of "demo" seeded at the clock fixture's instant: what the first
    Session of the `mkt` fixture (tests/marketing/conftest.py) writes into a fresh copy, ~15 ms of CPU in each of
    ~600 marketing tests. Seeded by the agent's own setup_user, so its rows are the same."""
    from agents.core.agent import all_migrations
    from agents.core.store import open_store

    path = _template_db.with_name("demo-marketing.duckdb")
    shutil.copyfile(_template_db, path)
    store = open_store(path, all_migrations())
    setup = agent_registry.get_agent("marketing").setup_user
    assert setup is not None
    setup(store, "demo", FROZEN_NOW)
    store.db.execute("CHECKPOINT")
    store.close()
    return path


def _seeded_copy(request: pytest.FixtureRequest) -> Path | None:
    """The seeded template for a test whose database `mkt` seeds first, as "demo" at the default instant (the
    `clock` it gets, possibly a module's own, is asked); None for any other test: it seeds its own."""
    if "mkt" not in request.fixturenames or request.node.get_closest_marker("fresh_db") is not None:
        return None
    clock: FrozenClock = request.getfixturevalue("clock")
    if clock() != FROZEN_NOW:
        return None
    path: Path = request.getfixturevalue("_demo_marketing_db")
    return path


@pytest.fixture(scope="session")
def postgres() -> Iterator[TempPostgres]:
    """One throw-away PostgreSQL server for the session (per xdist worker), stopped at the end."""
    if binaries() is None:
        pytest.skip(missing_reason())
    server = TempPostgres().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def _pg_template(request: pytest.FixtureRequest) -> TempPostgres | None:
    """On the PostgreSQL pass: the session's server with a migrated template database."""
    if not ON_PG:
        return None
    from agents.core.agent import all_migrations
    from agents.core.store import open_store
    from agents.core.store.migrations import migrate
    from agents.services.evals.store import EVAL_MIGRATIONS

    server: TempPostgres = request.getfixturevalue("postgres")
    agent_registry.register_agent(notes_agent.AGENT)
    store = open_store(server.create_database(PG_TEMPLATE), all_migrations())
    migrate(store.db, EVAL_MIGRATIONS)
    store.close()
    return server


_pg_counter = iter(range(1, 10**9))


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, request: pytest.FixtureRequest,
             _template_db: Path, _pg_template: TempPostgres | None) -> Iterator[None]:
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    for var in KEY_VARS:
        monkeypatch.delenv(var, raising=False)
    db = tmp_path / "playground.duckdb"
    if request.node.get_closest_marker("fresh_db") is None:
        seeded = _seeded_copy(request) if _pg_template is None else None
        shutil.copyfile(seeded or _template_db, db)  # already migrated: the runtime finds nothing left to apply
    monkeypatch.setenv("PLAYGROUND_DB", str(db))
    pg_name = None
    if _pg_template is not None:
        pg_name = f"test_{os.getpid()}_{next(_pg_counter)}"
        fresh = request.node.get_closest_marker("fresh_db") is not None
        monkeypatch.setenv("PLAYGROUND_DATABASE_URL",
                           _pg_template.create_database(pg_name, template=None if fresh else PG_TEMPLATE))
    else:
        monkeypatch.delenv("PLAYGROUND_DATABASE_URL", raising=False)
    monkeypatch.setenv("PLAYGROUND_MAP_TILES", "0")  # a browser under test fetches no map tiles either
    monkeypatch.delenv("PLAYGROUND_DAILY_LIMIT", raising=False)
    monkeypatch.delenv("PLAYGROUND_MAX_INPUT_CHARS", raising=False)
    monkeypatch.delenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", raising=False)
    reset_shared_store()
    agent_registry.register_agent(notes_agent.AGENT)
    yield
    reset_shared_store(checkpoint=False)  # the test's database is thrown away: its log need not be written into it
    if pg_name is not None and _pg_template is not None:
        _pg_template.drop_database(pg_name)


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock(FROZEN_NOW)


@pytest.fixture
def store(clock: FrozenClock) -> Store:
    from agents.core.session import runtime_store

    return runtime_store(clock=clock)

