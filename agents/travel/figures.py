"""Plotly figures of the travel workspace, from the view model only: the map (saved places by
category, recommended places ringed, one route line per itinerary day) and the timeline."""

from __future__ import annotations

import math

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go

from agents.travel.model import CATEGORY_EN, CATEGORY_KO
from agents.travel.view import TravelView
from agents.view.cards import INK, neutral

CATEGORY_COLOURS = {"restaurant": "#e4572e", "cafe": "#a86b3c", "attraction": "#2e86ab", "shopping": "#9b5de5",
                    "accommodation": "#3a7d44", "transport": "#6c757d", "etc": "#adb5bd"}
# Day routes and recommended places use hues the categories don't, so the legend never shows one
# colour twice (orange restaurants vs an orange day 1 read as the same thing).
DAY_COLOURS = ("#1a237e", "#f9a825", "#00897b", "#c2185b", "#5d4037", "#7cb342", "#212121")
RECOMMENDED_COLOUR = "#ff006e"
# Offline by default: "white-bg" needs no tiles, circle markers and lines need no glyphs or sprites.
OFFLINE_STYLE, TILE_STYLE = "white-bg", "open-street-map"


def map_figure(view: TravelView, *, tiles: bool = False, lang: str = "ko") -> go.Figure:
    fig = go.Figure()
    saved = [p for p in view.points if p.kind == "saved"]
    for category in dict.fromkeys(p.category for p in saved):
        group = [p for p in saved if p.category == category]
        label = (CATEGORY_EN if lang == "en" else CATEGORY_KO).get(category, category)
        fig.add_trace(go.Scattermap(
            lat=[p.lat for p in group], lon=[p.lng for p in group], mode="markers", name=label,
            marker={"size": 13, "color": CATEGORY_COLOURS.get(category, "#adb5bd")},
            text=[p.name for p in group], hovertemplate="%{text}<extra>" + label + "</extra>"))
    recommended = [p for p in view.points if p.kind == "recommended"]
    if recommended:
        label = "suggested" if lang == "en" else "추천"
        # a dark ring under a coloured dot: recommended places stand out without icon sprites
        fig.add_trace(go.Scattermap(lat=[p.lat for p in recommended], lon=[p.lng for p in recommended], mode="markers",
                                    marker={"size": 22, "color": "#111111"}, hoverinfo="skip", showlegend=False))
        fig.add_trace(go.Scattermap(
            lat=[p.lat for p in recommended], lon=[p.lng for p in recommended], mode="markers", name=label,
            marker={"size": 14, "color": RECOMMENDED_COLOUR},
            text=[f"{p.name} {p.detail}".strip() for p in recommended],
            hovertemplate="%{text}<extra>" + label + "</extra>"))
    for day in sorted({s.day for s in view.routes}):
        stops = sorted((s for s in view.routes if s.day == day), key=lambda s: (s.start or "", s.order))
        name = f"Day {day}" if lang == "en" else f"{day}일째"
        fig.add_trace(go.Scattermap(
            lat=[s.lat for s in stops], lon=[s.lng for s in stops], mode="lines+markers", name=name,
            line={"width": 3, "color": DAY_COLOURS[(day - 1) % len(DAY_COLOURS)]},
            marker={"size": 7, "color": DAY_COLOURS[(day - 1) % len(DAY_COLOURS)]},
            text=[f"{name} {s.start or ''} {s.name}" for s in stops], hovertemplate="%{text}<extra></extra>"))
    lats = [p.lat for p in view.points] or [0.0]
    lngs = [p.lng for p in view.points] or [0.0]
    zoom = fit_zoom(lats, lngs)
    rows = -(-sum(1 for t in fig.data if t.showlegend is not False) // 3)
    fig.update_layout(map={"style": TILE_STYLE if tiles else OFFLINE_STYLE, "zoom": zoom,
                           "center": {"lat": (max(lats) + min(lats)) / 2, "lon": (max(lngs) + min(lngs)) / 2}},
                      margin={"l": 0, "r": 0, "t": 0, "b": 22 * rows + 6}, height=300 + 22 * rows + 6,
                      # three entries a row, so long English names wrap instead of running off the panel
                      legend={"orientation": "h", "y": -0.02, "yanchor": "top", "font": {"size": 11},
                              "entrywidth": 0.33, "entrywidthmode": "fraction"},
                      # the page's own background under the legend, in light and dark mode (the map itself is
                      # darkened by the page's style sheet in dark mode)
                      paper_bgcolor="rgba(0,0,0,0)", font={"color": INK})
    return fig


def fit_zoom(lats: list[float], lngs: list[float], width_px: int = 300, height_px: int = 280) -> float:
    """The zoom that shows every point in a map this small (a phone's panel, ~330 px wide), with a
    margin: MapLibre's world is 512 px wide at zoom 0, and latitude is stretched by 1/cos(lat)."""
    mid = math.radians((max(lats) + min(lats)) / 2)
    lng_span = max(max(lngs) - min(lngs), 0.005)
    lat_span = max((max(lats) - min(lats)) / max(math.cos(mid), 0.2), 0.005)
    fits = min(math.log2(360 * width_px / (512 * lng_span)), math.log2(360 * height_px / (512 * lat_span)))
    return max(2.0, min(15.0, fits - 0.3))


def timeline_figure(view: TravelView, lang: str = "ko") -> go.Figure | None:
    """One row per day, each item from its start for its duration, coloured by category."""
    if not view.timeline:
        return None
    day = "Day {}" if lang == "en" else "{}일째"
    frame = pd.DataFrame([{"day": day.format(r.day), "start": pd.Timestamp(f"2000-01-01 {r.start}"),
                           "finish": pd.Timestamp(f"2000-01-01 {r.finish}"), "place": r.place, "category": r.category,
                           "order": r.day} for r in view.timeline if r.matched])
    if frame.empty:
        return None
    order = list(dict.fromkeys(frame.sort_values("order")["day"]))
    names = CATEGORY_EN if lang == "en" else CATEGORY_KO
    colours = {names.get(c, c): colour for c, colour in CATEGORY_COLOURS.items()}  # the map's colours
    fig = px.timeline(frame, x_start="start", x_end="finish", y="day", color="category", text="place",
                      category_orders={"day": order}, color_discrete_map=colours, hover_data={"place": True, "start": "|%H:%M", "finish": "|%H:%M"})
    fig.update_traces(textposition="inside", insidetextanchor="middle", textfont_size=10)
    # px already lists the first day on top; the day labels need their margin (a 0 left margin hid them)
    fig.update_yaxes(title=None, automargin=True, ticksuffix=" ")
    fig.update_xaxes(tickformat="%H:%M", title=None)
    # the top margin keeps Plotly's toolbar off the first row's bars
    fig.update_layout(height=96 + 46 * len(order), margin={"l": 0, "r": 0, "t": 30, "b": 0}, legend_title=None,
                      legend={"orientation": "h", "y": -0.25, "font": {"size": 11}})
    return neutral(fig)
