"""The Lab over 100,000 stored turns, or --turns, on DuckDB and PostgreSQL (prints figures, with the size each
backend ran; asserts nothing about time).

    python -m tests.bench.bench_lab [--turns 100000 --samples 40 --backend duckdb|postgres|both]

Goals from issue 14 (p50): a filtered page of 50 traces <= 50 ms, one turn's detail <= 20 ms,
the metrics <= 200 ms; issue 32 holds PostgreSQL to the same goals. Each figure is printed beside the raw
floor of the same backend measured in the same run: the plainest query that reads the same rows, with no
joins, no feedback and no Python on top, run by the bare driver (a DuckDB cursor; a psycopg connection).
Both backends load the same rows (one synthetic frame: DuckDB reads it in place, PostgreSQL takes it by
COPY), and the bench checks that they answer the same pages, details and metrics.
The default is both backends when PostgreSQL's binaries exist (a throw-away server, tests/support/postgres.py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pandas as pd

NAMES = {"duckdb": "DuckDB", "postgres": "PostgreSQL"}
NOW = datetime(2026, 11, 2, 9, 0)
# The floor's dialect: a substring test (PostgreSQL's LIKE is what its trigram index serves, core_056), a
# percentile, and GROUP BY the first n columns.
CONTAINS = {"duckdb": "contains(search_text, ?)", "postgres": "search_text LIKE ?"}


def word(dialect: str, text: str) -> str:
    """The substring test's parameter (the bench's words hold none of LIKE's own characters)."""
    return text if dialect == "duckdb" else f"%{text}%"


def quantile(dialect: str, column: str, q: float) -> str:
    return f"quantile_cont({column}, {q})" if dialect == "duckdb" else \
        f"percentile_cont({q}) WITHIN GROUP (ORDER BY {column})"


def group_by(dialect: str, n: int) -> str:
    return "GROUP BY ALL" if dialect == "duckdb" else "GROUP BY " + ", ".join(str(i + 1) for i in range(n))


def p50(fn: Callable[[int], object], n: int) -> float:
    fn(0)  # warm: the first call pays for plans and caches
    out = []
    for i in range(n):
        start = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - start) * 1000)
    return statistics.median(out)


def _short(n: int) -> str:
    return f"{n // 1000}k" if n >= 10_000 else f"{n:,}"


def line(label: str, ours: float, floor: float, goal: str, backend: str) -> None:
    print(f"{label:<50} p50 {ours:8.2f} ms   raw {NAMES[backend]:<10} {floor:8.2f} ms   (goal {goal})", flush=True)


def bare(store: Any, target: str) -> tuple[Callable[[str, Sequence[Any]], list[Any]], Callable[[], None]]:
    """The backend's own driver on the same database, outside the store: a run(sql, params) and a close()."""
    if store.db.dialect == "duckdb":
        cur = store.db.cursor()
        return (lambda sql, params: cur.execute(sql, list(params)).fetchall()), cur.close
    import psycopg

    from agents.core.store.pg import translate

    conn = psycopg.connect(target, autocommit=True)

    def run(sql: str, params: Sequence[Any]) -> list[Any]:
        with conn.cursor() as cur:
            cur.execute(translate(sql), list(params))
            return cur.fetchall()

    return run, conn.close


def seed(store: Any, frame: pd.DataFrame) -> str:
    """The frame's turns, 10% rated and 500 votes, settled for reads; returns what was loaded, for the log."""
    from tests.support.lab_data import add_feedback, add_votes, load

    started = time.perf_counter()
    load(store, frame)
    add_feedback(store, frame, 0.1, NOW)
    add_votes(store, frame, 500, NOW)
    if store.db.dialect == "duckdb":
        store.db.execute("CHECKPOINT")
        size = os.path.getsize(store.path) / 1e6
    else:
        # The planner's statistics and the visibility map (index-only scans read no heap row on a page marked
        # all-visible), as autovacuum keeps them after a bulk load (core_057: after 1% new rows on traces).
        store.db.execute("VACUUM ANALYZE")
        size = store.db.fetchone("SELECT pg_database_size(current_database())")[0] / 1e6
    stored = store.db.fetchone("SELECT count(*) FROM traces")[0]  # the size this run measures, whatever --turns said
    return (f"loaded {stored:,} turns (events {frame['events'].str.len().mean():.0f} chars each), 10% rated, "
            f"500 votes in {time.perf_counter() - started:.1f} s; database {size:.0f} MB")


