"""The Lab's view model and figures: pure functions from Lab data to tables, text, HTML and Plotly."""

from __future__ import annotations

from datetime import datetime

import pandas as pd
import pytest

from agents.core.events import Done, TextDelta, Usage
from agents.core.providers.offline import call, say
from agents.services.lab import figures, prompts, traces
from agents.services.lab.compare import RoundEnd, SideEvent, SideSummary
from agents.view.lab import (
    ComparePair,
    diff_html,
    fold,
    metric_rows,
    side_figures,
    start_round,
    trace_filter,
    trace_table,
    version_choices,
    version_headers,
    version_rows,
    vote_label,
)
from agents.view.lab_charts import over_time, waterfall
from pages.gradio.lab import views
from pages.gradio.lab.context import LabView, add_view


def test_figures_read_plainly():
    assert [figures.cost(v) for v in (None, float("nan"), 0.0, 0.000123, 0.5, 12.3456)] == [
        "—", "—", "$0", "$0.000123", "$0.5", "$12.3456"]
    assert [figures.ms(v) for v in (None, 12.4, 1234.0, 15000.0)] == ["—", "12 ms", "1,234 ms", "15.00 s"]
    assert figures.tokens(1200, 30) == "1,200 → 30" and figures.tokens(None, None) == "—"
    assert [figures.version(v) for v in (None, 0, 3)] == ["—", "v0 (built-in)", "v3"]


def test_trace_table_rows_and_the_filters_form(store, run, clock, local_lab):
    _, events = run("list my notes", call("list_notes", {}), say("none"), name="openai", model="my-llama")
    store.feedback.rate(events[-1].turn_id, "demo", "up", None, clock())
    [row] = trace_table(traces.list_traces(store, local_lab).rows)
    assert row[1:6] == ["notes", "list my notes", "openai/my-llama", "v0 (built-in)", "✅ done"]
    assert row[9] == "—" and row[10] == "👍" and row[11] == "demo" and row[12] == events[-1].turn_id
    form = dict(agent="", provider="openai", model="", version="0", status="done", feedback="up", user="ann",
                since="24h", until="", text="  milk ", now=clock())
    local = trace_filter(mode="local", viewer="demo", **form)
    assert (local.owner, local.provider, local.prompt_version, local.status, local.feedback, local.text) == (
        "ann", "openai", 0, "done", "up", "milk")
    assert local.since == datetime(2026, 11, 1, 9) and local.until is None
    assert trace_filter(mode="shared", viewer="anon-1", **form).owner == "anon-1"  # never the typed user
    with pytest.raises(Exception, match="Cannot read since"):
        trace_filter(mode="local", viewer="demo", **{**form, "since": "yesterday"})


def test_detail_view_and_waterfall(store, run, local_lab):
    from agents.view.lab import detail_view

    _, events = run("list my notes", call("list_notes", {"limit": 2}), say("none"), name="openai", model="llama3.1")
    detail = traces.trace_detail(store, events[-1].turn_id, local_lab)
    view = detail_view(detail)
    assert "가격표에 없는 모델" in view.header and "| — (" in view.header  # an unknown model: no cost figure
    assert '`{"limit": 2}`' in view.tools and "✅" in view.tools
    assert view.open_agent == "notes" and view.open_conversation == detail.conversation_id
    assert view.system_prompt == "You manage the user's notes." and view.errors.startswith("오류 없음")
    fig = waterfall(detail.timeline)
    bars, ticks = fig.data
    assert list(bars.y) == [f"{i + 1}. {b.label}" for i, b in enumerate(detail.timeline)]
    assert list(bars.base) == [b.start_ms for b in detail.timeline]
    model_bars = [b for b in detail.timeline if b.kind == "model"]
    assert list(ticks.x) == [b.start_ms + b.ttft_ms for b in model_bars]
    assert fig.layout.yaxis.autorange == "reversed"


def test_prompt_rows_choices_and_diff_html(store, clock, local_lab):
    prompts.create(store, "notes", "line one\nline <two>", local_lab, clock(), label="first")
    prompts.create(store, "notes", "line one\nline <three>\nadded", local_lab, clock())
    listed = prompts.versions(store, "notes", local_lab)
    assert [r[0] for r in version_rows(listed)] == ["v2", "v1", "v0 (built-in)"]
    assert version_rows(listed)[2][2] == "✅ 활성" and version_rows(listed, "en")[2][2] == "✅ active"
    assert version_headers("en")[:3] == ["Version", "Label", "Active"] and version_headers()[0] == "버전"
    assert version_choices(listed)[1] == ("v1 · first", 1)
    html = diff_html(prompts.diff(store, "notes", 1, 2, local_lab))
    assert "+2 / −1" in html and "&lt;two&gt;" in html and "<mark>&lt;three&gt;</mark>" in html
    assert 'class="pg-diff-insert"' in html and "<script" not in html
    assert "+2 / −1 줄" in html and "+2 / −1 lines" in diff_html(prompts.diff(store, "notes", 1, 2, local_lab), "en")
    assert "두 버전이 같습니다" in diff_html(prompts.diff(store, "notes", 1, 1, local_lab))
    assert "The two versions are the same." in diff_html(prompts.diff(store, "notes", 1, 1, local_lab), "en")


