"""Tutor workspace (issue 12): the sandbox app (home / stock / education / my) the agent sees and drives.
Every message typed in the chat carries the app's ``context_text``; after a turn the app applies the
agent's low-risk ui_actions (or its keyword fallback) and any confirmed high-risk one. The seed's
switches (web search, response mode, structured extract) live here too. Drawing comes from
``pages/tutor_view``; the app state is per browser session (a gr.State), never shared."""

from __future__ import annotations

from typing import Any

import gradio as gr

from agents.core import identity
from agents.core.clock import system_clock
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.tutor import market
from agents.tutor.sandbox import AppState, apply, default_state
from agents.tutor.sandbox_data import stocks
from agents.tutor.store import PortfolioStore
from pages.cards import figure_for
from pages.render import ChatView
from pages.tutor_view import NAV, app_after, canvas_markdown, screen_view, turn_extra
from pages.workspace import TabContext, Workspace, register_workspace


def _value(user: Viewer | None) -> dict[str, Any]:
    store = PortfolioStore(runtime_store())
    user_id = identity.require(user)
    store.ensure(user_id, system_clock())
    return market.portfolio_value(store.holdings(user_id), store.cash(user_id))


def _state(raw: dict[str, Any] | None) -> AppState:
    return AppState.model_validate(raw) if raw else default_state()


def build_tutor_panel(ctx: TabContext) -> None:
    sid = ctx.spec.id
    app = gr.State(default_state().model_dump(mode="json"))
    seen = gr.State([])
    with gr.Group(elem_id=f"pg-{sid}-app"):
        heading = gr.Markdown("### 📱 샌드박스 앱", elem_id=f"pg-{sid}-app-heading")
        route = gr.Markdown("`/home`", elem_id=f"pg-{sid}-route")
        with gr.Row(equal_height=True):
            nav = [gr.Button(label, size="sm", min_width=60, elem_id=f"pg-{sid}-{aid}") for label, aid in NAV]
            pick = gr.Dropdown([(f"{s.name} ({s.code})", s.code) for s in stocks().values()], value=None,
                               show_label=False, container=False, min_width=140, elem_id=f"pg-{sid}-stock-pick")
        tab = gr.Radio([], label="탭", elem_id=f"pg-{sid}-tab")
        period = gr.Radio(["1M", "3M", "1Y"], value="3M", label="기간", visible=False, elem_id=f"pg-{sid}-period")
        keyword = gr.Textbox(label="키워드", visible=False, elem_id=f"pg-{sid}-keyword")
        chart = gr.Plot(show_label=False, elem_id=f"pg-{sid}-chart")
        body = gr.Markdown("", elem_id=f"pg-{sid}-body")
        table = gr.Dataframe(interactive=False, wrap=True, visible=False, elem_id=f"pg-{sid}-table")
        notice = gr.Markdown("", elem_classes=["pg-slot-body"], elem_id=f"pg-{sid}-notice")
    with gr.Accordion("📝 캔버스", open=True, visible=False, elem_id=f"pg-{sid}-canvas-box") as canvas_box:
        canvas = gr.Markdown("", elem_id=f"pg-{sid}-canvas")
    with gr.Accordion("튜터 옵션 (seed 002)", open=False, elem_id=f"pg-{sid}-options"):
        web = gr.Checkbox(False, label="웹 검색 사용 (use_web_search, OpenAI Responses)", elem_id=f"pg-{sid}-web")
        mode = gr.Radio([("채팅 (plain)", "plain"), ("캔버스 (canvas_markdown)", "canvas_markdown")], value="plain",
                        label="답 표시 (response_mode)", elem_id=f"pg-{sid}-mode")
        structured = gr.Checkbox(False, label="구조화 요약 (structured_extract)", elem_id=f"pg-{sid}-structured")

    outputs = [app, heading, route, tab, period, keyword, chart, body, table, notice, canvas_box, canvas]

    def draw(state: AppState, user: Viewer | None, view: ChatView | None, note: str = "") -> list[Any]:
        screen = screen_view(state, _value(user))
        figure = figure_for(screen.chart) if screen.chart else None
        if figure is not None:
            figure.update_layout(height=300, autosize=True, width=None)
        canvas_md = canvas_markdown(view)
        return [state.model_dump(mode="json"), screen.heading, f"`{screen.route}`" + (f" · {note}" if note else ""),
                gr.update(choices=screen.tabs, value=screen.tab),
                gr.update(visible=screen.show_period, value=screen.period),
                gr.update(visible=screen.show_keyword, value=screen.keyword),
                gr.update(value=figure, visible=figure is not None), screen.body,
                gr.update(value=screen.table or None, headers=screen.table_headers or None, visible=bool(screen.table)),
                f"⚠️ {screen.notice}", gr.update(visible=bool(canvas_md)), canvas_md]

    def act(action_id: str, **params: Any) -> Any:
        def handler(raw: dict[str, Any], user: Viewer | None, view: ChatView | None, *values: Any) -> list[Any]:
            args = {k: (values[v] if isinstance(v, int) else v) for k, v in params.items()}
            if any(v in (None, "") for v in args.values()) and action_id != "set_keyword":
                return [gr.skip()] * len(outputs)
            try:
                state = apply(_state(raw), action_id, args)
            except (ValueError, KeyError) as exc:
                gr.Warning(str(exc))
                return [gr.skip()] * len(outputs)
            return draw(state, user, view)
        return handler

    base = [app, ctx.header.who, ctx.view_state]
    for button, (_, aid) in zip(nav, NAV, strict=True):
        button.click(act(aid), base, outputs)
    pick.input(act("nav_stock", code=0), [*base, pick], outputs)
    tab.input(act("set_tab", tab=0), [*base, tab], outputs)
    period.input(act("set_period", period=0), [*base, period], outputs)
    keyword.submit(act("set_keyword", keyword=0), [*base, keyword], outputs)

    def after(raw: dict[str, Any], done: list[str], user: Viewer | None, view: ChatView | None) -> list[Any]:
        if user is None or view is None or view.running:
            return [gr.skip()] * (len(outputs) + 1)
        state, done, note = app_after(_state(raw), view, done)
        return [*draw(state, user, view, note), done]

    for trigger in (ctx.view_state.change, ctx.workspace_state.change):
        trigger(after, [app, seen, ctx.header.who, ctx.view_state], [*outputs, seen], trigger_mode="always_last",
                show_progress="hidden")
    ctx.header.identity.after_ready(lambda raw, user, view: draw(_state(raw), user, view) if user else
                                    [gr.skip()] * len(outputs), base, outputs)

    def send_extra(text: str, raw: dict[str, Any], web_on: bool, mode_value: str, structured_on: bool
                   ) -> dict[str, Any]:
        return turn_extra(_state(raw), text, system_clock(), web_on, mode_value, structured_on)

    ctx.send_inputs = [app, web, mode, structured]
    ctx.send_extra = send_extra


register_workspace("tutor", Workspace(build=build_tutor_panel))
