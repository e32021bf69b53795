"""The Lab's Evals view as a framework-neutral view model: runs, a run's results, a comparison and a matrix
grid, in the viewer's language. Pure functions of stored rows; the Gradio module only maps them to widgets."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from pydantic import BaseModel

from agents.core.errors import PlaygroundError
from agents.view.texts import Lang, t

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from agents.services.evals.compare import Comparison, MatrixGrid
    from agents.services.evals.rows import RunDetail, RunListed

ICON = {"passed": "✅", "failed": "❌", "error": "⚠️", "skipped": "↷", "running": "⏳", "aborted": "⛔", "stopped": "⏹",
        None: "—"}


def final_status(statuses: list[str], stopped: bool) -> str:
    """How a run (or every run of a matrix) ended, as the Lab says it: a run someone stopped is "stopped",
    whatever its first configuration's cases did before the stop (issue 31: a stopped matrix read "failed")."""
    if stopped:
        return "stopped"
    for status in ("aborted", "failed", "running"):
        if status in statuses:
            return status
    return "passed" if statuses else "aborted"
CHANGE_ICON = {"regression": "🔻", "fixed": "🔺", "still_failing": "❌", "still_passing": "✅", "skipped": "↷",
               "added": "➕", "removed": "➖"}
def repeat_of(value: float | str | None, lang: Lang = "ko") -> int | None:
    """The form's repeat: None (the suite's own ``repeat``) when left empty; a whole number otherwise
    (start_suite refuses one out of range, naming it). Text too: Gradio's number box sends an empty box as 0,
    under its own minimum, so the Gradio form takes it as text."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        number = float(value)
    except ValueError:
        raise PlaygroundError(t("ev_repeat_whole", lang, value=str(value)[:40]), code="invalid_input") from None
    if not math.isfinite(number) or number != int(number):
        raise PlaygroundError(t("ev_repeat_whole", lang, value=str(value)[:40]), code="invalid_input")
    return int(number)


def config_label(run: Mapping[str, object]) -> str:
    """A run's (or a matrix column's) configuration: provider, model, prompt version, settings."""
    label = f"{run['provider']}" + (f"/{run['model']}" if run.get("model") else "")
    if run.get("prompt_version") is not None:
        label += f" · prompt v{run['prompt_version']}"
    return label + settings_label(run)


def settings_label(run: Mapping[str, object]) -> str:
    """A configuration's model-setting overrides (issue 30), or "" when it kept the agent's."""
    parts = ([f"temperature {run['temperature']:g}"] if run.get("temperature") is not None else []) + (
        [f"max {run['max_output_tokens']:,} tokens"] if run.get("max_output_tokens") is not None else [])
    return "".join(f" · {p}" for p in parts)


def trace_ref(turn_id: str | None) -> str:
    """A trace id in running text (to copy into `playground traces show`)."""
    return f"`{turn_id}`" if turn_id else ""


def trace_cell(turn_ids: list[str | None]) -> str:
    """The traces of a case in a table cell: short (the row's click opens the turn in Traces, whose header
    shows the whole id); the ids' tails tell the turns apart."""
    return " ".join(f"🔎 …{turn[-6:]}" for turn in turn_ids if turn)


class Table(BaseModel):
    headers: list[str]
    rows: list[list[str | int | float | None]]


def runs_table(runs: list[RunListed], lang: Lang) -> Table:
    rows: list[list[str | int | float | None]] = [[f"{r['started_at']:%Y-%m-%d %H:%M}", r["suite"], r["agent_id"], config_label(r),
             f"{ICON.get(r['status'], '')} {r['cases_passed']}/{r['cases_total']}"
             + (f" · {ICON['skipped']} {r['cases_skipped']}" if r.get("cases_skipped") else ""),
             "" if (ms := r.get("duration_ms")) is None else f"{ms / 1000:.1f} s", r["id"]] for r in runs]
    return Table(headers=runs_headers(lang), rows=rows)


def runs_headers(lang: Lang) -> list[str]:
    return [t(k, lang) for k in ("ev_started", "ev_suite", "ev_agent", "ev_config", "ev_status", "ev_time",
                                 "ev_run_id")]


def results_headers(lang: Lang) -> list[str]:
    return ["", t("ev_case", lang), t("ev_assertions", lang), t("ev_why", lang), t("ev_traces", lang)]


def compare_metric_headers(lang: Lang) -> list[str]:
    return [t("ev_metric", lang), "A", "B", t("ev_delta", lang)]


