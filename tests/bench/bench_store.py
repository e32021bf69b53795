"""Store and turn benchmarks (prints figures; asserts nothing about time).

    python -m tests.bench.bench_store [--messages 1000000 --conversations 50000]

Goals from issue 2 (p50): persist one turn <= 3 ms, last 50 messages <= 2 ms,
20 conversations with preview <= 3 ms, offline turns through Session >= 50/s.
"""

from __future__ import annotations

import argparse
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


def report(label: str, samples: list[float], goal: str) -> None:
    p50, p99 = percentiles(samples)
    print(f"{label:<44} p50 {p50:8.3f} ms   p99 {p99:8.3f} ms   (goal {goal})", flush=True)


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
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="pg-bench-"))
    os.environ["PLAYGROUND_DB"] = str(tmp / "bench.duckdb")
    os.environ["PLAYGROUND_DAILY_LIMIT"] = str(10**9)
    from agents.core.agent import register_agent
    from agents.core.session import Session, runtime_store
    from agents.core.store import NewMessage, TraceRow
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

    def persist_turn(i: int) -> None:
        conv = conv_ids[i]
        with store.transaction():  # 1. the user message, before any model call
            store.messages.add(conv, [NewMessage(role="user", content="이번 주 성과 어때?", turn_id=f"bt{i}")], now)
        with store.transaction():  # 2. the rest of the turn, in one transaction
            store.messages.add(conv, [
                NewMessage(role="assistant", turn_id=f"bt{i}",
                           tool_calls=[{"id": "c1", "name": "getPerformanceKPI", "arguments": '{"period":"7d"}'}]),
                NewMessage(role="tool", content='{"ok": true, "summary": "ROAS 3.2x"}', turn_id=f"bt{i}",
                           tool_call_id="c1", tool_name="getPerformanceKPI", meta={"summary": "ROAS 3.2x"}),
                NewMessage(role="assistant", content="이번 주 ROAS는 3.2배입니다.", turn_id=f"bt{i}"),
            ], now)
            store.traces.insert(TraceRow(
                turn_id=f"bt{i}", conversation_id=conv, user_id="user_1", agent_id="notes", provider="offline",
                model="rules-v1", status="done", error_code=None, started_at=now + timedelta(milliseconds=i),
                latency_ms=10.0, ttft_ms=2.0, input_tokens=100, output_tokens=20,
                events=[{"type": "text_delta", "seq": s, "content": "word "} for s in range(12)], spans=[]))

    report("persist one turn (user msg + turn txn)", timed(persist_turn, args.samples), "<= 3 ms")
    report("load last 50 messages", timed(lambda i: store.messages.recent(conv_ids[i], 50), args.samples), "<= 2 ms")
    users = [f"user_{rng.randrange(USERS)}" for _ in range(args.samples)]
    report("list 20 conversations with preview", timed(lambda i: store.conversations.list(users[i], limit=20),
                                                       args.samples), "<= 3 ms")
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
          f"({elapsed / args.turns * 1000:.1f} ms/turn; goal >= 50/s)", flush=True)


if __name__ == "__main__":
    main()
