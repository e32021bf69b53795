"""Lab · Traces: a filtered table of turns and one turn's detail (waterfall, prompt, messages sent,
tool calls, raw events, errors, feedback, cost) with a button that opens its conversation and "Save as
test case" for that conversation. Other views open a turn here through ``ctx.exports["traces"]``."""

from __future__ import annotations

from typing import Any

import gradio as gr

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.services.lab import figures, traces
from agents.view.lab import (
    FEEDBACK_CHOICES,
    INCLUDE_TESTS_INFO,
    INCLUDE_TESTS_LABEL,
    STATUS_CHOICES,
    TRACE_HEADERS,
    choices,
    detail_view,
    page_note,
    trace_filter,
    trace_table,
)
from agents.view.lab_charts import waterfall
from pages.gradio.lab.context import LabContext, LabView
from pages.gradio.save_case import build_save_case

PAGE = 50


def _who_note(ctx: LabContext) -> str:
    if ctx.mode == "shared":
        return ("공유 모드: **내 턴만** 보입니다 (나란히 비교의 턴 포함). *Shared mode: you see only your own turns.*")
    return ("로컬 모드: 모든 사용자의 턴이 보입니다. 사용자 칸으로 좁히세요. "
            "*Local mode: everyone's turns; filter by user.*")


