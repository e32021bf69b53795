"""The Lab's Plotly figures: a turn's waterfall and the metrics over time. Pure (data in, figure out)."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from agents.services.lab.traces import Span
from agents.view.cards import neutral
from agents.view.texts import Lang, t

KIND_COLOURS = {"guards": "#94a3b8", "persist": "#a78bfa", "model": "#3b82f6", "tool": "#f59e0b",
                "classify": "#14b8a6"}
OTHER = "#64748b"


def waterfall(timeline: list[Span]) -> go.Figure:
    """One bar per span from its start to its end (ms from the turn's start), first on top; a model
    call's time to first token is a tick inside its bar."""
    fig = go.Figure()
    labels = [f"{i + 1}. {bar.label}" for i, bar in enumerate(timeline)]
    fig.add_trace(go.Bar(
        orientation="h", y=labels, x=[max(bar.ms, 0.05) for bar in timeline], base=[bar.start_ms for bar in timeline],
        marker={"color": [KIND_COLOURS.get(bar.kind, OTHER) if bar.ok else "#ef4444" for bar in timeline]},
        customdata=[[bar.start_ms, bar.ms, "" if bar.ttft_ms is None else f"{bar.ttft_ms:,.1f} ms"] for bar in timeline],
        hovertemplate="%{y}<br>start %{customdata[0]:,.1f} ms · %{customdata[1]:,.1f} ms"
                      "<br>TTFT %{customdata[2]}<extra></extra>", name="spans", showlegend=False))
    ticks = [(label, bar.start_ms + bar.ttft_ms) for label, bar in zip(labels, timeline, strict=True)
             if bar.ttft_ms is not None]
    if ticks:
        fig.add_trace(go.Scatter(x=[t for _, t in ticks], y=[label for label, _ in ticks], mode="markers",
                                 marker={"symbol": "line-ns-open", "size": 18, "line": {"width": 3, "color": "#111827"}},
                                 name="TTFT", hovertemplate="first token at %{x:,.1f} ms<extra></extra>"))
    neutral(fig)
    fig.update_layout(barmode="overlay", height=max(180, 38 * len(timeline) + 70), margin={"l": 8, "r": 8, "t": 8, "b": 36},
                      xaxis_title="ms", legend={"orientation": "h", "y": -0.25}, bargap=0.35)
    fig.update_yaxes(autorange="reversed", automargin=True)
    return fig


METRIC_CHARTS = {  # metric -> (its title's catalogue key, unit)
    "turns": ("lab_m_turns", "turns"),
    "latency_p50": ("lab_m_latency", "ms"),
    "error_rate": ("lab_m_error_rate", "share"),
    "cost_usd": ("lab_m_cost", "USD"),
}


def over_time(frame: pd.DataFrame, metric: str, lang: Lang = "ko") -> go.Figure:
    """One line per configuration (agent · provider/model · prompt version) over the time buckets."""
    key, unit = METRIC_CHARTS.get(metric, (metric, ""))
    title = t(key, lang)
    fig = go.Figure()
    if not frame.empty:
        data = frame.assign(error_rate=frame["errors"] / frame["turns"])
        for config, group in data.sort_values("bucket").groupby("config", sort=True):
            fig.add_trace(go.Scatter(x=group["bucket"], y=group[metric], mode="lines+markers", name=str(config),
                                     hovertemplate=f"%{{x}}<br>{title}: %{{y}}<extra>{config}</extra>"))
    neutral(fig)
    if not frame.empty and frame["bucket"].nunique() == 1:  # one point: show the hours around it
        only = pd.Timestamp(frame["bucket"].iloc[0])
        fig.update_xaxes(range=[only - pd.Timedelta(hours=3), only + pd.Timedelta(hours=3)])
    fig.update_layout(height=300, margin={"l": 8, "r": 8, "t": 36, "b": 8}, title={"text": title, "font": {"size": 14}},
                      yaxis_title=unit, legend={"orientation": "h", "y": -0.2})
    if metric == "error_rate":
        fig.update_yaxes(tickformat=".0%")
    return fig
