#!/usr/bin/env python3
"""Set-up with nothing but Python >= 3.11: `python3 dev.py run` or `python3 dev.py test`
(`python3 dev.py streamlit` starts the Streamlit front end instead of the Gradio app; `python3 dev.py run
--postgres` starts the app on a local PostgreSQL whose data is kept in .postgres/).

It creates (or reuses) .venv, installs the project when pyproject.toml changed, then
runs the app, the test suite or the benchmarks. Extra arguments go to the command.

`dev.py test` runs ruff, then mypy (strict, on the packages pyproject.toml names) beside pytest on every core
(pytest-xdist; a browser test module runs on one worker, its tests one after another: tests/conftest.py)
and prints the elapsed time.
`dev.py test --quick` leaves out the browser, the slow (property-based API runs) and the phrasing
corpus tests: the daily loop. `-n 0` runs in one process; other arguments go to pytest.
When PostgreSQL's server binaries are present, `dev.py test` then runs the store, service, eval and HTTP
tests a second time on a throw-away PostgreSQL (PLAYGROUND_TEST_PG=1, see tests/conftest.py), and says
so when they are missing. `dev.py test --no-pg` leaves that pass out.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import threading
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("PLAYGROUND_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def ensure_env() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may be run by an older python3
        sys.exit(f"Python 3.11 or newer is needed; this is {sys.version.split()[0]}.")
    if not PY.exists():
        print(f"creating {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / ".installed"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != digest:
        print("installing agent-playground and its dependencies ...", flush=True)
        subprocess.run([PY, "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
        # [dev] includes [streamlit]: `dev.py test` and `dev.py streamlit` both need it.
        subprocess.run([PY, "-m", "pip", "install", "-q", "-e", f"{ROOT}[dev,streamlit]"], check=True)
        stamp.write_text(digest)


QUICK = "not browser and not slow and not corpus"


def pytest_args(rest: list[str], cores: int | None = None, *, spare: bool = False) -> list[str]:
    """pytest's arguments for `dev.py test [--quick] [pytest args]`. ``spare``: one worker more than cores.

    `--quick` runs no browser test, and a part of its tests' time is spent waiting on a subprocess, a socket or
    a thread: one worker more than cores kept both cores busier (1.87 cores used against 1.64, stop 41). The
    whole run keeps one worker per core: with a spare one it took as long (19 min 16 s against 19 min 33 s,
    both cores already busy) with the load at 9 while two browser modules ran, which their timeouts are not
    sized for. (The browser modules only ever go to the first `cores` workers: tests/conftest.py.)"""
    args = [a for a in rest if a != "--quick"]
    if "--quick" in rest:
        args = ["-m", QUICK, *args]
    if not any(a.startswith(("-n", "--numprocesses", "--dist")) for a in args) and "no:xdist" not in args:
        workers = (cores or os.cpu_count() or 1) + (1 if spare else 0)
        args = ["-n", str(max(2, min(workers, 8))), "--dist", "loadgroup", *args]
    return args


# What the PostgreSQL pass runs: the store, the services, the evals and the HTTP API (not the UI; the API tests that
# are about a DuckDB file are marked duckdb_only and skipped there).
PG_TESTS = ["tests/test_store.py", "tests/test_pg_store.py", "tests/test_actions.py", "tests/test_action_races.py",
            "tests/test_confirm_delete_race.py", "tests/test_usage_limits.py", "tests/test_feedback.py",
            "tests/test_turn_loop.py", "tests/services", "tests/evals", "tests/api"]


def postgres_missing() -> str | None:
    """None when PostgreSQL's server binaries are found; else why not (tests/support/postgres.py decides)."""
    found = subprocess.run([PY, "-c", "from tests.support.postgres import binaries, missing_reason; "
                                      "print('' if binaries() else missing_reason())"],
                           capture_output=True, text=True, cwd=ROOT)
    return found.stdout.strip() or None if found.returncode == 0 else found.stderr.strip()[-300:]