def compare_case_headers(lang: Lang) -> list[str]:
    return [t("ev_change", lang), t("ev_case", lang), "A", "B", t("ev_assertions", lang), "A " + t("ev_traces", lang),
            "B " + t("ev_traces", lang)]


def progress_label(done: int, total: int, lang: Lang) -> str:
    return t("ev_progress", lang, done=done, total=total)


class ResultsView(BaseModel):
    summary: str
    cases: Table
    failures: str  # markdown: each failed assertion with what was observed and its trace
    targets: list[str | None] = []  # per row, the turn a click opens: the first failing step's, else the last


def _target(turns: dict[int, str | None], failing_steps: list[int]) -> str | None:
    for index in failing_steps:
        if turns.get(index):
            return turns[index]
    known = [turns[i] for i in sorted(turns) if turns[i]]
    return known[-1] if known else None


def _observed(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 240 else text[:240] + "…"


def results_view(detail: RunDetail, lang: Lang) -> ResultsView:
    run = detail["run"]
    every = [a for c in detail["cases"] for a in c["assertions"]]
    # While a run is going its row has no totals yet: count what the stored cases say so far.
    skipped_cases = sum(1 for c in detail["cases"] if c["status"] == "skipped")
    summary = t("ev_summary", lang, icon=ICON.get(run["status"], ""), suite=run["suite"], config=config_label(run),
                passed=sum(1 for c in detail["cases"] if c["status"] == "passed"), total=run["cases_total"],
                cases_skipped=t("ev_cases_skipped", lang, n=skipped_cases) if skipped_cases else "",
                ap=sum(1 for a in every if a["status"] == "pass"), af=sum(1 for a in every if a["status"] == "fail"),
                sk=sum(1 for a in every if a["status"] == "skip"),
                secs=f'{(run["duration_ms"] or sum(c["duration_ms"] or 0 for c in detail["cases"])) / 1000:.1f}')
    rows: list[list[str | int | float | None]] = []
    lines: list[str] = []
    targets: list[str | None] = []
    for case in detail["cases"]:
        counts = {k: sum(1 for a in case["assertions"] if a["status"] == k) for k in ("pass", "fail", "skip")}
        turns = {s["step_index"]: s.get("turn_id") for s in case["steps"]}
        failed = [a for a in case["assertions"] if a["status"] == "fail"]
        # a skipped case says why nothing was checked
        shown = failed or [a for a in case["assertions"] if case["status"] == "skipped" and a["status"] == "skip"]
        why = case["error"] or "; ".join(f"{a['step_index'] + 1}. {a['message']}" for a in shown)
        targets.append(_target(turns, [a["step_index"] for a in failed]))
        rows.append([ICON.get(case["status"], ""), case["name"],
                     f"{counts['pass']}✓ {counts['fail']}✗ {counts['skip']}↷", why,
                     trace_cell([turns[i] for i in sorted(turns)])])
        if failed or case["error"]:
            lines.append(f"\n**{ICON.get(case['status'], '')} {case['name']}**\n")
            if case["error"]:
                lines.append(f"- ⚠️ {case['error']}")
            for a in failed:
                lines.append(f"- step {a['step_index'] + 1} `{json.dumps(a['spec'], ensure_ascii=False)}`: "
                             f"{a['message']} — observed `{_observed(a['observed'])}` {trace_ref(turns.get(a['step_index']))}")
    return ResultsView(summary=summary, failures="\n".join(lines), targets=targets,
                       cases=Table(headers=results_headers(lang), rows=rows))


class CompareView(BaseModel):
    summary: str
    metrics: Table
    cases: Table
    differences: str
    targets_a: list[str | None] = []  # per row, the turn a click on the A / B side opens
    targets_b: list[str | None] = []


COMPARE_A_TRACE_COLUMN = 5  # the comparison table's "A traces" column (a click there opens A's turn)


def _num(value: float | None, digits: int = 1) -> str:
    if value is None:
        return "—"
    if isinstance(value, float) and abs(value) < 1 and value != 0:
        return f"{value:.6f}".rstrip("0")
    return f"{value:,.{digits}f}" if isinstance(value, float) else f"{value:,}"


def compare_view(result: Comparison, lang: Lang) -> CompareView:
    a, b = result["a"], result["b"]
    pr = result["pass_rate"]

    def pct(v: float | None) -> str:
        return "—" if v is None else f"{v:.0%}"

    summary = (f"**A** {a['suite']} · {config_label(a)} (`{a['id']}`)  ↔  **B** {b['suite']} · {config_label(b)} "
               f"(`{b['id']}`)\n\n{t('ev_pass_rate', lang)} {pct(pr['a'])} → {pct(pr['b'])} · "
               + t("ev_counts", lang, **result["counts"])
               + (t("ev_skipped_count", lang, **result["counts"]) if result["counts"].get("skipped") else ""))
    metric_rows: list[list[str | int | float | None]] = [[t("ev_pass_rate", lang), pct(pr["a"]), pct(pr["b"]),
                    "—" if pr["delta"] is None else f"{pr['delta']:+.0%}"]]
    for key, m in result["metrics"].items():
        delta = m["delta"]
        metric_rows.append([t(f"ev_{key}", lang), _num(m["a"]), _num(m["b"]),
                            "—" if delta is None else ("+" if delta > 0 else "") + _num(delta)])
    case_rows: list[list[str | int | float | None]] = []
    lines: list[str] = []
    targets_a: list[str | None] = []
    targets_b: list[str | None] = []
    for row in result["cases"]:
        sa = row["a"]["status"] if row["a"] is not None else None
        sb = row["b"]["status"] if row["b"] is not None else None
        ta = trace_cell([s["turn_id"] for s in row["traces"]["a"]])
        tb = trace_cell([s["turn_id"] for s in row["traces"]["b"]])
        case_rows.append([f"{CHANGE_ICON[row['change']]} {t('ev_' + row['change'], lang)}", row["name"], ICON.get(sa, "—"),
                          ICON.get(sb, "—"), len(row["differences"]), ta, tb])
        differing = [d["step_index"] for d in row["differences"]]
        targets_a.append(_target({s["step_index"]: s["turn_id"] for s in row["traces"]["a"]}, differing))
        targets_b.append(_target({s["step_index"]: s["turn_id"] for s in row["traces"]["b"]}, differing))
        if row["differences"]:
            lines.append(f"\n**{CHANGE_ICON[row['change']]} {row['name']}**\n")
            for d in row["differences"]:
                da, db = d["a"], d["b"]
                lines.append(f"- step {d['step_index'] + 1} `{json.dumps(d['spec'], ensure_ascii=False)}`: "
                             f"A {da['status'] if da else '—'} → B {db['status'] if db else '—'} — "
                             f"{(db['message'] if db else '') or (da['message'] if da else '')}")
    return CompareView(
        summary=summary,
        metrics=Table(headers=compare_metric_headers(lang), rows=metric_rows),
        cases=Table(headers=compare_case_headers(lang), rows=case_rows),
        differences="\n".join(lines), targets_a=targets_a, targets_b=targets_b)


STATUS_VALUE = {"passed": 1.0, "failed": 0.0, "error": -1.0, "skipped": 0.5}


def matrix_figure(grid: MatrixGrid, lang: Lang) -> go.Figure:
    """Cases × configurations as a Plotly heatmap (green passed, red failed, amber error, grey skipped: nothing
    was checked)."""
    import plotly.graph_objects as go

    columns = [f"{c['provider']}/{c['model'] or '-'}<br>v{'active' if c['prompt_version'] is None else c['prompt_version']}{settings_label(c)} "
               f"({'—' if c['pass_rate'] is None else format(c['pass_rate'], '.0%')})" for c in grid["columns"]]
    names = [r["name"] for r in grid["rows"]]
    z = [[STATUS_VALUE.get(cell or "") for cell in r["cells"]] for r in grid["rows"]]
    text = [[ICON.get(cell, "—") for cell in r["cells"]] for r in grid["rows"]]
    figure = go.Figure(go.Heatmap(
        z=z, x=columns, y=names, text=text, texttemplate="%{text}", showscale=False, zmin=-1, zmax=1,
        colorscale=[[0.0, "#f59e0b"], [0.24, "#f59e0b"], [0.25, "#ef4444"], [0.62, "#ef4444"], [0.63, "#9ca3af"],
                    [0.87, "#9ca3af"], [0.88, "#22c55e"], [1.0, "#22c55e"]],
        hovertemplate="%{y}<br>%{x}<extra></extra>"))
    figure.update_layout(height=max(220, 28 * len(names) + 120), margin={"l": 10, "r": 10, "t": 30, "b": 10},
                         yaxis={"autorange": "reversed", "automargin": True}, xaxis={"side": "top"},
                         paper_bgcolor="rgba(0,0,0,0)", plot_bgcolor="rgba(0,0,0,0)")
    return figure
