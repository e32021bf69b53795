"""Store and turn benchmarks (prints figures; asserts nothing about time).

    python -m tests.bench.bench_store [--messages 1000000 --conversations 50000] [--copy-messages 100000]

Goals from issue 2 (p50): persist one turn <= 3 ms, last 50 messages <= 2 ms,
20 conversations with preview <= 3 ms, offline turns through Session >= 50/s.

Each figure is printed beside the raw DuckDB floor measured in the same run: the same rows
inserted and committed, or the same rows read, by a bare cursor (no repository, no models).
``playground db copy`` between two DuckDB files is printed beside DuckDB's own ``INSERT ... SELECT`` of the
same rows from the attached source file.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

USERS = 500


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def timed(fn: Callable[[int], object], n: int) -> list[float]:
    out = []
    for i in range(n):
        start = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - start) * 1000)
    return out


def report(label: str, samples: list[float], floor: list[float], goal: str) -> None:
    p50, p99 = percentiles(samples)
    raw = percentiles(floor)[0]
    print(f"{label:<44} p50 {p50:8.3f} ms   p99 {p99:8.3f} ms   raw DuckDB p50 {raw:8.3f} ms   (goal {goal})",
          flush=True)


def seed(store, conversations: int, messages: int) -> None:
    """Bulk-load synthetic history with set-based SQL (seconds, not minutes)."""
    per = messages // conversations
    base = datetime(2026, 1, 1)
    db = store.db
    db.execute(
        """INSERT INTO conversations (id, user_id, agent_id, title, archived, created_at, updated_at, message_count,
                                      last_preview, state)
           SELECT 'conv_' || lpad(i::VARCHAR, 8, '0'), 'user_' || (i % ?), 'notes', 'conversation ' || i,
                  i % 10 = 0, ?::TIMESTAMP + to_seconds(i), ?::TIMESTAMP + to_seconds(i + 1000000), ?,
                  'last message of ' || i, NULL
           FROM range(?) t(i)""",
        [USERS, base, base, per, conversations],
    )
    db.execute(
        """INSERT INTO messages (id, conversation_id, seq, turn_id, role, content, tool_calls, tool_call_id, tool_name,
                                 status, meta, created_at)
           SELECT 'msg_' || lpad(i::VARCHAR, 9, '0'), 'conv_' || lpad((i % ?)::VARCHAR, 8, '0'), (i // ?) + 1, NULL,
                  CASE WHEN i // ? % 2 = 0 THEN 'user' ELSE 'assistant' END,
                  'message body number ' || i || ' with a little more text to be realistic', NULL, NULL, NULL,
                  'complete', NULL, ?::TIMESTAMP + to_seconds(i)
           FROM range(?) t(i)""",
        [conversations, conversations, conversations, base, per * conversations],
    )
    db.execute("CHECKPOINT")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=1_000_000)
    parser.add_argument("--conversations", type=int, default=50_000)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--copy-messages", type=int, default=100_000)
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="pg-bench-"))
    os.environ["PLAYGROUND_DB"] = str(tmp / "bench.duckdb")
    os.environ["PLAYGROUND_DAILY_LIMIT"] = str(10**9)
    from agents.core.agent import register_agent
    from agents.core.session import Session, runtime_store
    from agents.core.store import NewMessage, TraceRow
    from agents.core.store.conversations import _CONV_COLS, _MSG_COLS
    from agents.core.store.telemetry import _DETAIL_COLS, _JSON_COLS, _TRACE_COLS
    from tests.support.notes_agent import AGENT

    register_agent(AGENT)
    store = runtime_store()
    started = time.perf_counter()
    seed(store, args.conversations, args.messages)
    print(f"seeded {args.messages:,} messages in {args.conversations:,} conversations ({USERS} users) "
          f"in {time.perf_counter() - started:.1f} s  [{store.path}]", flush=True)
    rng = random.Random(7)
    conv_ids = [f"conv_{rng.randrange(args.conversations):08d}" for _ in range(args.samples)]
    now = datetime(2026, 11, 1)

    def trace(turn: str, conv: str, i: int) -> TraceRow:
        return TraceRow(
            turn_id=turn, conversation_id=conv, user_id="user_1", agent_id="notes", provider="offline",
            model="rules-v1", status="done", error_code=None, started_at=now + timedelta(milliseconds=i),
            latency_ms=10.0, ttft_ms=2.0, input_tokens=100, output_tokens=20,
            events=[{"type": "text_delta", "seq": s, "content": "word "} for s in range(12)], spans=[])

    def turn_messages(turn: str) -> list:
        return [NewMessage(role="assistant", turn_id=turn,
                           tool_calls=[{"id": "c1", "name": "getPerformanceKPI", "arguments": '{"period":"7d"}'}]),
                NewMessage(role="tool", content='{"ok": true, "summary": "ROAS 3.2x"}', turn_id=turn,
                           tool_call_id="c1", tool_name="getPerformanceKPI", meta={"summary": "ROAS 3.2x"}),
                NewMessage(role="assistant", content="이번 주 ROAS는 3.2배입니다.", turn_id=turn)]

    def persist_turn(i: int) -> None:
        conv = conv_ids[i]
        with store.transaction():  # 1. the user message, before any model call
            store.messages.add(conv, [NewMessage(role="user", content="이번 주 성과 어때?", turn_id=f"bt{i}")], now)
        with store.transaction():  # 2. the rest of the turn, in one transaction
            store.messages.add(conv, turn_messages(f"bt{i}"), now)
            store.traces.insert(trace(f"bt{i}", conv, i))

    # The floor: the same four message rows and the trace row, made ready beforehand, inserted and
    # committed in the same two transactions by a bare cursor.
    raw = store.db.cursor()
    trace_cols = f"{_TRACE_COLS}, {_DETAIL_COLS}".split(", ")
    def raw_rows(i: int) -> tuple[list, list, list]:
        conv, turn = conv_ids[i], f"rt{i}"
        first = [f"rmsg_{i}_0", conv, 10_000 + 4 * i, turn, "user", "이번 주 성과 어때?", None, None, None, "complete",
                 None, now]
        rest: list = []
        for n, m in enumerate(turn_messages(turn), start=1):
            rest += [f"rmsg_{i}_{n}", conv, 10_000 + 4 * i + n, turn, m.role, m.content,
                     json.dumps(m.tool_calls) if m.tool_calls else None, m.tool_call_id, m.tool_name, m.status,
                     json.dumps(m.meta) if m.meta else None, now]
        data = trace(turn, conv, i).model_dump()
        for name in _JSON_COLS:
            data[name] = json.dumps(data[name])
        data["owner_id"] = data["owner_id"] or data["user_id"]
        return first, rest, [data[c] for c in trace_cols]

    prepared = [raw_rows(i) for i in range(args.samples)]
    one = f"INSERT INTO messages ({_MSG_COLS}) VALUES ({', '.join('?' * 12)})"
    three = f"INSERT INTO messages ({_MSG_COLS}) VALUES " + ", ".join([f"({', '.join('?' * 12)})"] * 3)
    trace_sql = f"INSERT INTO traces ({', '.join(trace_cols)}) VALUES ({', '.join('?' * len(trace_cols))})"

    def raw_persist(i: int) -> None:
        first, rest, trace_row = prepared[i]
        raw.execute("BEGIN TRANSACTION")
        raw.execute(one, first)
        raw.execute("COMMIT")
        raw.execute("BEGIN TRANSACTION")
        raw.execute(three, rest)
        raw.execute(trace_sql, trace_row)
        raw.execute("COMMIT")

    persist = timed(persist_turn, args.samples)
    persist_floor = timed(raw_persist, args.samples)
    report("persist one turn (user msg + turn txn)", persist, persist_floor, "<= 3 ms")
    last50 = (f"WITH conv AS MATERIALIZED (SELECT {_MSG_COLS} FROM messages WHERE conversation_id = ?) "
              f"SELECT {_MSG_COLS} FROM conv ORDER BY seq DESC LIMIT 50")
    report("load last 50 messages", timed(lambda i: store.messages.recent(conv_ids[i], 50), args.samples),
           timed(lambda i: raw.execute(last50, [conv_ids[i]]).fetchall(), args.samples), "<= 2 ms")
    users = [f"user_{rng.randrange(USERS)}" for _ in range(args.samples)]
    listing = (f"SELECT {_CONV_COLS} FROM conversations WHERE user_id = ? AND NOT archived "
               "ORDER BY updated_at DESC, id DESC LIMIT 20")
    report("list 20 conversations with preview", timed(lambda i: store.conversations.list(users[i], limit=20),
                                                       args.samples),
           timed(lambda i: raw.execute(listing, [users[i]]).fetchall(), args.samples), "<= 3 ms")
    # DuckDB decides on an index scan at run time, so only EXPLAIN ANALYZE shows it.
    plan = store.db.fetchall("EXPLAIN ANALYZE WITH conv AS MATERIALIZED (SELECT * FROM messages "
                             "WHERE conversation_id = ?) SELECT * FROM conv ORDER BY seq DESC LIMIT 50",
                             ["conv_00000001"])
    print("last-50 query uses the conversation_id index:", "Index Scan" in str(plan))

    session = Session("notes", user_id="bench")
    session.run("list my notes")  # warm-up
    start = time.perf_counter()
    for i in range(args.turns):
        if i % 20 == 0:
            session.new_conversation()
        events = session.run("list my notes" if i % 2 else "add bench note")
        assert events[-1].type == "done", events[-1]
    elapsed = time.perf_counter() - start
    print(f"{'offline turns through Session':<44} {args.turns / elapsed:8.1f} turns/s "
          f"({elapsed / args.turns * 1000:.1f} ms/turn; raw DuckDB: the turn's rows inserted and committed "
          f"{percentiles(persist_floor)[0]:.3f} ms; goal >= 50/s)", flush=True)
    open_figure(tmp, args.samples)
    copy_figure(tmp, args.copy_messages)


def open_figure(tmp: Path, samples: int) -> None:
    """Opening and closing a migrated database file (``Database``: attached to the process's one DuckDB
    instance), beside ``duckdb.connect(path)`` and ``close()`` of a copy of the same file (a new instance)."""
    import shutil

    import duckdb

    from agents.core.agent import all_migrations
    from agents.core.store import open_store
    from agents.core.store.db import Database

    template = tmp / "open-template.duckdb"
    open_store(template, all_migrations()).close()
    files = [tmp / f"open-{i}.duckdb" for i in range(samples)]
    floors = [tmp / f"open-floor-{i}.duckdb" for i in range(samples)]
    for path in files + floors:
        shutil.copyfile(template, path)
    report("open and close a database file", timed(lambda i: Database(files[i]).close(), samples),
           timed(lambda i: duckdb.connect(str(floors[i])).close(), samples), "none; the floor is a new instance")


def copy_figure(tmp: Path, messages: int) -> None:
    """``playground db copy`` of a store with ``messages`` messages into a new DuckDB file, beside the floor:
    the same tables' rows copied by DuckDB itself (ATTACH, then INSERT ... SELECT per table) into another."""
    import duckdb

    from agents.core.agent import all_migrations
    from agents.core.store import open_store
    from agents.core.store.copy import copy_store, tables

    source = open_store(tmp / "copy-source.duckdb", all_migrations())
    seed(source, max(1, messages // 20), messages)
    names = tables(source)
    source.close()
    for target_name in ("copy-target.duckdb", "floor-target.duckdb"):
        open_store(tmp / target_name, all_migrations()).close()  # migrated: the same tables, as db copy needs
    source, target = open_store(tmp / "copy-source.duckdb", all_migrations()), open_store(tmp / "copy-target.duckdb",
                                                                                          all_migrations())
    started = time.perf_counter()
    copied = copy_store(source, target)
    seconds = time.perf_counter() - started
    source.close()
    target.close()
    raw = duckdb.connect(str(tmp / "floor-target.duckdb"))
    raw.execute(f"ATTACH '{tmp / 'copy-source.duckdb'}' AS src (READ_ONLY)")
    started = time.perf_counter()
    raw.execute("BEGIN TRANSACTION")
    for name in names:
        raw.execute(f'DELETE FROM "{name}"')
        raw.execute(f'INSERT INTO "{name}" SELECT * FROM src."{name}"')
    raw.execute("COMMIT")
    floor = time.perf_counter() - started
    raw.close()
    total = sum(copied.values())
    print(f"{'db copy DuckDB -> DuckDB':<44} {seconds:8.2f} s for {total:,} rows "
          f"({total / seconds:,.0f} rows/s)   raw DuckDB INSERT ... SELECT {floor:8.2f} s", flush=True)


if __name__ == "__main__":
    main()
