"""The marketing part of the store: sandbox campaigns and daily metrics, all SQL here but the
tables' migrations (migrations.py)."""

from __future__ import annotations

import json
import threading
from datetime import date, datetime, timedelta
from typing import Any

from agents.core.store import Store
from agents.core.store.conversations import loads
from data.marketing.sandbox import generate

SEED_VERSION = 1
_SEEDING = threading.Lock()  # seeding takes ~50 ms and happens once per user
_CAMPAIGN_COLS = ("id, user_id, name, objective, status, daily_budget, start_date, end_date, target_audience, "
                  "created_at, updated_at")
_METRIC_COLS = ("campaign_id", "user_id", "date", "impressions", "clicks", "spend", "conversions", "revenue")


class MarketingStore:
    def __init__(self, store: Store) -> None:
        self.db = store.db
        # user -> last metrics day; accounts change only when seeded, so remember them
        self._ends: dict[str, date | None] = store.memo.setdefault("marketing.data_end", {})

    # --- the sandbox account -----------------------------------------------------------

    def ensure_account(self, user_id: str, now: datetime) -> bool:
        """Seed the user's sandbox account once. Returns True when it was created now."""
        if user_id in self._ends:
            return False
        if self.db.fetchone("SELECT 1 FROM mkt_accounts WHERE user_id = ?", [user_id]):
            self.data_end(user_id)
            return False
        self.load(user_id, generate(user_id, now), now)
        return True

    def load(self, user_id: str, sandbox: Any, now: datetime) -> None:
        campaigns = [[json.dumps(c[col], ensure_ascii=False) if col == "target_audience" and c[col] is not None
                      else c[col] for col in _CAMPAIGN_COLS.split(", ")] for c in sandbox.campaigns]
        # Stored in date order, as a daily sync appends them: zone maps on date then skip
        # every row group outside a KPI window.
        metrics = sorted(sandbox.metrics, key=lambda row: (row[2], row[0]))
        # Two first requests of one user (two tabs, page-load handlers) would both see no
        # account under snapshot isolation and collide on the generated ids: seed one at a time.
        with _SEEDING:
            self._insert(user_id, campaigns, metrics, now)

    def _insert(self, user_id: str, campaigns: list[list[Any]], metrics: list[tuple[Any, ...]], now: datetime) -> None:
        with self.db.transaction() as cur:
            if cur.execute("SELECT 1 FROM mkt_accounts WHERE user_id = ?", [user_id]).fetchone():
                return  # another thread seeded it first
            # One bulk insert per table (COPY on PostgreSQL): a new user's ~1,000 rows cost milliseconds.
            self.db.copy_rows("mkt_campaigns", _CAMPAIGN_COLS.split(", "), campaigns)
            self.db.copy_rows("mkt_daily_metrics", _METRIC_COLS, metrics)
            cur.execute("INSERT INTO mkt_accounts VALUES (?, ?, ?, ?)",
                        [user_id, SEED_VERSION, now, max(row[2] for row in metrics) if metrics else None])
        self._ends.pop(user_id, None)

    def users_with_accounts(self) -> list[str]:
        return [r[0] for r in self.db.fetchall("SELECT user_id FROM mkt_accounts ORDER BY user_id")]

    def data_end(self, user_id: str) -> date | None:
        if user_id not in self._ends:
            row = self.db.fetchone("SELECT data_end FROM mkt_accounts WHERE user_id = ?", [user_id])
            if row is None:
                return None
            self._ends[user_id] = row[0]
        return self._ends[user_id]

    # --- campaigns ---------------------------------------------------------------------

    def campaigns(self, user_id: str, *, include_deleted: bool = False) -> list[dict[str, Any]]:
        rows = self.db.fetch_dicts(
            f"""SELECT {_CAMPAIGN_COLS} FROM mkt_campaigns WHERE user_id = ? AND (? OR status <> 'DELETED')
                ORDER BY created_at, id""",
            [user_id, include_deleted],
        )
        for row in rows:
            row["target_audience"] = loads(row["target_audience"], None) if row["target_audience"] else None
        return rows

    def campaign(self, user_id: str, campaign_id: str) -> dict[str, Any] | None:
        return next((c for c in self.campaigns(user_id, include_deleted=True) if c["id"] == campaign_id), None)

    def insert_campaign(self, row: dict[str, Any]) -> None:
        values = dict(row)
        values["target_audience"] = (None if values.get("target_audience") is None
                                     else json.dumps(values["target_audience"], ensure_ascii=False))
        cols = _CAMPAIGN_COLS.split(", ")
        self.db.execute(f"INSERT INTO mkt_campaigns ({_CAMPAIGN_COLS}) VALUES ({', '.join('?' * len(cols))})",
                        [values.get(c) for c in cols])

    def set_budget(self, user_id: str, campaign_id: str, budget: int, now: datetime) -> bool:
        rows = self.db.fetchall(
            "UPDATE mkt_campaigns SET daily_budget = ?, updated_at = ? WHERE id = ? AND user_id = ? "
            "AND status <> 'DELETED' RETURNING id", [budget, now, campaign_id, user_id])
        return bool(rows)

    def set_status(self, user_id: str, campaign_id: str, status: str, now: datetime, *, expected: tuple[str, ...]) -> bool:
        rows = self.db.fetchall(
            f"""UPDATE mkt_campaigns SET status = ?, updated_at = ? WHERE id = ? AND user_id = ?
                AND status IN ({', '.join('?' * len(expected))}) RETURNING id""",
            [status, now, campaign_id, user_id, *expected])
        return bool(rows)

    def save_copies(self, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            self.db.execute("INSERT INTO mkt_ad_copies VALUES (?, ?, ?, ?, ?, ?, ?)",
                            [row["id"], row["user_id"], row.get("campaign_id"), row["product"], row["headline"],
                             row["body"], row["created_at"]])

    # --- metrics -----------------------------------------------------------------------

    def totals(self, user_id: str, periods: list[tuple[date, date]], campaign_id: str | None = None) -> list[dict[str, float]]:
        """Sums for several date windows in one scan (current and previous period)."""
        selects = ", ".join(
            f"coalesce(sum({m}) FILTER (WHERE date BETWEEN ? AND ?), 0) AS {m}_{i}"
            for i in range(len(periods)) for m in ("impressions", "clicks", "spend", "conversions", "revenue")
        )
        params: list[Any] = []
        for start, end in periods:  # one (start, end) pair per FILTER, in the order of ``selects``
            params += [start, end] * 5
        low = min(s for s, _ in periods)
        high = max(e for _, e in periods)
        row = self.db.fetch_dicts(
            f"""SELECT {selects} FROM mkt_daily_metrics
                WHERE date BETWEEN ? AND ? AND user_id = ? AND (? IS NULL OR campaign_id = ?)""",
            [*params, low, high, user_id, campaign_id, campaign_id],
        )[0]
        return [{m: float(row[f"{m}_{i}"]) for m in ("impressions", "clicks", "spend", "conversions", "revenue")}
                for i in range(len(periods))]

    def daily(self, user_id: str, start: date, end: date, campaign_id: str | None = None) -> list[dict[str, Any]]:
        return self.db.fetch_dicts(
            """SELECT date, sum(impressions) AS impressions, sum(clicks) AS clicks, sum(spend) AS spend,
                      sum(conversions) AS conversions, sum(revenue) AS revenue
               FROM mkt_daily_metrics WHERE date BETWEEN ? AND ? AND user_id = ? AND (? IS NULL OR campaign_id = ?)
               GROUP BY date ORDER BY date""",
            [start, end, user_id, campaign_id, campaign_id],
        )

    def by_campaign(self, user_id: str, start: date, end: date) -> list[dict[str, Any]]:
        return self.db.fetch_dicts(
            """SELECT c.id, c.name, c.status, c.objective, c.daily_budget, c.created_at,
                      coalesce(sum(m.spend), 0) AS spend, coalesce(sum(m.revenue), 0) AS revenue,
                      coalesce(sum(m.clicks), 0) AS clicks, coalesce(sum(m.impressions), 0) AS impressions,
                      coalesce(sum(m.conversions), 0) AS conversions
               FROM mkt_campaigns c LEFT JOIN mkt_daily_metrics m
                 ON m.campaign_id = c.id AND m.date BETWEEN ? AND ?
               WHERE c.user_id = ? AND c.status <> 'DELETED'
               GROUP BY c.id, c.name, c.status, c.objective, c.daily_budget, c.created_at
               ORDER BY c.created_at, c.id""",
            [start, end, user_id],
        )

    def last_days(self, user_id: str, end: date, days: int) -> list[dict[str, Any]]:
        """Per campaign and day for the last ``days`` days (anomaly and alert checks)."""
        return self.db.fetch_dicts(
            """SELECT m.campaign_id, c.name, c.status, c.daily_budget, m.date, m.impressions, m.clicks, m.spend,
                      m.conversions, m.revenue
               FROM mkt_daily_metrics m JOIN mkt_campaigns c ON c.id = m.campaign_id
               WHERE m.date BETWEEN ? AND ? AND m.user_id = ? AND c.status <> 'DELETED'
               ORDER BY m.campaign_id, m.date""",
            [end - timedelta(days=days - 1), end, user_id],
        )

    def weekday_pattern(self, user_id: str, start: date, end: date) -> list[dict[str, Any]]:
        return self.db.fetch_dicts(
            """SELECT CAST(extract(isodow FROM date) AS INTEGER) AS dow, sum(spend) AS spend, sum(revenue) AS revenue,
                      sum(conversions) AS conversions, count(DISTINCT date) AS days
               FROM mkt_daily_metrics WHERE date BETWEEN ? AND ? AND user_id = ?
               GROUP BY 1 ORDER BY dow""",
            [start, end, user_id],
        )

    def objective_cpa(self, user_id: str, objective: str, start: date, end: date) -> float | None:
        row = self.db.fetchone(
            """SELECT sum(m.spend) / nullif(sum(m.conversions), 0) FROM mkt_daily_metrics m
               JOIN mkt_campaigns c ON c.id = m.campaign_id
               WHERE m.date BETWEEN ? AND ? AND m.user_id = ? AND c.objective = ?""",
            [start, end, user_id, objective],
        )
        return None if row is None or row[0] is None else float(row[0])
