"""Tutor workspace (issue 12): the sandbox app (home / stock / education / my) the agent sees and drives,
and the canvas note. Every message typed in the chat carries the app's ``context_text``.

The screen of the open conversation is stored with it (``agents.tutor.screen``): a turn's low-risk
actions and a confirmed high-risk one are written by the agent's side, the app's own buttons and its
keyword fallback by this panel, so a reload, another tab or a conversation opened from the list draws
the same screen. The fallback runs in the app session that sent the message, once (it claims the
turn's record): a low-risk action at once, a high-risk one as a confirmation card above the input.
Drawing comes from ``agents/tutor/view``; per-browser values live in ``gr.State``, never in globals."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable

import gradio as gr

from agents.core import identity
from agents.core.clock import system_clock
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.tutor import market
from agents.tutor import screen as stored_screen
from agents.tutor.fallback import react
from agents.tutor.sandbox import AppState, apply, default_state
from agents.tutor.store import PortfolioStore
from agents.tutor.view import (
    canvas_is_new,
    canvas_markdown,
    fallback_note,
    period_choices,
    screen_view,
    stock_choices,
    text,
    turn_extra,
)
from agents.view.cards import figure_for
from agents.view.conversation import load_view
from agents.view.render import ChatView
from pages.gradio.i18n import label
from pages.gradio.workspace import TabContext, Workspace, register_workspace

NAV = ("nav_home", "nav_education", "nav_my")


def _value(user: Viewer) -> market.PortfolioValue:
    store = PortfolioStore(runtime_store())
    user_id = identity.require(user)
    store.ensure(user_id, system_clock())
    return market.portfolio_value(store.holdings(user_id), store.cash(user_id))


def _state(raw: dict[str, object] | None) -> AppState:
    return AppState.model_validate(raw) if raw else default_state()


def _conversation_state(view: ChatView | None, user: Viewer) -> dict[str, object] | None:
    """The open conversation's stored state, read fresh (a panel click may be newer than the view)."""
    if view is None or not view.conversation_id:
        return None
    row = runtime_store().conversations.get(view.conversation_id, identity.require(user))
    return row.state if row is not None else None


