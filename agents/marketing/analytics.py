"""KPI arithmetic, anomalies, trends and budget advice over the marketing store."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from agents.marketing.store import MarketingStore

PERIOD_DAYS = {"today": 1, "7d": 7, "14d": 14, "30d": 30}
PERIOD_LABELS = {"today": "최근 집계일", "7d": "최근 7일", "14d": "최근 14일", "30d": "최근 30일"}
ROAS_DROP = 0.30  # day-over-day ROAS fall that counts as an anomaly
SPEND_SPIKE = 1.5  # last day's spend against the 7-day average
CTR_COLLAPSE = 0.5  # last day's CTR against the 7-day average
BUDGET_HOT = 0.90  # share of the daily budget spent on the last day
ROAS_MILESTONE = 3.0
WEEKDAYS = ("월", "화", "수", "목", "금", "토", "일")


@dataclass(frozen=True)
class Window:
    start: date
    end: date

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1


def windows(end: date, period: str) -> tuple[Window, Window]:
    """The period ending on the last data day, and the previous period of the same length."""
    days = PERIOD_DAYS[period]
    current = Window(end - timedelta(days=days - 1), end)
    previous = Window(current.start - timedelta(days=days), current.start - timedelta(days=1))
    return current, previous


def ratios(t: dict[str, float]) -> dict[str, float]:
    spend, revenue, clicks, impressions, conversions = (t["spend"], t["revenue"], t["clicks"], t["impressions"],
                                                        t["conversions"])
    return {
        "spend": spend, "revenue": revenue, "conversions": conversions, "clicks": clicks, "impressions": impressions,
        "roas": revenue / spend if spend else 0.0,
        "ctr": clicks / impressions * 100 if impressions else 0.0,
        "cpa": spend / conversions if conversions else 0.0,
    }


def pct(now: float, before: float) -> float | None:
    return None if not before else (now - before) / before * 100


def kpi(store: MarketingStore, user_id: str, period: str, campaign_id: str | None = None) -> dict[str, Any]:
    end = store.data_end(user_id)
    if end is None:
        raise LookupError("이 계정에는 아직 성과 데이터가 없습니다.")
    current, previous = windows(end, period)
    now_totals, before_totals = store.totals(user_id, [(current.start, current.end), (previous.start, previous.end)],
                                             campaign_id)
    now, before = ratios(now_totals), ratios(before_totals)
    deltas = {
        "spend_pct": pct(now["spend"], before["spend"]),
        "revenue_pct": pct(now["revenue"], before["revenue"]),
        "roas": now["roas"] - before["roas"],
        "ctr_pp": now["ctr"] - before["ctr"],
        "cpa_pct": pct(now["cpa"], before["cpa"]),
        "conversions": now["conversions"] - before["conversions"],
    }
    daily = store.daily(user_id, current.start, current.end, campaign_id)
    return {
        "period": period, "label": PERIOD_LABELS[period], "campaign_id": campaign_id,
        "start": current.start.isoformat(), "end": current.end.isoformat(),
        "previous_start": previous.start.isoformat(), "previous_end": previous.end.isoformat(),
        "current": now, "previous": before, "deltas": deltas,
        "daily": [{"date": d["date"].isoformat(), "spend": float(d["spend"]), "revenue": float(d["revenue"]),
                   "roas": float(d["revenue"]) / float(d["spend"]) if d["spend"] else 0.0} for d in daily],
    }


def campaign_rows(store: MarketingStore, user_id: str, period: str = "7d") -> list[dict[str, Any]]:
    end = store.data_end(user_id)
    if end is None:
        return []
    current, _ = windows(end, period)
    rows = []
    for row in store.by_campaign(user_id, current.start, current.end):
        rows.append({**row, **ratios({k: float(row[k]) for k in ("spend", "revenue", "clicks", "impressions",
                                                                  "conversions")})})
    return rows


def anomalies(store: MarketingStore, user_id: str) -> list[dict[str, Any]]:
    """ROAS down 30%+ day over day, spend spikes and CTR collapse on the last data day."""
    end = store.data_end(user_id)
    if end is None:
        return []
    by_campaign: dict[str, list[dict[str, Any]]] = {}
    for row in store.last_days(user_id, end, 8):
        by_campaign.setdefault(row["campaign_id"], []).append(row)
    found = []
    for campaign_id, days in by_campaign.items():
        last = days[-1]
        if last["date"] != end or len(days) < 2:
            continue
        before = days[-2]
        history = days[:-1]
        name = last["name"]
        roas_last = last["revenue"] / last["spend"] if last["spend"] else 0.0
        roas_before = before["revenue"] / before["spend"] if before["spend"] else 0.0
        if roas_before and roas_last < roas_before * (1 - ROAS_DROP):
            drop = (roas_before - roas_last) / roas_before * 100
            found.append({"type": "roas_drop", "campaign_id": campaign_id, "campaign": name, "metric": "ROAS",
                          "value": round(roas_last, 2), "previous": round(roas_before, 2), "change_pct": round(-drop, 1),
                          "severity": "CRITICAL" if drop >= 50 else "WARNING", "date": end.isoformat()})
        avg_spend = sum(d["spend"] for d in history) / len(history)
        if avg_spend and last["spend"] > avg_spend * SPEND_SPIKE:
            found.append({"type": "spend_spike", "campaign_id": campaign_id, "campaign": name, "metric": "지출",
                          "value": last["spend"], "previous": round(avg_spend), "severity": "WARNING",
                          "change_pct": round((last["spend"] / avg_spend - 1) * 100, 1), "date": end.isoformat()})
        imps = sum(d["impressions"] for d in history)
        avg_ctr = sum(d["clicks"] for d in history) / imps if imps else 0.0
        ctr_last = last["clicks"] / last["impressions"] if last["impressions"] else 0.0
        if avg_ctr and ctr_last < avg_ctr * CTR_COLLAPSE:
            found.append({"type": "ctr_collapse", "campaign_id": campaign_id, "campaign": name, "metric": "CTR",
                          "value": round(ctr_last * 100, 2), "previous": round(avg_ctr * 100, 2), "severity": "WARNING",
                          "change_pct": round((ctr_last / avg_ctr - 1) * 100, 1), "date": end.isoformat()})
    return found


def budget_pressure(store: MarketingStore, user_id: str) -> list[dict[str, Any]]:
    end = store.data_end(user_id)
    if end is None:
        return []
    out = []
    for row in store.last_days(user_id, end, 1):
        if row["status"] == "ACTIVE" and row["daily_budget"] and row["spend"] >= row["daily_budget"] * BUDGET_HOT:
            out.append({"campaign_id": row["campaign_id"], "campaign": row["name"], "spend": row["spend"],
                        "daily_budget": row["daily_budget"], "share": round(row["spend"] / row["daily_budget"] * 100, 1),
                        "date": end.isoformat()})
    return out


def milestones(store: MarketingStore, user_id: str) -> list[dict[str, Any]]:
    """Campaigns whose 7-day ROAS reached 3.0 while the 7 days before were below it."""
    end = store.data_end(user_id)
    if end is None:
        return []
    current, previous = windows(end, "7d")
    now = {r["id"]: r for r in store.by_campaign(user_id, current.start, current.end)}
    before = {r["id"]: r for r in store.by_campaign(user_id, previous.start, previous.end)}
    out = []
    for campaign_id, row in now.items():
        roas_now = row["revenue"] / row["spend"] if row["spend"] else 0.0
        prev = before.get(campaign_id)
        roas_before = prev["revenue"] / prev["spend"] if prev and prev["spend"] else 0.0
        if roas_now >= ROAS_MILESTONE > roas_before and row["status"] == "ACTIVE":
            out.append({"campaign_id": campaign_id, "campaign": row["name"], "roas": round(roas_now, 2),
                        "previous_roas": round(roas_before, 2)})
    return out


def trends(store: MarketingStore, user_id: str, period: str) -> dict[str, Any]:
    result = kpi(store, user_id, period)
    end = store.data_end(user_id)
    assert end is not None
    current, _ = windows(end, period)
    rows = [r for r in campaign_rows(store, user_id, period) if r["spend"] > 0]
    ranked = sorted(rows, key=lambda r: r["roas"], reverse=True)
    pattern = store.weekday_pattern(user_id, end - timedelta(days=27), end)
    weekdays = [{"day": WEEKDAYS[p["dow"] - 1], "roas": float(p["revenue"]) / float(p["spend"]) if p["spend"] else 0.0,
                 "avg_revenue": float(p["revenue"]) / p["days"], "avg_spend": float(p["spend"]) / p["days"]}
                for p in pattern]
    best_day = max(weekdays, key=lambda d: d["roas"]) if weekdays else None
    worst_day = min(weekdays, key=lambda d: d["roas"]) if weekdays else None
    return {"kpi": result, "best": ranked[:3], "worst": ranked[-3:][::-1], "weekdays": weekdays,
            "best_day": best_day, "worst_day": worst_day, "start": current.start.isoformat(), "end": end.isoformat()}


def budget_advice(store: MarketingStore, user_id: str, shift_share: float = 0.2) -> dict[str, Any]:
    """Explainable rule: move up to 20% of budget from the lowest-ROAS active campaigns
    (ROAS below the account average) to the highest (ROAS above 1.2x the average)."""
    rows = [r for r in campaign_rows(store, user_id, "14d") if r["status"] == "ACTIVE" and r["spend"] > 0]
    if not rows:
        return {"moves": [], "average_roas": 0.0, "rows": []}
    total_spend = sum(r["spend"] for r in rows)
    average = sum(r["revenue"] for r in rows) / total_spend
    donors = sorted([r for r in rows if r["roas"] < average], key=lambda r: r["roas"])
    takers = sorted([r for r in rows if r["roas"] >= average * 1.2], key=lambda r: r["roas"], reverse=True)
    moves = []
    pool = 0
    for donor in donors:
        cut = int(round(donor["daily_budget"] * shift_share / 1000) * 1000)
        if cut <= 0 or donor["daily_budget"] - cut < 5000:
            continue
        pool += cut
        moves.append({"campaign_id": donor["id"], "campaign": donor["name"], "roas": round(donor["roas"], 2),
                      "from_budget": donor["daily_budget"], "to_budget": donor["daily_budget"] - cut, "change": -cut})
    if takers and pool:
        weights = [t["roas"] for t in takers]
        remaining = pool
        for i, taker in enumerate(takers):
            add = remaining if i == len(takers) - 1 else int(round(pool * weights[i] / sum(weights) / 1000) * 1000)
            remaining -= add
            moves.append({"campaign_id": taker["id"], "campaign": taker["name"], "roas": round(taker["roas"], 2),
                          "from_budget": taker["daily_budget"], "to_budget": taker["daily_budget"] + add, "change": add})
    expected = sum(m["change"] * next(r["roas"] for r in rows if r["id"] == m["campaign_id"]) for m in moves)
    return {"moves": moves if takers else [], "average_roas": round(average, 2), "pool": pool if takers else 0,
            "expected_daily_revenue_change": round(expected) if takers else 0}


def metric_movers(store: MarketingStore, user_id: str, period: str, metric: str) -> list[dict[str, Any]]:
    """Each campaign's ``metric`` now and in the previous period of the same length, the biggest fall
    first: "CTR이 왜 떨어졌어?" is answered by the campaigns whose CTR fell."""
    end = store.data_end(user_id)
    if end is None:
        return []
    current, previous = windows(end, period)
    keys = ("spend", "revenue", "clicks", "impressions", "conversions")
    before = {r["id"]: ratios({k: float(r[k]) for k in keys})
              for r in store.by_campaign(user_id, previous.start, previous.end)}
    rows = []
    for row in store.by_campaign(user_id, current.start, current.end):
        cid = row["id"]
        now = ratios({k: float(row[k]) for k in keys})
        if not now["spend"] or cid not in before or not before[cid]["spend"]:
            continue
        rows.append({"campaign_id": cid, "name": row["name"], "now": now[metric], "before": before[cid][metric],
                     "change": now[metric] - before[cid][metric]})
    return sorted(rows, key=lambda r: r["change"])


def split_total(store: MarketingStore, user_id: str, total: int, days: int = 30) -> dict[str, Any]:
    """A total budget for the coming period split across the active campaigns by their last 14 days'
    ROAS (a weak campaign keeps at least a floor), rounded to ₩1,000, with the daily budget it means."""
    rows = [r for r in campaign_rows(store, user_id, "14d") if r["status"] == "ACTIVE" and r["spend"] > 0]
    if not rows or total <= 0:
        return {"total": total, "days": days, "shares": []}
    weights = [max(r["roas"], 0.5) for r in rows]  # a floor so a weak campaign is trimmed, not dropped
    shares, left = [], total
    ranked = sorted(zip(rows, weights, strict=True), key=lambda rw: rw[1], reverse=True)
    for i, (row, weight) in enumerate(ranked):
        amount = left if i == len(ranked) - 1 else int(round(total * weight / sum(weights) / 1000) * 1000)
        left -= amount
        shares.append({"campaign_id": row["id"], "campaign": row["name"], "roas": round(row["roas"], 2),
                       "amount": amount, "daily": int(amount // days), "current_daily": row["daily_budget"]})
    return {"total": total, "days": days, "shares": shares}
