"""Lab · Metrics: per agent x provider x model x prompt version over a chosen period, charts over time,
and downloads of traces, feedback and votes (CSV, JSON Lines, Parquet, written by DuckDB COPY)."""

from __future__ import annotations

from typing import Any

import gradio as gr

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.core.store.lab import TraceFilter
from agents.services.lab import export, metrics
from agents.view.lab import INCLUDE_TESTS_LABEL, METRIC_HEADERS, choices, metric_rows, origins_for
from agents.view.lab_charts import METRIC_CHARTS, over_time
from pages.gradio.lab.context import LabContext, LabView

PERIODS = [("24시간 (24h)", "24h"), ("7일 (7d)", "7d"), ("30일 (30d)", "30d"), ("전체 (all)", "all")]
EXPORT_KINDS = [("트레이스 (traces)", "traces"), ("피드백 (feedback)", "feedback"), ("투표 (votes)", "votes")]
EXPORT_FORMATS = [("CSV", "csv"), ("JSON Lines", "jsonl"), ("Parquet", "parquet")]


def build(ctx: LabContext) -> None:
    scope = ("내 턴만 (your turns only)" if ctx.mode == "shared" else "모든 사용자 (everyone's turns)")
    gr.Markdown(f"#### 📊 지표 (Metrics) · {scope}  \n에이전트 × 제공자 × 모델 × 프롬프트 버전별. 거부된 입력은 턴으로 세지 "
                "않습니다. 가격표에 없는 모델의 비용은 —. *Per agent × provider × model × prompt version; refused "
                "inputs are not turns; a model missing from the price table shows —.*", elem_id="pg-lab-metrics-note")
    with gr.Row(elem_classes=["pg-lab-inline"]):
        period = gr.Radio(choices=PERIODS, value="7d", label="기간 (period)", scale=3, elem_id="pg-lab-period")
        agent = gr.Dropdown(choices=choices([a.id for a in ctx.agents]), value="", label="에이전트 (agent)", scale=1,
                            min_width=130, elem_id="pg-lab-m-agent")
        include_tests = gr.Checkbox(label=INCLUDE_TESTS_LABEL, value=False, scale=1, min_width=160,
                                    elem_id="pg-lab-m-include-tests")
        refresh = gr.Button("↻", size="sm", scale=0, min_width=50, elem_id="pg-lab-m-refresh")
    table = gr.Dataframe(headers=METRIC_HEADERS, value=[], interactive=False, wrap=True, show_label=False,
                         elem_id="pg-lab-metrics")
    chart_kind = gr.Radio(choices=[(title, key) for key, (title, _) in METRIC_CHARTS.items()], value="turns",
                          label="차트 (chart over time)", elem_id="pg-lab-chart-kind")
    chart = gr.Plot(show_label=False, elem_id="pg-lab-chart")
    frame_state = gr.State(None)
    with gr.Accordion("⬇ 내보내기 (export)", open=True):
        with gr.Row(elem_classes=["pg-lab-inline"]):
            kind = gr.Dropdown(choices=EXPORT_KINDS, value="traces", label="무엇을 (what)", min_width=130,
                               elem_id="pg-lab-export-kind")
            fmt = gr.Dropdown(choices=EXPORT_FORMATS, value="csv", label="형식 (format)", min_width=120,
                              elem_id="pg-lab-export-format")
            make = gr.Button("파일 만들기 (Prepare)", size="sm", min_width=120, elem_id="pg-lab-export")
            download = gr.DownloadButton("⬇ 내려받기 (Download)", visible=False, size="sm", min_width=140,
                                         elem_id="pg-lab-download")
        exported = gr.Markdown("", elem_id="pg-lab-exported")

    def _filters(period_: str, agent_: str, viewer: Viewer, tests: bool) -> TraceFilter:
        owner = viewer.user_id if ctx.mode == "shared" else None
        return metrics.period_filter(period_, system_clock(), TraceFilter(owner=owner, agent=agent_ or None,
                                                                          origins=origins_for(tests)))

    def load(period_: str, agent_: str, metric: str, viewer: Viewer | None, tests: bool = False) -> list[Any]:
        if viewer is None:
            return [gr.skip()] * 3
        who, store = ctx.lab_user(viewer), runtime_store()
        try:
            filters = _filters(period_, agent_, viewer, bool(tests))
            rows = metrics.records(metrics.metrics(store, who, filters))
            frame = metrics.over_time(store, who, filters)
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [gr.skip()] * 3
        return [metric_rows(rows), over_time(frame, metric), frame]

    outputs = [table, chart, frame_state]
    inputs = [period, agent, chart_kind, ctx.header.who, include_tests]
    for trigger in (period.change, agent.change, include_tests.change, refresh.click):
        trigger(load, inputs, outputs)
    ctx.on_show(load, inputs, outputs)
    chart_kind.change(lambda frame, metric: over_time(frame, metric) if frame is not None else gr.skip(),
                      [frame_state, chart_kind], chart, show_progress="hidden")

    def prepare(kind_: str, fmt_: str, period_: str, agent_: str, viewer: Viewer | None) -> list[Any]:
        if viewer is None:
            return [gr.skip(), gr.skip()]
        try:
            path, count = export.export(runtime_store(), ctx.lab_user(viewer), kind_, fmt_,
                                        _filters(period_, agent_, viewer, False), now=system_clock())
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [gr.skip(), gr.skip()]
        return [gr.update(value=str(path), visible=True, label=f"⬇ {path.name}"),
                f"{count:,}행 · `{path.name}` (DuckDB COPY). *{count:,} rows: press Download.*"]

    make.click(prepare, [kind, fmt, period, agent, ctx.header.who], [download, exported])


VIEW = LabView("metrics", "📊 지표 (Metrics)", build)
