"""The Evals view model on real stored runs: runs table, results with failures and trace ids, a comparison
with regressions first, the matrix grid figure, both languages."""

from __future__ import annotations

from agents.core.session import runtime_store
from agents.services.evals.compare import compare_runs, matrix_grid
from agents.services.evals.loader import parse_suite
from agents.services.evals.report import run_detail
from agents.services.evals.runner import run_suite
from agents.services.evals.store import EvalRepo
from agents.view import lab_evals as view
from tests.evals.test_runner import MATRIX, scripted_by_model


def test_runs_results_compare_and_grid_in_both_languages() -> None:
    store = runtime_store()
    repo = EvalRepo(store.db)
    good, bad = run_suite(parse_suite(MATRIX, "x.yaml"), provider_factory=scripted_by_model)
    runs = view.runs_table(repo.runs("demo"), "en")
    assert runs.headers == ["Started", "Suite", "Agent", "Configuration", "Result", "Time", "Run id"]
    assert [r[4] for r in runs.rows] == ["❌ 1/3", "✅ 3/3"] and runs.rows[0][3] == "offline/bad"
    assert view.runs_table([], "ko").rows == []

    results = view.results_view(run_detail(repo, bad.id), "en")
    assert results.summary.startswith("❌ **matrix** · offline/bad · 1/3 cases passed · assertions 1 passed, 2 failed")
    assert [r[0] for r in results.cases.rows] == ["❌", "❌", "✅"]
    first = results.cases.rows[0]
    assert first[1] == "lists notes" and first[2] == "0✓ 1✗ 0↷"
    assert first[3] == "1. list_notes was not called (no tool was called)" and first[4].startswith("🔎 …")
    # a click on a row opens the failing step's turn (the ids in the table are the stored steps' turns)
    steps = {(s["case_index"], s["step_index"]): s["turn_id"] for s in repo.steps(bad.id)}
    assert results.targets[0] == steps[(0, 0)] and all(t and t.startswith("turn_") for t in results.targets)
    assert first[4] == f"🔎 …{results.targets[0][-6:]}"
    assert "- step 1 `{\"tool\": \"list_notes\"}`: list_notes was not called" in results.failures
    ko = view.results_view(run_detail(repo, bad.id), "ko")
    assert "케이스 1/3 통과" in ko.summary and ko.cases.headers[1] == "케이스"

    compared = view.compare_view(compare_runs(repo, good.id, bad.id), "en")
    assert [r[0] for r in compared.cases.rows] == ["🔻 newly failing", "🔻 newly failing", "✅ still passing"]
    assert compared.metrics.rows[0] == ["Pass rate", "100%", "33%", "-67%"]
    assert [r[0] for r in compared.metrics.rows[1:]] == ["Turns", "Latency p50 (ms)", "Latency p95 (ms)", "Tokens",
                                                         "Cost ($)"]
    assert "2 newly failing · 0 newly passing" in compared.summary
    assert "A pass → B fail" in compared.differences
    good_steps = {(s["case_index"], s["step_index"]): s["turn_id"] for s in repo.steps(good.id)}
    assert compared.targets_b[0] == steps[(0, 0)] and compared.targets_a[0] == good_steps[(0, 0)]
    assert compared.cases.headers[view.COMPARE_A_TRACE_COLUMN] == "A Traces"
    assert "새로 실패 2" in view.compare_view(compare_runs(repo, good.id, bad.id), "ko").summary

    figure = view.matrix_figure(matrix_grid(repo, good.run["matrix_id"]), "en")
    heat = figure.data[0]
    assert list(heat.y) == ["lists notes", "greets", "stays polite"]
    assert [list(row) for row in heat.z] == [[1.0, 0.0], [1.0, 0.0], [1.0, 1.0]]
    assert heat.x[0].startswith("offline/good") and "(33%)" in heat.x[1]
