"""Maps the pure view model (``agents/view/render.py``) to ``gr.Chatbot`` messages.

Cards become part of the conversation: their text, tiles and tables as one message (tables
scroll inside their own box), a chart as a ``gr.Plot`` message right under it.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

import gradio as gr
from gradio.components.chatbot import ComponentMessage
from gradio.components.plot import PlotData

from agents.view.cards import card_markdown, figure_for, has_chart, tiles_html
from agents.view.chat_text import outcome_text, step_body, step_title
from agents.view.registry import card_ui
from agents.view.render import CardView, ChatView, MessageView
from agents.view.workspace_link import link_workspace
from pages.gradio.i18n import Lang, error_text

if TYPE_CHECKING:
    from plotly.graph_objects import Figure

Role = Literal["user", "assistant"]


class StepMeta(TypedDict, total=False):
    """A tool step's ``metadata``: Gradio draws the message as a collapsible "thought"."""

    title: str
    status: Literal["pending", "done"]
    id: str
    duration: float  # seconds


class ChatMessage(TypedDict):
    """One ``gr.Chatbot`` message as we hand it over: text (markdown with HTML blocks) or a chart."""

    role: Role
    content: str | ComponentMessage
    metadata: NotRequired[StepMeta]


def table_html(card: CardView) -> str | None:
    columns, rows = card.data.get("columns"), card.data.get("rows")
    if not columns or rows is None:
        return None
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(v))}</td>" for v in row) + "</tr>" for row in rows)
    return f'<div class="pg-table-scroll"><table class="pg-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.2f}".rstrip("0").rstrip(".")
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return "" if value is None else str(value)


def card_text(card: CardView) -> str:
    """Everything of a card but its chart, as one chat message (markdown with HTML blocks)."""
    drawing = card_ui(card.card_type)  # the card's agent may draw it (AgentSpec.ui.cards)
    if drawing.html is not None:
        return f'<div class="pg-card pg-card-{html.escape(card.card_type)}">\n\n{drawing.html(card)}\n\n</div>'
    blocks = [link_workspace(card_markdown(card))]
    if drawing.gradio is not None:
        blocks.append(drawing.gradio(card))
    tiles = tiles_html(card)
    if tiles:
        blocks.append(tiles)
    table = table_html(card)
    if table:
        blocks.append(table)
    return f'<div class="pg-card pg-card-{html.escape(card.card_type)}">\n\n' + "\n\n".join(blocks) + "\n\n</div>"


def _step(message: MessageView, lang: Lang) -> ChatMessage:
    metadata: StepMeta = {"title": step_title(message, lang),
                                "status": "pending" if message.status == "running" else "done"}
    if message.call_id:
        metadata["id"] = message.call_id
    if message.duration_ms is not None:
        metadata["duration"] = round(message.duration_ms / 1000, 3)
    return {"role": "assistant", "content": step_body(message, lang) or "…", "metadata": metadata}


def _plot_template() -> tuple[dict[str, object], dict[str, object]]:
    """Props and constructor args of a chat chart, made once at import: inside an event handler
    Gradio only half-builds a component (its constructor records an update)."""
    plot = gr.Plot(show_label=False, render=False)
    args = {**plot.constructor_args, "render": False}
    args.pop("value", None)
    return plot.get_config(), args


_PLOT_PROPS, _PLOT_ARGS = _plot_template()


def plot_message(figure: Figure) -> ComponentMessage:
    """A chart as the chat's own component message, built once.

    Given a ``gr.Plot``, the Chatbot builds a new one from it and serialises the figure again on
    every streamed update, for every chart in the conversation (most of a late reply's server time).
    A ready ``ComponentMessage`` is passed through as it is. Same fields as Gradio's own."""
    value = PlotData(type="plotly", plot=figure.to_json()).model_dump()
    return ComponentMessage(component="plot", value=value, constructor_args=dict(_PLOT_ARGS),
                            props={**_PLOT_PROPS, "value": value})


def _card_messages(card: CardView, role: Role = "assistant") -> list[ChatMessage]:
    """A card as chat messages: its text, then its chart (drawn once per card, see CardView.drawn)."""
    out: list[ChatMessage] = [{"role": role, "content": card_text(card)}]
    figure = figure_for(card)
    if figure is not None:
        figure.update_layout(autosize=True, width=None)
        out.append({"role": role, "content": plot_message(figure)})
    return out


def to_chatbot(view: ChatView, lang: Lang) -> list[ChatMessage]:
    out: list[ChatMessage] = []
    for message in view.messages:
        match message.kind:
            case "text":
                text = link_workspace(message.text) if message.role == "assistant" else message.text
                out.append({"role": message.role, "content": text})
            case "step":
                out.append(_step(message, lang))
            case "card":
                assert message.card is not None
                out += message.card.drawn(f"gradio-{message.role}",
                                          lambda card=message.card, role=message.role: _card_messages(card, role))
            case "error":
                said = link_workspace(error_text(message.code, message.text, lang), "html")  # in an HTML block
                out.append({"role": "assistant", "content": f'<div class="pg-error">⚠️ {said}</div>'})
            case "outcome":
                out.append({"role": "assistant", "content": outcome_text(message, lang)})
            case _:
                out.append({"role": message.role, "content": message.text})
    return out


def entry_turns(view: ChatView) -> list[str | None]:
    """The turn of each chatbot message as ``to_chatbot`` lays them out (for 👍/👎)."""
    turns: list[str | None] = []
    for message in view.messages:
        turn = message.turn_id if message.role == "assistant" else None
        turns.append(turn)
        if message.kind == "card" and message.card is not None and has_chart(message.card):
            turns.append(turn)
    return turns
