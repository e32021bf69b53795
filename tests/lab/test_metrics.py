"""Metrics per agent x provider x model x prompt version, against the same figures computed
independently with pandas from the rows that were loaded; the charts' time buckets likewise."""

from __future__ import annotations

import math
from datetime import timedelta

import pandas as pd
import pytest

from agents.services.lab import metrics
from agents.services.lab.access import LabUser
from tests.support.lab_data import add_feedback, add_votes, load, synthetic_traces

KEYS = ["agent_id", "provider", "model", "prompt_version"]


def expected(frame: pd.DataFrame, ratings: pd.DataFrame, rounds: pd.DataFrame) -> pd.DataFrame:
    turns = frame[frame["status"] != "refused"].merge(ratings[["turn_id", "rating"]], on="turn_id", how="left")
    rows = []
    for key, group in turns.groupby(KEYS):
        ids = set(group["turn_id"])
        sides = pd.concat([rounds.assign(turn_id=rounds["turn_a"], side="a"),
                           rounds.assign(turn_id=rounds["turn_b"], side="b")])
        mine = sides[sides["turn_id"].isin(ids)]
        rows.append({
            **dict(zip(KEYS, key, strict=True)), "turns": len(group),
            "error_rate": (group["status"] == "error").mean(),
            "interrupted": int((group["status"] == "interrupted").sum()),
            "latency_p50": group["latency_ms"].quantile(0.5), "latency_p95": group["latency_ms"].quantile(0.95),
            "ttft_p50": group["ttft_ms"].quantile(0.5), "ttft_p95": group["ttft_ms"].quantile(0.95),
            "input_tokens": int(group["input_tokens"].sum()), "output_tokens": int(group["output_tokens"].sum()),
            "cost_usd": None if group["cost_usd"].isna().any() else group["cost_usd"].sum(),
            "thumbs_up": int((group["rating"] == "up").sum()), "thumbs_down": int((group["rating"] == "down").sum()),
            "wins": int((mine["vote"] == mine["side"]).sum()),
            "losses": int((mine["vote"].isin(["a", "b"]) & (mine["vote"] != mine["side"])).sum()),
            "ties": int((mine["vote"] == "tie").sum()), "both_bad": int((mine["vote"] == "both_bad").sum()),
            **{f"fb_{name}": int(group["fallbacks"].map(lambda f, n=name: n in f).sum())
               for name in ("responses_to_chat", "travel_parse", "shopping_summary", "english_analysis")},
        })
    return pd.DataFrame(rows).set_index(KEYS).sort_index()


@pytest.mark.parametrize("period", ["7d", "all"])
def test_metrics_match_pandas(store, clock, period):
    frame = synthetic_traces(3000, clock(), seed=11, heavy=False)
    load(store, frame)
    ratings = add_feedback(store, frame, 0.2, clock())
    rounds = add_votes(store, frame, 150, clock())
    who = LabUser.cli()
    got = metrics.metrics(store, who, metrics.period_filter(period, clock())).set_index(KEYS).sort_index()
    if period == "7d":
        recent = frame["started_at"] >= clock() - timedelta(days=7)
        rounds = rounds[rounds["turn_a"].isin(frame[recent]["turn_id"]) | rounds["turn_b"].isin(frame[recent]["turn_id"])]
        frame = frame[recent]
    want = expected(frame, ratings, rounds)
    # votes count only the sides inside the period
    if period == "7d":
        inside = set(frame["turn_id"])
        sides = pd.concat([rounds.assign(turn_id=rounds["turn_a"], side="a"), rounds.assign(turn_id=rounds["turn_b"], side="b")])
        assert sides["turn_id"].isin(inside).sum() == int(got[["wins", "losses", "ties", "both_bad"]].sum().sum())
    assert list(got.index) == list(want.index) and len(got) >= 8
    for column in want.columns:
        for index in want.index:
            w, g = want.at[index, column], got.at[index, column]
            if w is None or (isinstance(w, float) and math.isnan(w)):
                assert g is None or (isinstance(g, float) and math.isnan(g)), (index, column, g)
            else:
                assert g == pytest.approx(w, rel=1e-9), (index, column)
    unknown = got.xs("llama3.1", level="model")
    assert unknown["cost_usd"].isna().all()  # a model the price table lacks: no figure, never a guess
    assert got["thumbs_up_ratio"].dropna().between(0, 1).all()
    records = metrics.records(got.reset_index())
    assert set(records[0]["fallbacks"]) == {"responses_to_chat", "travel_parse", "shopping_summary", "english_analysis"}


def test_over_time_buckets_match_pandas(store, clock):
    frame = synthetic_traces(800, clock(), seed=3, heavy=False, days=10)
    load(store, frame)
    got = metrics.over_time(store, LabUser.cli(), metrics.period_filter("30d", clock()))
    turns = frame[frame["status"] != "refused"].assign(bucket=lambda f: f["started_at"].dt.floor("D"))
    want = turns.groupby(["bucket", *KEYS]).agg(turns=("turn_id", "size"), p50=("latency_ms", "median")).reset_index()
    merged = want.merge(got, on=["bucket", *KEYS], suffixes=("", "_got"))
    assert len(merged) == len(want) == len(got)
    assert (merged["turns"] == merged["turns_got"]).all()
    assert merged["p50"].to_numpy() == pytest.approx(merged["latency_p50"].to_numpy())
    hourly = metrics.over_time(store, LabUser.cli(), metrics.period_filter("24h", clock()))
    assert (hourly["bucket"].dt.minute == 0).all() and hourly["bucket"].nunique() > 1
    assert hourly["config"].iloc[0].count(" · ") == 2


def test_metrics_in_shared_mode_cover_only_ones_own_turns(store, clock):
    frame = synthetic_traces(400, clock(), seed=5, heavy=False, users=3)
    load(store, frame)
    got = metrics.metrics(store, LabUser("user01", "shared"))
    assert got["turns"].sum() == ((frame["owner_id"] == "user01") & (frame["status"] != "refused")).sum()


def test_a_bad_period_is_named(clock):
    with pytest.raises(Exception, match="period must be one of"):
        metrics.period_filter("1y", clock())
