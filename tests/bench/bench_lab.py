"""The Lab over 100,000 stored turns, or --turns (prints figures, with the size it ran; asserts nothing about time).

    python -m tests.bench.bench_lab [--turns 100000 --samples 40]

Goals from issue 14 (p50): a filtered page of 50 traces <= 50 ms, one turn's detail <= 20 ms,
the metrics <= 200 ms. Each figure is printed beside the raw DuckDB floor measured in the same run:
the plainest query that reads the same rows, with no joins, no feedback and no Python on top.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path


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


def line(label: str, ours: float, floor: float, goal: str) -> None:
    print(f"{label:<46} p50 {ours:8.2f} ms   raw DuckDB {floor:8.2f} ms   (goal {goal})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="pg-bench-lab-"))
    os.environ["PLAYGROUND_DB"] = str(tmp / "bench.duckdb")

    from agents.core.session import runtime_store
    from agents.core.store.lab import TraceFilter
    from agents.services.lab import metrics, traces
    from agents.services.lab.access import LabUser
    from tests.support.lab_data import add_feedback, add_votes, load, synthetic_traces

    store = runtime_store()
    now = datetime(2026, 11, 2, 9, 0)
    started = time.perf_counter()
    frame = synthetic_traces(args.turns, now, users=200, days=60)
    load(store, frame)
    add_feedback(store, frame, 0.1, now)
    add_votes(store, frame, 500, now)
    store.db.execute("CHECKPOINT")
    size = os.path.getsize(store.path) / 1e6
    stored = store.db.fetchone("SELECT count(*) FROM traces")[0]  # the size this run measures, whatever --turns said
    print(f"loaded {stored:,} turns (events {frame['events'].str.len().mean():.0f} chars each), 10% rated, "
          f"500 votes in {time.perf_counter() - started:.1f} s; file {size:.0f} MB", flush=True)

    who = LabUser.cli()
    cols = "turn_id, started_at, agent_id, provider, model, status, latency_ms, ttft_ms, input_tokens, output_tokens"
    raw = store.db.cursor()

    def floor(sql: str, params: list | None = None) -> Callable[[int], object]:
        return lambda i: raw.execute(sql, params or []).fetchall()

    cases: list[tuple[str, TraceFilter, str, list]] = [
        ("no filter", TraceFilter(), "", []),
        ("agent + status", TraceFilter(agent="travel", status="error"), "WHERE agent_id = ? AND status = ?",
         ["travel", "error"]),
        ("one user (shared mode)", TraceFilter(owner="user07"), "WHERE owner_id = ?", ["user07"]),
        ("model + prompt version + 7 days", TraceFilter(model="gpt-4o-mini", prompt_version=1,
                                                       since=now - timedelta(days=7)),
         "WHERE started_at >= ? AND model = ? AND prompt_version = ?", [now - timedelta(days=7), "gpt-4o-mini", 1]),
        ("feedback 👎", TraceFilter(feedback="down"), "WHERE turn_id IN (SELECT turn_id FROM feedback WHERE rating = ?)",
         ["down"]),
        ("text, a common word", TraceFilter(text="캠페인"), "WHERE contains(search_text, ?)", ["캠페인"]),
        ("text, a word in no turn", TraceFilter(text="zeppelin"), "WHERE contains(search_text, ?)", ["zeppelin"]),
        ("text + agent, rare pair", TraceFilter(text="holdings weekly", agent="tutor"),
         "WHERE agent_id = ? AND contains(search_text, ?)", ["tutor", "holdings weekly"]),
    ]
    for label, filters, where, params in cases:
        ours = p50(lambda i, f=filters: traces.list_traces(store, who, f), args.samples)
        base = p50(floor(f"SELECT {cols} FROM traces {where} ORDER BY started_at DESC LIMIT 50", params), args.samples)
        line(f"traces page of 50: {label}", ours, base, "<= 50 ms")
    page = traces.list_traces(store, who, TraceFilter(status="done"))
    ours = p50(lambda i: traces.list_traces(store, who, TraceFilter(status="done"), before=page.next_cursor),
               args.samples)
    line("traces page of 50: the next page (cursor)", ours,
         p50(floor(f"SELECT {cols} FROM traces WHERE status = 'done' AND started_at < ? ORDER BY started_at DESC "
                   "LIMIT 50", [page.rows[-1]["started_at"]]), args.samples), "<= 50 ms")

    ids = frame["turn_id"].sample(args.samples + 1, random_state=3).tolist()
    owners = dict(zip(frame["turn_id"], frame["owner_id"], strict=True))
    line("one turn's detail", p50(lambda i: traces.trace_detail(store, ids[i], who), args.samples),
         p50(lambda i: raw.execute("SELECT * FROM traces WHERE turn_id = ?", [ids[i]]).fetchall(), args.samples),
         "<= 20 ms")
    line("one turn's detail, shared mode (owner checked)",
         p50(lambda i: traces.trace_detail(store, ids[i], LabUser(owners[ids[i]], "shared")), args.samples),
         p50(lambda i: raw.execute("SELECT * FROM traces WHERE turn_id = ?", [ids[i]]).fetchall(), args.samples),
         "<= 20 ms")

    group = ("SELECT agent_id, provider, model, prompt_version, count(*), quantile_cont(latency_ms, 0.5), "
             "quantile_cont(latency_ms, 0.95), quantile_cont(ttft_ms, 0.5), quantile_cont(ttft_ms, 0.95), "
             "sum(input_tokens), sum(output_tokens), sum(cost_usd) FROM traces WHERE status <> 'refused' GROUP BY ALL")
    line(f"metrics, all {_short(stored)} turns", p50(lambda i: metrics.metrics(store, who), max(5, args.samples // 4)),
         p50(floor(group), max(5, args.samples // 4)), "<= 200 ms")
    line("metrics, last 7 days", p50(lambda i: metrics.metrics(store, who, metrics.period_filter("7d", now)),
                                     max(5, args.samples // 4)),
         p50(floor(group.replace("WHERE", "WHERE started_at >= ? AND"), [now - timedelta(days=7)]),
             max(5, args.samples // 4)), "<= 200 ms")
    line("metrics over time (charts), 30 days",
         p50(lambda i: metrics.over_time(store, who, metrics.period_filter("30d", now)), max(5, args.samples // 4)),
         p50(floor("SELECT date_trunc('day', started_at), agent_id, provider, model, prompt_version, count(*), "
                   "quantile_cont(latency_ms, 0.5) FROM traces WHERE started_at >= ? GROUP BY ALL",
                   [now - timedelta(days=30)]), max(5, args.samples // 4)), "no goal")


if __name__ == "__main__":
    main()
