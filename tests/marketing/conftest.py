from __future__ import annotations

import pandas as pd
import pytest

from agents.core.session import Session
from agents.marketing.store import MarketingStore


@pytest.fixture
def mkt(store, clock):
    """A marketing session on a frozen clock (data ends 2026-11-01, the day before)."""
    return Session("marketing", clock=clock)


@pytest.fixture
def metrics(mkt) -> pd.DataFrame:
    """The raw daily rows, read independently of the tools."""
    return mkt.store.db.execute("SELECT * FROM mkt_daily_metrics WHERE user_id = 'demo'").df()


@pytest.fixture
def campaigns(mkt):
    return {c["name"]: c for c in MarketingStore(mkt.store).campaigns("demo", include_deleted=True)}
