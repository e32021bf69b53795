"""Traffic kinds (issue 31): every turn records its origin (chat, api, eval, compare); the Lab's traces and
metrics show chat and api by default, with a visible filter ("평가 포함") for the rest, over the services,
HTTP, the CLI and the view the Gradio and Streamlit Labs share; metrics never mix eval turns into 👍 ratios
or chat latency. Measured first: the first 50 trace rows after an eval run of 60 cases were 60 eval turns."""

from __future__ import annotations

import io
import json

from agents.cli.main import main
from agents.core.clock import system_clock
from agents.core.store import Database
from agents.core.store.comparisons import SideConfig
from agents.core.store.lab import ORIGINS, TraceFilter
from agents.core.store.migrations import CORE_MIGRATIONS, migrate
from agents.services import feedback
from agents.services.evals.loader import parse_suite
from agents.services.evals.runner import run_suite
from agents.services.lab import compare, metrics, traces
from agents.view.lab import trace_filter

EVALS = "suite: flood\nagent: notes\ncases:\n" + "".join(
    f"  - name: case {i}\n    turns:\n      - user: list my notes\n        expect:\n          - tool: list_notes\n"
    for i in range(60))


def test_eval_and_compare_turns_stay_out_of_the_default_traces_and_metrics(local, store, run, local_lab) -> None:
    run("hello there", user="ann")
    api = local.post("/api/v1/agents/notes/chat", json={"message": "list my notes", "user": "ann"})
    assert api.status_code == 200
    [evals] = run_suite(parse_suite(EVALS, "flood.yaml"), owner="ann", concurrency=4)
    assert evals.passed
    cmp = compare.start(store, local_lab, "notes", SideConfig(), SideConfig(), system_clock())
    list(compare.run_round(store, local_lab, cmp.id, "hello"))
    counts = dict(store.db.fetchall("SELECT origin, count(*) FROM traces GROUP BY origin"))
    assert counts == {"chat": 1, "api": 1, "eval": 60, "compare": 2}

    page = traces.list_traces(store, local_lab, limit=50)
    assert [r["origin"] for r in page.rows] == ["api", "chat"]  # before: 50 of 50 rows were eval turns
    every = traces.list_traces(store, local_lab, TraceFilter(origins=list(ORIGINS)), limit=50)
    # What every reader saw before origins existed: the compare sides, then eval turns only.
    assert [r["origin"] for r in every.rows] == ["compare"] * 2 + ["eval"] * 48

    # 👍 on an eval turn and a slow eval turn: the default metrics are the people's turns only.
    eval_row = next(r for r in every.rows if r["origin"] == "eval")
    feedback.rate(store, eval_row["user_id"], eval_row["turn_id"], "up", None, system_clock())
    store.db.execute("UPDATE traces SET latency_ms = 99999 WHERE origin = 'eval'")
    [row] = metrics.records(metrics.metrics(store, local_lab))
    assert row["turns"] == 2 and row["thumbs_up"] == 0 and row["latency_p95"] < 99999
    [row] = metrics.records(metrics.metrics(store, local_lab, TraceFilter(origins=list(ORIGINS))))
    assert row["turns"] == 64 and row["thumbs_up"] == 1 and row["latency_p95"] > 90000

    # HTTP and the CLI: the same default, the same filter.
    body = local.get("/api/v1/traces").json()["traces"]
    assert [t["origin"] for t in body] == ["api", "chat"]
    assert len(local.get("/api/v1/traces", params={"origin": "eval", "limit": 200}).json()["traces"]) == 60
    assert local.get("/api/v1/traces", params={"origin": "nope"}).status_code == 422
    out = io.StringIO()
    assert main(["metrics", "--period", "all", "--json"], out=out) == 0
    assert json.loads(out.getvalue())["turns"] == 2
    out = io.StringIO()
    assert main(["metrics", "--period", "all", "--json", "--origin", "all"], out=out) == 0
    assert json.loads(out.getvalue())["turns"] == 64
    assert main(["traces", "list", "--origin", "bogus"], out=io.StringIO()) == 2


def test_the_labs_filter_is_one_checkbox_in_both_front_ends(clock) -> None:
    form = {"agent": "", "provider": "", "model": "", "version": "", "status": "", "feedback": "", "user": "",
            "since": "", "until": "", "text": ""}
    assert trace_filter(mode="local", viewer="demo", now=clock(), **form).origins is None  # the default
    assert trace_filter(mode="local", viewer="demo", now=clock(), include_tests=True, **form).origins == list(ORIGINS)
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for page in ("pages/gradio/lab/traces.py", "pages/gradio/lab/metrics.py", "pages/streamlit/lab/traces.py"):
        assert "INCLUDE_TESTS_LABEL" in (root / page).read_text(encoding="utf-8"), page


def test_core_051_backfills_the_origin_of_older_turns(tmp_path, clock) -> None:
    db = Database(tmp_path / "old.duckdb")
    migrate(db, [m for m in CORE_MIGRATIONS if m.name < "core_051"])
    for turn_id, user, owner, comparison in (("t1", "ann", "ann", None), ("t2", "eval-abc-001", "ann", None),
                                             ("t3", "cmp-x-a", "ann", "cmp_1"), ("t4", "eval-lover", "eval-lover",
                                                                                  None)):
        db.execute("INSERT INTO traces (turn_id, conversation_id, user_id, agent_id, provider, model, status, "
                   "started_at, events, owner_id, comparison_id) VALUES (?, 'c', ?, 'notes', 'offline', 'rules-v1', "
                   "'done', ?, '[]', ?, ?)", [turn_id, user, clock(), owner, comparison])
    assert migrate(db, CORE_MIGRATIONS) == [m.name for m in CORE_MIGRATIONS if m.name >= "core_051"]
    assert db.fetchall("SELECT turn_id, origin FROM traces ORDER BY turn_id") == [
        ("t1", "chat"), ("t2", "eval"), ("t3", "compare"), ("t4", "chat")]
    db.close()
