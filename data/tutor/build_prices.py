"""Builds `prices_sandbox.csv`: SANDBOX daily OHLCV for the tutor's stocks. NOT REAL PRICES.

Run `python -m data.tutor.build_prices` to rewrite the file, `--check` to verify it is current.

Each stock follows a geometric random walk whose daily log return is
    drift + beta * market + loading * sector + idiosyncratic,
with one market factor and one factor per sector (each with its own drift, so a sector's stocks
trend together) and a volatility per stock (about 1% a day for the ETF and telecom, 3.5-4% for the
battery names). The stock's own constant drift is solved so the last close lands near a chosen,
plausible level instead of wandering off. A few scripted episodes are added on top so the
education cases have something to point at (see EPISODES; each id is a case's `sandbox_episode`).
Prices are rounded to KRX tick sizes and capped at the ±30% daily limit; the calendar skips
weekends and KRX closures (holidays, elections, the year-end closing day).

Randomness uses only `random.Random.random()` with integer seeds (its sequence is guaranteed
stable across Python versions) and our own Box-Muller transform, so the file is reproducible.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import math
import random
import sys
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
STOCKS_PATH = HERE / "stocks.json"
PRICES_PATH = HERE / "prices_sandbox.csv"
SEED = 20261030
START = date(2023, 11, 1)
END = date(2026, 10, 30)
COLUMNS = ("date", "code", "open", "high", "low", "close", "volume")
LIMIT = 0.299  # KRX daily price limit is ±30% of the previous close

# KRX closures on weekdays inside the window (public and substitute holidays, election days,
# Labour Day, the year-end closing day). Approximates the real calendar; it is the sandbox's.
HOLIDAYS: frozenset[date] = frozenset(date.fromisoformat(d) for d in (
    "2023-12-25", "2023-12-29",
    "2024-01-01", "2024-02-09", "2024-02-12", "2024-03-01", "2024-04-10", "2024-05-01", "2024-05-06",
    "2024-05-15", "2024-06-06", "2024-08-15", "2024-09-16", "2024-09-17", "2024-09-18", "2024-10-01",
    "2024-10-03", "2024-10-09", "2024-12-25", "2024-12-31",
    "2025-01-01", "2025-01-27", "2025-01-28", "2025-01-29", "2025-01-30", "2025-03-03", "2025-05-01",
    "2025-05-05", "2025-05-06", "2025-06-03", "2025-06-06", "2025-08-15", "2025-10-03", "2025-10-06",
    "2025-10-07", "2025-10-08", "2025-10-09", "2025-12-25", "2025-12-31",
    "2026-01-01", "2026-02-16", "2026-02-17", "2026-02-18", "2026-03-02", "2026-05-01", "2026-05-05",
    "2026-05-25", "2026-06-03", "2026-08-17", "2026-09-24", "2026-09-25", "2026-09-28", "2026-10-05",
    "2026-10-09",
))


@dataclass(frozen=True)
class Params:
    """How one stock moves: its first open, daily idiosyncratic volatility, exposures and volume."""

    start: float  # price on the first day, KRW
    end: float  # where the last close lands, KRW: a stock-specific drift is solved to reach it
    vol: float  # idiosyncratic daily volatility (standard deviation of the log return)
    beta: float  # exposure to the market factor
    loading: float  # exposure to its sector factor
    volume: int  # typical shares traded a day


PARAMS: dict[str, Params] = {
    "005930": Params(70_000, 98_000, 0.011, 1.00, 1.0, 14_000_000),  # 삼성전자
    "000660": Params(128_000, 260_000, 0.017, 1.20, 1.3, 3_200_000),  # SK하이닉스
    "035420": Params(210_000, 175_000, 0.015, 1.00, 1.0, 650_000),  # NAVER
    "035720": Params(42_000, 24_000, 0.017, 1.10, 1.0, 2_400_000),  # 카카오
    "005380": Params(178_000, 240_000, 0.013, 0.90, 1.0, 700_000),  # 현대차
    "000270": Params(80_000, 105_000, 0.014, 0.90, 1.0, 1_300_000),  # 기아
    "373220": Params(400_000, 300_000, 0.019, 1.10, 1.0, 280_000),  # LG에너지솔루션
    "247540": Params(250_000, 120_000, 0.028, 1.30, 1.2, 900_000),  # 에코프로비엠
    "086520": Params(620_000, 300_000, 0.032, 1.40, 1.2, 600_000),  # 에코프로
    "207940": Params(750_000, 900_000, 0.013, 0.80, 1.0, 90_000),  # 삼성바이오로직스
    "068270": Params(165_000, 180_000, 0.016, 0.90, 1.0, 900_000),  # 셀트리온
    "105560": Params(52_000, 85_000, 0.012, 0.90, 1.0, 1_600_000),  # KB금융
    "055550": Params(38_000, 55_000, 0.012, 0.90, 1.0, 1_500_000),  # 신한지주
    "005490": Params(470_000, 380_000, 0.016, 1.00, 1.0, 450_000),  # POSCO홀딩스
    "017670": Params(50_000, 55_000, 0.008, 0.50, 1.0, 450_000),  # SK텔레콤
    "069500": Params(32_000, 38_000, 0.002, 1.00, 0.0, 4_000_000),  # KODEX 200 (tracks the market)
}

# Daily drift and volatility of each sector factor (the ETF's sector has none).
SECTORS: dict[str, tuple[float, float]] = {
    "반도체": (0.0002, 0.011),
    "인터넷": (-0.0001, 0.010),
    "자동차": (0.0002, 0.009),
    "2차전지": (-0.0003, 0.016),
    "바이오": (0.0001, 0.010),
    "금융": (0.0002, 0.008),
    "철강·소재": (-0.0001, 0.009),
    "통신": (0.0001, 0.005),
    "ETF": (0.0, 0.0),
}
MARKET = (0.0002, 0.0085)  # daily drift and volatility of the market factor


@dataclass(frozen=True)
class Episode:
    """A scripted move: `log_move` spread evenly over the trading days of [start, end]."""

    id: str
    start: date
    end: date
    target: str  # "market", a sector name or a stock code
    log_move: float


def _d(text: str) -> date:
    return date.fromisoformat(text)


EPISODES: tuple[Episode, ...] = (
    # A sharp market-wide fall over five sessions, then a recovery over three months (V shape).
    Episode("sandbox-crash-2024-08", _d("2024-08-01"), _d("2024-08-07"), "market", -0.20),
    Episode("sandbox-crash-2024-08", _d("2024-08-08"), _d("2024-10-31"), "market", 0.17),
    # Memory down-cycle, then an up-cycle led by SK hynix.
    Episode("sandbox-chip-cycle-2024", _d("2024-04-01"), _d("2024-11-29"), "반도체", -0.42),
    Episode("sandbox-chip-cycle-2024", _d("2024-04-01"), _d("2024-11-29"), "000660", -0.20),
    Episode("sandbox-chip-cycle-2024", _d("2025-01-02"), _d("2025-12-30"), "반도체", 0.62),
    # Growth names de-rate while banks hold up (a rising-rates story).
    Episode("sandbox-growth-correction-2025", _d("2025-02-03"), _d("2025-06-30"), "인터넷", -0.30),
    Episode("sandbox-growth-correction-2025", _d("2025-02-03"), _d("2025-06-30"), "2차전지", -0.30),
    Episode("sandbox-growth-correction-2025", _d("2025-02-03"), _d("2025-06-30"), "바이오", -0.18),
    Episode("sandbox-growth-correction-2025", _d("2025-02-03"), _d("2025-06-30"), "247540", -0.20),
    Episode("sandbox-growth-correction-2025", _d("2025-02-03"), _d("2025-06-30"), "금융", 0.10),
    # A weak won: the market slips, exporters (carmakers) gain.
    Episode("sandbox-fx-2026", _d("2026-03-03"), _d("2026-04-10"), "market", -0.07),
    Episode("sandbox-fx-2026", _d("2026-03-03"), _d("2026-04-10"), "자동차", 0.14),
    Episode("sandbox-fx-2026", _d("2026-03-03"), _d("2026-04-10"), "000270", 0.12),
    # A battery-stock frenzy and its unwinding.
    Episode("sandbox-battery-frenzy-2024", _d("2024-01-02"), _d("2024-03-29"), "086520", 0.85),
    Episode("sandbox-battery-frenzy-2024", _d("2024-04-01"), _d("2024-06-28"), "086520", -0.95),
    Episode("sandbox-battery-frenzy-2024", _d("2024-01-02"), _d("2024-03-29"), "247540", 0.30),
    Episode("sandbox-battery-frenzy-2024", _d("2024-04-01"), _d("2024-06-28"), "247540", -0.40),
    # A long, grinding slide in one stock (the averaging-down case).
    Episode("sandbox-long-slide-kakao", _d("2024-01-02"), _d("2025-06-30"), "035720", -0.55),
)


def trading_days(start: date = START, end: date = END) -> list[date]:
    """Weekdays in [start, end] that are not KRX closures."""
    days, day = [], start
    while day <= end:
        if day.weekday() < 5 and day not in HOLIDAYS:
            days.append(day)
        day += timedelta(days=1)
    return days


def tick_size(price: float, etf: bool = False) -> int:
    """KRX tick size (2023 rules); ETFs trade in 5-won steps above 2,000 won."""
    if price < 2_000:
        return 1
    if etf:
        return 5
    for bound, tick in ((5_000, 5), (20_000, 10), (50_000, 50), (200_000, 100), (500_000, 500)):
        if price < bound:
            return tick
    return 1_000


def to_tick(price: float, etf: bool = False) -> int:
    tick = tick_size(price, etf)
    return max(tick, round(price / tick) * tick)


class Gauss:
    """Standard normal draws from `random.random()` alone (Box-Muller), stable across Pythons."""

    def __init__(self, name: str) -> None:
        digest = hashlib.sha256(f"{SEED}:{name}".encode()).hexdigest()
        self._rng = random.Random(int(digest[:16], 16))
        self._spare: float | None = None

    def __call__(self) -> float:
        if self._spare is not None:
            value, self._spare = self._spare, None
            return value
        u1 = 1.0 - self._rng.random()  # in (0, 1], so log() is defined
        u2 = self._rng.random()
        radius = math.sqrt(-2.0 * math.log(u1))
        self._spare = radius * math.sin(2.0 * math.pi * u2)
        return radius * math.cos(2.0 * math.pi * u2)


def episode_shift(days: list[date], target: str) -> list[float]:
    """Extra daily log return for `target` on each day, from the scripted episodes."""
    shift = [0.0] * len(days)
    for episode in EPISODES:
        if episode.target != target:
            continue
        idx = [i for i, day in enumerate(days) if episode.start <= day <= episode.end]
        for i in idx:
            shift[i] += episode.log_move / len(idx)
    return shift


def factor_returns(days: list[date], name: str, drift: float, vol: float) -> list[float]:
    gauss, shift = Gauss(f"factor:{name}"), episode_shift(days, name)
    return [drift + vol * gauss() + shift[i] for i in range(len(days))]


def load_stocks() -> list[dict]:
    return json.loads(STOCKS_PATH.read_text(encoding="utf-8"))["stocks"]


def build_rows() -> list[tuple[str, str, int, int, int, int, int]]:
    """All rows (date, code, open, high, low, close, volume), sorted by date then code."""
    days = trading_days()
    market = factor_returns(days, "market", *MARKET)
    sectors = {name: factor_returns(days, name, *spec) for name, spec in SECTORS.items()}
    rows = []
    for stock in load_stocks():
        code, sector = stock["code"], stock["sector"]
        p, etf = PARAMS[code], stock["kind"] == "etf"
        gauss, own = Gauss(f"stock:{code}"), episode_shift(days, code)
        prev = float(to_tick(p.start, etf))
        sigma = math.hypot(p.vol, p.beta * MARKET[1], p.loading * SECTORS[sector][1])
        returns = [p.beta * market[i] + p.loading * sectors[sector][i] + p.vol * gauss() + own[i]
                   for i in range(len(days))]
        drift = (math.log(p.end / prev) - sum(returns)) / len(days)  # the stock's own drift
        for i, day in enumerate(days):
            ret = min(max(returns[i] + drift, math.log(1 - LIMIT)), math.log(1 + LIMIT))
            gap = min(max(0.3 * sigma * gauss(), math.log(1 - LIMIT)), math.log(1 + LIMIT))
            opened, closed = to_tick(prev * math.exp(gap), etf), to_tick(prev * math.exp(ret), etf)
            top = prev * (1 + LIMIT)
            high = max(to_tick(min(max(opened, closed) * math.exp(abs(0.45 * sigma * gauss())), top), etf),
                       opened, closed)
            low = min(to_tick(min(opened, closed) * math.exp(-abs(0.45 * sigma * gauss())), etf), opened, closed)
            volume = int(p.volume * math.exp(0.3 * gauss()) * (1 + 12 * abs(ret - drift)))
            rows.append((day.isoformat(), code, opened, high, low, closed, volume))
            prev = float(closed)
    rows.sort(key=lambda row: (row[0], row[1]))
    return rows


def render_csv(rows: list[tuple[str, str, int, int, int, int, int]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the tutor's SANDBOX price history (not real prices).")
    parser.add_argument("--check", action="store_true", help="fail when the committed CSV is not current")
    args = parser.parse_args(argv)
    text = render_csv(build_rows())
    if args.check:
        current = PRICES_PATH.read_text(encoding="utf-8") if PRICES_PATH.exists() else ""
        if current != text:
            print(f"{PRICES_PATH.name} is stale: run python -m data.tutor.build_prices", file=sys.stderr)
            return 1
        print(f"{PRICES_PATH.name} is current")
        return 0
    PRICES_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {PRICES_PATH} ({text.count(chr(10)) - 1} rows, {len(text.encode()) // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
