"""Two stored runs side by side, and a matrix as a grid of cases × configurations.

Cases are matched by name. The list puts newly failing cases (regressions) first, then newly passing,
then the rest; each differing case carries its differing assertions and both cases' trace ids.
Metric deltas (latency p50 over user turns, tokens, cost) are computed with pandas from the stored steps.
"""

from __future__ import annotations

from datetime import datetime

from typing_extensions import TypedDict

from agents.core.errors import PlaygroundError
from agents.services.evals.rows import AssertionRow, CaseRow, RunListed, RunRow, StepRow
from agents.services.evals.store import EvalRepo

ORDER = {"regression": 0, "fixed": 1, "still_failing": 2, "skipped": 3, "added": 4, "removed": 5, "still_passing": 6}


class RunNotFound(PlaygroundError):
    code = "run_not_found"


class RunBrief(TypedDict):
    id: str
    suite: str
    agent_id: str
    provider: str
    model: str | None
    prompt_version: int | None
    status: str
    cases_total: int
    cases_passed: int
    cases_failed: int
    cases_skipped: int
    started_at: datetime


class CaseBrief(TypedDict):
    case_index: int
    status: str
    error: str | None
    conversation_id: str | None
    latency_ms: float | None
    tokens: int | None
    cost: float | None


class TurnRef(TypedDict):
    step_index: int
    kind: str
    turn_id: str | None
    action_id: str | None


class Verdict(TypedDict):
    status: str
    observed: object
    message: str


class Difference(TypedDict):
    step_index: int
    assertion_index: int
    kind: str
    spec: dict[str, object]
    a: Verdict | None  # None: the assertion is only in B's run
    b: Verdict | None


class Both(TypedDict):
    a: list[TurnRef]
    b: list[TurnRef]


class CaseChange(TypedDict):
    name: str
    change: str  # a key of ORDER
    a: CaseBrief | None  # None: the case is only in B's run
    b: CaseBrief | None
    differences: list[Difference]
    traces: Both


class Delta(TypedDict):
    a: float | int | None
    b: float | int | None
    delta: float | int | None


class Comparison(TypedDict):
    a: RunBrief
    b: RunBrief
    pass_rate: Delta
    metrics: dict[str, Delta]
    counts: dict[str, int]
    cases: list[CaseChange]


class MatrixColumn(TypedDict):
    run_id: str
    provider: str
    model: str | None
    prompt_version: int | None
    temperature: float | None
    max_output_tokens: int | None
    pass_rate: float | None


class MatrixRow(TypedDict):
    name: str
    cells: list[str | None]  # the case's status in each column's run (None: not in that run)


class MatrixGrid(TypedDict):
    matrix_id: str
    suite: str
    columns: list[MatrixColumn]
    rows: list[MatrixRow]


def get_run(repo: EvalRepo, run_id: str, owner: str | None) -> RunRow:
    run = repo.run(run_id, owner)
    if run is None:
        who = f" for user {owner!r}" if owner is not None else ""
        raise RunNotFound(f"No evaluation run {run_id!r}{who}. List runs with `playground eval list`.")
    return run


def pass_rate(run: RunListed) -> float | None:
    total = run["cases_total"] or 0
    return run["cases_passed"] / total if total else None


def metrics(repo: EvalRepo, run_id: str) -> dict[str, float | int | None]:
    import pandas as pd  # here, not at the top: the HTTP API imports this module, and pandas costs ~0.6 s

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


def compare_runs(repo: EvalRepo, run_a: str, run_b: str, owner: str | None = None) -> Comparison:
    a, b = get_run(repo, run_a, owner), get_run(repo, run_b, owner)
    cases_a = {c["name"]: c for c in repo.cases(run_a)}
    cases_b = {c["name"]: c for c in repo.cases(run_b)}
    asserts_a = _by_case(repo.assertions(run_a), cases_a)
    asserts_b = _by_case(repo.assertions(run_b), cases_b)
    turns_a = _turns(repo.steps(run_a), cases_a)
    turns_b = _turns(repo.steps(run_b), cases_b)
    names = list(cases_a) + [n for n in cases_b if n not in cases_a]
    rows: list[CaseChange] = []
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


