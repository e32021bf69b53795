"""What a stored run looks like outside: a detail view, JUnit XML for CI, CSV / JSON Lines exports."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Any

from agents.services.evals.baseline import case_pass_rate
from agents.services.evals.compare import get_run, pass_rate
from agents.services.evals.rows import (
    AssertionDetail,
    AssertionRow,
    CaseDetail,
    JudgeTotals,
    RunDetail,
    RunListed,
    RunView,
    SpanRow,
    StepDetail,
    StepRow,
)
from agents.services.evals.store import EvalRepo

if TYPE_CHECKING:  # imported where a frame is made: the HTTP API imports this module, and pandas costs ~0.6 s
    import pandas as pd

EXPORT_FORMATS = ("csv", "jsonl")


def run_detail(repo: EvalRepo, run_id: str, owner: str | None = None) -> RunDetail:
    """The run, and each case with its steps (trace ids) and assertions (status, observed value, message)."""
    run = get_run(repo, run_id, owner)
    steps: dict[int, list[StepRow]] = {}
    for step in repo.steps(run_id):
        steps.setdefault(step["case_index"], []).append(step)
    asserts: dict[int, list[AssertionRow]] = {}
    for row in repo.assertions(run_id):
        asserts.setdefault(row["case_index"], []).append(row)
    spans: dict[int, list[SpanRow]] = {}
    for span in repo.spans(run_id):
        spans.setdefault(span["case_index"], []).append(span)
    cases: list[CaseDetail] = []
    for case in repo.cases(run_id):
        index = case["case_index"]
        # "step" numbers steps from 1, as every screen and message does; step_index stays the stored 0-based key.
        step_rows: list[StepDetail] = [{**s, "step": s["step_index"] + 1} for s in steps.get(index, [])]
        assertion_rows: list[AssertionDetail] = [{**a, "step": a["step_index"] + 1} for a in asserts.get(index, [])]
        cases.append({**case, "steps": step_rows, "assertions": assertion_rows, "spans": spans.get(index, [])})
    view: RunView = {**run, "pass_rate": pass_rate(run), "judge": judge_totals(cases)}
    return {"run": view, "cases": cases}


def judge_totals(cases: list[CaseDetail]) -> JudgeTotals:
    """What the judge's calls cost over a run, apart from the agent's cost (null when a price is unknown)."""
    spans = [s for c in cases for s in c["spans"] if s["kind"] == "judge"]
    costs = [s["cost_usd"] for s in spans]
    return {"calls": len(spans), "tokens": sum(s["input_tokens"] + s["output_tokens"] for s in spans),
            "cost": None if any(c is None for c in costs) else round(sum(c for c in costs if c is not None), 8)}


def case_json(case: CaseDetail) -> dict[str, object]:
    """One line of ``eval run --json``: the case and the assertions that decided it."""
    failed = [a for a in case["assertions"] if a["status"] == "fail"]
    return {
        "type": "case", "run_id": case["run_id"], "name": case["name"], "status": case["status"],
        "error": case["error"], "conversation_id": case["conversation_id"],
        "turn_ids": [t for s in case["steps"] for t in _turn_ids(s)],
        "assertions": {k: sum(1 for a in case["assertions"] if a["status"] == k) for k in ("pass", "fail", "skip")},
        "failures": [{"step": a["step_index"] + 1, "kind": a["kind"], "spec": a["spec"], "observed": a["observed"],
                      "message": a["message"], "turn_id": _turn_of(case, a["step_index"])} for a in failed],
        "latency_ms": case["latency_ms"], "tokens": case["tokens"], "cost": case["cost"],
        "judge": {"calls": sum(1 for s in case.get("spans", []) if s["kind"] == "judge"),
                  "tokens": case.get("judge_tokens"),
                  "cost": case.get("judge_cost")},
        "repeats": case.get("repeats") or 1, "passes": case.get("passes"), "pass_rate": case_pass_rate(case),
        "min_pass_rate": case.get("min_pass_rate"), "cached": bool(case.get("cached")),
        "repetitions": case.get("repetitions") or [],
    }


def _turn_ids(step: StepRow) -> list[str]:
    """A step's turns: a simulate step has one per simulated message (each traced like a user step)."""
    simulated = step["input"].get("turns") if step["kind"] == "simulate" and isinstance(step["input"], dict) else None
    if simulated:
        return [t["turn_id"] for t in simulated if t.get("turn_id")]
    return [step["turn_id"]] if step["turn_id"] else []


