"""Lab · Traces in Streamlit: the filters (agent, provider, model, prompt version, status, feedback,
time, text, and the user in local mode), a page of turns newest first, and one turn's detail (its
waterfall, system prompt, messages sent to the model, tool calls, events, errors, feedback and cost).
The same services and view model as the Gradio view (``agents.services.lab.traces``, ``agents/view/lab.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.store.lab import TracePage
from agents.services import conversations
from agents.services.lab import figures, traces
from agents.view import lab as view
from agents.view import lab_charts as charts
from agents.view.texts import Lang, t
from pages.streamlit.lab.context import OPEN_KEY, LabRun, dataframe_pick

if TYPE_CHECKING:
    from streamlit.delta_generator import DeltaGenerator

PAGE = 50
FILTERS = ("agent", "provider", "model", "version", "status", "feedback", "text", "since", "until", "user")


def _restart(lab: LabRun) -> None:
    """A filter changed: back to the newest page."""
    st.session_state[lab.key("cursors")] = [None]


def _select(lab: LabRun, label: str, name: str, options: list[tuple[str, str]], column: DeltaGenerator) -> str:
    key = lab.key(name)
    values = [value for _, value in options]
    if st.session_state.get(key) not in values:
        st.session_state[key] = view.ALL  # a value this person has no turns with any more
    labels = dict((value, text) for text, value in options)
    return column.selectbox(label, values, key=key, format_func=lambda v: labels.get(v, v),
                            on_change=_restart, args=(lab,))


def _filters(lab: LabRun) -> dict[str, str | bool]:
    with st.container(key="pg-lab-filters"):  # two a row on a phone (style.css)
        return _filter_widgets(lab)


def _filter_widgets(lab: LabRun) -> dict[str, str | bool]:
    facets = traces.facets(lab.store, lab.who)
    values: dict[str, str | bool] = {}  # trace_filter's arguments; include_tests the one flag
    row = st.columns(6)
    lang: Lang = lab.lang
    values["agent"] = _select(lab, t("lab_f_agent", lang), "agent",
                              view.choices(lab.agents or facets["agents"], lang=lang), row[0])
    values["provider"] = _select(lab, t("lab_f_provider", lang), "provider",
                                 view.choices(facets["providers"], lang=lang), row[1])
    values["model"] = _select(lab, t("lab_f_model", lang), "model", view.choices(facets["models"], lang=lang), row[2])
    values["version"] = _select(lab, t("lab_f_prompt", lang), "version",
                                view.choices(facets["prompt_versions"], render_value=figures.version, lang=lang),
                                row[3])
    values["status"] = _select(lab, t("lab_f_status", lang), "status", view.status_choices(lang), row[4])
    values["feedback"] = _select(lab, t("lab_f_feedback", lang), "feedback", view.feedback_choices(lang), row[5])
    row = st.columns([3, 2, 2, 2] if lab.mode == "local" else [3, 2, 2])
    values["text"] = row[0].text_input(t("lab_f_text", lang), key=lab.key("text"), on_change=_restart, args=(lab,),
                                       placeholder=t("lab_f_text_hint", lang))
    values["since"] = row[1].text_input(t("lab_f_since", lang), key=lab.key("since"), on_change=_restart,
                                        args=(lab,), placeholder="24h, 7d, 2026-11-01")
    values["until"] = row[2].text_input(t("lab_f_until", lang), key=lab.key("until"), on_change=_restart,
                                        args=(lab,), placeholder=t("lab_f_until_hint", lang))
    values["user"] = ""
    if lab.mode == "local":  # shared mode: always the viewer's own (trace_filter ignores the field there)
        values["user"] = row[3].text_input(t("lab_f_user", lang), key=lab.key("user"), on_change=_restart,
                                           args=(lab,), placeholder=t("lab_f_user_hint", lang))
    values["include_tests"] = st.checkbox(t(view.INCLUDE_TESTS_LABEL, lang), key=lab.key("include_tests"),
                                          help=t(view.INCLUDE_TESTS_INFO, lang), on_change=_restart, args=(lab,))
    return values


def _page(lab: LabRun, values: dict[str, str | bool]) -> TracePage | None:
    stack = st.session_state.setdefault(lab.key("cursors"), [None])
    try:
        filt = view.trace_filter(mode=lab.mode, viewer=lab.viewer.user_id, now=system_clock(), **values)
        return traces.list_traces(lab.store, lab.who, filt, limit=PAGE, before=stack[-1])
    except PlaygroundError as exc:
        st.error(exc.text(lab.lang), icon="⚠️")
        return None


def _older(lab: LabRun, cursor: str) -> None:
    st.session_state[lab.key("cursors")] = [*st.session_state[lab.key("cursors")], cursor]


def _newer(lab: LabRun) -> None:
    st.session_state[lab.key("cursors")] = st.session_state[lab.key("cursors")][:-1] or [None]


def _open_picked(key: str) -> None:
    st.session_state[OPEN_KEY] = st.session_state.get(key)


def _open_typed(key: str) -> None:
    typed = (st.session_state.get(key) or "").strip()
    if typed:
        st.session_state[OPEN_KEY] = typed


def _listing(lab: LabRun, page: TracePage) -> None:
    stack = st.session_state[lab.key("cursors")]
    number = len(stack) - 1
    ids = [r["turn_id"] for r in page.rows]
    left, middle, note = st.columns([1, 1, 4], vertical_alignment="center")
    lang = lab.lang
    left.button(t("lab_newer", lang), key=lab.key("newer"), disabled=number == 0, on_click=_newer, args=(lab,),
                width="stretch")
    middle.button(t("lab_older", lang), key=lab.key("older"), disabled=page.next_cursor is None, on_click=_older,
                  args=(lab, page.next_cursor), width="stretch")
    note.caption(view.page_note(len(page.rows), number, page.next_cursor is not None, lang))
    if page.rows:
        table = pd.DataFrame(view.trace_table(page.rows), columns=view.trace_headers(lang))
        key = lab.key("table")
        st.dataframe(table, hide_index=True, width="stretch", height=min(38 + 35 * len(ids), 420), key=key,
                     on_select=dataframe_pick(key, ids, OPEN_KEY), selection_mode="single-row")
    labels = {r["turn_id"]: f"{view.when(r):%m-%d %H:%M:%S} · {r['agent_id']} · "
                            f"{figures.STATUS_MARK.get(r['status'], r['status'])} · {(r.get('message') or '')[:40]}"
              for r in page.rows}
    pick, typed = st.columns([3, 2])
    current = st.session_state.get(OPEN_KEY)
    pick_key = lab.key("pick")
    st.session_state[pick_key] = current if current in labels else None
    pick.selectbox(t("lab_open_pick", lang), ids, key=pick_key, index=None, format_func=lambda i: labels.get(i, i),
                   placeholder=t("lab_open_pick_hint", lang),
                   on_change=_open_picked, args=(pick_key,))
    typed.text_input(t("lab_open_id", lang), key=lab.key("turn_id"), placeholder="turn_…",
                     on_change=_open_typed, args=(lab.key("turn_id"),))


def draw(lab: LabRun) -> None:
    values = _filters(lab)
    page = _page(lab, values)
    if page is not None:
        _listing(lab, page)
    turn_id = st.session_state.get(OPEN_KEY)
    if turn_id:
        draw_detail(lab, turn_id)


def _open_conversation(lab: LabRun, agent_id: str, conversation_id: str) -> None:
    row = conversations.find(lab.store, lab.viewer.user_id, conversation_id)
    if row is None or lab.open_conversation is None:
        st.warning(t("lab_not_yours", lab.lang))
        return
    lab.open_conversation(agent_id, conversation_id)


def draw_detail(lab: LabRun, turn_id: str) -> None:
    try:
        detail = traces.trace_detail(lab.store, turn_id, lab.who)
    except PlaygroundError as exc:
        st.error(exc.text(lab.lang), icon="⚠️")
        return
    lang = lab.lang
    shown = view.detail_view(detail, lang)
    with st.container(border=True, key="pg-lab-detail"):
        st.markdown(shown.header)
        openable = shown.open_conversation and shown.open_agent and lab.open_conversation is not None
        if openable and st.button(t("lab_open_conversation", lang), key="pg_lab_open_conversation"):
            _open_conversation(lab, str(shown.open_agent), str(shown.open_conversation))
        if detail.timeline:
            figure = charts.waterfall(detail.timeline)
            figure.update_layout(autosize=True, width=None)
            st.plotly_chart(figure, width="stretch", key=f"pg-lab-waterfall-{turn_id}",
                            config={"displaylogo": False})
        with st.expander(shown.prompt_title):
            st.code(shown.system_prompt, language=None, wrap_lines=True)
        with st.expander(t("lab_messages_sent", lang)):
            st.json(shown.requests, expanded=2)
        with st.expander(f"{t('lab_tool_calls', lang)} · {len(detail.tool_calls)}", expanded=bool(detail.tool_calls)):
            st.markdown(shown.tools)
            if detail.tool_calls:
                st.json([c.model_dump(mode="json") for c in detail.tool_calls], expanded=False)
        with st.expander(t("lab_errors_feedback", lang), expanded=True):
            st.markdown(shown.errors)
            st.markdown(shown.feedback)
        with st.expander(f"{t('lab_raw_events', lang)} · {len(shown.events)}"):
            st.json(shown.events, expanded=False)
