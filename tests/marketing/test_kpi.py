"""getPerformanceKPI against an independent pandas computation on the same rows."""

from __future__ import annotations

import pandas as pd
import pytest

from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import Session
from tests.support.helpers import one

END = pd.Timestamp("2026-11-01")


def expected(frame: pd.DataFrame, days: int) -> tuple[dict, dict]:
    frame = frame.assign(date=pd.to_datetime(frame.date))
    cur = frame[(frame.date > END - pd.Timedelta(days=days)) & (frame.date <= END)]
    prev = frame[(frame.date > END - pd.Timedelta(days=2 * days)) & (frame.date <= END - pd.Timedelta(days=days))]

    def agg(part: pd.DataFrame) -> dict:
        s = part[["impressions", "clicks", "spend", "conversions", "revenue"]].sum()
        return {"spend": s.spend, "revenue": s.revenue, "conversions": s.conversions,
                "roas": s.revenue / s.spend, "ctr": s.clicks / s.impressions * 100, "cpa": s.spend / s.conversions}

    return agg(cur), agg(prev)


@pytest.mark.parametrize(("period", "days"), [("today", 1), ("7d", 7), ("14d", 14), ("30d", 30)])
def test_kpi_matches_pandas(mkt, metrics, clock, period, days):
    session = Session("marketing", clock=clock, provider=OfflineProvider.scripted(
        call("getPerformanceKPI", {"period": period}), say("ok")))
    data = one(session.run("kpi"), "tool_result").data
    cur, prev = expected(metrics, days)
    for key, value in cur.items():
        assert data["current"][key] == pytest.approx(value), key
    assert data["deltas"]["spend_pct"] == pytest.approx((cur["spend"] - prev["spend"]) / prev["spend"] * 100)
    assert data["deltas"]["roas"] == pytest.approx(cur["roas"] - prev["roas"])
    assert data["deltas"]["ctr_pp"] == pytest.approx(cur["ctr"] - prev["ctr"])
    assert data["deltas"]["conversions"] == cur["conversions"] - prev["conversions"]
    assert data["end"] == "2026-11-01" and len(data["daily"]) == days


def test_kpi_for_one_campaign_by_name(mkt, metrics, campaigns, clock):
    target = campaigns["봄 시즌 세일"]
    session = Session("marketing", clock=clock, provider=OfflineProvider.scripted(
        call("getPerformanceKPI", {"period": "14d", "campaignId": "봄시즌"}), say("ok")))
    data = one(session.run("kpi"), "tool_result").data
    cur, _ = expected(metrics[metrics.campaign_id == target["id"]], 14)
    assert data["campaign_id"] == target["id"]
    assert data["current"]["revenue"] == pytest.approx(cur["revenue"])
    assert data["current"]["roas"] == pytest.approx(cur["roas"])


def test_formatting_follows_the_seed(mkt):
    card = next(e for e in mkt.run("최근 2주 성과") if e.type == "data_card")
    assert card.data["period"] == "14d"
    tiles = {t["label"]: t for t in card.data["tiles"]}
    assert tiles["총 지출"]["value"].startswith("₩") and "," in tiles["총 지출"]["value"]
    assert tiles["ROAS"]["value"].endswith("x") and len(tiles["ROAS"]["value"].split(".")[1]) == 3  # 2 decimals + x
    assert tiles["CTR"]["value"].endswith("%") and tiles["CTR"]["delta"].endswith("%p")
