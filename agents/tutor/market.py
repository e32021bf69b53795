"""Sandbox market figures from ``prices_sandbox.csv`` (pandas): price windows, stats, the biggest moves,
how a stock moved against the market and its sector, and the portfolio's value."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict, cast

from agents.tutor.sandbox_data import Holding, cases, prices, stocks

if TYPE_CHECKING:  # the frames come from sandbox_data, which loads pandas on first use
    import pandas as pd

PERIOD_DAYS = {"1M": 21, "3M": 63, "1Y": 250}  # trading days
MARKET = "069500"  # KODEX 200 stands for the market


def series(code: str, period: str = "3M") -> pd.DataFrame:
    frame = prices()
    rows = frame[frame["code"] == code]
    return rows.tail(PERIOD_DAYS[period] + 1).reset_index(drop=True)


def last_date() -> str:
    return str(prices()["date"].max().date())


def change_pct(rows: pd.DataFrame) -> float:
    first, last = float(rows["close"].iloc[0]), float(rows["close"].iloc[-1])
    return round((last / first - 1) * 100, 2)


class DayMove(TypedDict):
    date: str
    pct: float


class Stats(TypedDict):
    """One stock's window: its prices, change, range, the biggest days and the volume."""

    code: str
    name: str
    period: str
    start: str
    end: str
    last_close: int
    change_pct: float
    high: int
    low: int
    worst_day: DayMove
    best_day: DayMove
    avg_volume: int


class CaseRef(TypedDict):
    id: str
    title: str


class MoveExplanation(TypedDict):
    stock: Stats | None
    market: Stats
    sector: list[Stats]
    cases: list[CaseRef]
    sector_name: NotRequired[str]
    relative_to_market: NotRequired[float]


class Mover(TypedDict):
    code: str
    name: str
    change_pct: float


class HoldingValue(TypedDict):
    code: str
    name: str
    quantity: int
    avg_price: int
    close: int
    value: int
    pnl: int
    pnl_pct: float
    weight_pct: float


class PortfolioValue(TypedDict):
    holdings: list[HoldingValue]
    cash: int
    invested: int
    total: int
    pnl: int
    pnl_pct: float
    cash_weight_pct: float
    as_of: str


def stats(code: str, period: str = "3M") -> Stats:
    rows = series(code, period)
    daily = rows["close"].pct_change() * 100
    # series() resets the index to a RangeIndex, so the labels idxmin/idxmax give are ints
    worst = int(cast(int, daily.idxmin())) if len(rows) > 1 else 0
    best = int(cast(int, daily.idxmax())) if len(rows) > 1 else 0
    return {
        "code": code, "name": stocks()[code].name, "period": period,
        "start": str(rows["date"].iloc[0].date()), "end": str(rows["date"].iloc[-1].date()),
        "last_close": int(rows["close"].iloc[-1]), "change_pct": change_pct(rows),
        "high": int(rows["high"].max()), "low": int(rows["low"].min()),
        "worst_day": {"date": str(rows["date"].iloc[worst].date()), "pct": round(float(daily.iloc[worst]), 2)},
        "best_day": {"date": str(rows["date"].iloc[best].date()), "pct": round(float(daily.iloc[best]), 2)},
        "avg_volume": int(rows["volume"].mean()),
    }


def move_explanation(code: str | None, period: str = "3M") -> MoveExplanation:
    """The figures an answer to "why did it fall/rise?" is built from: the stock, the market, the
    sector peers over the same window, the biggest days, and cases about it."""
    market = stats(MARKET, period)
    if code is None:
        return {"market": market, "stock": None, "sector": [], "cases": []}
    stock = stats(code, period)
    sector = stocks()[code].sector
    peers = [stats(c, period) for c, s in stocks().items() if s.sector == sector and c != code]
    related: list[CaseRef] = [{"id": c["id"], "title": c["title"]} for c in cases().values()
                              if code in c["related_codes"]]
    return {"stock": stock, "market": market, "sector": peers, "sector_name": sector, "cases": related[:3],
            "relative_to_market": round(stock["change_pct"] - market["change_pct"], 2)}


def movers(period: str = "1M", limit: int = 3) -> dict[str, list[Mover]]:
    moves = sorted(((change_pct(series(c, period)), c) for c in stocks()), reverse=True)
    pick: list[Mover] = [{"code": c, "name": stocks()[c].name, "change_pct": p} for p, c in moves]
    return {"up": pick[:limit], "down": pick[::-1][:limit]}


def portfolio_value(holdings: list[Holding], cash: int) -> PortfolioValue:
    last = prices().groupby("code")["close"].last()
    rows: list[HoldingValue] = []
    for h in holdings:
        close = int(last[h["code"]])
        value = close * h["quantity"]
        cost = h["avg_price"] * h["quantity"]
        rows.append({"code": h["code"], "name": stocks()[h["code"]].name, "quantity": h["quantity"],
                     "avg_price": h["avg_price"], "close": close, "value": value,
                     "pnl": value - cost, "pnl_pct": round((value / cost - 1) * 100, 2) if cost else 0.0,
                     "weight_pct": 0.0})  # set below, once the total is known
    invested = sum(r["value"] for r in rows)
    cost = sum(r["avg_price"] * r["quantity"] for r in rows)
    total = invested + cash
    for r in rows:
        r["weight_pct"] = round(r["value"] / total * 100, 2) if total else 0.0
    return {"holdings": rows, "cash": cash, "invested": invested, "total": total, "pnl": invested - cost,
            "pnl_pct": round((invested / cost - 1) * 100, 2) if cost else 0.0,
            "cash_weight_pct": round(cash / total * 100, 2) if total else 0.0, "as_of": last_date()}


def summary(value: PortfolioValue) -> dict[str, object]:
    """The contract's ``portfolio_summary``: small, for the model's context."""
    top = max(value["holdings"], key=lambda r: r["value"], default=None)
    return {"total": value["total"], "cash": value["cash"], "invested": value["invested"], "pnl": value["pnl"],
            "pnl_pct": value["pnl_pct"], "holdings": len(value["holdings"]),
            "largest": top and {"code": top["code"], "name": top["name"], "weight_pct": top["weight_pct"]},
            "as_of": value["as_of"], "sandbox": True,
            # each holding's figures, so "손해 제일 많이 본 종목" is resolved against what the summary shows (ranking.py)
            "positions": [{k: r[k] for k in ("code", "name", "quantity", "value", "pnl", "pnl_pct", "weight_pct")}
                          for r in value["holdings"]]}
