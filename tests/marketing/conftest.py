from __future__ import annotations

import pandas as pd
import pytest

from agents.core.session import Session
from agents.marketing.store import MarketingStore


@pytest.fixture
def mkt(store, clock):
    """A marketing session on a frozen clock (data ends 2026-11-01, the day before). Its database may come with
    the sandbox of "demo" already seeded at the clock's instant (tests/conftest.py `_demo_marketing_db`): the
    account must then be the one this session would have seeded."""
    session = Session("marketing", clock=clock)
    seeded = session.store.db.fetchone("SELECT seeded_at FROM mkt_accounts WHERE user_id = 'demo'")
    assert seeded is not None and seeded[0] == clock(), (
        f"demo's sandbox was seeded at {seeded}, not at the clock's {clock()}: a fixture before `mkt` moved the "
        "clock or seeded demo itself (see tests/conftest.py `_seeded_copy`)")
    return session


@pytest.fixture
def metrics(mkt) -> pd.DataFrame:
    """The raw daily rows, read independently of the tools."""
    return mkt.store.db.execute("SELECT * FROM mkt_daily_metrics WHERE user_id = 'demo'").df()


@pytest.fixture
def campaigns(mkt):
    return {c["name"]: c for c in MarketingStore(mkt.store).campaigns("demo", include_deleted=True)}