def _turn_of(case: CaseDetail, step_index: int) -> str | None:
    return next((s["turn_id"] for s in case["steps"] if s["step_index"] == step_index), None)


def run_summary(run: RunListed | RunView) -> dict[str, object]:
    keys = ("id", "suite", "agent_id", "provider", "model", "prompt_version", "matrix_id", "status", "cases_total",
            "cases_passed", "cases_failed", "cases_skipped", "assertions_passed", "assertions_failed", "assertions_skipped",
            "duration_ms")
    row: dict[str, object] = dict(run)
    out = {"type": "summary", **{k: row[k] for k in keys}, "pass_rate": pass_rate(run)}
    if "judge" in row:
        out["judge"] = row["judge"]
    return out


# --- JUnit XML ---------------------------------------------------------------------------------------------


def junit_xml(details: list[RunDetail]) -> str:
    """One <testsuite> per run, one <testcase> per case; a failed assertion is a <failure> naming the
    step, what was asserted, what was observed and the turn's trace id; a case whose every assertion was
    skipped is <skipped/>."""
    root = ET.Element("testsuites", name="agent-playground evals")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for detail in details:
        run = detail["run"]
        config = run["provider"] + (f"/{run['model']}" if run["model"] else "") + (
            f" prompt v{run['prompt_version']}" if run["prompt_version"] is not None else "") + "".join(
            f" {key} {run[key]}" for key in ("temperature", "max_output_tokens") if run.get(key) is not None)
        suite_el = ET.SubElement(root, "testsuite", name=f"{run['suite']} [{config}]",
                                 timestamp=run["started_at"].isoformat(timespec="seconds"),
                                 time=f"{(run['duration_ms'] or 0) / 1000:.3f}")
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        props = ET.SubElement(suite_el, "properties")
        for key in ("id", "agent_id", "provider", "model", "prompt_version", "matrix_id"):
            ET.SubElement(props, "property", name=key, value="" if run[key] is None else str(run[key]))
        for case in detail["cases"]:
            counts["tests"] += 1
            el = ET.SubElement(suite_el, "testcase", classname=f"{run['agent_id']}.{run['suite']}", name=case["name"],
                               time=f"{(case['duration_ms'] or 0) / 1000:.3f}")
            failed = [a for a in case["assertions"] if a["status"] == "fail"]
            skipped = [a for a in case["assertions"] if a["status"] == "skip"]
            case_props = ET.SubElement(el, "properties")
            for key, value in _case_properties(case, failed).items():
                ET.SubElement(case_props, "property", name=key, value="" if value is None else str(value))
            if case["status"] == "error":
                counts["errors"] += 1
                ET.SubElement(el, "error", message=case["error"] or "error", type="step_error").text = case["error"]
            if failed:
                counts["failures"] += 1
                lines = [_failure_line(case, a) for a in failed]
                ET.SubElement(el, "failure", message=f"{len(failed)} assertion(s) failed: " + lines[0],
                              type="assertion").text = "\n".join(lines)
            if case["status"] == "skipped":  # nothing was checked: CI shows it as skipped, not passed
                counts["skipped"] += 1
                reasons = [f"step {a['step_index'] + 1} {a['kind']}: {a['message']}" for a in skipped]
                ET.SubElement(el, "skipped", message=f"{len(skipped)} assertion(s) skipped: " + reasons[0]).text = \
                    "\n".join(reasons)
            out = [f"conversation: {case['conversation_id']}", f"user: {case['user_id']}"]
            out += [f"skipped step {a['step_index'] + 1} {a['kind']}: {a['message']}" for a in skipped]
            ET.SubElement(el, "system-out").text = "\n".join(out)
        for key, value in counts.items():
            suite_el.set(key, str(value))
            totals[key] += value
    for key, value in totals.items():
        root.set(key, str(value))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _case_properties(case: CaseDetail, failed: list[AssertionDetail]) -> dict[str, object]:
    """What CI shows beside a case: the trace to open (the first failing step's turn, else the first turn),
    the pass rate (over its repeats when repeated; empty when nothing was checked), its status."""
    turns = [s["turn_id"] for s in case["steps"] if s["turn_id"]]
    trace = next((t for a in failed if (t := _turn_of(case, a["step_index"]))), None) or (turns[0] if turns else None)
    rate = case_pass_rate(case)
    return {"trace_id": trace, "pass_rate": None if rate is None else f"{rate:.4g}", "status": case["status"],
            "conversation_id": case["conversation_id"], "repeats": case.get("repeats") or 1}


