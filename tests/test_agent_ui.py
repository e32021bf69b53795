"""AgentSpec.ui as the front ends read it (agents/view/registry.py): each card type is drawn by the agent
that declares it, in every front end, and nothing else is looked up by an agent's name."""

from __future__ import annotations

import io

from rich.console import Console

from agents.cli.render import card_renderable
from agents.core.agent import get_agent, list_agents
from agents.view import registry
from agents.view.render import CardView
from agents.view.texts import t

REC = {"recommendations": [{"title": "포트 A", "price": 53000, "score": 79.5}, {"title": "포트 B", "price": 94000,
                                                                              "score": 79}]}


def test_card_places_and_renderers_come_from_their_agents() -> None:
    assert [registry.place_of(k) for k in ("correction", "article", "recommendations", "kpi_summary")] == [
        "user", "lead", "reply", "reply"]
    owners = {k: s.id for s in list_agents() for k in s.ui.cards}
    assert owners == {"recommendations": "shopping", "article": "english", "correction": "english",
                      "notes_board": "notes"}
    assert registry.card_ui("no_such_card") == registry.card_ui("kpi_summary")  # the default drawing


def test_slots_icons_css_and_texts_are_each_agents_own() -> None:
    assert {s.id: [x.key for x in s.ui.slots] for s in list_agents()} == {
        "marketing": ["kpi"], "travel": ["latest"], "shopping": ["top3", "compare"], "tutor": [], "english": [],
        "notes": ["board"]}
    assert [s.ui.icon for s in list_agents()][:5] == ["📈", "🧳", "🧺", "📚", "🗣️"]
    assert [p.name for p in get_agent("english").ui.css] == ["english.css"]
    assert t("travel_map", "en") == "Map" and t("tutor_canvas", "ko") == "📝 캔버스 (학습 노트)"


def test_the_terminal_draws_a_card_with_its_agents_renderer() -> None:
    out = io.StringIO()
    Console(file=out, width=80).print(card_renderable("recommendations", "분유포트 Top 3", REC))
    rows = [line for line in out.getvalue().splitlines() if "포트 " in line and "│" in line]
    assert [[cell.strip() for cell in r.split("│")[1:5]] for r in rows] == [["1", "포트 A", "53,000원", "79.5"],
                                                                          ["2", "포트 B", "94,000원", "79"]]


def test_a_gradio_card_with_an_html_renderer_is_drawn_by_it() -> None:
    from pages.gradio.chat_gradio import card_text

    card = CardView(card_type="notes_board", title="Board", data={"notes": [{"text": "a<b", "pinned": False}]})
    assert card_text(card) == ('<div class="pg-card pg-card-notes_board">\n\n<ul class="pg-notes-board">'
                               '<li class="pg-note">a&lt;b</li></ul>\n\n</div>')
