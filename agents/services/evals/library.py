"""The suites a person can run: the shipped ones, ``agents/<id>/evals.yaml`` (read-only) and their own, made or
edited in the Lab and kept in DuckDB. Every save is checked like a suite file, so nothing that would be
refused at run time is ever stored."""

from __future__ import annotations

import threading
from datetime import datetime
from pathlib import Path

from typing_extensions import TypedDict

from agents.core.agent import list_agents
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.store import Store
from agents.services.evals import spec
from agents.services.evals.from_chat import add_case
from agents.services.evals.loader import LoadedSuite, SuiteError, load_suite, parse_suite
from agents.services.evals.store import EvalRepo


class SuiteNotFound(PlaygroundError):
    code = "suite_not_found"


_parsed: dict[Path, tuple[int, LoadedSuite | None]] = {}
_parsed_lock = threading.Lock()


def shipped() -> list[LoadedSuite]:
    """The suites shipped with the app, each parsed once per version of its file (a broken one is skipped
    here; CI refuses it)."""
    out = []
    for path in sorted(a.evals for a in list_agents() if a.evals is not None and a.evals.is_file()):
        stamp = path.stat().st_mtime_ns
        with _parsed_lock:
            cached = _parsed.get(path)
        if cached is None or cached[0] != stamp:
            try:
                loaded: LoadedSuite | None = load_suite(path)
            except SuiteError:
                loaded = None
            with _parsed_lock:
                _parsed[path] = (stamp, loaded)
            cached = (stamp, loaded)
        if cached[1] is not None:
            out.append(cached[1])
    return out


class ListedSuite(TypedDict):
    name: str
    agent: str
    cases: int
    shipped: bool  # one of the agents' own suites, not the owner's
    updated_at: datetime | None  # None for a shipped suite


def listing(store: Store, owner: str) -> list[ListedSuite]:
    """Shipped suites first, then the owner's, newest first."""
    rows: list[ListedSuite] = [{"name": s.suite.suite, "agent": s.suite.agent, "cases": len(s.suite.cases), "shipped": True,
             "updated_at": None} for s in shipped()]
    rows += [{"name": r["name"], "agent": r["agent_id"], "cases": r["cases"], "shipped": False,
              "updated_at": r["updated_at"]} for r in EvalRepo(store.db).suites(owner)]
    return rows


def get(store: Store, owner: str, name: str, *, allow_code: bool = False) -> LoadedSuite:
    """``allow_code``: local mode, where ``python:`` assertions may run (code.py)."""
    row = EvalRepo(store.db).suite(owner, name)
    if row is not None:
        return parse_suite(row["yaml"], f"{name}.yaml", allow_code=allow_code)
    for loaded in shipped():
        if loaded.suite.suite == name:
            return loaded
    raise SuiteNotFound(f"No suite named {name!r}. Pick one from the list, or create it.")


def save(store: Store, owner: str, text: str, *, allow_code: bool = False) -> LoadedSuite:
    """Check and store a suite's YAML under its own ``suite:`` name (a shipped name is refused: save a copy
    under another name)."""
    loaded = parse_suite(text, "suite.yaml", allow_code=allow_code)
    name = loaded.suite.suite
    if any(s.suite.suite == name for s in shipped()):
        raise PlaygroundError(f"{name!r} is a shipped suite and cannot be overwritten; change 'suite:' to save "
                              "your own copy.", code="shipped_suite")
    EvalRepo(store.db).save_suite(owner, name, loaded.suite.agent, text, len(loaded.suite.cases), system_clock())
    return loaded


def delete(store: Store, owner: str, name: str) -> None:
    if not EvalRepo(store.db).delete_suite(owner, name):
        raise SuiteNotFound(f"No suite of yours named {name!r}.")


def add_saved_case(store: Store, owner: str, suite_name: str, case: spec.Case, agent: str) -> LoadedSuite:
    """Append a case (from "Save as test case") to one of the owner's suites, creating it when new."""
    row = EvalRepo(store.db).suite(owner, suite_name)
    text = add_case(row["yaml"] if row else None, case, agent=agent, suite_name=suite_name,
                    file=f"{suite_name}.yaml")
    return save(store, owner, text)
