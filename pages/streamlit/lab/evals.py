"""Lab · Eval runs in Streamlit: this person's runs → one run's cases and failed assertions (each failing
turn opens in the traces view) and its matrix grid → two runs compared (regressions first, metric
deltas, the assertions that changed). Stored runs only, read through ``agents.services.evals`` (the Gradio
Lab, the CLI and ``/api/v1/evals`` read the same) and shown through ``agents/view/lab_evals.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pandas as pd
import streamlit as st

from agents.core.errors import PlaygroundError
from agents.services.evals.compare import compare_runs, matrix_grid
from agents.services.evals.report import run_detail
from agents.services.evals.store import EvalRepo
from agents.view import lab_evals as evals_view
from agents.view.texts import t
from pages.streamlit.lab.context import LabRun, dataframe_pick, show_trace
from pages.streamlit.lab.eval_run import run_form

if TYPE_CHECKING:
    from streamlit.elements.lib.column_types import ColumnConfig

RUNS = 50
TRACE_BUTTONS = 12  # failing turns offered as buttons per run (the table lists them all)


def _frame(table: evals_view.Table) -> pd.DataFrame:
    """A view-model table as a frame; a trace id's code ticks (markdown) are left out of plain cells."""
    return pd.DataFrame([[c.replace("`", "") if isinstance(c, str) else c for c in row] for row in table.rows],
                        columns=table.headers)


def _wide(frame: pd.DataFrame, *columns: int) -> dict[str, ColumnConfig]:
    """Column settings: the given columns (by position) get the room; the rest stay narrow."""
    return {str(frame.columns[i]): st.column_config.TextColumn(width="large") for i in columns}


def _label(run: dict[str, object]) -> str:
    return (f"{run['started_at']:%m-%d %H:%M} · {run['suite']} · {evals_view.config_label(run)} · "
            f"{evals_view.ICON.get(run['status'], '')} {run['cases_passed']}/{run['cases_total']}")


def _keep(key: str, ids: list[str], default: str | None) -> None:
    """A picker's value stays one of the listed runs."""
    if st.session_state.get(key) not in ids:
        st.session_state[key] = default


def draw(lab: LabRun) -> None:
    repo = EvalRepo(lab.store.db)
    owner = lab.viewer.user_id  # every run is its owner's, in either mode (as in the Gradio Lab and the API)
    runs = repo.runs(owner, limit=RUNS)
    run_form(lab, bool(runs))
    runs = repo.runs(owner, limit=RUNS)  # a run just started by the form is listed (and picked) below
    if not runs:
        st.info(t("lab_no_runs", lab.lang))
        return
    ids = [r["id"] for r in runs]
    labels = {r["id"]: _label(r) for r in runs}
    st.markdown(f"#### {t('lab_runs', lab.lang, n=len(runs))}")
    table_key, run_key = lab.key("runs"), lab.key("run")
    st.dataframe(_frame(evals_view.runs_table(runs, lab.lang)), hide_index=True, width="stretch",
                 height=min(38 + 35 * len(runs), 320), key=table_key, selection_mode="single-row",
                 on_select=dataframe_pick(table_key, ids, run_key))
    _keep(run_key, ids, ids[0])
    run_id = st.selectbox(t("lab_run", lab.lang), ids, key=run_key, format_func=lambda i: labels.get(i, i))
    _results(lab, repo, run_id, owner)
    st.divider()
    _compare(lab, repo, ids, labels, owner)


