"""Card data -> Plotly figures, DataFrames and markdown. Pure, so tests can call them.

Card data conventions (any agent may use them):
- ``columns`` + ``rows``: a table;
- ``chart``: {"kind": "line" | "bar", "x": [...], "series": {name: [values]}, "y_title": str,
  "secondary": [series names drawn on a second axis]}; "candlestick" adds "open", "high", "low" lists
  (the first series is the close); "pie" draws the first series over the labels in "x";
- ``tiles``: [{"label", "value", "delta"}] headline figures.
"""

from __future__ import annotations

import html
import re
from typing import Literal

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
from pydantic import BaseModel, JsonValue, ValidationError

from agents.core.cards import Chart
from agents.view.render import CardView


def dataframe_for(card: CardView) -> pd.DataFrame | None:
    columns, rows = card.data.get("columns"), card.data.get("rows")
    if not columns or not isinstance(columns, list) or not isinstance(rows, list):
        return None
    return pd.DataFrame(rows, columns=columns)


def chart_of(card: CardView) -> Chart | None:
    """The card's ``chart`` as the typed convention; None when it has none, or a stored one no longer fits."""
    chart: Chart | None = card.drawn("chart", lambda: _chart(card.data.get("chart")))  # read once per card
    return chart


def _chart(raw: JsonValue) -> Chart | None:
    if not isinstance(raw, dict):
        return None
    try:
        return Chart.model_validate(raw)
    except ValidationError:
        return None


def has_chart(card: CardView) -> bool:
    """A chart worth an axis: a line or bar of one point ("어제 광고비") is shown as tiles instead; Plotly drew
    it on a time axis ticked in milliseconds."""
    chart = chart_of(card)
    return chart is not None and bool(chart.series) and not _one_point(chart)


def _one_point(chart: Chart) -> bool:
    return chart.kind not in ("pie", "candlestick") and len(chart.x) == 1


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


# Readable in light and dark mode alike: Gradio does not theme Plotly, and the default template's
# white paper and light-blue plot area glare in dark mode. A transparent figure on a mid-grey ink
# takes the page's own background.
INK = "#8b93a1"
TITLE_BELOW_BAR = 36  # px from the chart's top to its title: Plotly's mode bar row ends 28 px down
GRID = "rgba(139,147,161,0.25)"


def neutral(fig: go.Figure) -> go.Figure:
    # No template: Plotly's default one adds ~6 KB to every chart's JSON, and the chat sends each
    # chart again with every streamed update. Its colour cycle is the one thing kept.
    fig.update_layout(template="none", colorway=px.colors.qualitative.Plotly, paper_bgcolor="rgba(0,0,0,0)",
                      plot_bgcolor="rgba(0,0,0,0)", font={"color": INK})
    if fig.layout.title.text:
        # The mode bar (8 buttons, 272 px, shown on hover or tap) lies across the chart's top right and covered
        # the title, on a phone wholly (issue 28): the title sits in a row of its own under it, from the left.
        top = fig.layout.margin.t if fig.layout.margin.t is not None else 40
        fig.update_layout(title={"x": 0, "xref": "paper", "xanchor": "left", "yref": "container", "y": 1,
                                 "yanchor": "top", "pad": {"t": TITLE_BELOW_BAR}},
                          margin={"t": max(top, TITLE_BELOW_BAR + 30)})
    # automargin: the margins grow to hold the tick labels, which were cut (bar names, the Lab's y labels)
    fig.update_xaxes(gridcolor=GRID, zerolinecolor=GRID, linecolor=GRID, automargin=True)
    fig.update_yaxes(gridcolor=GRID, zerolinecolor=GRID, linecolor=GRID, automargin=True)
    return fig


def figure_for(card: CardView) -> go.Figure | None:
    chart = chart_of(card)
    if chart is None or not has_chart(card):
        return None
    secondary = set(chart.secondary)
    fig = go.Figure()
    if chart.kind in ("pie", "candlestick"):
        return _special(card.title, chart)
    for name, values in chart.series.items():
        axis = "y2" if name in secondary else "y"
        if chart.kind == "bar":
            fig.add_trace(go.Bar(x=chart.x, y=values, name=name, yaxis=axis))
        else:
            fig.add_trace(go.Scatter(x=chart.x, y=values, name=name, mode="lines+markers", yaxis=axis))
    layout: dict[str, object] = {
        "title": {"text": card.title, "font": {"size": 14}},
        "margin": {"l": 40, "r": 40, "t": 40, "b": 30},
        "height": 280,
        "legend": {"orientation": "h", "y": -0.2},
        "yaxis": {"title": chart.y_title},
    }
    if secondary:
        layout["yaxis2"] = {"overlaying": "y", "side": "right", "title": ", ".join(sorted(secondary)),
                            "automargin": True}
    if all(_DATE.match(str(x)) for x in chart.x):
        # days, ticked as days: with few points Plotly otherwise ticks hours (or milliseconds)
        layout["xaxis"] = {"tickformat": "%m-%d", **({"dtick": 86_400_000} if len(chart.x) <= 14 else {})}
    fig.update_layout(**layout)
    return neutral(fig)


