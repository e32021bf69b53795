"""The dock is drawn from what it shows (pages/gradio/dock.py ``dock_drawing``): the same cards give the same
drawing whoever and whenever asks, so Gradio's state-change check draws nothing again when the viewer's id or the
language arrive after a reload with the same cards (a drawing made anew under a click dropped it); a different
language or card is a different drawing."""

from __future__ import annotations

import dataclasses

from gradio.utils import deep_hash

from agents.core.agent import get_agent
from agents.core.identity import Viewer
from agents.core.session import Session
from agents.view.arg_form import FormField
from agents.view.conversation import load_view
from pages.gradio.dock import dock_drawing, dock_state

DEMO = Viewer("demo", "local")
MARKETING = get_agent("marketing")


def test_the_same_cards_are_the_same_drawing(store) -> None:
    session = Session("marketing")
    session.run("봄 시즌 세일 예산 20% 늘려줘")
    actions = dock_state(load_view(MARKETING, DEMO, session.conversation_id))
    assert len(actions) == 1
    drawn = dock_drawing(MARKETING, actions, "ko", DEMO)
    again = dock_drawing(MARKETING, dock_state(load_view(MARKETING, DEMO, session.conversation_id)), "ko", DEMO)
    assert deep_hash(again) == deep_hash(drawn)  # what gr.State compares: no change event, no drawing
    [card] = drawn
    assert card["action"] == actions[0] and card["lang"] == "ko"
    fields = [FormField(**f) for f in card["fields"]]  # as the render reads them back
    assert {"campaignId", "changePercent"} <= {f.name for f in fields}
    assert [dataclasses.asdict(f) for f in fields] == card["fields"]
    campaign = fields[0]
    assert campaign.widget == "choice" and campaign.labels and "봄 시즌 세일 · 진행 중" in campaign.labels
    # another language draws the card anew (its words change); no card is no drawing, whoever and in any language
    assert deep_hash(dock_drawing(MARKETING, actions, "en", DEMO)) != deep_hash(drawn)
    assert dock_drawing(MARKETING, [], "en", None) == dock_drawing(MARKETING, [], "ko", DEMO) == []


def test_the_card_says_what_will_run_and_names_no_tool_id(store) -> None:
    """Before: "`updateCampaignBudget` · 만료 …" under the card; the tool's id stays in the tool step and the Lab."""
    from agents.view.render_workspace import ActionView
    from pages.gradio.dock import action_markdown

    session = Session("marketing")
    session.run("봄 시즌 세일 예산 20% 늘려줘")
    [raw] = dock_state(load_view(MARKETING, DEMO, session.conversation_id))
    action = ActionView.model_validate(raw)
    for lang, expires in (("ko", "만료"), ("en", "expires")):
        card = action_markdown(action, lang)
        assert "봄 시즌 세일" in card and f"<small>{expires} <time" in card
        assert "updateCampaignBudget" not in card
