"""The CLI's start-up path loads only what the command needs (issue 27): no pandas, plotly, gradio or
scikit-learn for `--help` or a chat, in a fresh process. The figures are in tests/bench/bench_startup.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from agents.cli import eval as cli_eval
from agents.cli import lab as cli_lab
from agents.cli.main import main
from agents.core.store import reset_shared_store

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("pandas", "plotly", "gradio", "sklearn", "scipy", "numpy", "streamlit", "fastapi")


def loaded_after(code: str, tmp_path: Path) -> tuple[list[str], str]:
    """The heavy packages in sys.modules after ``code`` ran in a new interpreter, and its stdout."""
    probe = (f"import sys, json\n{code}\n"
             f"sys.stderr.write('HEAVY ' + json.dumps([m for m in {HEAVY!r} if m in sys.modules]) + '\\n')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=300)
    line = [x for x in done.stderr.splitlines() if x.startswith("HEAVY ")]
    assert line, done.stderr
    return json.loads(line[-1][6:]), done.stdout


def test_importing_the_cli_and_its_help_load_no_heavy_package(tmp_path):
    heavy, out = loaded_after("import agents.cli.main\ntry:\n    agents.cli.main.main(['--help'])\nexcept SystemExit:\n    pass",
                              tmp_path)
    assert "chat" in out and "traces" in out and "eval" in out  # the whole parser was built
    assert heavy == []
    heavy, _ = loaded_after("import agents.cli.main\ntry:\n    agents.cli.main.main(['eval', 'run', '--help'])\n"
                            "except SystemExit:\n    pass", tmp_path)
    assert heavy == []


def test_a_chat_loads_no_pandas_plotly_gradio_or_scikit_learn(tmp_path, capsys):
    # The user's sandbox account is made on their first message (its loader uses pandas): make it here first.
    assert main(["chat", "marketing", "안녕"]) == 0
    reset_shared_store()  # the file is free for the new process
    capsys.readouterr()
    heavy, out = loaded_after("from agents.cli.main import main\nmain(['chat', 'marketing', '이번 주 성과 어때?', '--json'])",
                              tmp_path)
    events = [json.loads(line) for line in out.splitlines()]
    assert events[-2]["type"] == "done" and any(e.get("card_type") == "kpi_summary" for e in events), events
    assert [m for m in heavy if m in ("pandas", "plotly", "gradio", "sklearn", "scipy", "streamlit")] == []


def test_the_parsers_own_choices_are_the_services():
    from agents.services.evals import cache, report, runner, spec
    from agents.services.lab import export, metrics, traces

    assert tuple(metrics.PERIODS) == cli_lab.PERIODS
    assert cli_lab.MAX_TRACE_PAGE == traces.MAX_PAGE
    assert cli_lab.EXPORT_KINDS == export.KINDS and cli_lab.EXPORT_FORMATS == export.FORMATS
    assert cli_eval.MAX_CONCURRENCY == runner.MAX_CONCURRENCY
    assert tuple(report.EXPORT_FORMATS) == cli_eval.EXPORT_FORMATS
    assert cli_eval.MAX_REPEAT == spec.MAX_REPEAT and cli_eval.CACHE_MODES == cache.CACHE_MODES
    from agents.cli import eval_import
    from agents.services.evals import import_rows

    assert eval_import.MATCHES == import_rows.MATCHES


def test_loading_the_agents_leaves_their_nlu_reports_unloaded(tmp_path):
    # Every command loads the registry; only `playground nlu-report` needs an agent's labelled sets, report
    # code and table printer (rich). Before, the five evaluate modules and rich.console loaded with the specs.
    probe = ("import sys, json\nfrom agents.core.agent import list_agents\nspecs = list_agents()\n"
             "print(json.dumps([m for m in sys.modules if m.endswith('.evaluate') or m.startswith('rich')]))\n"
             "print(json.dumps([s.id for s in specs if s.nlu_report is not None]))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    loaded, with_report = (json.loads(line) for line in done.stdout.splitlines())
    assert loaded == [], done.stderr
    assert with_report == ["marketing", "travel", "shopping", "tutor", "english"]


def test_the_http_api_loads_no_pandas_until_a_frame_is_made(tmp_path):
    """`playground serve` and the app import the HTTP API: its eval routes compare and export runs with pandas,
    imported when a comparison or an export is made (~0.6 s of start-up otherwise; also every test worker's)."""
    heavy, _ = loaded_after("import agents.http.api", tmp_path)
    assert [m for m in heavy if m in ("pandas", "numpy", "plotly", "gradio", "sklearn", "scipy", "streamlit")] == []
    heavy, _ = loaded_after("from agents.services.evals import report\nreport._missing(float('nan'))", tmp_path)
    assert "pandas" in heavy  # the functions that need it still find it
