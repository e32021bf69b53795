"""Chart card data (the ``chart`` convention of pages/cards.py) from the sandbox prices: a stock's
candlesticks, two stocks rebased to 100, and the portfolio's allocation as a pie. Pure functions."""

from __future__ import annotations

from typing import Any

from agents.tutor import market
from agents.tutor.sandbox_data import SANDBOX_NOTICE, stocks


def price_card(code: str, period: str) -> dict[str, Any]:
    rows = market.series(code, period)
    dates = [d.strftime("%Y-%m-%d") for d in rows["date"]]
    stats = market.stats(code, period)
    return {
        "kind": "price", "codes": [code], "period": period, "sandbox": True, "notice": SANDBOX_NOTICE,
        "chart": {"kind": "candlestick", "x": dates, "series": {"종가": [int(v) for v in rows["close"]]},
                  "open": [int(v) for v in rows["open"]], "high": [int(v) for v in rows["high"]],
                  "low": [int(v) for v in rows["low"]], "y_title": "원 (샌드박스)"},
        "tiles": [{"label": "종가", "value": f"{stats['last_close']:,}원", "delta": f"{stats['change_pct']:+.2f}%"},
                  {"label": f"{period} 고가", "value": f"{stats['high']:,}원"},
                  {"label": f"{period} 저가", "value": f"{stats['low']:,}원"}],
    }


def compare_card(codes: list[str], period: str) -> dict[str, Any]:
    series: dict[str, list[float]] = {}
    x: list[str] = []
    changes = []
    for code in codes:
        rows = market.series(code, period)
        base = float(rows["close"].iloc[0])
        series[stocks()[code].name] = [round(float(v) / base * 100, 2) for v in rows["close"]]
        x = [d.strftime("%Y-%m-%d") for d in rows["date"]]
        changes.append({"label": stocks()[code].name, "value": f"{market.change_pct(rows):+.2f}%"})
    return {"kind": "compare", "codes": codes, "period": period, "sandbox": True, "notice": SANDBOX_NOTICE,
            "chart": {"kind": "line", "x": x, "series": series, "y_title": "시작일 = 100 (샌드박스)"},
            "tiles": changes}


def allocation_card(value: dict[str, Any]) -> dict[str, Any]:
    labels = [h["name"] for h in value["holdings"]] + ["현금"]
    values = [h["value"] for h in value["holdings"]] + [value["cash"]]
    return {"kind": "allocation", "codes": [h["code"] for h in value["holdings"]], "sandbox": True,
            "notice": SANDBOX_NOTICE, "chart": {"kind": "pie", "x": labels, "series": {"평가금액": values}},
            "tiles": [{"label": "총자산", "value": f"{value['total']:,}원"},
                      {"label": "평가손익", "value": f"{value['pnl']:,}원", "delta": f"{value['pnl_pct']:+.2f}%"}]}