def _failure_line(case: CaseDetail, a: AssertionDetail) -> str:
    observed = json.dumps(a["observed"], ensure_ascii=False, default=str)
    if len(observed) > 300:
        observed = observed[:300] + "…"
    turn = _turn_of(case, a["step_index"])
    return (f"step {a['step_index'] + 1} {json.dumps(a['spec'], ensure_ascii=False)}: {a['message']}; "
            f"observed {observed}" + (f" (trace {turn})" if turn else ""))


# --- exports -----------------------------------------------------------------------------------------------


def export_rows(repo: EvalRepo, run_id: str, owner: str | None = None) -> pd.DataFrame:
    """One row per assertion, with its case, step, turn id and the run's configuration."""
    import pandas as pd

    detail = run_detail(repo, run_id, owner)
    run = detail["run"]
    rows = []
    for case in detail["cases"]:
        steps = {s["step_index"]: s for s in case["steps"]}
        for a in case["assertions"]:
            step: dict[str, object] = dict(steps.get(a["step_index"]) or {})
            rows.append({
                "run_id": run["id"], "suite": run["suite"], "agent": run["agent_id"], "provider": run["provider"],
                "model": run["model"], "prompt_version": run["prompt_version"], "case": case["name"],
                "case_status": case["status"], "step": a["step_index"] + 1, "step_kind": step.get("kind"),
                "turn_id": step.get("turn_id"), "assertion": a["kind"], "negated": a["negated"],
                "spec": json.dumps(a["spec"], ensure_ascii=False), "status": a["status"],
                "observed": json.dumps(a["observed"], ensure_ascii=False, default=str), "message": a["message"],
                "latency_ms": step.get("latency_ms"), "tokens": step.get("tokens"), "cost": step.get("cost"),
            })
        if case["status"] == "error" and not case["assertions"]:
            rows.append({"run_id": run["id"], "suite": run["suite"], "case": case["name"], "case_status": "error",
                         "message": case["error"]})
    return pd.DataFrame(rows)


def export_text(repo: EvalRepo, run_id: str, fmt: str, owner: str | None = None) -> str:
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"format must be one of {', '.join(EXPORT_FORMATS)}, not {fmt!r}")
    frame = export_rows(repo, run_id, owner)
    buffer = io.StringIO()
    if fmt == "csv":
        frame.to_csv(buffer, index=False)
    else:
        for record in frame.to_dict(orient="records"):
            buffer.write(json.dumps({k: (None if _missing(v) else v) for k, v in record.items()}, ensure_ascii=False,
                                    default=str) + "\n")
    return buffer.getvalue()


def _missing(value: Any) -> bool:  # a DuckDB cell (pandas-stubs: Any): pandas decides what is missing
    import pandas as pd  # loaded already: the frame came from export_rows

    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False
