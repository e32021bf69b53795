"""Chart card data (the ``chart`` convention of agents/view/cards.py) from the sandbox prices: a stock's
candlesticks, two stocks rebased to 100, and the portfolio's allocation as a pie, in Korean or
English (``lang``: the reader's language). Pure functions."""

from __future__ import annotations

from agents.tutor import market
from agents.tutor.sandbox_data import SANDBOX_NOTICE, SANDBOX_NOTICE_EN, stocks

_WORDS = {"close": ("종가", "Close"), "high": ("고가", "high"), "low": ("저가", "low"), "won": ("원", " KRW"),
          "y_price": ("원 (샌드박스)", "KRW (sandbox)"), "y_compare": ("시작일 = 100 (샌드박스)", "first day = 100 (sandbox)"),
          "cash": ("현금", "Cash"), "value": ("평가금액", "Value"), "total": ("총자산", "Total"), "pnl": ("평가손익", "P&L")}


def word(key: str, lang: str) -> str:
    ko, en = _WORDS[key]
    return en if lang == "en" else ko


def name(code: str, lang: str = "ko") -> str:
    stock = stocks()[code]
    return stock.name_en if lang == "en" else stock.name


def notice(lang: str) -> str:
    return SANDBOX_NOTICE_EN if lang == "en" else SANDBOX_NOTICE


def won(amount: float, lang: str) -> str:
    return f"{amount:,.0f}{word('won', lang)}"


def price_card(code: str, period: str, lang: str = "ko") -> dict[str, object]:
    rows = market.series(code, period)
    dates = [d.strftime("%Y-%m-%d") for d in rows["date"]]
    stats = market.stats(code, period)
    return {
        "kind": "price", "codes": [code], "period": period, "sandbox": True, "notice": notice(lang),
        "chart": {"kind": "candlestick", "x": dates, "series": {word("close", lang): [int(v) for v in rows["close"]]},
                  "open": [int(v) for v in rows["open"]], "high": [int(v) for v in rows["high"]],
                  "low": [int(v) for v in rows["low"]], "y_title": word("y_price", lang)},
        "tiles": [{"label": word("close", lang), "value": won(stats["last_close"], lang),
                   "delta": f"{stats['change_pct']:+.2f}%"},
                  {"label": f"{period} {word('high', lang)}", "value": won(stats["high"], lang)},
                  {"label": f"{period} {word('low', lang)}", "value": won(stats["low"], lang)}],
    }


def compare_card(codes: list[str], period: str, lang: str = "ko") -> dict[str, object]:
    series: dict[str, list[float]] = {}
    x: list[str] = []
    changes = []
    for code in codes:
        rows = market.series(code, period)
        base = float(rows["close"].iloc[0])
        series[name(code, lang)] = [round(float(v) / base * 100, 2) for v in rows["close"]]
        x = [d.strftime("%Y-%m-%d") for d in rows["date"]]
        changes.append({"label": name(code, lang), "value": f"{market.change_pct(rows):+.2f}%"})
    return {"kind": "compare", "codes": codes, "period": period, "sandbox": True, "notice": notice(lang),
            "chart": {"kind": "line", "x": x, "series": series, "y_title": word("y_compare", lang)},
            "tiles": changes}


def allocation_card(value: market.PortfolioValue, lang: str = "ko") -> dict[str, object]:
    labels = [name(h["code"], lang) for h in value["holdings"]] + [word("cash", lang)]
    values = [h["value"] for h in value["holdings"]] + [value["cash"]]
    return {"kind": "allocation", "codes": [h["code"] for h in value["holdings"]], "sandbox": True,
            "notice": notice(lang), "chart": {"kind": "pie", "x": labels, "series": {word("value", lang): values}},
            "tiles": [{"label": word("total", lang), "value": won(value["total"], lang)},
                      {"label": word("pnl", lang), "value": won(value["pnl"], lang), "delta": f"{value['pnl_pct']:+.2f}%"}]}