def build(ctx: LabContext) -> None:
    gr.Markdown("#### 🔎 트레이스 (Traces)  \n" + _who_note(ctx), elem_id="pg-lab-traces-note")
    with gr.Row(elem_classes=["pg-lab-filters"]):
        agent = gr.Dropdown(choices=choices([a.id for a in ctx.agents]), value="", label="에이전트 (agent)",
                            min_width=130, elem_id="pg-lab-f-agent")
        provider = gr.Dropdown(choices=choices([]), value="", label="제공자 (provider)", min_width=120,
                               elem_id="pg-lab-f-provider")
        model = gr.Dropdown(choices=choices([]), value="", label="모델 (model)", min_width=120,
                            elem_id="pg-lab-f-model")
        version = gr.Dropdown(choices=choices([]), value="", label="프롬프트 버전", min_width=110,
                              elem_id="pg-lab-f-version")
        status = gr.Dropdown(choices=STATUS_CHOICES, value="", label="상태 (status)", min_width=120,
                             elem_id="pg-lab-f-status")
        feedback = gr.Dropdown(choices=FEEDBACK_CHOICES, value="", label="피드백", min_width=110,
                               elem_id="pg-lab-f-feedback")
    with gr.Row(elem_classes=["pg-lab-filters"]):
        user = gr.Textbox(label="사용자 (user)", placeholder="모두 (everyone)", min_width=120,
                          visible=ctx.mode == "local", elem_id="pg-lab-f-user")
        since = gr.Textbox(label="부터 (since)", placeholder="24h, 7d, 2026-11-01", min_width=120,
                           elem_id="pg-lab-f-since")
        until = gr.Textbox(label="까지 (until)", placeholder="비우면 지금 (now)", min_width=120,
                           elem_id="pg-lab-f-until")
        text = gr.Textbox(label="검색 (text)", placeholder="메시지·답변·도구·오류에서 찾기", min_width=160, scale=2,
                          elem_id="pg-lab-f-text")
        include_tests = gr.Checkbox(label=INCLUDE_TESTS_LABEL, info=INCLUDE_TESTS_INFO, value=False, min_width=160,
                                    elem_id="pg-lab-f-include-tests")
    with gr.Row(equal_height=True, elem_classes=["pg-lab-pager"]):
        search = gr.Button("🔎 찾기 (Search)", variant="primary", size="sm", min_width=110, scale=0,
                           elem_id="pg-lab-search")
        newer = gr.Button("◂ 최신 (Newer)", size="sm", interactive=False, min_width=100, scale=0,
                          elem_id="pg-lab-newer")
        older = gr.Button("이전 ▸ (Older)", size="sm", interactive=False, min_width=100, scale=0,
                          elem_id="pg-lab-older")
        note = gr.Markdown("", elem_id="pg-lab-page-note")
    # Narrow figures, a wide message: the columns a person scans fit a laptop screen; the turn id
    # (to copy into `playground traces show`) is last.
    table = gr.Dataframe(headers=TRACE_HEADERS, value=[], interactive=False, wrap=True, max_height=420,
                         elem_id="pg-lab-traces", show_label=False,
                         column_widths=["104px", "88px", "200px", "140px", "104px", "110px", "74px", "74px", "104px",
                                        "70px", "52px", "90px", "270px"])
    with gr.Row(elem_classes=["pg-lab-inline"]):
        turn_box = gr.Textbox(label="턴 id로 열기 (open a turn id)", placeholder="turn_…", scale=3,
                              elem_id="pg-lab-turn-id")
        show = gr.Button("열기 (Open)", size="sm", scale=0, min_width=90, elem_id="pg-lab-open-turn")
    shown = gr.State(None)  # the turn in the detail panel: (agent, conversation) to open
    with gr.Column(visible=False, elem_id="pg-lab-detail") as panel:
        header = gr.Markdown("", elem_id="pg-lab-detail-header")
        open_tab = gr.Button("💬 에이전트 탭에서 대화 열기 (Open the conversation in its tab)", size="sm",
                             visible=False, elem_id="pg-lab-open-conversation")
        chart = gr.Plot(show_label=False, elem_id="pg-lab-waterfall")
        with gr.Accordion("시스템 프롬프트 (system prompt)", open=False, elem_id="pg-lab-prompt-box") as prompt_box:
            prompt = gr.Textbox(show_label=False, lines=8, max_lines=24, interactive=False, buttons=["copy"],
                                elem_id="pg-lab-system-prompt")
        with gr.Accordion("모델에 보낸 메시지 (messages sent to the model)", open=False):
            requests = gr.JSON(show_label=False, elem_id="pg-lab-requests")
        with gr.Accordion("도구 호출 (tool calls)", open=True):
            tools = gr.Markdown("", elem_id="pg-lab-tools")
            with gr.Accordion("인자와 결과 전체 (arguments and full results)", open=False):
                tool_json = gr.JSON(show_label=False, elem_id="pg-lab-tool-json")
        with gr.Accordion("오류 (errors) · 피드백 (feedback)", open=True):
            errors = gr.Markdown("", elem_id="pg-lab-errors")
            rated = gr.Markdown("", elem_id="pg-lab-feedback")
        with gr.Accordion("원시 이벤트 (raw events)", open=False):
            events = gr.JSON(show_label=False, elem_id="pg-lab-events")
        # The turn's conversation (a 👎 found with the feedback filter is the usual start) as an eval case.
        build_save_case("lab", ctx.header, shown)
    cursors = gr.State([None])  # the `before` of each page shown so far; the last is this page's
    nxt = gr.State(None)  # this page's next_cursor: the older page's `before`
    page_ids = gr.State([])  # the turn ids of the rows shown, to map a clicked row to its turn

    filters = [agent, provider, model, version, status, feedback, user, since, until, text, include_tests]
    listing = [table, note, newer, older, cursors, nxt, page_ids]

    def load(viewer: Viewer | None, stack: list[str | None], *values: Any) -> list[Any]:
        """The page loaded with the last cursor of ``stack`` (None: the newest page)."""
        if viewer is None:
            return [gr.skip()] * len(listing)
        a, p, m, v, s_, f, u, since_, until_, t, tests = values
        stack = list(stack or [None])
        try:
            filt = trace_filter(mode=ctx.mode, viewer=viewer.user_id, agent=a, provider=p, model=m, version=v,
                                status=s_, feedback=f, user=u, since=since_, until=until_, text=t, now=system_clock(),
                                include_tests=bool(tests))
            page = traces.list_traces(runtime_store(), ctx.lab_user(viewer), filt, limit=PAGE, before=stack[-1])
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [gr.skip()] * len(listing)
        number = len(stack) - 1
        return [trace_table(page.rows), page_note(len(page.rows), number, page.next_cursor is not None),
                gr.update(interactive=number > 0), gr.update(interactive=page.next_cursor is not None),
                stack, page.next_cursor, [r["turn_id"] for r in page.rows]]

    def first(viewer: Viewer | None, *values: Any) -> list[Any]:
        return load(viewer, [None], *values)

    def go_older(viewer: Viewer | None, stack: list[str | None], cursor: str | None, *values: Any) -> list[Any]:
        return load(viewer, [*stack, cursor], *values) if cursor else [gr.skip()] * len(listing)

    def go_newer(viewer: Viewer | None, stack: list[str | None], *values: Any) -> list[Any]:
        return load(viewer, stack[:-1] or [None], *values)

    quiet = {"show_progress": "hidden"}
    search.click(first, [ctx.header.who, *filters], listing)
    text.submit(first, [ctx.header.who, *filters], listing)
    for dropdown in (agent, provider, model, version, status, feedback):
        dropdown.input(first, [ctx.header.who, *filters], listing, **quiet)
    older.click(go_older, [ctx.header.who, cursors, nxt, *filters], listing)
    newer.click(go_newer, [ctx.header.who, cursors, *filters], listing)

    detail_outputs = [panel, header, open_tab, chart, prompt_box, prompt, requests, tools, tool_json, errors, rated,
                      events, shown]

    def detail(turn_id: str, viewer: Viewer | None) -> list[Any]:
        if viewer is None or not turn_id:
            return [gr.skip()] * len(detail_outputs)
        try:
            d = traces.trace_detail(runtime_store(), turn_id.strip(), ctx.lab_user(viewer))
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [gr.skip()] * len(detail_outputs)
        v = detail_view(d)
        return [gr.update(visible=True), v.header, gr.update(visible=v.open_conversation is not None),
                waterfall(d.timeline), gr.update(label=v.prompt_title), v.system_prompt, v.requests, v.tools,
                [c.model_dump(mode="json") for c in d.tool_calls], v.errors, v.feedback, v.events,
                [v.open_agent, v.open_conversation] if v.open_conversation else None]

    def pick_row(ids: list[str], viewer: Viewer | None, evt: gr.SelectData) -> list[Any]:
        row = evt.index[0] if isinstance(evt.index, list | tuple) else evt.index
        if not isinstance(row, int) or not 0 <= row < len(ids):
            return [gr.skip()] * len(detail_outputs)
        return detail(ids[row], viewer)

    table.select(pick_row, [page_ids, ctx.header.who], detail_outputs)
    show.click(detail, [turn_box, ctx.header.who], detail_outputs)
    turn_box.submit(detail, [turn_box, ctx.header.who], detail_outputs)
    # The Evals view opens a failing case's turn here: it fills the id box, switches view, then runs `detail`.
    ctx.exports["traces"] = {"turn": turn_box, "open": (detail, [turn_box, ctx.header.who], detail_outputs)}

    # --- the filters' values, for this person ------------------------------------------------
    def facet_updates(viewer: Viewer | None) -> list[Any]:
        if viewer is None:
            return [gr.skip()] * 3
        values = traces.facets(runtime_store(), ctx.lab_user(viewer))
        return [gr.update(choices=choices(values["providers"])), gr.update(choices=choices(values["models"])),
                gr.update(choices=choices(values["prompt_versions"], render_value=figures.version))]

    def ready(viewer: Viewer | None, *values: Any) -> list[Any]:
        return [*facet_updates(viewer), *load(viewer, [None], *values)]

    ctx.on_show(ready, [ctx.header.who, *filters], [provider, model, version, *listing])
    refresh = gr.Button("↻ 새로고침 (Refresh)", size="sm", elem_id="pg-lab-refresh")
    refresh.click(ready, [ctx.header.who, *filters], [provider, model, version, *listing])

    # --- open the conversation in its agent tab ---------------------------------------------
    if ctx.app_tabs is not None and ctx.remembered:
        agents = list(ctx.remembered)

        def open_conversation(target: list[str] | None, viewer: Viewer | None) -> list[Any]:
            if not target or viewer is None:
                return [gr.skip()] * (len(agents) + 1)
            _, conversation_id = target
            row = runtime_store().conversations.get(conversation_id, viewer.user_id)
            if row is None or row.agent_id not in agents:
                gr.Warning("이 대화는 내 대화가 아니어서 열 수 없습니다. (This conversation is not yours to open.)")
                return [gr.skip()] * (len(agents) + 1)
            return [gr.Tabs(selected=row.agent_id),
                    *[conversation_id if a == row.agent_id else gr.skip() for a in agents]]

        open_tab.click(open_conversation, [shown, ctx.header.who],
                       [ctx.app_tabs, *[ctx.remembered[a] for a in agents]])


VIEW = LabView("traces", "🔎 트레이스 (Traces)", build)
