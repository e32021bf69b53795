"""Exports of traces, feedback and votes in CSV, JSON Lines and Parquet read back equal to the store."""

from __future__ import annotations

import json

import duckdb
import pandas as pd
import pytest

from agents.core.inputs import InvalidInput
from agents.core.store.lab import TraceFilter
from agents.services.lab import export
from agents.services.lab.access import LabUser
from tests.support.lab_data import add_feedback, add_votes, load, synthetic_traces


def _read(path) -> pd.DataFrame:
    match path.suffix:
        case ".csv":
            return pd.read_csv(path, keep_default_na=True)
        case ".jsonl":
            return pd.read_json(path, lines=True)
        case _:
            return duckdb.sql(f"SELECT * FROM '{path}'").df()


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "parquet"])
def test_traces_feedback_and_votes_round_trip(store, clock, tmp_path, fmt):
    frame = synthetic_traces(300, clock(), seed=2, heavy=False, users=4)
    load(store, frame)
    ratings = add_feedback(store, frame, 0.3, clock())
    rounds = add_votes(store, frame, 20, clock())
    who = LabUser.cli()

    path, count = export.export(store, who, "traces", fmt, now=clock(), folder=tmp_path)
    back = _read(path).sort_values("turn_id").reset_index(drop=True)
    source = frame.sort_values("turn_id").reset_index(drop=True)
    assert count == len(back) == len(frame) and path.name == f"traces-20261102-090000.{fmt}"
    assert list(back["turn_id"]) == list(source["turn_id"])
    assert back["latency_ms"].to_numpy() == pytest.approx(source["latency_ms"].to_numpy())
    assert list(back["input_tokens"]) == list(source["input_tokens"])
    assert list(back["message"]) == list(source["message"])
    assert back["cost_usd"].isna().tolist() == source["cost_usd"].isna().tolist()
    fallbacks = back["fallbacks"].map(lambda v: json.loads(v) if isinstance(v, str) else list(v))
    assert [list(f) for f in fallbacks] == [list(f) for f in source["fallbacks"]]
    rated = back.dropna(subset=["rating"]).set_index("turn_id")["rating"].sort_index()
    assert rated.to_dict() == ratings.set_index("turn_id")["rating"].sort_index().to_dict()

    path, count = export.export(store, who, "feedback", fmt, now=clock(), folder=tmp_path)
    fb = _read(path)
    assert count == len(ratings) and sorted(fb["turn_id"]) == sorted(ratings["turn_id"])
    assert set(fb.columns) >= {"rating", "comment", "agent_id", "provider", "model", "prompt_version"}

    path, count = export.export(store, who, "votes", fmt, now=clock(), folder=tmp_path)
    votes = _read(path).sort_values("comparison_id").reset_index(drop=True)
    assert count == len(rounds) and list(votes["vote"]) == list(rounds.sort_values("comparison_id")["vote"])
    assert list(votes["turn_a"]) == list(rounds.sort_values("comparison_id")["turn_a"])


def test_exports_follow_filters_identity_and_refuse_bad_kinds(store, clock, tmp_path):
    frame = synthetic_traces(120, clock(), seed=4, heavy=False, users=3)
    load(store, frame)
    path, count = export.export(store, LabUser("user02", "shared"), "traces", "csv",
                                TraceFilter(status="done"), now=clock(), folder=tmp_path)
    back = pd.read_csv(path)
    assert set(back["owner_id"]) == {"user02"} and set(back["status"]) == {"done"}
    assert count == ((frame["owner_id"] == "user02") & (frame["status"] == "done")).sum()
    path, _ = export.export(store, LabUser.cli(), "traces", "parquet", now=clock(), folder=tmp_path, full=True)
    full = duckdb.sql(f"SELECT * FROM '{path}'").df()
    assert {"events", "spans", "phases", "system_prompt", "requests"} <= set(full.columns)
    with pytest.raises(Exception, match="kind must be one of"):
        export.export(store, LabUser.cli(), "users", "csv", now=clock())
    with pytest.raises(Exception, match="format must be one of"):
        export.export(store, LabUser.cli(), "traces", "xlsx", now=clock())


@pytest.mark.parametrize("kind", ["traces", "feedback", "votes"])
def test_a_limit_keeps_the_newest_rows_in_time_order(store, clock, tmp_path, kind):
    frame = synthetic_traces(60, clock(), seed=5, heavy=False, users=3)
    load(store, frame)
    add_feedback(store, frame, 0.5, clock())
    add_votes(store, frame, 12, clock())
    for name in ("all", "five", "big"):
        (tmp_path / name).mkdir()
    everything, total = export.export(store, LabUser.cli(), kind, "csv", now=clock(), folder=tmp_path / "all")
    limited, count = export.export(store, LabUser.cli(), kind, "csv", now=clock(), folder=tmp_path / "five", limit=5)
    assert total > 5 and count == 5
    pd.testing.assert_frame_equal(pd.read_csv(limited), pd.read_csv(everything).tail(5).reset_index(drop=True))
    _, all_rows = export.export(store, LabUser.cli(), kind, "jsonl", now=clock(), folder=tmp_path / "big",
                                limit=total + 10)
    assert all_rows == total
    for bad in (0, -1, 10_000_001):
        with pytest.raises(InvalidInput) as refused:
            export.export(store, LabUser.cli(), kind, "csv", now=clock(), limit=bad)
        assert refused.value.field == "limit" and f"(limit must be a whole number from 1 to 10,000,000, not {bad}.)" \
            in refused.value.message