def build_tutor_panel(ctx: TabContext) -> None:
    sid = ctx.spec.id
    app = gr.State(default_state().model_dump(mode="json"))
    app_session = gr.State(lambda: secrets.token_hex(8))  # this browser session's app (the fallback's owner)
    drawn = gr.State("")  # what the panel shows now, to skip redraws that change nothing
    # The canvas first: it is what a "정리해서 캔버스로" reply points at. Open when the last turn wrote it.
    with gr.Accordion(label("tutor_canvas"), open=True, visible=False, elem_id=f"pg-{sid}-canvas-box") as canvas_box:
        canvas = gr.Markdown("", elem_id=f"pg-{sid}-canvas")
    with gr.Group(elem_id=f"pg-{sid}-app"):
        heading = gr.Markdown("### 📱", elem_id=f"pg-{sid}-app-heading")
        route = gr.Markdown("`/home`", elem_id=f"pg-{sid}-route")
        with gr.Row(equal_height=True, elem_classes=["pg-tutor-nav"]):
            nav = [gr.Button(label(f"tutor_{aid}"), size="sm", min_width=56, elem_id=f"pg-{sid}-{aid}") for aid in NAV]
        pick = gr.Dropdown(stock_choices("ko"), value=None, label=label("tutor_stock"), elem_id=f"pg-{sid}-stock-pick")
        tab = gr.Radio([], label=label("tutor_tab"), elem_id=f"pg-{sid}-tab")
        period = gr.Radio(period_choices("ko"), value="3M", label=label("tutor_period"), visible=False,
                          elem_id=f"pg-{sid}-period")
        keyword = gr.Textbox(label=label("tutor_keyword"), placeholder=label("tutor_keyword_placeholder"), visible=False,
                             elem_id=f"pg-{sid}-keyword")
        chart = gr.Plot(show_label=False, elem_id=f"pg-{sid}-chart")
        body = gr.Markdown("", elem_id=f"pg-{sid}-body")
        table = gr.Dataframe(interactive=False, wrap=True, visible=False, elem_id=f"pg-{sid}-table")
        notice = gr.Markdown("", elem_classes=["pg-slot-body"], elem_id=f"pg-{sid}-notice")
    with gr.Accordion(label("tutor_options"), open=False, elem_id=f"pg-{sid}-options"):
        web = gr.Checkbox(False, label=label("tutor_web"), elem_id=f"pg-{sid}-web")
        mode = gr.Radio([(text("mode_plain", "ko"), "plain"), (text("mode_canvas", "ko"), "canvas_markdown")],
                        value="plain", label=label("tutor_mode"), elem_id=f"pg-{sid}-mode")
        structured = gr.Checkbox(False, label=label("tutor_structured"), elem_id=f"pg-{sid}-structured")

    outputs = [app, drawn, heading, route, pick, tab, period, keyword, chart, body, table, notice, canvas_box, canvas]
    skip_all = [gr.skip()] * len(outputs)

    def draw(state: AppState, user: Viewer, view: ChatView | None, lang: str, before: str, note: str = ""
             ) -> list[object]:
        """Every panel output for ``state``; all skipped when the panel already shows exactly this."""
        value = _value(user)
        screen = screen_view(state, value, lang)
        canvas_md = canvas_markdown(view, lang)
        opened = canvas_is_new(view)
        shown = screen.model_dump(mode="json")
        signature = json.dumps([shown, canvas_md, opened, note, lang], ensure_ascii=False)
        if signature == before:
            return skip_all
        was_screen, was_md, was_open, *_ = json.loads(before) if before else [{}, None, None]
        # The canvas opens when a turn wrote it and folds once the next turn is about something else (a
        # reload shows it the same way); in between, it stays as the learner left it.
        canvas_update = (gr.update(visible=bool(canvas_md), open=opened) if (canvas_md, opened) != (was_md, was_open)
                         else gr.update(visible=bool(canvas_md)))
        figure = figure_for(screen.chart) if screen.chart else None
        if figure is not None:
            # A phone shows Plotly's tool bar all the time: upright in the right margin, it leaves the title readable.
            figure.update_layout(height=300, autosize=True, width=None, modebar={"orientation": "v"},
                                 margin={"r": 34})
        same_chart = was_screen.get("chart", 0) == shown["chart"]  # a note or the canvas changed, not the chart
        return [state.model_dump(mode="json"), signature, screen.heading,
                f"`{screen.route}`" + (f" · {note}" if note else ""),
                gr.update(choices=stock_choices(lang), value=state.stock_code if state.mode == "stock" else None),
                gr.update(choices=screen.tabs, value=screen.tab),
                gr.update(choices=period_choices(lang), visible=screen.show_period, value=screen.period),
                gr.update(visible=screen.show_keyword, value=screen.keyword),
                gr.skip() if same_chart else gr.update(value=figure, visible=figure is not None), screen.body,
                gr.update(value=screen.table or None, headers=screen.table_headers or None, visible=bool(screen.table)),
                f"⚠️ {screen.notice}", canvas_update, canvas_md]

    def act(action_id: str, **params: int) -> Callable[..., list[object]]:
        """A button or filter of the app: the screen moves, and the open conversation keeps it. A param
        names the position of its value among the handler's extra inputs."""
        def handler(raw: dict[str, object], user: Viewer | None, view: ChatView | None, lang: str, before: str,
                    *values: object) -> list[object]:
            if user is None:
                return skip_all
            args = {k: values[v] for k, v in params.items()}
            if any(v in (None, "") for v in args.values()) and action_id != "set_keyword":
                return skip_all
            try:
                state = apply(_state(raw), action_id, args)
            except (ValueError, KeyError) as exc:
                gr.Warning(str(exc))
                return skip_all
            if view is not None and view.conversation_id:
                stored_screen.save(runtime_store(), view.conversation_id, identity.require(user), state, by_learner=True)
            return draw(state, user, view, lang, before)
        return handler

    base = [app, ctx.header.who, ctx.view_state, ctx.header.lang, drawn]
    for button, aid in zip(nav, NAV, strict=True):
        button.click(act(aid), base, outputs, show_progress="hidden")
    pick.input(act("nav_stock", code=0), [*base, pick], outputs, show_progress="hidden")
    tab.input(act("set_tab", tab=0), [*base, tab], outputs, show_progress="hidden")
    period.input(act("set_period", period=0), [*base, period], outputs, show_progress="hidden")
    keyword.submit(act("set_keyword", keyword=0), [*base, keyword], outputs, show_progress="hidden")

    def after(raw: dict[str, object], session: str, user: Viewer | None, view: ChatView | None, lang: str,
              before: str) -> list[object]:
        """The open conversation changed (a turn ended, a card was answered, another one opened, a
        reload): draw its stored screen, and run the keyword fallback this session is owed."""
        tab_skip = [gr.skip()] * len(ctx.outputs)
        if user is None or view is None or view.running:
            return [*skip_all, *tab_skip]
        reaction = None
        if view.conversation_id:
            reaction = react(runtime_store(), identity.require(user), view.conversation_id, session, _state(raw))
        if reaction is None:
            return [*draw(_state(raw), user, view, lang, before), *tab_skip]
        if reaction.busy:  # the same change's other trigger is running the fallback and draws its result
            return [*skip_all, *tab_skip]
        refreshed = tab_skip
        if reaction.proposed is not None:
            assert ctx.refresh is not None
            # The proposal is a new message and a pending card: the chat and the dock show them.
            refreshed = ctx.refresh(load_view(ctx.spec, user, view.conversation_id), lang, user)
        return [*draw(reaction.state, user, view, lang, before, fallback_note(reaction.done, view, lang)), *refreshed]

    def wire_after() -> None:
        for trigger in (ctx.view_state.change, ctx.workspace_state.change):
            trigger(after, [app, app_session, ctx.header.who, ctx.view_state, ctx.header.lang, drawn],
                    [*outputs, *ctx.outputs], trigger_mode="always_last", show_progress="hidden")

    ctx.later(wire_after)

    def ready(raw: dict[str, object], user: Viewer | None, view: ChatView | None, lang: str, before: str
              ) -> list[object]:
        if user is None:
            return [*skip_all, gr.skip()]
        saved = stored_screen.stored(_conversation_state(view, user))
        modes = [(text("mode_plain", lang), "plain"), (text("mode_canvas", lang), "canvas_markdown")]
        return [*draw(saved or _state(raw), user, view, lang, before), gr.update(choices=modes)]

    ctx.header.identity.after_ready(ready, base, [*outputs, mode], show_progress="hidden")

    def send_extra(text_: str, raw: dict[str, object], session: str, web_on: bool, mode_value: str,
                   structured_on: bool) -> dict[str, object]:
        return turn_extra(_state(raw), text_, system_clock(), app_session=session, web=web_on, mode=mode_value,
                          structured=structured_on)

    ctx.send_inputs = [app, app_session, web, mode, structured]
    ctx.send_extra = send_extra


register_workspace("tutor", Workspace(build=build_tutor_panel))
