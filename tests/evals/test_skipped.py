"""A skipped assertion never counts as a pass: a case whose every assertion was skipped (a judge on the
offline model) is ``skipped``: in the console, the JSON lines, JUnit (``<skipped/>``), the stored rows, the
run's counts and the Lab's views; ``--fail-on-skip`` turns any skip into exit 1. A case with passed and
skipped assertions passes and says how many were skipped."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

from agents.cli.main import main
from agents.core.session import runtime_store
from agents.services.evals.compare import compare_runs, matrix_grid
from agents.services.evals.report import run_detail
from agents.services.evals.store import EvalRepo
from agents.view import lab_evals as view

SUITE = """\
suite: skips
agent: notes
cases:
  - name: judged only
    turns:
      - user: list my notes
        expect:
          - judge: The reply lists the user's notes.
  - name: tool and judge
    turns:
      - user: list my notes
        expect:
          - tool: list_notes
          - judge: The reply lists the user's notes.
  - name: tool only
    turns:
      - user: list my notes
        expect:
          - tool: list_notes
"""


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_a_case_of_only_skipped_assertions_is_skipped_everywhere(write, tmp_path) -> None:
    path = write("skips.yaml", SUITE)
    junit = tmp_path / "junit.xml"
    code, out = run("eval", "run", str(path), "--concurrency", "1", "--junit", str(junit))
    assert code == 0  # nothing failed; the skip is reported, not hidden
    assert "  ↷ [1/3] judged only — skipped: step 1 judge: skipped on the offline provider" in out
    assert "  ✓ [2/3] tool and judge (1 skipped)\n" in out and "  ✓ [3/3] tool only\n" in out
    assert "PASSED: 2/3 cases passed, 1 skipped · assertions 2 passed, 0 failed, 2 skipped" in out

    root = ET.parse(junit).getroot()
    assert (root.get("tests"), root.get("failures"), root.get("errors"), root.get("skipped")) == ("3", "0", "0", "1")
    cases = {c.get("name"): c for c in root.find("testsuite").findall("testcase")}
    skipped = cases["judged only"].find("skipped")
    assert skipped is not None and skipped.get("message").startswith("1 assertion(s) skipped: step 1 judge: skipped")
    assert cases["tool and judge"].find("skipped") is None and cases["tool and judge"].find("failure") is None
    assert "skipped step 1 judge" in cases["tool and judge"].find("system-out").text

    repo = EvalRepo(runtime_store().db)
    (stored,) = repo.runs("demo")
    assert (stored["status"], stored["cases_passed"], stored["cases_skipped"], stored["cases_failed"]) == \
        ("passed", 2, 1, 0)
    assert [c["status"] for c in repo.cases(stored["id"])] == ["skipped", "passed", "passed"]

    code, out = run("eval", "run", str(path), "--concurrency", "1", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [line["status"] for line in lines[:3]] == ["skipped", "passed", "passed"]
    assert lines[1]["assertions"] == {"pass": 1, "fail": 0, "skip": 1}
    summary = lines[-1]
    assert (summary["cases_passed"], summary["cases_skipped"], summary["cases_failed"], summary["pass_rate"]) == \
        (2, 1, 0, 2 / 3)

    code, out = run("eval", "show", summary["id"])
    assert "  ↷ judged only" in out and "2/3 cases passed, 1 skipped" in out


def test_fail_on_skip_makes_any_skip_exit_1(write) -> None:
    path = write("skips.yaml", SUITE)
    code, out = run("eval", "run", str(path), "--concurrency", "1", "--fail-on-skip")
    assert code == 1
    assert out.endswith("--fail-on-skip: 2 assertion(s) skipped in 2 case(s): judged only, tool and judge\n")
    only_tools = write("tools.yaml", SUITE.split("  - name: judged only")[0] + "  - name: tool only\n"
                       + SUITE.split("  - name: tool only\n")[1])
    assert run("eval", "run", str(only_tools), "--fail-on-skip")[0] == 0


def test_the_lab_views_show_a_skipped_case_as_skipped(write) -> None:
    path = write("skips.yaml", SUITE)
    assert run("eval", "run", str(path), "--concurrency", "1")[0] == 0
    assert run("eval", "run", str(path), "--concurrency", "1", "--provider", "offline,offline")[0] == 0
    repo = EvalRepo(runtime_store().db)
    runs = repo.runs("demo")
    single = next(r for r in runs if r["matrix_id"] is None)
    detail = run_detail(repo, single["id"])
    for lang, word in (("en", "skipped"), ("ko", "건너뜀")):
        shown = view.results_view(detail, lang)
        assert [row[0] for row in shown.cases.rows] == ["↷", "✅", "✅"]
        assert shown.cases.rows[0][2] == "0✓ 0✗ 1↷" and shown.cases.rows[1][2] == "1✓ 0✗ 1↷"
        assert shown.cases.rows[0][3].startswith("1. skipped on the offline provider")
        assert word in shown.summary
    assert "2/3 cases passed · 1 skipped" in view.results_view(detail, "en").summary
    table = view.runs_table([single], "en")
    assert table.rows[0][4] == "✅ 2/3 · ↷ 1"

    compared = compare_runs(repo, single["id"], single["id"])
    assert [row["change"] for row in compared["cases"]] == ["skipped", "still_passing", "still_passing"]
    assert compared["counts"]["skipped"] == 1
    shown = view.compare_view(compared, "en")
    assert shown.cases.rows[0][0] == "↷ skipped in B" and "· 1 skipped in B" in shown.summary
    assert "B에서 건너뜀 1" in view.compare_view(compared, "ko").summary

    matrix = next(r["matrix_id"] for r in runs if r["matrix_id"])
    figure = view.matrix_figure(matrix_grid(repo, matrix), "en")
    heat = figure.data[0]
    assert [list(row) for row in heat.text] == [["↷", "↷"], ["✅", "✅"], ["✅", "✅"]]
    assert list(heat.z[0]) == [view.STATUS_VALUE["skipped"]] * 2


def test_evals_003_adds_the_skipped_count_to_runs_stored_before_it(tmp_path, clock) -> None:
    from agents.core.store import Database
    from agents.core.store.migrations import migrate
    from agents.services.evals.store import EVAL_MIGRATIONS

    db = Database(tmp_path / "old.duckdb")
    assert migrate(db, EVAL_MIGRATIONS[:2]) == ["evals_001_runs", "evals_002_suites"]
    db.execute("INSERT INTO eval_runs (id, suite, suite_text, agent_id, provider, owner, status, concurrency, "
               "started_at, cases_total, cases_passed) VALUES ('evr_old', 's', 'x', 'notes', 'offline', 'ann', "
               "'passed', 1, ?, 2, 2)", [clock()])
    assert migrate(db, EVAL_MIGRATIONS[:3]) == ["evals_003_skipped"]
    repo = EvalRepo(db)
    old = repo.run("evr_old")
    assert (old["status"], old["cases_passed"], old["cases_skipped"]) == ("passed", 2, 0)  # history stays as it was
    assert [r["id"] for r in repo.runs("ann")] == ["evr_old"]  # the owner index is back
    assert db.fetchall("SELECT count(*) FROM duckdb_indexes() WHERE index_name = 'eval_runs_owner' "
                      "AND database_name = current_database()") == [(1,)]
    db.close()


def test_the_gradio_evals_view_shows_a_skipped_case_as_skipped(write) -> None:
    import gradio as gr

    from agents.core.identity import Viewer
    from tests.evals.test_hostile_yaml import _gradio_handler

    assert run("eval", "run", str(write("skips.yaml", SUITE)), "--concurrency", "1")[0] == 0
    (stored,) = EvalRepo(runtime_store().db).runs("demo")
    show = _gradio_handler("show")
    progress, summary, cases, *_ = show(gr.SelectData(None, {"index": [0, 0], "value": ""}), [stored["id"]],
                                        Viewer("demo", "local"), "en")
    assert "cases passed · 1 skipped" in summary and f"{stored['id']} · passed" in progress
    assert cases.iloc[:, 0].tolist() == ["↷", "✅", "✅"]
