"""Issue 28: the Modify form's campaign field shows the person's campaigns by name and holds the id. The tool's
schema names where the choices come from (``"x-choices": "campaigns"``), the agent says what that source is
(``AgentUI.choices``), the form (agents/view/arg_form.py) reads both; here through the Gradio dock."""

from __future__ import annotations

import gradio as gr

from agents.core.agent import get_agent
from agents.core.clock import system_clock
from agents.core.identity import Viewer
from agents.core.session import Session
from agents.marketing.store import MarketingStore
from agents.view.arg_form import form_fields, form_patch, tool_schema
from agents.view.conversation import load_view
from agents.view.registry import arg_choices
from agents.view.render_workspace import open_actions
from pages.gradio.dock import _handler, _widget
from tests.support.helpers import one

DEMO = Viewer("demo", "local")
MARKETING = get_agent("marketing")


def test_the_campaign_field_offers_campaigns_by_name_and_saves_the_id(store) -> None:
    session = Session("marketing")
    card = one(session.run("봄 시즌 세일 예산 20% 늘려줘"), "action_confirmation")
    campaigns = MarketingStore(store).campaigns("demo")
    spring = next(c for c in campaigns if c["name"] == "봄 시즌 세일")
    other = next(c for c in campaigns if c["id"] != spring["id"] and c["status"] == "ACTIVE")
    assert card.args["campaignId"] == spring["id"]
    view = load_view(MARKETING, DEMO, session.conversation_id)
    [action] = open_actions(view, system_clock())
    options = arg_choices("marketing", store, "demo")
    fields = form_fields(tool_schema(MARKETING, action.tool_name), action.args, "ko", options)
    field = fields[0]
    # before: a text box holding "cmp_..." (the id)
    assert (field.name, field.widget, field.label, field.value) == ("campaignId", "choice", "캠페인", spring["id"])
    assert field.choices == tuple(c["id"] for c in campaigns)
    assert field.labels == tuple(f"{c['name']} · {'진행 중' if c['status'] == 'ACTIVE' else '일시정지'}"
                                 for c in campaigns)
    with gr.Blocks():
        dropdown = _widget(field, "ko")
    assert isinstance(dropdown, gr.Dropdown) and dropdown.value == spring["id"]
    assert ("봄 시즌 세일 · 진행 중", spring["id"]) in dropdown.choices  # shown by name, the value is the id
    assert len(dropdown.choices) == len(campaigns)  # required: no "(없음)"

    handle = _handler(MARKETING, action, lambda v, lang: ["tab"], 1)
    values = [f.value for f in fields]
    assert form_patch(fields, values, "ko") == {}  # untouched: nothing sent
    saved = handle(view, "ko", DEMO, "form", (fields, [other["id"], *values[1:]]))
    assert saved == ["tab", ""]
    row = store.actions.get(card.action_id)
    assert row.tool_args == {**card.args, "campaignId": other["id"]}
    assert other["name"] in row.summary and spring["name"] not in row.summary  # the card names the new campaign


def test_a_stored_name_and_an_optional_field_keep_their_place(store) -> None:
    Session("marketing").run("이번 주 성과 어때?")  # the person's sandbox account
    options = arg_choices("marketing", store, "demo")
    [field] = [f for f in form_fields(tool_schema(MARKETING, "pauseCampaign"), {"campaignId": "봄 시즌 세일"}, "ko",
                                      options)]
    assert field.choices[0] == "봄 시즌 세일" and field.labels[0] == "봄 시즌 세일"  # as the model stored it
    copy = {f.name: f for f in form_fields(tool_schema(MARKETING, "generateAdCopy"), {"product": "분유"}, "ko",
                                           options)}
    assert copy["campaignId"].widget == "choice" and copy["campaignId"].value is None
    with gr.Blocks():
        dropdown = _widget(copy["campaignId"], "ko")
    assert dropdown.choices[0] == ("(없음)", "(없음)") and dropdown.value == "(없음)"
    assert form_patch([copy["campaignId"]], ["(없음)"], "ko") == {}
    # another person's campaigns are never offered
    assert arg_choices("marketing", store, "someone-else")("campaigns") == []
