"""The release gate: a pass-rate threshold and a baseline file kept in the repository.

The baseline (``evals/baseline.json``, written by ``playground eval baseline update``) holds, per suite and
configuration, each case's status and pass rate. Against it a run fails the gate on any case that passed
in the baseline and does not pass now (a regression) and on a failing case the baseline does not know;
a case that already failed in the baseline is a known failure, reported but tolerated.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from typing_extensions import TypedDict

from agents.core.inputs import InvalidInput
from agents.services.evals.rows import CaseFields, RunDetail, RunListed
from agents.services.messages import say

VERSION = 1
MAX_BYTES = 2_000_000  # a baseline of every shipped case is ~15 KB; a bigger file is not one of ours


class CaseEntry(TypedDict):
    status: str
    pass_rate: float | None


class Entry(TypedDict):
    """One suite and configuration in the baseline file (``run_key``)."""

    suite: str
    agent: str
    run_id: str
    pass_rate: float | None
    cases: dict[str, CaseEntry]


class Baseline(TypedDict):
    version: int
    runs: dict[str, Entry]


def run_key(run: RunListed) -> str:
    """A suite and its configuration: what a baseline entry is kept under."""
    config = run["provider"] + (f"/{run['model']}" if run.get("model") else "") + (
        f" prompt v{run['prompt_version']}" if run.get("prompt_version") else "")
    return f"{run['suite']} [{config}]"


def case_pass_rate(case: CaseFields) -> float | None:
    """The case's pass rate: over its repeats when it was repeated, else 1 or 0 (None: nothing checked)."""
    rate = case.get("pass_rate")
    if rate is not None:
        return float(rate)
    if case["status"] == "skipped":
        return None
    return 1.0 if case["status"] == "passed" else 0.0


def entry(detail: RunDetail) -> Entry:
    run = detail["run"]
    return {"suite": run["suite"], "agent": run["agent_id"], "run_id": run["id"], "pass_rate": run["pass_rate"],
            "cases": {c["name"]: {"status": c["status"], "pass_rate": case_pass_rate(c)} for c in detail["cases"]}}


def read(path: str | Path) -> Baseline:
    """The baseline file; refused (naming ``--baseline``) when missing, too big or not a baseline."""
    where = Path(path)
    try:
        if not where.is_file():  # a folder, /dev/zero, a FIFO: nothing to read, or never done reading
            if not where.exists():
                raise FileNotFoundError(path)
            raise InvalidInput("--baseline", say("baseline_not_file", path=str(path)))
        with where.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise InvalidInput("--baseline", say("baseline_too_big", path=str(path), most=MAX_BYTES))
        data = json.loads(raw.decode("utf-8"))
    except FileNotFoundError as exc:
        raise InvalidInput("--baseline", say("baseline_missing", path=str(path), raw=path)) from exc
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise InvalidInput("--baseline", say("baseline_unreadable", path=str(path), error=exc)) from exc
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("runs"), dict) or \
            not all(isinstance(r, dict) and isinstance(r.get("cases"), dict)
                    and all(isinstance(c, dict) for c in r["cases"].values()) for r in data["runs"].values()):
        raise InvalidInput("--baseline", say("baseline_not_baseline", path=str(path), version=VERSION))
    return cast(Baseline, data)  # checked above as far as gate() reads it: version, runs of cases, each a mapping


def update(path: str | Path, details: list[RunDetail]) -> Baseline:
    """Write the runs' results into the baseline, keeping the entries of other suites and configurations."""
    where = Path(path)
    current: Baseline = read(where) if where.exists() else {"version": VERSION, "runs": {}}
    runs = dict(current["runs"])
    for detail in details:
        runs[run_key(detail["run"])] = entry(detail)
    current["runs"] = dict(sorted(runs.items()))
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        where.write_text(json.dumps(current, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise InvalidInput("--file", say("baseline_unwritable", path=str(path), error=exc.strerror)) from exc
    return current


@dataclass
class Gate:
    """Why a set of runs fails the gate (empty: it passes), and what was tolerated."""

    failures: list[str] = field(default_factory=list)
    known: list[str] = field(default_factory=list)  # failing in the baseline too

    @property
    def passed(self) -> bool:
        return not self.failures


def gate(details: list[RunDetail], *, min_pass_rate: float | None = None,
         baseline: Baseline | None = None) -> Gate:
    """Without a threshold or a baseline every case must pass (a skipped one checked nothing and is not
    counted as failing); ``min_pass_rate`` replaces that with the run's pass rate; ``baseline`` fails on
    regressions and on failing cases it does not know, and tolerates its known failures."""
    out = Gate()
    for detail in details:
        run = detail["run"]
        key = run_key(run)
        if run["status"] == "aborted":
            out.failures.append(f"{key}: the run was stopped ({run.get('error') or 'aborted'})")
            continue
        failing = [c for c in detail["cases"] if c["status"] in ("failed", "error")]
        if min_pass_rate is not None:
            rate = run["pass_rate"] or 0.0
            if rate < min_pass_rate:
                out.failures.append(f"{key}: pass rate {rate:.1%} ({run['cases_passed']:,}/{run['cases_total']:,}) "
                                    f"is below --min-pass-rate {min_pass_rate:.1%}")
        if baseline is not None:
            found = baseline["runs"].get(key)
            known = found["cases"] if found is not None else {}
            for case in detail["cases"]:
                seen = known.get(case["name"])
                before = seen.get("status") if seen is not None else None
                if case["status"] in ("passed", "skipped"):
                    continue
                if before == "passed":
                    out.failures.append(f"{key}: {case['name']!r} passed in the baseline and {case['status']} now")
                elif before in ("failed", "error"):
                    out.known.append(f"{key}: {case['name']!r} (failing in the baseline too)")
                elif min_pass_rate is None:
                    out.failures.append(f"{key}: {case['name']!r} {case['status']} and is not in the baseline")
        elif min_pass_rate is None and failing:
            out.failures.append(f"{key}: {len(failing):,} case(s) failed: "
                                + ", ".join(repr(c["name"]) for c in failing[:5]) + (" …" if len(failing) > 5 else ""))
    return out