def run_pg_tests(rest: list[str]) -> int:
    missing = postgres_missing()
    if missing:
        print(f"dev.py test: PostgreSQL pass skipped: {missing}", flush=True)
        return 0
    print("dev.py test: PostgreSQL pass (the store, service, eval and HTTP API tests on a throw-away server)", flush=True)
    chosen = [a for a in rest if a != "--quick"]
    paths = [] if any(not a.startswith("-") for a in chosen) else PG_TESTS  # named tests: just those, again
    args = pytest_args(["--quick", *[a for a in rest if a != "--quick"], *paths])
    return subprocess.run([PY, "-m", "pytest", *args], env={**compiled_env(), "PLAYGROUND_TEST_PG": "1"}).returncode


def compiled_env() -> dict[str, str]:
    """The environment for the test processes, with Python's compiled modules kept under the venv.

    With PYTHONDONTWRITEBYTECODE (set on these machines) every pytest worker compiled the ~700 test modules
    and rewrote their asserts again: ~10 s of CPU per process, before a test ran. PYTHONPYCACHEPREFIX keeps
    the files out of the tree, as that setting intends."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.setdefault("PYTHONPYCACHEPREFIX", str(VENV / "pycache"))
    return env


def run_tests(rest: list[str]) -> int:
    with_pg = "--no-pg" not in rest
    rest = [a for a in rest if a != "--no-pg"]
    started = time.monotonic()
    lint = subprocess.run([BIN / "ruff", "check", "."])
    # mypy --strict on the packages listed in pyproject.toml [tool.mypy] (incremental: .mypy_cache), beside
    # pytest rather than before it: a clean clone's first mypy is most of a minute of one core. Its report is
    # printed in one piece as soon as it is done, so that pytest's closing line stays the last (CI reads it).
    types = subprocess.Popen([PY, "-m", "mypy"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    reported = threading.Thread(target=lambda: print(f"\nmypy: {types.communicate()[0].strip()}", flush=True))
    reported.start()
    # The elapsed time is printed by tests/conftest.py above pytest's closing line.
    env = {**compiled_env(), "PLAYGROUND_DEV_TEST_STARTED": str(time.time() - (time.monotonic() - started))}
    tests = subprocess.run([PY, "-m", "pytest", *pytest_args(rest, spare="--quick" in rest)], env=env)
    reported.join()
    pg = run_pg_tests(rest) if with_pg else 0
    return lint.returncode or types.returncode or tests.returncode or pg


def main() -> int:
    command, *rest = sys.argv[1:] or ["run"]
    commands = {
        "run": [PY, str(ROOT / "app.py"), *rest],
        # `streamlit run streamlit_app.py`, with the pages/ folder never served (see pages/streamlit/launch.py)
        "streamlit": [PY, "-m", "pages.streamlit.launch", *rest],
        "test": None,
        "bench": None,
        "lint": [BIN / "ruff", "check", str(ROOT)],
        "screenshots": [PY, "-m", "tests.screenshots", str(ROOT / "docs")],
    }
    if command not in commands:
        sys.exit(f"unknown command {command!r}; use one of: {', '.join(commands)}")
    ensure_env()
    os.chdir(ROOT)
    if command == "bench":
        codes = [subprocess.run([PY, "-m", f"tests.bench.{name}", *rest]).returncode
                 for name in ("bench_store", "bench_startup", "bench_marketing", "bench_providers",
                              "bench_shopping_nlu", "bench_travel", "bench_lab", "bench_evals", "bench_browser", "bench_scale")]
        return max(codes)
    if command == "test":
        return run_tests(rest)
    if command == "run" and "--postgres" in rest:
        # A local PostgreSQL for trying the team set-up: data kept in .postgres/, stopped with the app.
        if postgres_missing():
            sys.exit(f"--postgres: {postgres_missing()}")
        app = [a for a in commands["run"] if a != "--postgres"]
        return subprocess.run([PY, "-m", "tests.support.postgres", str(ROOT / ".postgres"), *map(str, app)]).returncode
    return subprocess.run(commands[command]).returncode


if __name__ == "__main__":
    raise SystemExit(main())
