"""The deterministic sandbox generator in data/."""

from __future__ import annotations

from datetime import date, datetime

import pandas as pd

from data.marketing.sandbox import generate


def frame(user: str, now: datetime) -> tuple[list[dict], pd.DataFrame]:
    sandbox = generate(user, now)
    return sandbox.campaigns, pd.DataFrame(sandbox.metrics, columns=["campaign_id", "user_id", "date", "impressions",
                                                                     "clicks", "spend", "conversions", "revenue"])


def test_deterministic_and_relative_to_the_clock():
    now = datetime(2026, 11, 2, 9)
    a, b = generate("demo", now), generate("demo", now)
    assert a.campaigns == b.campaigns and a.metrics == b.metrics
    assert generate("someone-else", now).metrics != a.metrics
    _, metrics = frame("demo", now)
    assert metrics.date.max() == date(2026, 11, 1)
    assert metrics.date.min() == date(2026, 8, 4)  # 90 days ending yesterday


def test_plausible_korean_commerce_figures():
    for user in ("demo", "alice", "bob", "u-42"):
        campaigns, m = frame(user, datetime(2026, 11, 2))
        assert 8 <= len(campaigns) <= 12
        ctr = m.clicks.sum() / m.impressions.sum()
        roas = m.groupby("campaign_id").apply(lambda g: g.revenue.sum() / g.spend.sum(), include_groups=False)
        cpa = m.spend.sum() / m.conversions.sum()
        assert 0.008 <= ctr <= 0.03
        assert roas.min() >= 1.2 and roas.max() <= 4.5
        assert 9_000 <= cpa <= 16_000
        weekday = m.assign(dow=pd.to_datetime(m.date).dt.day_of_week).groupby("dow").apply(
            lambda g: g.revenue.sum() / g.spend.sum(), include_groups=False)
        assert weekday[5] > weekday[0]  # Saturdays convert better than Mondays


def test_planted_situations():
    campaigns, m = frame("demo", datetime(2026, 11, 2))
    by_name = {c["name"]: c for c in campaigns}
    last = m[m.date == date(2026, 11, 1)].set_index("campaign_id")
    before = m[m.date == date(2026, 10, 31)].set_index("campaign_id")
    drop = by_name["봄 시즌 세일"]["id"]
    assert last.revenue[drop] / last.spend[drop] < 0.7 * before.revenue[drop] / before.spend[drop]
    hot = by_name["신규 회원 전환"]
    assert last.spend[hot["id"]] >= 0.9 * hot["daily_budget"]
    others = [c for c in campaigns if c["name"] != "신규 회원 전환" and c["id"] in last.index]
    assert all(last.spend[c["id"]] < 0.9 * c["daily_budget"] for c in others)


def test_first_use_racing_in_several_threads_seeds_the_account_once(store, clock):
    import threading

    from agents.marketing.store import MarketingStore

    barrier = threading.Barrier(6)
    errors: list[BaseException] = []

    def first_use() -> None:
        barrier.wait()
        try:
            MarketingStore(store).ensure_account("racer", clock())
        except BaseException as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=first_use) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert store.db.fetchone("SELECT count(*) FROM mkt_accounts WHERE user_id = 'racer'")[0] == 1
    campaigns = store.db.fetchone("SELECT count(*) FROM mkt_campaigns WHERE user_id = 'racer'")[0]
    assert campaigns == len({r[0] for r in store.db.fetchall(
        "SELECT name FROM mkt_campaigns WHERE user_id = 'racer'")}) and campaigns >= 8