def _results(lab: LabRun, repo: EvalRepo, run_id: str, owner: str) -> None:
    try:
        detail = run_detail(repo, run_id, owner)
    except PlaygroundError as exc:
        st.error(exc.text(lab.lang), icon="⚠️")
        return
    shown = evals_view.results_view(detail, lab.lang)
    with st.container(border=True, key="pg-lab-run"):
        st.markdown(shown.summary)
        cases = _frame(shown.cases)
        st.dataframe(cases, hide_index=True, width="stretch", key=f"pg-lab-cases-{run_id}",
                     column_config=_wide(cases, 1, 3))
        if shown.failures:
            with st.expander(t("lab_failed_assertions", lab.lang), expanded=True):
                st.markdown(shown.failures)
        failing = _visible(lab, _failing_turns(detail, lab))
        if failing:
            st.caption(t("lab_failing_traces", lab.lang))
            columns = st.columns(min(len(failing), 3))
            for i, (label, turn_id) in enumerate(failing[:TRACE_BUTTONS]):
                columns[i % len(columns)].button(f"🔎 {label}", key=f"pg_lab_trace:{run_id}:{turn_id}",
                                                 on_click=show_trace, args=(turn_id,), width="stretch")
        matrix = detail["run"].get("matrix_id")
        if matrix:
            st.markdown(t("lab_matrix", lab.lang))
            figure = evals_view.matrix_figure(matrix_grid(repo, matrix, owner), lab.lang)
            st.plotly_chart(figure, width="stretch", key=f"pg-lab-matrix-{matrix}", config={"displaylogo": False})


def _failing_turns(detail: dict[str, Any], lab: LabRun) -> list[tuple[str, str]]:
    """(case · step, turn id) for each failed assertion's turn, or each turn of a case that errored."""
    out: dict[str, str] = {}
    for case in detail["cases"]:
        turns = {s["step_index"]: s.get("turn_id") for s in case["steps"]}
        steps = sorted({a["step_index"] for a in case["assertions"] if a["status"] == "fail"})
        if case["error"] and not steps:
            steps = sorted(turns)
        for step in steps:
            turn = turns.get(step)
            if turn and turn not in out.values():
                out[t("lab_step", lab.lang, case=case["name"], n=step + 1)] = turn
    return list(out.items())


def _visible(lab: LabRun, turns: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The turns this person's traces view would open (the Lab's own rule, ``LabUser.owner_filter``): a
    button that could only answer "not found" is not offered."""
    scope = lab.who.owner_filter(None)
    return [(label, turn) for label, turn in turns if scope is None or lab.store.lab.owner_of(turn) == scope]


def _compare(lab: LabRun, repo: EvalRepo, ids: list[str], labels: dict[str, str], owner: str) -> None:
    st.markdown(f"#### {t('lab_compare', lab.lang)}")
    if len(ids) < 2:
        st.caption(t("lab_compare_two", lab.lang))
        return
    key_a, key_b = lab.key("run_a"), lab.key("run_b")
    _keep(key_a, ids, ids[1])
    _keep(key_b, ids, ids[0])
    left, right = st.columns(2)
    run_a = left.selectbox(t("lab_run_a", lab.lang), ids, key=key_a, format_func=lambda i: labels.get(i, i))
    run_b = right.selectbox(t("lab_run_b", lab.lang), ids, key=key_b, format_func=lambda i: labels.get(i, i))
    if run_a == run_b:
        st.caption(t("lab_pick_two", lab.lang))
        return
    try:
        result = compare_runs(repo, run_a, run_b, owner)
    except PlaygroundError as exc:
        st.error(exc.text(lab.lang), icon="⚠️")
        return
    shown = evals_view.compare_view(result, lab.lang)
    with st.container(border=True, key="pg-lab-compare"):
        st.markdown(shown.summary)
        st.dataframe(_frame(shown.metrics), hide_index=True, width="stretch", key=f"pg-lab-cmp-metrics-{run_a}-{run_b}")
        st.dataframe(_frame(shown.cases), hide_index=True, width="stretch", key=f"pg-lab-cmp-cases-{run_a}-{run_b}")
        if shown.differences:
            with st.expander(t("lab_changed_assertions", lab.lang), expanded=True):
                st.markdown(shown.differences)
        regressions = _visible(lab, [(row["name"], step["turn_id"]) for row in result["cases"]
                                     if row["change"] == "regression" for step in row["traces"]["b"] if step["turn_id"]])
        if regressions:
            st.caption(t("lab_regression_traces", lab.lang))
            columns = st.columns(min(len(regressions), 3))
            for i, (name, turn_id) in enumerate(regressions[:TRACE_BUTTONS]):
                columns[i % len(columns)].button(f"🔻 {name}", key=f"pg_lab_cmp_trace:{turn_id}", on_click=show_trace,
                                                 args=(turn_id,), width="stretch")
