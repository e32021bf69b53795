"""The conversation in Streamlit: the view model (``agents/view/render.py``) drawn with ``st.chat_message``,
tool steps in ``st.status``, cards with ``st.plotly_chart`` / ``st.dataframe`` / ``st.metric`` under
the reply that made them; and one live turn streamed with ``st.write_stream``.

Every rule of what a message, step or card says comes from the neutral modules (``render``,
``chat_text``, ``cards``, ``texts``, the agents' ``AgentSpec.ui.cards``); this module only picks widgets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from agents.core.errors import PlaygroundError
from agents.core.events import Event
from agents.core.reply_text import Joiner
from agents.core.streaming import pumped
from agents.view import render
from agents.view.cards import card_markdown, dataframe_for, figure_for, tiles_of
from agents.view.chat_text import outcome_text, step_body, step_title
from agents.view.markup import literal_tildes
from agents.view.registry import card_ui, place_of
from agents.view.render import CardView, ChatView, MessageView
from agents.view.texts import Lang, error_parts, t
from agents.view.workspace_link import link_workspace

_STATUS_STATE = {"running": "running", "failed": "error"}


def draw_tiles(card: CardView, per_row: int = 3) -> None:
    tiles = tiles_of(card)
    if not tiles:
        return
    columns = st.columns(min(len(tiles), per_row))
    for i, tile in enumerate(tiles):
        with columns[i % len(columns)]:
            colour = "off" if not tile.tone else ("inverse" if tile.lower_is_better else "normal")
            st.metric(tile.label, tile.value, tile.delta or None, delta_color=colour)


def draw_card(card: CardView, key: str, *, chart: bool = True) -> None:
    """A card: its text, headline tiles, products, table and chart (the chart only in the chat;
    the workspace passes ``chart=False`` to stay short, as the Gradio workspace does)."""
    drawing = card_ui(card.card_type)  # the card's agent may draw it (AgentSpec.ui.cards)
    if drawing.html is not None:  # the neutral HTML the Gradio chat shows too
        with st.container(border=True, key=f"{key}-{card.card_type}"):
            st.markdown(drawing.html(card), unsafe_allow_html=True)
        return
    with st.container(border=True):
        st.markdown(literal_tildes(link_workspace(card_markdown(card))))
        draw_tiles(card)
        if drawing.streamlit is not None:
            drawing.streamlit(card)
        table = dataframe_for(card)
        if table is not None:
            st.dataframe(table, hide_index=True, width="stretch", key=f"{key}-table")
        figure = figure_for(card) if chart else None
        if figure is not None:
            # the card's heading above already names it
            figure.update_layout(autosize=True, width=None, title=None, margin={"t": 20})
            st.plotly_chart(figure, width="stretch", key=f"{key}-chart", config={"displaylogo": False})


def draw_steps(steps: list[MessageView], lang: Lang) -> None:
    """Consecutive tool steps of a reply in one ``st.status``: one line per step, its input and output."""
    titles = [step_title(s, lang) for s in steps]
    label = titles[0] if len(titles) == 1 else f"🛠️ {len(steps)} · " + " · ".join(s.name for s in steps)
    state = "complete"
    for s in steps:
        state = _STATUS_STATE.get(s.status, state) if state == "complete" else state
    with st.status(label, state=state, expanded=False):
        for s, title in zip(steps, titles, strict=True):
            duration = f" · {s.duration_ms / 1000:.2f}s" if s.duration_ms is not None else ""
            st.markdown(f"**{title}**{duration}")
            body = step_body(s, lang)
            if body:
                st.markdown(body)


def draw_error(message: MessageView, lang: Lang) -> None:
    head, detail = error_parts(message.code, message.text, lang)
    st.error(link_workspace(head), icon="⚠️")
    if detail:
        st.caption(detail)


def _draw_entry(message: MessageView, lang: Lang, key: str) -> None:
    match message.kind:
        case "text":
            st.markdown(literal_tildes(link_workspace(message.text) if message.role == "assistant" else message.text))
        case "card":
            assert message.card is not None
            draw_card(message.card, key)
        case "error":
            draw_error(message, lang)
        case "outcome":
            box = st.success if message.action_status == "COMPLETED" else st.info
            box(outcome_text(message, lang))
        case _:
            st.markdown(literal_tildes(message.text))


def groups(view: ChatView) -> list[tuple[str, list[tuple[int, MessageView]]]]:
    """The entries as chat bubbles: each user message with the cards on their side (a correction
    of it), the assistant's entries between two user messages together (a
    reply's text, steps and cards read as one answer)."""
    out: list[tuple[str, list[tuple[int, MessageView]]]] = []
    for index, message in enumerate(view.messages):
        user_card = message.role == "user" and message.kind == "card"
        joins = bool(out) and (out[-1][0] == message.role == "assistant" or (user_card and out[-1][0] == "user"))
        if not joins:
            out.append((message.role, []))
        out[-1][1].append((index, message))
    return out


