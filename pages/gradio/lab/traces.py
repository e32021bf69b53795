"""Lab · Traces: a filtered table of turns and one turn's detail (waterfall, prompt, messages sent,
tool calls, raw events, errors, feedback, cost) with a button that opens its conversation and "Save as
test case" for that conversation. Other views open a turn here through ``ctx.exports["traces"]``."""

from __future__ import annotations

import gradio as gr
from gradio.i18n import I18nData

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.services.lab import figures, traces
from agents.view.lab import (
    INCLUDE_TESTS_INFO,
    INCLUDE_TESTS_LABEL,
    choices,
    detail_view,
    feedback_choices,
    page_note,
    status_choices,
    trace_filter,
    trace_headers,
    trace_table,
)
from agents.view.lab_charts import waterfall
from agents.view.texts import Lang, t
from pages.gradio.i18n import label
from pages.gradio.lab.context import LabContext, LabView
from pages.gradio.outputs import Outputs, Update
from pages.gradio.save_case import build_save_case

PAGE = 50


def build(ctx: LabContext) -> None:
    gr.Markdown(label("lab_traces_note_shared" if ctx.mode == "shared" else "lab_traces_note_local"),
                elem_id="pg-lab-traces-note")
    lang = ctx.header.lang
    with gr.Row(elem_classes=["pg-lab-filters"]):
        agent = gr.Dropdown(choices=_any([a.id for a in ctx.agents]), value="", label=label("lab_f_agent"),
                            min_width=130, elem_id="pg-lab-f-agent")
        provider = gr.Dropdown(choices=_any([]), value="", label=label("lab_f_provider"), min_width=120,
                               elem_id="pg-lab-f-provider")
        model = gr.Dropdown(choices=_any([]), value="", label=label("lab_f_model"), min_width=120,
                            elem_id="pg-lab-f-model")
        version = gr.Dropdown(choices=_any([]), value="", label=label("lab_f_prompt"), min_width=110,
                              elem_id="pg-lab-f-version")
        status = gr.Dropdown(choices=_translated(status_choices()), value="", label=label("lab_f_status"), min_width=120,
                             elem_id="pg-lab-f-status")
        feedback = gr.Dropdown(choices=_translated(feedback_choices()), value="", label=label("lab_f_feedback"),
                               min_width=110,
                               elem_id="pg-lab-f-feedback")
    with gr.Row(elem_classes=["pg-lab-filters"]):
        user = gr.Textbox(label=label("lab_f_user"), placeholder=label("lab_f_user_hint"), min_width=120,
                          visible=ctx.mode == "local", elem_id="pg-lab-f-user")
        since = gr.Textbox(label=label("lab_f_since"), placeholder="24h, 7d, 2026-11-01", min_width=120,
                           elem_id="pg-lab-f-since")
        until = gr.Textbox(label=label("lab_f_until"), placeholder=label("lab_f_until_hint"), min_width=120,
                           elem_id="pg-lab-f-until")
        text = gr.Textbox(label=label("lab_f_text"), placeholder=label("lab_f_text_hint"), min_width=160, scale=2,
                          elem_id="pg-lab-f-text")
        include_tests = gr.Checkbox(label=label(INCLUDE_TESTS_LABEL), info=label(INCLUDE_TESTS_INFO), value=False,
                                    min_width=160,
                                    elem_id="pg-lab-f-include-tests")
    with gr.Row(equal_height=True, elem_classes=["pg-lab-pager"]):
        search = gr.Button(label("lab_search"), variant="primary", size="sm", min_width=110, scale=0,
                           elem_id="pg-lab-search")
        newer = gr.Button(label("lab_newer"), size="sm", interactive=False, min_width=100, scale=0,
                          elem_id="pg-lab-newer")
        older = gr.Button(label("lab_older"), size="sm", interactive=False, min_width=100, scale=0,
                          elem_id="pg-lab-older")
        note = gr.Markdown("", elem_id="pg-lab-page-note")
    # Narrow figures, a wide message: the columns a person scans fit a laptop screen; the turn id
    # (to copy into `playground traces show`) is last.
    table = gr.Dataframe(headers=trace_headers(), value=[], interactive=False, wrap=True, max_height=420,
                         elem_id="pg-lab-traces", show_label=False,
                         column_widths=["104px", "88px", "200px", "140px", "104px", "110px", "74px", "74px", "104px",
                                        "70px", "52px", "90px", "270px"])
    ctx.headers_follow_lang(table, trace_headers)
    with gr.Row(elem_classes=["pg-lab-inline"]):
        turn_box = gr.Textbox(label=label("lab_open_id"), placeholder="turn_…", scale=3,
                              elem_id="pg-lab-turn-id")
        show = gr.Button(label("lab_open"), size="sm", scale=0, min_width=90, elem_id="pg-lab-open-turn")
    shown = gr.State(None)  # the turn in the detail panel: (agent, conversation) to open
    with gr.Column(visible=False, elem_id="pg-lab-detail") as panel:
        header = gr.Markdown("", elem_id="pg-lab-detail-header")
        open_tab = gr.Button(label("lab_open_conversation_tab"), size="sm",
                             visible=False, elem_id="pg-lab-open-conversation")
        chart = gr.Plot(show_label=False, elem_id="pg-lab-waterfall")
        with gr.Accordion(label("lab_d_prompt"), open=False, elem_id="pg-lab-prompt-box") as prompt_box:
            prompt = gr.Textbox(show_label=False, lines=8, max_lines=24, interactive=False, buttons=["copy"],
                                elem_id="pg-lab-system-prompt")
        with gr.Accordion(label("lab_messages_sent"), open=False):
            requests = gr.JSON(show_label=False, elem_id="pg-lab-requests")
        with gr.Accordion(label("lab_tool_calls"), open=True):
            tools = gr.Markdown("", elem_id="pg-lab-tools")
            with gr.Accordion(label("lab_tool_json"), open=False):
                tool_json = gr.JSON(show_label=False, elem_id="pg-lab-tool-json")
        with gr.Accordion(label("lab_errors_feedback"), open=True):
            errors = gr.Markdown("", elem_id="pg-lab-errors")
            rated = gr.Markdown("", elem_id="pg-lab-feedback")
        with gr.Accordion(label("lab_raw_events"), open=False):
            events = gr.JSON(show_label=False, elem_id="pg-lab-events")
        # The turn's conversation (a 👎 found with the feedback filter is the usual start) as an eval case.
        build_save_case("lab", ctx.header, shown)
    cursors = gr.State([None])  # the `before` of each page shown so far; the last is this page's
    nxt = gr.State(None)  # this page's next_cursor: the older page's `before`
    page_ids = gr.State([])  # the turn ids of the rows shown, to map a clicked row to its turn

    filters = [agent, provider, model, version, status, feedback, user, since, until, text, include_tests]
    listing = [table, note, newer, older, cursors, nxt, page_ids]

    def load(viewer: Viewer | None, lang_: Lang, stack: list[str | None], *values: str | bool | None) -> Outputs:
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
            gr.Warning(exc.text(lang_))
            return [gr.skip()] * len(listing)
        number = len(stack) - 1
        return [{"headers": trace_headers(lang_), "data": trace_table(page.rows)},
                page_note(len(page.rows), number, page.next_cursor is not None, lang_),
                gr.update(interactive=number > 0), gr.update(interactive=page.next_cursor is not None),
                stack, page.next_cursor, [r["turn_id"] for r in page.rows]]

    def first(viewer: Viewer | None, lang_: Lang, *values: str | bool | None) -> Outputs:
        return load(viewer, lang_, [None], *values)

    def go_older(viewer: Viewer | None, lang_: Lang, stack: list[str | None], cursor: str | None,
                 *values: str | bool | None) -> Outputs:
        return load(viewer, lang_, [*stack, cursor], *values) if cursor else [gr.skip()] * len(listing)

    def go_newer(viewer: Viewer | None, lang_: Lang, stack: list[str | None], *values: str | bool | None) -> Outputs:
        return load(viewer, lang_, stack[:-1] or [None], *values)

    quiet = {"show_progress": "hidden"}
    search.click(first, [ctx.header.who, lang, *filters], listing)
    text.submit(first, [ctx.header.who, lang, *filters], listing)
    for dropdown in (agent, provider, model, version, status, feedback):
        dropdown.input(first, [ctx.header.who, lang, *filters], listing, **quiet)
    older.click(go_older, [ctx.header.who, lang, cursors, nxt, *filters], listing)
    newer.click(go_newer, [ctx.header.who, lang, cursors, *filters], listing)

    detail_outputs = [panel, header, open_tab, chart, prompt_box, prompt, requests, tools, tool_json, errors, rated,
                      events, shown]

    def detail(turn_id: str, viewer: Viewer | None, lang_: Lang = "ko") -> Outputs:
        if viewer is None or not turn_id:
            return [gr.skip()] * len(detail_outputs)
        try:
            d = traces.trace_detail(runtime_store(), turn_id.strip(), ctx.lab_user(viewer))
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang_))
            return [gr.skip()] * len(detail_outputs)
        v = detail_view(d, lang_)
        return [gr.update(visible=True), v.header, gr.update(visible=v.open_conversation is not None),
                waterfall(d.timeline), gr.update(label=v.prompt_title), v.system_prompt, v.requests, v.tools,
                [c.model_dump(mode="json") for c in d.tool_calls], v.errors, v.feedback, v.events,
                [v.open_agent, v.open_conversation] if v.open_conversation else None]

    def pick_row(ids: list[str], viewer: Viewer | None, lang_: Lang, evt: gr.SelectData) -> Outputs:
        row = evt.index[0] if isinstance(evt.index, list | tuple) else evt.index
        if not isinstance(row, int) or not 0 <= row < len(ids):
            return [gr.skip()] * len(detail_outputs)
        return detail(ids[row], viewer, lang_)

    table.select(pick_row, [page_ids, ctx.header.who, lang], detail_outputs)
    show.click(detail, [turn_box, ctx.header.who, lang], detail_outputs)
    turn_box.submit(detail, [turn_box, ctx.header.who, lang], detail_outputs)
    # The Evals view opens a failing case's turn here: it fills the id box, switches view, then runs `detail`.
    ctx.exports["traces"] = {"turn": turn_box, "open": (detail, [turn_box, ctx.header.who, lang], detail_outputs)}

    # --- the filters' values, for this person ------------------------------------------------
    def facet_updates(viewer: Viewer | None, lang_: Lang) -> list[Update]:
        if viewer is None:
            return [gr.skip()] * 3
        values = traces.facets(runtime_store(), ctx.lab_user(viewer))
        return [gr.update(choices=choices(values["providers"], lang=lang_)),
                gr.update(choices=choices(values["models"], lang=lang_)),
                gr.update(choices=choices(values["prompt_versions"], render_value=figures.version, lang=lang_))]

    def ready(viewer: Viewer | None, lang_: Lang, *values: str | bool | None) -> Outputs:
        return [*facet_updates(viewer, lang_), *load(viewer, lang_, [None], *values)]

    ctx.on_show(ready, [ctx.header.who, lang, *filters], [provider, model, version, *listing])
    refresh = gr.Button(label("lab_refresh"), size="sm", elem_id="pg-lab-refresh")
    refresh.click(ready, [ctx.header.who, lang, *filters], [provider, model, version, *listing])

    # --- open the conversation in its agent tab ---------------------------------------------
    if ctx.app_tabs is not None and ctx.remembered:
        agents = list(ctx.remembered)

        def open_conversation(target: list[str] | None, viewer: Viewer | None, lang_: Lang) -> Outputs:
            if not target or viewer is None:
                return [gr.skip()] * (len(agents) + 1)
            _, conversation_id = target
            row = runtime_store().conversations.get(conversation_id, viewer.user_id)
            if row is None or row.agent_id not in agents:
                gr.Warning(t("lab_not_yours", lang_))
                return [gr.skip()] * (len(agents) + 1)
            return [gr.Tabs(selected=row.agent_id),
                    *[conversation_id if a == row.agent_id else gr.skip() for a in agents]]

        open_tab.click(open_conversation, [shown, ctx.header.who, lang],
                       [ctx.app_tabs, *[ctx.remembered[a] for a in agents]])


def _any(values: list[str]) -> list[tuple[str | I18nData, str]]:
    """Choices with "any" first, translated in the browser (a handler sends them in the viewer's language)."""
    return _translated(choices(values))


def _translated(pairs: list[tuple[str, str]]) -> list[tuple[str | I18nData, str]]:
    any_ko = t("lab_any", "ko")
    none_ko = t("lab_none", "ko")
    keys = {any_ko: "lab_any", none_ko: "lab_none"}
    return [(label(keys[text]) if text in keys else text, value) for text, value in pairs]


VIEW = LabView("traces", "lab_view_traces", build)
