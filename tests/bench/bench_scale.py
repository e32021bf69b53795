"""Scale benchmark (issue 32; prints figures, asserts nothing about time).

    python -m tests.bench.bench_scale [--turns 160] [--clients 8 32]

Turns per second and p99 latency of offline marketing turns sent over the HTTP API by N concurrent clients, for:
DuckDB with one app process; PostgreSQL with one process; PostgreSQL with two processes (the clients split between
the two ports). Then the store benchmark on both backends (persist one turn, last 50 messages, list 20
conversations), each beside its raw floor from the same run: a bare DuckDB or psycopg insert-and-commit / select of
the same rows. Needs PostgreSQL's server binaries (tests/support/postgres.py) for the PostgreSQL rows.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import httpx

from tests.support.api_processes import api_processes
from tests.support.postgres import TempPostgres, binaries, missing_reason

ROOT = Path(__file__).resolve().parents[2]
MESSAGES = ["이번 주 성과 어때?", "캠페인 목록 보여줘", "ROAS 제일 높은 캠페인은?", "최근 이상 징후가 있어?"]


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


@contextmanager
def apps(env: dict[str, str], count: int) -> Iterator[list[str]]:
    """``count`` API processes on the database ``env`` names; their base URLs."""
    full = {**os.environ, "PYTHONPATH": str(ROOT), "PLAYGROUND_DAILY_LIMIT": str(10**9), **env}
    with api_processes(full, count) as bases:
        yield bases


def load(bases: list[str], clients: int, turns: int) -> tuple[float, float, float, int]:
    """``turns`` turns from ``clients`` threads (each its own user and conversation, round-robin over ``bases``):
    turns/s, p50 and p99 latency in ms, and how many did not end in ``done``."""
    latencies: list[float] = []
    failed = [0]
    lock = threading.Lock()
    per = max(1, turns // clients)

    def client(n: int) -> None:
        base = bases[n % len(bases)]
        conversation: str | None = None
        with httpx.Client(timeout=120) as http:
            for i in range(per):
                body: dict[str, object] = {"message": MESSAGES[i % len(MESSAGES)], "user": f"scale{n}"}
                if conversation:
                    body["conversation_id"] = conversation
                start = time.perf_counter()
                reply = http.post(f"{base}/api/v1/agents/marketing/chat", json=body)
                took = (time.perf_counter() - start) * 1000
                events = [json.loads(line[6:]) for line in reply.text.splitlines() if line.startswith("data: ")]
                ok = reply.status_code == 200 and events and events[-1].get("type") == "done"
                if ok:
                    conversation = events[-1].get("conversation_id") or conversation
                with lock:
                    latencies.append(took)
                    failed[0] += 0 if ok else 1

    # A first turn per client outside the clock: the process's imports and each user's sandbox seeding.
    for n in range(clients):
        httpx.post(f"{bases[n % len(bases)]}/api/v1/agents/marketing/chat", json={"message": "안녕", "user": f"scale{n}"},
                   timeout=300)
    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    return len(latencies) / elapsed, statistics.median(latencies), pct(latencies, 0.99), failed[0]


def timed(fn: Callable[[int], object], n: int) -> list[float]:
    out = []
    for i in range(n):
        start = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - start) * 1000)
    return out


def store_bench(target: str, label: str, samples: int) -> None:
    """Persist one turn / last 50 / list 20 through the repositories, beside a bare insert-and-commit and
    select of the same rows on the same database."""
    from agents.core.agent import all_migrations
    from agents.core.store import NewMessage, open_store
    from agents.core.store.conversations import _CONV_COLS, _MSG_COLS

    store = open_store(target, all_migrations())
    now = datetime(2026, 11, 1)
    try:
        convs = [store.conversations.create(f"bench{i % 20}", "marketing", "bench", now).id for i in range(40)]
        for conv in convs:  # some history to read back
            store.db.write(lambda c=conv: store.messages.add(c, [NewMessage(role="user", content=f"m{k}")
                                                                  for k in range(60)], now))

        def persist(i: int) -> None:
            store.db.write(lambda: store.messages.add(convs[i % 40], [
                NewMessage(role="user", content="이번 주 성과 어때?", turn_id=f"t{i}"),
                NewMessage(role="assistant", content="이번 주 ROAS는 3.2배입니다.", turn_id=f"t{i}")], now))

        # The floor: a bare connection of the backend's own driver, the same rows and statements.
        mark = "?" if store.db.dialect == "duckdb" else "%s"
        if store.db.dialect == "duckdb":
            raw = store.db.cursor()

            def run(sql: str, params: list[object], commit: bool) -> object:
                if commit:
                    raw.execute("BEGIN TRANSACTION")
                    raw.execute(sql, params)
                    return raw.execute("COMMIT")
                return raw.execute(sql, params).fetchall()
        else:
            import psycopg

            bare = psycopg.connect(target)

            def run(sql: str, params: list[object], commit: bool) -> object:
                with bare.cursor() as cur:
                    cur.execute(sql, params)
                    rows = None if commit else cur.fetchall()
                bare.commit()
                return rows

        insert = f"INSERT INTO messages ({_MSG_COLS}) VALUES " + ", ".join([f"({', '.join([mark] * 12)})"] * 2)

        def raw_persist(i: int) -> None:
            rows = [[f"raw{i}_{k}", convs[i % 40], 10_000_000 + 2 * i + k, f"r{i}", role, text, None, None, None,
                     "complete", None, now] for k, (role, text) in enumerate((("user", "이번 주 성과 어때?"),
                                                                              ("assistant", "이번 주 ROAS는 3.2배입니다.")))]
            run(insert, [v for row in rows for v in row], True)

        last50 = f"SELECT {_MSG_COLS} FROM messages WHERE conversation_id = {mark} ORDER BY seq DESC LIMIT 50"
        listing = (f"SELECT {_CONV_COLS} FROM conversations WHERE user_id = {mark} AND NOT archived "
                   "ORDER BY updated_at DESC, id DESC LIMIT 20")
        figures = [
            ("persist one turn", timed(persist, samples), timed(raw_persist, samples)),
            ("last 50 messages", timed(lambda i: store.messages.recent(convs[i % 40], 50), samples),
             timed(lambda i: run(last50, [convs[i % 40]], False), samples)),
            ("list 20 conversations", timed(lambda i: store.conversations.list(f"bench{i % 20}", limit=20), samples),
             timed(lambda i: run(listing, [f"bench{i % 20}"], False), samples)),
        ]
        for name, ours, floor in figures:
            print(f"  {label:<11} {name:<24} p50 {statistics.median(ours):7.3f} ms  p99 {pct(ours, .99):7.3f} ms   "
                  f"raw floor p50 {statistics.median(floor):7.3f} ms", flush=True)
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=160, help="turns per configuration and client count")
    parser.add_argument("--clients", type=int, nargs="+", default=[8, 32])
    parser.add_argument("--samples", type=int, default=200, help="store benchmark samples")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    pg = TempPostgres(max_connections=300).start() if binaries() else None
    if pg is None:
        print(f"PostgreSQL rows left out: {missing_reason()}")
    configs: list[tuple[str, dict[str, str], int]] = [("DuckDB, 1 process", {"PLAYGROUND_DB": str(tmp / "s.duckdb")}, 1)]
    try:
        if pg is not None:
            configs += [("PostgreSQL, 1 process", {"PLAYGROUND_DATABASE_URL": pg.create_database("one")}, 1),
                        ("PostgreSQL, 2 processes", {"PLAYGROUND_DATABASE_URL": pg.create_database("two"),
                                                     "PLAYGROUND_PG_POOL_MAX": "8"}, 2)]
        print(f"HTTP turns (offline marketing, {args.turns} per row, {os.cpu_count()} cores):")
        for label, env, count in configs:
            with apps(env, count) as bases:
                for clients in args.clients:
                    rate, p50, p99, failed = load(bases, clients, args.turns)
                    print(f"  {label:<24} {clients:>3} clients  {rate:7.1f} turns/s  p50 {p50:7.0f} ms  "
                          f"p99 {p99:7.0f} ms  not done {failed}", flush=True)
        print("Store (repository call beside the raw floor on the same database):")
        store_bench(str(tmp / "store.duckdb"), "DuckDB", args.samples)
        if pg is not None:
            store_bench(pg.create_database("store"), "PostgreSQL", args.samples)
    finally:
        if pg is not None:
            pg.stop()


if __name__ == "__main__":
    main()