def run(backend: str, target: str, frame: pd.DataFrame, samples: int) -> dict[str, Any]:
    """Seed ``target`` and print every figure; returns what the Lab answered, to compare the backends."""
    from agents.core.agent import all_migrations
    from agents.core.store import open_store
    from agents.core.store.lab import TraceFilter
    from agents.services.lab import metrics, traces
    from agents.services.lab.access import LabUser

    store = open_store(target, all_migrations())
    raw, close_raw = bare(store, target)
    d = store.db.dialect
    answers: dict[str, Any] = {}
    try:
        print(f"== {NAMES[backend]}: " + seed(store, frame), flush=True)
        stored = store.db.fetchone("SELECT count(*) FROM traces")[0]
        who = LabUser.cli()
        cols = "turn_id, started_at, agent_id, provider, model, status, latency_ms, ttft_ms, input_tokens, output_tokens"

        def floor(sql: str, params: list | None = None) -> Callable[[int], object]:
            return lambda i: raw(sql, params or [])

        week = NOW - timedelta(days=7)
        cases: list[tuple[str, TraceFilter, str, list]] = [
            ("no filter", TraceFilter(), "", []),
            ("agent + status", TraceFilter(agent="travel", status="error"), "WHERE agent_id = ? AND status = ?",
             ["travel", "error"]),
            ("one user (shared mode)", TraceFilter(owner="user07"), "WHERE owner_id = ?", ["user07"]),
            ("model + prompt version + 7 days", TraceFilter(model="gpt-4o-mini", prompt_version=1, since=week),
             "WHERE started_at >= ? AND model = ? AND prompt_version = ?", [week, "gpt-4o-mini", 1]),
            ("feedback 👎", TraceFilter(feedback="down"),
             "WHERE turn_id IN (SELECT turn_id FROM feedback WHERE rating = ?)", ["down"]),
            ("text, a common word", TraceFilter(text="캠페인"), f"WHERE {CONTAINS[d]}", [word(d, "캠페인")]),
            ("text, a word in no turn", TraceFilter(text="zeppelin"), f"WHERE {CONTAINS[d]}", [word(d, "zeppelin")]),
            ("text + agent, rare pair", TraceFilter(text="holdings weekly", agent="tutor"),
             f"WHERE agent_id = ? AND {CONTAINS[d]}", ["tutor", word(d, "holdings weekly")]),
        ]
        for label, filters, where, params in cases:
            answers[label] = [r["turn_id"] for r in traces.list_traces(store, who, filters).rows]
            ours = p50(lambda i, f=filters: traces.list_traces(store, who, f), samples)
            base = p50(floor(f"SELECT {cols} FROM traces {where} ORDER BY started_at DESC LIMIT 50", params), samples)
            line(f"traces page of 50: {label}", ours, base, "<= 50 ms", backend)
        page = traces.list_traces(store, who, TraceFilter(status="done"))
        answers["next page"] = [r["turn_id"] for r in traces.list_traces(
            store, who, TraceFilter(status="done"), before=page.next_cursor).rows]
        ours = p50(lambda i: traces.list_traces(store, who, TraceFilter(status="done"), before=page.next_cursor),
                   samples)
        line("traces page of 50: the next page (cursor)", ours,
             p50(floor(f"SELECT {cols} FROM traces WHERE status = 'done' AND started_at < ? ORDER BY started_at DESC "
                       "LIMIT 50", [page.rows[-1]["started_at"]]), samples), "<= 50 ms", backend)

        ids = frame["turn_id"].sample(samples + 1, random_state=3).tolist()
        owners = dict(zip(frame["turn_id"], frame["owner_id"], strict=True))
        answers["detail"] = [(t.turn_id, t.status, len(t.events), t.feedback)
                             for t in (traces.trace_detail(store, x, who) for x in ids[:3])]
        point = "SELECT * FROM traces WHERE turn_id = ?"
        line("one turn's detail", p50(lambda i: traces.trace_detail(store, ids[i], who), samples),
             p50(lambda i: raw(point, [ids[i]]), samples), "<= 20 ms", backend)
        line("one turn's detail, shared mode (owner checked)",
             p50(lambda i: traces.trace_detail(store, ids[i], LabUser(owners[ids[i]], "shared")), samples),
             p50(lambda i: raw(point, [ids[i]]), samples), "<= 20 ms", backend)

        few = max(5, samples // 4)
        group = (f"SELECT agent_id, provider, model, prompt_version, count(*), {quantile(d, 'latency_ms', 0.5)}, "
                 f"{quantile(d, 'latency_ms', 0.95)}, {quantile(d, 'ttft_ms', 0.5)}, {quantile(d, 'ttft_ms', 0.95)}, "
                 "sum(input_tokens), sum(output_tokens), sum(cost_usd) FROM traces WHERE status <> 'refused' "
                 + group_by(d, 4))
        table = metrics.metrics(store, who)
        answers["metrics"] = sorted(zip(table["agent_id"], table["model"], table["prompt_version"].astype(int),
                                        table["turns"].astype(int), table["thumbs_down"].astype(int),
                                        table["wins"].astype(int), strict=True))
        line(f"metrics, all {_short(stored)} turns", p50(lambda i: metrics.metrics(store, who), few),
             p50(floor(group), few), "<= 200 ms", backend)
        line("metrics, last 7 days", p50(lambda i: metrics.metrics(store, who, metrics.period_filter("7d", NOW)), few),
             p50(floor(group.replace("WHERE", "WHERE started_at >= ? AND"), [week]), few), "<= 200 ms", backend)
        line("metrics over time (charts), 30 days",
             p50(lambda i: metrics.over_time(store, who, metrics.period_filter("30d", NOW)), few),
             p50(floor(f"SELECT date_trunc('day', started_at), agent_id, provider, model, prompt_version, count(*), "
                       f"{quantile(d, 'latency_ms', 0.5)} FROM traces WHERE started_at >= ? {group_by(d, 5)}",
                       [NOW - timedelta(days=30)]), few), "no goal", backend)
    finally:
        close_raw()
        store.close()
    return answers


def main(argv: list[str] | None = None) -> int:
    from tests.support.postgres import TempPostgres, binaries, missing_reason

    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--backend", choices=("duckdb", "postgres", "both"), default=None,
                        help="default: both when PostgreSQL's binaries exist, else duckdb")
    parser.add_argument("--pg-url", default=None, help="an empty PostgreSQL database to use instead of a throw-away "
                                                       "server")
    args = parser.parse_args(argv)
    backends = {"duckdb": ["duckdb"], "postgres": ["postgres"], "both": ["duckdb", "postgres"]}[
        args.backend or ("both" if binaries() or args.pg_url else "duckdb")]
    if args.backend is None and backends == ["duckdb"]:
        print(f"DuckDB only: {missing_reason()}", flush=True)
    from tests.support.lab_data import synthetic_traces

    load = os.getloadavg()
    print(f"{args.turns:,} turns, {args.samples} samples a figure; load average {load[0]:.2f} {load[1]:.2f} "
          f"{load[2]:.2f} on {os.cpu_count()} cores", flush=True)
    frame = synthetic_traces(args.turns, NOW, users=200, days=60)
    answers: dict[str, dict[str, Any]] = {}
    tmp = Path(tempfile.mkdtemp(prefix="pg-bench-lab-"))
    if "duckdb" in backends:
        answers["duckdb"] = run("duckdb", str(tmp / "bench.duckdb"), frame, args.samples)
    if "postgres" in backends:
        if args.pg_url:
            answers["postgres"] = run("postgres", args.pg_url, frame, args.samples)
        else:
            with TempPostgres() as server:
                print(f"(a throw-away PostgreSQL server from {server.bin} on 127.0.0.1:{server.port})", flush=True)
                answers["postgres"] = run("postgres", server.create_database("bench_lab"), frame, args.samples)
    if len(answers) == 2:
        differ = [k for k in answers["duckdb"] if answers["duckdb"][k] != answers["postgres"][k]]
        print("same answers on both backends" if not differ else f"the backends answered differently: {differ}",
              flush=True)
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
