"""Two stored runs side by side, and a matrix as a grid of cases × configurations.

Cases are matched by name. The list puts newly failing cases (regressions) first, then newly passing,
then the rest; each differing case carries its differing assertions and both cases' trace ids.
Metric deltas (latency p50 over user turns, tokens, cost) are computed with pandas from the stored steps.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from agents.core.errors import PlaygroundError
from agents.services.evals.store import EvalRepo

ORDER = {"regression": 0, "fixed": 1, "still_failing": 2, "skipped": 3, "added": 4, "removed": 5, "still_passing": 6}


class RunNotFound(PlaygroundError):
    code = "run_not_found"


def get_run(repo: EvalRepo, run_id: str, owner: str | None) -> dict[str, Any]:
    run = repo.run(run_id, owner)
    if run is None:
        who = f" for user {owner!r}" if owner is not None else ""
        raise RunNotFound(f"No evaluation run {run_id!r}{who}. List runs with `playground eval list`.")
    return run


def pass_rate(run: dict[str, Any]) -> float | None:
    total = run["cases_total"] or 0
    return run["cases_passed"] / total if total else None


def metrics(repo: EvalRepo, run_id: str) -> dict[str, float | int | None]:
    steps = pd.DataFrame(repo.step_metrics(run_id), columns=["case_index", "step_index", "latency_ms", "tokens",
                                                             "cost"])
    latency = steps["latency_ms"].dropna()
    cost = steps["cost"]
    return {
        "turns": len(steps),
        "latency_p50_ms": round(float(latency.quantile(0.5)), 3) if len(latency) else None,
        "latency_p95_ms": round(float(latency.quantile(0.95)), 3) if len(latency) else None,
        "tokens": int(steps["tokens"].fillna(0).sum()),
        # One unknown price makes the total unknown: a partial sum would read as a real figure.
        "cost": None if cost.isna().any() or not len(cost) else round(float(cost.sum()), 8),
    }


def _delta(a: float | int | None, b: float | int | None) -> float | int | None:
    if a is None or b is None:
        return None
    if isinstance(a, int) and isinstance(b, int):
        return b - a  # counts stay counts
    return round(float(b) - float(a), 8)


def _change(a: str | None, b: str | None) -> str:
    """B's case against A's: a skipped case checked nothing, so it is neither passing nor failing: B skipped is
    its own change, and A skipped counts as not passing (B passing is newly passing) and not failing (B failing
    is newly failing)."""
    if a is None:
        return "added"
    if b is None:
        return "removed"
    if b == "skipped":
        return "skipped"
    if b == "passed":
        return "still_passing" if a == "passed" else "fixed"
    return "regression" if a in ("passed", "skipped") else "still_failing"


def compare_runs(repo: EvalRepo, run_a: str, run_b: str, owner: str | None = None) -> dict[str, Any]:
    a, b = get_run(repo, run_a, owner), get_run(repo, run_b, owner)
    cases_a = {c["name"]: c for c in repo.cases(run_a)}
    cases_b = {c["name"]: c for c in repo.cases(run_b)}
    asserts_a = _by_case(repo.assertions(run_a), cases_a)
    asserts_b = _by_case(repo.assertions(run_b), cases_b)
    turns_a = _turns(repo.steps(run_a), cases_a)
    turns_b = _turns(repo.steps(run_b), cases_b)
    names = list(cases_a) + [n for n in cases_b if n not in cases_a]
    rows = []
    for name in names:
        ca, cb = cases_a.get(name), cases_b.get(name)
        change = _change(ca["status"] if ca else None, cb["status"] if cb else None)
        rows.append({
            "name": name, "change": change,
            "a": _case_view(ca), "b": _case_view(cb),
            "differences": _differences(asserts_a.get(name, {}), asserts_b.get(name, {})),
            "traces": {"a": turns_a.get(name, []), "b": turns_b.get(name, [])},
        })
    rows.sort(key=lambda r: ORDER[r["change"]])
    ma, mb = metrics(repo, run_a), metrics(repo, run_b)
    counts = {k: sum(1 for r in rows if r["change"] == k) for k in ORDER}
    return {
        "a": _run_view(a), "b": _run_view(b),
        "pass_rate": {"a": pass_rate(a), "b": pass_rate(b), "delta": _delta(pass_rate(a), pass_rate(b))},
        "metrics": {k: {"a": ma[k], "b": mb[k], "delta": _delta(ma[k], mb[k])} for k in ma},
        "counts": counts, "cases": rows,
    }


def _run_view(run: dict[str, Any]) -> dict[str, Any]:
    keys = ("id", "suite", "agent_id", "provider", "model", "prompt_version", "status", "cases_total", "cases_passed",
            "cases_failed", "cases_skipped", "started_at")
    return {k: run[k] for k in keys}


def _case_view(case: dict[str, Any] | None) -> dict[str, Any] | None:
    if case is None:
        return None
    return {k: case[k] for k in ("case_index", "status", "error", "conversation_id", "latency_ms", "tokens", "cost")}


def _by_case(rows: list[dict[str, Any]], cases: dict[str, dict[str, Any]]) -> dict[str, dict[tuple[int, int], Any]]:
    names = {c["case_index"]: name for name, c in cases.items()}
    out: dict[str, dict[tuple[int, int], Any]] = {}
    for row in rows:
        out.setdefault(names[row["case_index"]], {})[(row["step_index"], row["assertion_index"])] = row
    return out


def _turns(steps: list[dict[str, Any]], cases: dict[str, dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    names = {c["case_index"]: name for name, c in cases.items()}
    out: dict[str, list[dict[str, Any]]] = {}
    for step in steps:
        out.setdefault(names[step["case_index"]], []).append(
            {"step_index": step["step_index"], "kind": step["kind"], "turn_id": step["turn_id"],
             "action_id": step["action_id"]})
    return out


def _differences(a: dict[tuple[int, int], Any], b: dict[tuple[int, int], Any]) -> list[dict[str, Any]]:
    out = []
    for key in sorted(set(a) | set(b)):
        ra, rb = a.get(key), b.get(key)
        if ra is not None and rb is not None and ra["status"] == rb["status"]:
            continue
        first = ra if ra is not None else b[key]  # the key is in a or in b
        out.append({"step_index": key[0], "assertion_index": key[1], "kind": first["kind"], "spec": first["spec"],
                    "a": None if ra is None else {k: ra[k] for k in ("status", "observed", "message")},
                    "b": None if rb is None else {k: rb[k] for k in ("status", "observed", "message")}})
    return out


def matrix_grid(repo: EvalRepo, matrix_id: str, owner: str | None = None) -> dict[str, Any]:
    """Cases × configurations: each cell is the case's status in that configuration's run."""
    runs = sorted(repo.runs(owner, matrix_id=matrix_id, limit=100), key=lambda r: r["started_at"])
    if not runs:
        raise RunNotFound(f"No matrix run {matrix_id!r}. List runs with `playground eval list`.")
    columns = [{"run_id": r["id"], "provider": r["provider"], "model": r["model"],
                "prompt_version": r["prompt_version"], "temperature": r.get("temperature"),
                "max_output_tokens": r.get("max_output_tokens"), "pass_rate": pass_rate(r)} for r in runs]
    grid: dict[str, dict[str, str]] = {}
    for r in runs:
        for case in repo.cases(r["id"]):
            grid.setdefault(case["name"], {})[r["id"]] = case["status"]
    return {"matrix_id": matrix_id, "suite": runs[0]["suite"], "columns": columns,
            "rows": [{"name": name, "cells": [cells.get(c["run_id"]) for c in columns]} for name, cells in grid.items()]}
