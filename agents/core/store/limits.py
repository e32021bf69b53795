"""Usage limits as rows (issue 26): every claim is one conditional UPDATE … RETURNING on a counter row.

Checking a count and then running the turn let 20 concurrent turns through a limit of 5: each
read the same count before any of them was recorded. A claim here reads and takes in one
statement. Two concurrent claims touch the same row, so DuckDB makes one of them fail with a
write-write conflict and ``Database.write`` retries it against the committed count (PostgreSQL
would make it wait on the row lock and re-check the condition): never more than the limit.

Counters (``usage_counters``), one row per scope, subject and window:
- ``turns``: turns of one person (owner id) per UTC day; the daily limit;
- ``budget``: USD spent on the server's model keys by everyone (subject ``server``) per UTC day,
  plus what the turns in flight reserved; ``peak_usd`` is the dearest settled turn, the reservation;
- ``identities``: anonymous identities minted for one client address per hour.
Bursts (``usage_bursts``): the hit times of one identity inside the sliding burst window.

A turn cut off by a crash never settles its reservation: the budget then errs on the safe side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import duckdb

from agents.core.store.db import AnyDatabase
from agents.core.store.ddl import create_table

KEEP_DAYS = 8  # counter rows older than this are dropped when a new window starts (traces keep the history)


def core_040_limits(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "usage_counters", [
        ("scope", "VARCHAR NOT NULL", "turns (per person and UTC day), budget (server keys, UTC day) or identities "
                                      "(anonymous ids minted per client address and hour)"),
        ("subject", "VARCHAR NOT NULL", "owner id, 'server', or client address"),
        ("window_start", "TIMESTAMP NOT NULL", "start of the window counted, UTC (a day or an hour)"),
        ("used", "BIGINT NOT NULL DEFAULT 0", "claims taken in the window: turns, billed turns or identities"),
        ("spent_usd", "DOUBLE NOT NULL DEFAULT 0", "budget: settled cost plus the reservations of turns in flight"),
        ("peak_usd", "DOUBLE NOT NULL DEFAULT 0", "budget: the dearest settled turn, reserved by each new one"),
    ], tail="PRIMARY KEY (scope, subject, window_start)")
    create_table(cur, "usage_bursts", [
        ("subject", "VARCHAR PRIMARY KEY", "the identity whose chat turns are counted"),
        ("hits", "DOUBLE[] NOT NULL", "epoch seconds of its turns inside the sliding burst window"),
    ])


# The hit times of one identity: DuckDB's list lambdas, PostgreSQL's arrays. A claim is one UPDATE either way
# (PostgreSQL makes a concurrent claim wait on the row lock and re-check the condition).
_BURST = {
    "duckdb": {
        "hit": """UPDATE usage_bursts SET hits = list_append(list_filter(hits, lambda h: h > ?), ?)
                  WHERE subject = ? AND len(list_filter(hits, lambda h: h > ?)) < ? RETURNING subject""",
        "oldest": "SELECT list_min(list_filter(hits, lambda h: h > ?)), len(list_filter(hits, lambda h: h > ?)) "
                  "FROM usage_bursts WHERE subject = ?",
        "create": "INSERT INTO usage_bursts (subject, hits) VALUES (?, []) ON CONFLICT DO NOTHING RETURNING subject",
        "forget": "DELETE FROM usage_bursts WHERE coalesce(list_max(hits), 0) <= ? AND subject <> ?",
    },
    "postgres": {
        "hit": """UPDATE usage_bursts SET hits = array_append(ARRAY(SELECT h FROM unnest(hits) h WHERE h > ?), ?)
                  WHERE subject = ? AND (SELECT count(*) FROM unnest(hits) h WHERE h > ?) < ? RETURNING subject""",
        "oldest": "SELECT (SELECT min(h) FROM unnest(hits) h WHERE h > ?), "
                  "(SELECT count(*) FROM unnest(hits) h WHERE h > ?) FROM usage_bursts WHERE subject = ?",
        "create": "INSERT INTO usage_bursts (subject, hits) VALUES (?, '{}') ON CONFLICT DO NOTHING RETURNING subject",
        "forget": "DELETE FROM usage_bursts WHERE coalesce((SELECT max(h) FROM unnest(hits) h), 0) <= ? "
                  "AND subject <> ?",
    },
}


class CounterBusy(RuntimeError):
    """A counter kept changing under concurrent claims; nothing was claimed."""


@dataclass(frozen=True)
class Counter:
    used: int
    spent_usd: float = 0.0
    peak_usd: float = 0.0


class LimitRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    # --- counters ------------------------------------------------------------------------------------

    def claim(self, scope: str, subject: str, window: datetime, limit: int) -> int | None:
        """Take one unit if fewer than ``limit`` are used: the count after the claim, or None when full."""
        return self._take(scope, subject, window, limit, None)

    def claim_turn(self, owner_id: str, day: datetime, limit: int) -> int | None:
        """One turn of ``owner_id`` on the UTC day starting at ``day``, if fewer than ``limit`` ran."""
        # A day's row starts from the turns its traces already hold (turns run before this table existed).
        seed = ("SELECT count(*) FROM traces WHERE started_at >= ? AND started_at < ? AND owner_id = ? "
                "AND status <> 'refused'", [day, day + timedelta(days=1), owner_id])
        return self._take("turns", owner_id, day, limit, seed)

    def _take(self, scope: str, subject: str, window: datetime, limit: int,
              seed: tuple[str, list[object]] | None) -> int | None:
        sql = """UPDATE usage_counters SET used = used + 1
                 WHERE scope = ? AND subject = ? AND window_start = ? AND used < ? RETURNING used"""
        rows = self._claim(scope, subject, window, seed, sql, [scope, subject, window, limit],
                           lambda counter: counter.used >= limit)
        return None if not rows else int(rows[0][0])

    def release(self, scope: str, subject: str, window: datetime) -> None:
        """Give back a claim whose turn never ran (refused by a later guard, message not saved)."""
        self.db.write(lambda: self.db.execute(
            "UPDATE usage_counters SET used = greatest(used - 1, 0) WHERE scope = ? AND subject = ? AND window_start = ?",
            [scope, subject, window]))

    def get(self, scope: str, subject: str, window: datetime) -> Counter:
        row = self.db.fetchone("SELECT used, spent_usd, peak_usd FROM usage_counters "
                               "WHERE scope = ? AND subject = ? AND window_start = ?", [scope, subject, window])
        return Counter(0) if row is None else Counter(int(row[0]), float(row[1]), float(row[2]))

    # --- spending ------------------------------------------------------------------------------------

    def reserve_spend(self, subject: str, window: datetime, budget_usd: float) -> float | None:
        """While less than ``budget_usd`` is spent or reserved, reserve what the dearest turn so far cost;
        returns the reservation, or None when the budget is used up."""
        sql = """UPDATE usage_counters SET used = used + 1, spent_usd = spent_usd + peak_usd
                 WHERE scope = 'budget' AND subject = ? AND window_start = ? AND spent_usd < ? RETURNING peak_usd"""
        rows = self._claim("budget", subject, window, None, sql, [subject, window, budget_usd],
                           lambda counter: counter.spent_usd >= budget_usd)
        return None if not rows else float(rows[0][0])

    def settle_spend(self, subject: str, window: datetime, reserved_usd: float, cost_usd: float) -> None:
        """Replace a turn's reservation with what it really cost."""
        self.db.write(lambda: self.db.execute(
            """UPDATE usage_counters SET spent_usd = greatest(spent_usd - ? + ?, 0), peak_usd = greatest(peak_usd, ?)
               WHERE scope = 'budget' AND subject = ? AND window_start = ?""",
            [reserved_usd, cost_usd, cost_usd, subject, window]))

    # --- bursts --------------------------------------------------------------------------------------

    def burst_hit(self, subject: str, now: float, window_seconds: float, limit: int) -> float | None:
        """Record a hit if fewer than ``limit`` fall inside the last ``window_seconds``: None; else the
        time of the oldest hit still inside the window (it leaves the window first)."""
        cut = now - window_seconds
        sql = _BURST[self.db.dialect]
        for _ in range(5):
            if self.db.write(lambda: self.db.fetchall(sql["hit"], [cut, now, subject, cut, limit]), attempts=20):
                return None
            row = self.db.fetchone(sql["oldest"], [cut, cut, subject])
            if row is not None:
                if int(row[1] or 0) >= limit:
                    return float(row[0]) if row[0] is not None else now
                # Not full: the row was created by a concurrent first request after this one's claim found none
                # (it used to be refused as rate_limited here); claim again.
                continue
            if self._insert(sql["create"], [subject]):
                # A new identity: drop the ones whose last hit left the window, so the table stays small.
                self.db.write(lambda: self.db.execute(sql["forget"], [cut, subject]))
        raise RuntimeError(f"the burst counter of {subject!r} could not be created")

    # --- the shared claim loop -----------------------------------------------------------------------

    def _claim(self, scope: str, subject: str, window: datetime, seed: tuple[str, list[object]] | None,
               sql: str, params: list[object], full: Callable[[Counter], bool]) -> list[tuple[Any, ...]]:
        """Run the claiming UPDATE; an empty answer is a refusal only if the committed row is full (it may
        have missed a row another request was creating at that moment)."""
        for _ in range(5):
            try:
                rows = self.db.write(lambda: self.db.fetchall(sql, params), attempts=20)
            except self.db.conflict as exc:
                raise CounterBusy(f"the {scope} counter of {subject!r} kept changing; nothing was claimed") from exc
            if rows:
                return rows
            if self._exists(scope, subject, window):
                if full(self.get(scope, subject, window)):
                    return rows
            else:
                self._create(scope, subject, window, seed)
        raise CounterBusy(f"the {scope} counter of {subject!r} kept changing; nothing was claimed")

    def _exists(self, scope: str, subject: str, window: datetime) -> bool:
        return self.db.fetchone("SELECT 1 FROM usage_counters WHERE scope = ? AND subject = ? AND window_start = ?",
                                [scope, subject, window]) is not None

    def _create(self, scope: str, subject: str, window: datetime, seed: tuple[str, list[object]] | None) -> None:
        used_sql, used_params = seed if seed is not None else ("0", [])
        made = self._insert(f"""INSERT INTO usage_counters (scope, subject, window_start, used)
                                SELECT ?, ?, ?, ({used_sql}) ON CONFLICT DO NOTHING RETURNING scope""",
                            [scope, subject, window, *used_params])
        if made:  # the first row of a new window: forget old windows of this scope
            self.db.write(lambda: self.db.execute("DELETE FROM usage_counters WHERE scope = ? AND window_start < ?",
                                                  [scope, window - timedelta(days=KEEP_DAYS)]))

    def _insert(self, sql: str, params: list[object]) -> bool:
        """Whether this call made the row; a concurrent creator of the same key wins just as well."""
        try:
            return bool(self.db.write(lambda: self.db.fetchall(sql, params), attempts=5))
        except (*self.db.constraint, *self.db.conflict):
            return False
