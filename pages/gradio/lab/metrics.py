"""Lab · Metrics: per agent x provider x model x prompt version over a chosen period, charts over time,
and downloads of traces, feedback and votes (CSV, JSON Lines, Parquet, written by DuckDB COPY)."""

from __future__ import annotations

import gradio as gr
from gradio.i18n import I18nData

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.core.store.lab import TraceFilter
from agents.services.lab import export, metrics
from agents.view.lab import INCLUDE_TESTS_LABEL, choices, metric_headers, metric_rows, origins_for
from agents.view.lab_charts import METRIC_CHARTS, over_time
from agents.view.texts import Lang, t
from pages.gradio.i18n import label
from pages.gradio.lab.context import LabContext, LabView
from pages.gradio.outputs import Outputs

# (catalogue key, value): the labels are translated in the browser
PERIODS = [("lab_p_24h", "24h"), ("lab_p_7d", "7d"), ("lab_p_30d", "30d"), ("lab_p_all", "all")]
EXPORT_KINDS = [("lab_x_traces", "traces"), ("lab_x_feedback", "feedback"), ("lab_x_votes", "votes")]
EXPORT_FORMATS = [("CSV", "csv"), ("JSON Lines", "jsonl"), ("Parquet", "parquet")]


def _translated(pairs: list[tuple[str, str]]) -> list[tuple[str | I18nData, str]]:
    return [(label(key), value) for key, value in pairs]


def build(ctx: LabContext) -> None:
    gr.Markdown(label("lab_metrics_note_shared" if ctx.mode == "shared" else "lab_metrics_note_local"),
                elem_id="pg-lab-metrics-note")
    lang = ctx.header.lang
    with gr.Row(elem_classes=["pg-lab-inline"]):
        period = gr.Radio(choices=_translated(PERIODS), value="7d", label=label("lab_period"), scale=3,
                          elem_id="pg-lab-period")
        agent = gr.Dropdown(choices=[(label("lab_any"), ""), *choices([a.id for a in ctx.agents])[1:]], value="",
                            label=label("lab_f_agent"), scale=1, min_width=130, elem_id="pg-lab-m-agent")
        include_tests = gr.Checkbox(label=label(INCLUDE_TESTS_LABEL), value=False, scale=1, min_width=160,
                                    elem_id="pg-lab-m-include-tests")
        refresh = gr.Button("↻", size="sm", scale=0, min_width=50, elem_id="pg-lab-m-refresh")
    table = gr.Dataframe(headers=metric_headers(), value=[], interactive=False, wrap=True, show_label=False,
                         elem_id="pg-lab-metrics")
    ctx.headers_follow_lang(table, metric_headers)
    chart_kind = gr.Radio(choices=[(label(title), key) for key, (title, _) in METRIC_CHARTS.items()], value="turns",
                          label=label("lab_chart_kind"), elem_id="pg-lab-chart-kind")
    chart = gr.Plot(show_label=False, elem_id="pg-lab-chart")
    frame_state = gr.State(None)
    with gr.Accordion(label("lab_export"), open=True):
        with gr.Row(elem_classes=["pg-lab-inline"]):
            kind = gr.Dropdown(choices=_translated(EXPORT_KINDS), value="traces", label=label("lab_export_what"),
                               min_width=130,
                               elem_id="pg-lab-export-kind")
            fmt = gr.Dropdown(choices=EXPORT_FORMATS, value="csv", label=label("lab_export_format"), min_width=120,
                              elem_id="pg-lab-export-format")
            make = gr.Button(label("lab_prepare"), size="sm", min_width=120, elem_id="pg-lab-export")
            download = gr.DownloadButton(label("lab_download"), visible=False, size="sm", min_width=140,
                                         elem_id="pg-lab-download")
        exported = gr.Markdown("", elem_id="pg-lab-exported")

    def _filters(period_: str, agent_: str, viewer: Viewer, tests: bool) -> TraceFilter:
        owner = viewer.user_id if ctx.mode == "shared" else None
        return metrics.period_filter(period_, system_clock(), TraceFilter(owner=owner, agent=agent_ or None,
                                                                          origins=origins_for(tests)))

    def load(period_: str, agent_: str, metric: str, viewer: Viewer | None, tests: bool = False,
             lang_: Lang = "ko") -> Outputs:
        if viewer is None:
            return [gr.skip()] * 3
        who, store = ctx.lab_user(viewer), runtime_store()
        try:
            filters = _filters(period_, agent_, viewer, bool(tests))
            rows = metrics.records(metrics.metrics(store, who, filters))
            frame = metrics.over_time(store, who, filters)
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang_))
            return [gr.skip()] * 3
        return [{"headers": metric_headers(lang_), "data": metric_rows(rows)}, over_time(frame, metric, lang_), frame]

    outputs = [table, chart, frame_state]
    inputs = [period, agent, chart_kind, ctx.header.who, include_tests, lang]
    for trigger in (period.change, agent.change, include_tests.change, refresh.click):
        trigger(load, inputs, outputs)
    ctx.on_show(load, inputs, outputs)
    chart_kind.change(lambda frame, metric, lang_: over_time(frame, metric, lang_) if frame is not None else gr.skip(),
                      [frame_state, chart_kind, lang], chart, show_progress="hidden")

    def prepare(kind_: str, fmt_: str, period_: str, agent_: str, viewer: Viewer | None, lang_: Lang) -> Outputs:
        if viewer is None:
            return [gr.skip(), gr.skip()]
        try:
            path, count = export.export(runtime_store(), ctx.lab_user(viewer), kind_, fmt_,
                                        _filters(period_, agent_, viewer, False), now=system_clock())
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang_))
            return [gr.skip(), gr.skip()]
        return [gr.update(value=str(path), visible=True, label=f"⬇ {path.name}"),
                t("lab_exported", lang_, count=f"{count:,}", name=path.name)]

    make.click(prepare, [kind, fmt, period, agent, ctx.header.who, lang], [download, exported])


VIEW = LabView("metrics", "lab_view_metrics", build)