def test_compare_pair_folds_both_sides():
    pair = start_round(ComparePair(), "hi")
    assert [m.text for m in pair.a.messages] == ["hi"] and pair.running
    for side, text in (("a", "Hello"), ("b", "Hey"), ("a", " there")):
        fold(pair, SideEvent(side, TextDelta(turn_id=f"turn_{side}", seq=1, content=text), 1))
    fold(pair, SideEvent("a", Done(turn_id="turn_a", seq=2, conversation_id="conv_a", provider="offline",
                                   model="m", usage=Usage()), 1))
    fold(pair, RoundEnd("cmp_1", 1, {"a": "turn_a", "b": "turn_b"}))
    assert [m.text for m in pair.a.messages if m.role == "assistant"] == ["Hello there"]
    assert [m.text for m in pair.b.messages if m.role == "assistant"] == ["Hey"]
    assert (pair.comparison_id, pair.round, pair.running) == ("cmp_1", 1, False)
    summary = SideSummary(turn_id="t", latency_ms=120, ttft_ms=30, input_tokens=10, output_tokens=2,
                          cost_usd=None, prompt_version=2, status="done")
    assert side_figures(summary) == "⏱ 120 ms · TTFT 30 ms · 10 → 2 토큰 · — · v2"
    assert side_figures(summary, "en") == "⏱ 120 ms · TTFT 30 ms · 10 → 2 tokens · — · v2"
    assert side_figures(None) == ""
    assert (vote_label("b"), vote_label("both_bad", "en")) == ("B가 낫다", "Both bad")


def test_metric_rows_and_the_chart_over_time():
    records = [{"agent_id": "travel", "provider": "openai", "model": "gpt-4o-mini", "prompt_version": 1, "turns": 1200,
                "error_rate": 0.025, "interrupted": 3, "latency_p50": 812.0, "latency_p95": 2300.0, "ttft_p50": 300.0,
                "ttft_p95": 700.0, "input_tokens": 10, "output_tokens": 5, "cost_usd": None, "thumbs_up": 3,
                "thumbs_down": 1, "thumbs_up_ratio": 0.75, "wins": 2, "losses": 1, "ties": 0, "both_bad": 1,
                "fallbacks": {"travel_parse": 4, "responses_to_chat": 0}}]
    [row] = metric_rows(records)
    assert row == ["travel", "openai/gpt-4o-mini", "v1", "1,200", "2% · ⏹3", "812 ms / 2,300 ms", "300 ms / 700 ms",
                   "10 → 5", "—", "75% (3/1)", "2/1/0/1", "travel_parse 4"]
    frame = pd.DataFrame({"bucket": pd.to_datetime(["2026-11-01", "2026-11-02", "2026-11-01"]),
                          "turns": [3, 5, 2], "errors": [0, 1, 1], "latency_p50": [10.0, 20.0, 30.0],
                          "cost_usd": [0.1, 0.2, None], "config": ["x · a/b · v0", "x · a/b · v0", "y · c/d · v1"]})
    fig = over_time(frame, "error_rate")
    assert [t.name for t in fig.data] == ["x · a/b · v0", "y · c/d · v1"]
    assert list(fig.data[0].y) == [0.0, 0.2] and fig.layout.yaxis.tickformat == ".0%"
    assert over_time(frame.iloc[:0], "turns").data == ()


def test_views_are_a_list_a_later_module_extends():
    assert [v.id for v in views()] == ["traces", "prompts", "compare", "metrics", "evals", "review"]
    add_view(LabView("extra", "🧩 Extra", lambda ctx: None))
    try:
        assert [v.id for v in views()] == ["traces", "prompts", "compare", "metrics", "evals", "review", "extra"]
        add_view(LabView("extra", "🧩 Extra 2", lambda ctx: None))
        assert [v.title for v in views()][-1] == "🧩 Extra 2"
        # an added view cannot replace a built-in one
        add_view(LabView("traces", "other traces", lambda ctx: None))
        assert next(v.title for v in views()) == "lab_view_traces"  # the catalogue's key
    finally:
        from pages.gradio.lab.context import LAB_VIEWS

        for view_id in ("traces", "extra"):
            LAB_VIEWS.remove(next(v for v in LAB_VIEWS if v.id == view_id))