def draw_view(view: ChatView, lang: Lang, prefix: str, rate: Callable[[str, int | None], None] | None = None) -> None:
    for role, entries in groups(view):
        with st.chat_message(role):
            steps: list[MessageView] = []
            for index, message in entries:
                if message.kind == "step":
                    steps.append(message)
                    continue
                if steps:
                    draw_steps(steps, lang)
                    steps = []
                _draw_entry(message, lang, f"{prefix}-{index}")
            if steps:
                draw_steps(steps, lang)
            turn = next((m.turn_id for _, m in reversed(entries) if m.turn_id), None)
            if role == "assistant" and turn and rate is not None:
                _feedback(view, turn, prefix, rate)


def _feedback(view: ChatView, turn: str, prefix: str, rate: Callable[[str, int | None], None]) -> None:
    key = f"{prefix}-fb-{turn}"
    if key not in st.session_state and turn in view.feedback:
        st.session_state[key] = 1 if view.feedback[turn] == "up" else 0
    st.feedback("thumbs", key=key, on_change=lambda: rate(turn, st.session_state.get(key)))


def stream_turn(view: ChatView, events: Iterator[Event], lang: Lang,
                on_first_event: Callable[[], None] | None = None) -> ChatView:
    """Draw one running turn: the typed message, then the reply streamed (text through
    ``st.write_stream``, tool steps in an ``st.status`` above it), folding every event into
    ``view``. Closing the pump when the run ends early (Stop, a click elsewhere) interrupts the
    turn at the next event, so the partial reply is saved and the conversation unlocked."""
    with st.chat_message("user"):
        st.markdown(literal_tildes(render.last_user_text(view) or ""))
        user_cards = st.empty()  # cards on the user's side (a correction of this message), when they come
    pump = pumped(events, name="streamlit")
    with st.chat_message("assistant"):
        lead_cards = st.empty()  # a card that opens the reply (an article)
        steps_box = st.empty()
        badge = st.empty()

        def cards(turn_id: str | None, place: str, box: DeltaGenerator, prefix: str) -> None:
            shown = [m.card for m in view.messages if m.kind == "card" and m.turn_id == turn_id
                     and m.card is not None and place_of(m.card.card_type) == place]
            with box.container():
                for i, card in enumerate(shown):
                    draw_card(card, f"{prefix}-{i}")

        def text() -> Iterator[str]:
            first = True
            joiner = Joiner()  # the reply's blocks (an opening, then the summary after a tool) stay apart
            for event in pump:
                if first and on_first_event is not None:
                    on_first_event()
                first = False
                render.apply_event_in_place(view, event)
                shown = joiner.feed(event)
                match event.type:
                    case "text_delta":
                        yield literal_tildes(shown)  # (a ~~strike~~ split across two deltas is rare)
                    case "thinking":
                        badge.caption(view.badge)
                    case "data_card" if place_of(event.card_type) == "user":
                        cards(event.turn_id, "user", user_cards, "pg-live-user")
                    case "data_card" if place_of(event.card_type) == "lead":
                        cards(event.turn_id, "lead", lead_cards, "pg-live-lead")
                    case "intent" | "tool_call" | "tool_result" | "ui_action" | "action_confirmation":
                        turn_steps = [m for m in view.messages if m.kind == "step" and m.turn_id == event.turn_id]
                        with steps_box.container():
                            draw_steps(turn_steps, lang)

        try:
            st.write_stream(text)
        finally:
            pump.close()
        badge.empty()
    view.running = False
    return view


def failed_start(view: ChatView, exc: PlaygroundError) -> ChatView:
    """A turn that could not start (a bad provider setting, say): the error joins the chat."""
    view = view.model_copy(deep=True)
    view.running = False
    view.messages.append(MessageView(kind="error", code=exc.code, text=exc.message))
    return view


def blank_warning(lang: Lang) -> str:
    return t("blank", lang)
