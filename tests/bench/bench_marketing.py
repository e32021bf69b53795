"""getPerformanceKPI on 1,000 campaigns x 365 days, beside the same aggregate in pandas.

    python -m tests.bench.bench_marketing
Goal (issue 3): the SQL query p50 <= 10 ms. Prints figures; asserts only that both agree.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="pg-bench-mkt-"))
    os.environ["PLAYGROUND_DB"] = str(tmp / "bench.duckdb")
    from agents.core.session import runtime_store
    from agents.marketing import analytics
    from agents.marketing.store import MarketingStore
    from data.marketing.sandbox import generate

    store = runtime_store()
    ms = MarketingStore(store)
    now = datetime(2026, 11, 2, 9)
    started = time.perf_counter()
    sandbox = generate("bench", now, campaigns=1000, days=365)
    ms.load("bench", sandbox, now)
    ms.ensure_account("other", now)  # a second account in the same table
    print(f"loaded {len(sandbox.metrics):,} daily rows for 1,000 campaigns in {time.perf_counter() - started:.1f} s")
    frame = store.db.execute("SELECT * FROM mkt_daily_metrics").df()

    end = ms.data_end("bench")
    for period in ("7d", "30d"):
        current, previous = analytics.windows(end, period)
        query_ms = []
        for _ in range(50):
            t = time.perf_counter()
            ms.totals("bench", [(current.start, current.end), (previous.start, previous.end)])
            query_ms.append((time.perf_counter() - t) * 1000)
        print(f"KPI aggregate query {period:>3} (current + previous period): p50 {statistics.median(query_ms):7.2f} ms")
    for period in ("7d", "30d"):
        sql_ms, pandas_ms = [], []
        for _ in range(50):
            t = time.perf_counter()
            result = analytics.kpi(ms, "bench", period)
            sql_ms.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            days = analytics.PERIOD_DAYS[period]
            last = frame.date.max()
            mine = frame[frame.user_id == "bench"]
            cur = mine[(mine.date > last - timedelta(days=days)) & (mine.date <= last)]
            spend, revenue = cur.spend.sum(), cur.revenue.sum()
            pandas_ms.append((time.perf_counter() - t) * 1000)
        assert abs(result["current"]["spend"] - spend) < 1e-6 and abs(result["current"]["revenue"] - revenue) < 1e-6
        print(f"getPerformanceKPI tool work {period:>3}: p50 {statistics.median(sql_ms):7.2f} ms (goal <= 10 ms; includes the "
              f"previous period and the daily series)   pandas p50 {statistics.median(pandas_ms):7.2f} ms "
              f"(current-period sums only, data already in memory)")


if __name__ == "__main__":
    main()
