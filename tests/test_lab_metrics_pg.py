"""Issue 32: PostgreSQL's metrics statement (agents/core/store/lab_metrics.py: each aggregate reads ``traces``
through the covering indexes of core_057; 👍/👎 as hashed lookups plus a turn's extra ratings) answers exactly as
DuckDB's, whose statement is checked against pandas in tests/lab/test_metrics.py. The rows hold what the shortcuts
could get wrong: a turn rated by several people, a fallback taken twice in one turn, configurations with no
prompt version, every origin, refused turns and votes; under every kind of filter."""

from __future__ import annotations

import itertools
import math
import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from agents.core.agent import all_migrations
from agents.core.store import Store, open_store
from agents.core.store.lab import TraceFilter
from agents.services.lab import metrics
from agents.services.lab.access import LabUser
from agents.services.lab.traces import scoped
from tests.support.lab_data import _insert_frame, add_feedback, add_votes, load, synthetic_traces
from tests.support.postgres import TempPostgres

NOW = datetime(2026, 11, 2, 9, 0)
KEYS = ["agent_id", "provider", "model", "prompt_version"]
FILTERS: dict[str, TraceFilter] = {
    "all": TraceFilter(), "every origin": TraceFilter(origins=["chat", "api", "compare", "eval"]),
    "7 days": TraceFilter(since=NOW - timedelta(days=7)), "until": TraceFilter(until=NOW - timedelta(days=20)),
    "owner": TraceFilter(owner="user01"), "agent + status": TraceFilter(agent="travel", status="error"),
    "model + version": TraceFilter(model="gpt-4o-mini", prompt_version=1), "rated up": TraceFilter(feedback="up"),
    "rated down": TraceFilter(feedback="down"), "not rated": TraceFilter(feedback="none"),
    "text": TraceFilter(text="ramen"), "text, korean": TraceFilter(text="도쿄"),
    "text, none": TraceFilter(text="zeppelin"), "eval only": TraceFilter(origins=["eval"]),
}
_names = itertools.count(1)


def _seeded(target: str | Path) -> Store:
    frame = synthetic_traces(900, NOW, seed=23, heavy=False, users=4, days=30)
    frame["origin"] = [("chat", "api", None, "eval", "compare", "chat")[i % 6] for i in range(len(frame))]
    frame["prompt_version"] = frame["prompt_version"].astype("Int64")
    frame.loc[frame.index % 37 == 0, "prompt_version"] = pd.NA
    frame.loc[frame.index % 43 == 0, "fallbacks"] = pd.Series([["travel_parse", "travel_parse", "shopping_summary"]]
                                                              * len(frame.index[frame.index % 43 == 0]),
                                                              index=frame.index[frame.index % 43 == 0])
    store = open_store(target, all_migrations())
    load(store, frame)
    ratings = add_feedback(store, frame, 0.3, NOW)
    # Other people rate some of the same turns: alike (the extra rows count) and the other way.
    extra = []
    for i, (turn_id, rating) in enumerate(zip(ratings["turn_id"], ratings["rating"], strict=True)):
        if i % 5 == 0:
            extra.append({"turn_id": turn_id, "user_id": "rater_a", "conversation_id": None, "message_id": None,
                          "rating": rating if i % 10 == 0 else ("down" if rating == "up" else "up"), "comment": None,
                          "created_at": NOW, "updated_at": NOW})
        if i % 15 == 0:
            extra.append({**extra[-1], "user_id": "rater_b", "rating": rating})
    _insert_frame(store, "feedback", pd.DataFrame(extra))
    add_votes(store, frame[frame["origin"] != "eval"], 60, NOW)
    return store


def _records(table: pd.DataFrame) -> list[dict[str, Any]]:
    """Rows as plain Python values: numpy scalars unwrapped, NaN and NA as None (the backends' frames differ there)."""
    def plain(value: Any) -> Any:
        value = value.item() if hasattr(value, "item") else value
        if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
            return None
        return value

    return [{k: plain(v) for k, v in row.items()} for row in table.astype(object).to_dict("records")]


def _same(duck: list[dict[str, Any]], pg: list[dict[str, Any]], label: str) -> None:
    assert [list(r) for r in pg] == [list(r) for r in duck], label
    assert len(pg) == len(duck), label
    for want, got in zip(duck, pg, strict=True):
        for column, value in want.items():
            if isinstance(value, float) and got[column] is not None:
                assert got[column] == pytest.approx(value, rel=1e-9), (label, want, column)
            else:
                assert got[column] == value, (label, want, column)


@pytest.fixture(scope="module")
def duck_tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    store = _seeded(tmp_path_factory.mktemp("duck") / "metrics.duckdb")
    try:
        return {label: _records(metrics.metrics(store, LabUser.cli(), f)) for label, f in FILTERS.items()}
    finally:
        store.close()


def test_the_seeded_rows_hold_the_cases(duck_tables: dict[str, list[dict[str, Any]]]) -> None:
    table = duck_tables["every origin"]
    assert any(r["prompt_version"] is None for r in table)
    assert sum(r["thumbs_up"] + r["thumbs_down"] for r in table) > sum(r["turns"] for r in table) * 0.3
    assert sum(r["wins"] + r["losses"] + r["ties"] + r["both_bad"] for r in table) == 120
    assert sum(r["fb_travel_parse"] for r in table) > sum(r["fb_shopping_summary"] for r in table) > 0
    assert duck_tables["text, none"] == [] and len(duck_tables["eval only"]) > 0
    assert sum(r["turns"] for r in duck_tables["all"]) < sum(r["turns"] for r in table)


def test_postgres_metrics_answer_as_duckdb_under_every_filter(
        postgres: TempPostgres, duck_tables: dict[str, list[dict[str, Any]]]) -> None:
    store = _seeded(postgres.create_database(f"lab_metrics_{next(_names)}"))
    try:
        indexes = {r[0] for r in store.db.fetchall("SELECT indexname FROM pg_indexes WHERE tablename = 'traces'")}
        assert {"traces_metrics", "traces_metrics_fallbacks", "traces_metrics_started"} <= indexes
        for label, filters in FILTERS.items():
            _same(duck_tables[label], _records(metrics.metrics(store, LabUser.cli(), filters)), label)
        # The figures come from the metrics indexes. Once vacuumed, the all-turns aggregate reads no heap row (an
        # index-only scan); but another test's open snapshot on the shared server can keep VACUUM from marking the
        # pages all-visible, and the planner then reads the same index through a bitmap (seen in a full xdist run).
        # The WHERE is the metrics statement's own (the bare origin column: coalesce's guess of 0.5% misleads it).
        store.db.execute("VACUUM ANALYZE traces")
        where, params = scoped(TraceFilter(), LabUser.cli()).where(dialect="postgres", plain_origin=True)
        with store.db.transaction() as cur:
            cur.execute("SET LOCAL enable_seqscan = off")
            plan = "\n".join(r[0] for r in cur.execute(
                "EXPLAIN SELECT t.agent_id, t.provider, t.model, t.prompt_version, count(*), sum(t.input_tokens) "
                f"FROM traces t WHERE {where} AND t.status <> 'refused' GROUP BY 1, 2, 3, 4", params).fetchall())
        assert re.search(r"(Index Only Scan using|Bitmap Index Scan on) traces_metrics(_started)?\b", plan), plan
        assert "Seq Scan" not in plan, plan
    finally:
        store.close()
