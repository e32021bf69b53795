"""Synthetic stored turns for the Lab's tests and benchmark: a pandas frame of ``traces`` rows (the
figures a test recomputes independently) bulk-loaded in one statement, plus feedback and votes."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from typing import Any

import pandas as pd

from agents.core.store import Store

AGENTS = ("marketing", "travel", "shopping", "tutor")
CONFIGS = (("offline", "rules-v1"), ("openai", "gpt-4o-mini"), ("gemini", "gemini-2.5-flash"), ("openai", "llama3.1"))
PRICES = {"gpt-4o-mini": (0.15e-6, 0.6e-6), "gemini-2.5-flash": (0.3e-6, 2.5e-6), "rules-v1": (0.0, 0.0)}
WORDS = ("캠페인", "예산", "성과", "도쿄", "라멘", "분유포트", "삼성전자", "차트", "일정", "추천", "세척", "budget", "ramen",
         "weekly", "report", "compare", "itinerary", "price", "review", "holdings")
FALLBACK_KEYS = ("responses_to_chat", "travel_parse", "shopping_summary", "english_analysis")


def _events(turn_id: str, text: str, reply: str, rng: random.Random, status: str) -> str:
    events: list[dict[str, Any]] = [{"type": "thinking", "turn_id": turn_id, "seq": 0, "stage": "analyzing",
                                     "message": "요청을 분석하고 있어요", "elapsed_ms": 1.0}]
    tool = rng.choice(("getPerformanceKPI", "recommend_places", "refilter_with_anchor", "show_chart"))
    events.append({"type": "tool_call", "turn_id": turn_id, "seq": 1, "call_id": f"call_{turn_id[-6:]}", "name": tool,
                   "args": {"period": "7d"}, "status": "running", "elapsed_ms": 5.0})
    events.append({"type": "tool_result", "turn_id": turn_id, "seq": 2, "call_id": f"call_{turn_id[-6:]}",
                   "name": tool, "ok": True, "summary": "ok", "data": {"rows": [[i, i * 2] for i in range(20)]},
                   "elapsed_ms": 9.0})
    for i, word in enumerate(reply.split()):
        events.append({"type": "text_delta", "turn_id": turn_id, "seq": 3 + i, "content": word + " ",
                       "elapsed_ms": 10.0 + i})
    last = {"type": "done", "turn_id": turn_id, "seq": len(events), "conversation_id": "conv_x", "meta": {},
            "elapsed_ms": 50.0} if status == "done" else {
        "type": "error", "turn_id": turn_id, "seq": len(events), "code": "provider_error", "message": "down",
        "elapsed_ms": 50.0}
    events.append(last)
    return json.dumps(events, ensure_ascii=False)


def synthetic_traces(n: int, now: datetime, *, seed: int = 7, users: int = 20, days: int = 30,
                     heavy: bool = True) -> pd.DataFrame:
    """``n`` turns over the last ``days`` days, oldest first (as the runner appends them)."""
    rng = random.Random(seed)
    start = now - timedelta(days=days)
    step = timedelta(days=days) / max(n, 1)
    rows = []
    for i in range(n):
        provider, model = CONFIGS[rng.randrange(len(CONFIGS)) if rng.random() < 0.4 else 0]
        agent = AGENTS[rng.randrange(len(AGENTS))]
        status = rng.choices(("done", "error", "interrupted", "refused"), (90, 5, 3, 2))[0]
        turn_id = f"turn_{i:08d}{rng.getrandbits(32):08x}"
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 8)))
        reply = " ".join(rng.choice(WORDS) for _ in range(rng.randint(20, 60)))
        input_tokens, output_tokens = rng.randint(100, 3000), rng.randint(10, 600)
        price = PRICES.get(model)
        cost = None if price is None else input_tokens * price[0] + output_tokens * price[1]
        fallbacks = [k for k in FALLBACK_KEYS if rng.random() < 0.03]
        latency = rng.lognormvariate(6, 0.6)
        rows.append({
            "turn_id": turn_id, "conversation_id": f"conv_{i // 4:08d}", "user_id": f"user{i % users:02d}",
            "owner_id": f"user{i % users:02d}", "agent_id": agent, "provider": provider, "model": model,
            "status": status, "error_code": "provider_error" if status == "error" else None,
            "started_at": start + step * i, "latency_ms": latency,
            "ttft_ms": None if status == "refused" else latency * rng.uniform(0.1, 0.6),
            "input_tokens": input_tokens, "output_tokens": output_tokens,
            "events": _events(turn_id, text, reply, rng, status) if heavy else "[]",
            "spans": json.dumps([{"kind": "model", "purpose": "turn", "ms": latency * 0.6, "start_ms": 5.0,
                                  "ttft_ms": latency * 0.2, "input_tokens": input_tokens,
                                  "output_tokens": output_tokens, "tool_calls": []}]),
            "phases": json.dumps([{"kind": "guards", "start_ms": 0.1, "ms": 0.5}]),
            "prompt_version": rng.choice((0, 0, 1, 2)), "system_prompt": "당신은 도움이 되는 비서입니다." if heavy else None,
            "requests": json.dumps([{"purpose": "turn", "messages": [{"role": "user", "content": text}]}],
                                   ensure_ascii=False),
            "comparison_id": None, "comparison_side": None, "message": text,
            "search_text": f"{text} {reply}".lower(), "cost_usd": cost, "fallbacks": fallbacks,
        })
    return pd.DataFrame(rows)


def _insert_frame(store: Store, table: str, frame: pd.DataFrame) -> None:
    """All rows in one statement (DuckDB reads the frame in place) or one COPY (PostgreSQL)."""
    if store.db.dialect != "duckdb":
        values = frame.astype(object).where(frame.notna(), None).values.tolist()
        store.db.copy_rows(table, list(frame.columns), values)  # type: ignore[union-attr]
        return
    cur = store.db.cursor()
    cur.register("lab_frame", frame)
    try:
        cur.execute(f"INSERT INTO {table} BY NAME SELECT * FROM lab_frame")
    finally:
        cur.unregister("lab_frame")


def load(store: Store, frame: pd.DataFrame) -> None:
    """All rows in one statement (row-by-row inserts would take minutes for 100,000)."""
    _insert_frame(store, "traces", frame)


def add_feedback(store: Store, frame: pd.DataFrame, share: float, now: datetime, seed: int = 3) -> pd.DataFrame:
    """Rate a random ``share`` of the turns (by their owner); returns the ratings."""
    rng = random.Random(seed)
    picked = frame[frame["status"] != "refused"].sample(frac=share, random_state=seed)
    ratings = pd.DataFrame({"turn_id": picked["turn_id"], "user_id": picked["owner_id"],
                            "conversation_id": picked["conversation_id"], "message_id": None,
                            "rating": [rng.choice(("up", "up", "down")) for _ in range(len(picked))],
                            "comment": None, "created_at": now, "updated_at": now})
    _insert_frame(store, "feedback", ratings)
    return ratings


def add_votes(store: Store, frame: pd.DataFrame, pairs: int, now: datetime, seed: int = 5) -> pd.DataFrame:
    """``pairs`` comparisons of one round each between two done turns; returns the rounds."""
    rng = random.Random(seed)
    done = frame[frame["status"] == "done"]["turn_id"].tolist()
    rounds = []
    for i in range(pairs):
        a, b = rng.sample(done, 2)
        cid = f"cmp_{i:06d}"
        store.db.execute("INSERT INTO comparisons VALUES (?, 'user00', 'marketing', 't', '{}', '{}', 'sbx-a', 'sbx-b', "
                         "NULL, NULL, ?, ?)", [cid, now, now])
        vote = rng.choice(("a", "b", "tie", "both_bad"))
        rounds.append({"comparison_id": cid, "round": 1, "message": "m", "turn_a": a, "turn_b": b, "vote": vote,
                       "voted_at": now, "created_at": now})
    table = pd.DataFrame(rounds)
    _insert_frame(store, "comparison_rounds", table)
    return table