def _run_view(run: RunRow) -> RunBrief:
    return RunBrief(id=run["id"], suite=run["suite"], agent_id=run["agent_id"], provider=run["provider"],
                    model=run["model"], prompt_version=run["prompt_version"], status=run["status"],
                    cases_total=run["cases_total"], cases_passed=run["cases_passed"], cases_failed=run["cases_failed"],
                    cases_skipped=run["cases_skipped"], started_at=run["started_at"])


def _case_view(case: CaseRow | None) -> CaseBrief | None:
    if case is None:
        return None
    return CaseBrief(case_index=case["case_index"], status=case["status"], error=case["error"],
                     conversation_id=case["conversation_id"], latency_ms=case["latency_ms"], tokens=case["tokens"],
                     cost=case["cost"])


def _by_case(rows: list[AssertionRow], cases: dict[str, CaseRow]) -> dict[str, dict[tuple[int, int], AssertionRow]]:
    names = {c["case_index"]: name for name, c in cases.items()}
    out: dict[str, dict[tuple[int, int], AssertionRow]] = {}
    for row in rows:
        out.setdefault(names[row["case_index"]], {})[(row["step_index"], row["assertion_index"])] = row
    return out


def _turns(steps: list[StepRow], cases: dict[str, CaseRow]) -> dict[str, list[TurnRef]]:
    names = {c["case_index"]: name for name, c in cases.items()}
    out: dict[str, list[TurnRef]] = {}
    for step in steps:
        out.setdefault(names[step["case_index"]], []).append(
            {"step_index": step["step_index"], "kind": step["kind"], "turn_id": step["turn_id"],
             "action_id": step["action_id"]})
    return out


def _verdict(row: AssertionRow | None) -> Verdict | None:
    return None if row is None else Verdict(status=row["status"], observed=row["observed"], message=row["message"])


def _differences(a: dict[tuple[int, int], AssertionRow], b: dict[tuple[int, int], AssertionRow]) -> list[Difference]:
    out: list[Difference] = []
    for key in sorted(set(a) | set(b)):
        ra, rb = a.get(key), b.get(key)
        if ra is not None and rb is not None and ra["status"] == rb["status"]:
            continue
        first = ra if ra is not None else b[key]  # the key is in a or in b
        out.append({"step_index": key[0], "assertion_index": key[1], "kind": first["kind"], "spec": first["spec"],
                    "a": _verdict(ra), "b": _verdict(rb)})
    return out


def matrix_grid(repo: EvalRepo, matrix_id: str, owner: str | None = None) -> MatrixGrid:
    """Cases × configurations: each cell is the case's status in that configuration's run."""
    runs = sorted(repo.runs(owner, matrix_id=matrix_id, limit=100), key=lambda r: r["started_at"])
    if not runs:
        raise RunNotFound(f"No matrix run {matrix_id!r}. List runs with `playground eval list`.")
    columns: list[MatrixColumn] = [{"run_id": r["id"], "provider": r["provider"], "model": r["model"],
                "prompt_version": r["prompt_version"], "temperature": r.get("temperature"),
                "max_output_tokens": r.get("max_output_tokens"), "pass_rate": pass_rate(r)} for r in runs]
    grid: dict[str, dict[str, str]] = {}  # case name -> run id -> status
    for r in runs:
        for case in repo.cases(r["id"]):
            grid.setdefault(case["name"], {})[r["id"]] = case["status"]
    return {"matrix_id": matrix_id, "suite": runs[0]["suite"], "columns": columns,
            "rows": [{"name": name, "cells": [cells.get(c["run_id"]) for c in columns]} for name, cells in grid.items()]}