def _special(title: str, chart: Chart) -> go.Figure:
    name, values = next(iter(chart.series.items()))
    fig = go.Figure()
    if chart.kind == "pie":
        fig.add_trace(go.Pie(labels=chart.x, values=values, name=name, hole=0.45, sort=False))
    else:
        fig.add_trace(go.Candlestick(x=chart.x, open=chart.open, high=chart.high, low=chart.low,
                                     close=values, name=name, increasing_line_color="#d9382b",
                                     decreasing_line_color="#1f6fd1"))  # Korean convention: up red, down blue
        fig.update_layout(xaxis_rangeslider_visible=False, yaxis={"title": chart.y_title})
    fig.update_layout(title={"text": title, "font": {"size": 14}}, margin={"l": 40, "r": 20, "t": 40, "b": 30},
                      height=300, legend={"orientation": "h", "y": -0.2})
    return neutral(fig)


class Tile(BaseModel):
    """One headline figure: its delta's direction, and whether that direction is good news."""

    label: str
    value: str
    delta: str = ""
    direction: Literal["up", "down", "flat"] = "flat"
    lower_is_better: bool = False

    @property
    def tone(self) -> Literal["good", "bad", ""]:
        if self.direction == "flat":
            return ""
        return "good" if (self.direction == "up") != self.lower_is_better else "bad"


def _point_tiles(chart: Chart | None) -> list[JsonValue]:
    """A one-point chart's series as headline figures (label: the series and its x)."""
    if chart is None or not chart.series or not _one_point(chart):
        return []
    at = chart.x[0]
    return [{"label": f"{name} · {at}", "value": _number(values[0] if values else None)}
            for name, values in chart.series.items()]


def _number(value: JsonValue) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:,.0f}" if abs(value) >= 100 or float(value).is_integer() else f"{value:,.2f}"
    return "" if value is None else str(value)


def tiles_of(card: CardView) -> list[Tile]:
    out = []
    tiles = card.data.get("tiles")
    for tile in tiles if isinstance(tiles, list) and tiles else _point_tiles(chart_of(card)):
        if not isinstance(tile, dict) or "label" not in tile or "value" not in tile:
            continue  # a stored tile that lost its figure is left out, never a front end's error
        delta = str(tile.get("delta") or "")
        number = re.search(r"[-+]?\d[\d,]*(?:\.\d+)?", delta)
        flat = number is None or float(number.group().replace(",", "")) == 0
        direction: Literal["up", "down", "flat"] = "flat" if flat else ("up" if delta.startswith("+") else "down")
        out.append(Tile(label=str(tile["label"]), value=str(tile["value"]), delta=delta, direction=direction,
                        lower_is_better=bool(tile.get("lower_is_better"))))
    return out


def tiles_html(card: CardView) -> str | None:
    tiles = tiles_of(card)
    if not tiles:
        return None
    # the CSS classes colour by news: "up" green, "down" red
    classes = {"good": "up", "bad": "down", "": ""}
    cells = [
        f'<div class="pg-tile"><div class="pg-tile-label">{html.escape(tile.label)}</div>'
        f'<div class="pg-tile-value">{html.escape(tile.value)}</div>'
        f'<div class="pg-tile-delta {classes[tile.tone]}">{html.escape(tile.delta)}</div></div>'
        for tile in tiles]
    return f'<div class="pg-tiles">{"".join(cells)}</div>'


def card_markdown(card: CardView) -> str:
    """Text shown with any card: its title and, when present, a markdown body or message."""
    body = card.data.get("markdown") or card.data.get("message") or ""
    severity = card.data.get("severity")
    head = f"**{card.title}**" + (f" · {severity}" if severity else "")
    return f"{head}\n\n{body}".strip()
