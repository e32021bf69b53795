"""Issue 28 point 11 in the Gradio dock: Modify is a form built from the tool's JSON Schema (the right widget
per field, enums as choices, money with its unit), the JSON editor stays as the advanced path, and both
send a partial object; a refusal is named in the UI's language next to the form."""

from __future__ import annotations

import gradio as gr

from agents.core.agent import get_agent
from agents.core.clock import system_clock
from agents.core.identity import Viewer
from agents.core.session import Session
from agents.view.arg_form import form_fields, form_patch, tool_schema
from agents.view.conversation import load_view
from agents.view.render import ChatView
from agents.view.render_workspace import open_actions
from pages.gradio.dock import _handler, _widget
from tests.support.helpers import one

DEMO = Viewer("demo", "local")
MARKETING = get_agent("marketing")


def test_each_field_gets_its_widget() -> None:
    create = form_fields(tool_schema(MARKETING, "createCampaign"), {"name": "봄 전환", "objective": "OUTCOME_SALES",
                                                                     "dailyBudget": 100_000}, "ko")
    kinds = {f.name: (f.widget, f.label, f.unit) for f in create}
    assert kinds == {
        "name": ("text", "캠페인 이름", ""), "objective": ("choice", "캠페인 목적", ""),
        "dailyBudget": ("money", "일일 예산", "원"), "startDate": ("date", "시작일", ""),
        "endDate": ("date", "종료일", ""), "targetAudience": ("json", "Target audience", "")}
    with gr.Blocks():
        widgets = {f.name: _widget(f, "ko") for f in create}
    assert isinstance(widgets["objective"], gr.Dropdown)
    assert [c[0] for c in widgets["objective"].choices] == [
        "OUTCOME_AWARENESS", "OUTCOME_TRAFFIC", "OUTCOME_ENGAGEMENT", "OUTCOME_LEADS", "OUTCOME_APP_PROMOTION",
        "OUTCOME_SALES"]  # required: no "(없음)"
    money = widgets["dailyBudget"]
    assert isinstance(money, gr.Number) and money.label == "일일 예산 (원)" and money.precision == 0
    assert money.value == 100_000
    assert isinstance(widgets["startDate"], gr.Textbox) and widgets["startDate"].placeholder == "YYYY-MM-DD"
    assert isinstance(widgets["targetAudience"], gr.Code)
    copy = form_fields(tool_schema(MARKETING, "generateAdCopy"), {"product": "분유", "tone": "친근한", "count": 3}, "en")
    assert {f.name: f.widget for f in copy} == {"product": "text", "campaignId": "text", "tone": "choice",
                                                "count": "integer"}
    # only what changed is sent
    assert form_patch(copy, ["분유", "", "긴급한", 3], "en") == {"tone": "긴급한"}


def test_the_gradio_form_saves_a_partial_object_and_names_a_bad_field_in_korean(store) -> None:
    session = Session("marketing")
    card = one(session.run("봄 시즌 세일 예산 20% 늘려줘"), "action_confirmation")
    view = load_view(MARKETING, DEMO, session.conversation_id)
    [action] = open_actions(view, system_clock())
    fields = form_fields(tool_schema(MARKETING, action.tool_name), action.args, "ko")
    refreshed: list[ChatView] = []
    handle = _handler(MARKETING, action, lambda v, lang: refreshed.append(v) or ["tab"], 1)
    values = {f.name: f.value for f in fields}

    bad = handle(view, "ko", DEMO, "form", (fields, list({**values, "changePercent": 900}.values())))
    assert bad[-1] == ("⚠️ 입력값이 올바르지 않아 카드를 바꾸지 않았어요. 고친 뒤 다시 저장하세요.\n"
                       "- 현재 예산 대비 변경 비율: 500 이하여야 해요")
    assert "Input should" not in bad[-1] and store.actions.get(card.action_id).tool_args == card.args
    typo = handle(view, "ko", DEMO, "form", (fields, list({**values, "changePercent": "많이"}.values())))
    assert typo[-1] == "⚠️ 현재 예산 대비 변경 비율: 숫자를 입력하세요"

    saved = handle(view, "ko", DEMO, "form", (fields, list({**values, "changePercent": 30}.values())))
    assert saved == ["tab", ""] and len(refreshed) == 1
    assert store.actions.get(card.action_id).tool_args == {**card.args, "changePercent": 30}
    # the advanced JSON editor sends a partial object too
    saved = handle(view, "en", DEMO, "modify", '{"dailyBudget": 250000}')
    assert saved == ["tab", ""]
    assert store.actions.get(card.action_id).tool_args == {"campaignId": card.args["campaignId"],
                                                           "dailyBudget": 250_000, "changePercent": None}
    refused = handle(view, "en", DEMO, "modify", '{"dailyBudget": 1}')
    assert refused[-1].endswith("- Daily budget: must be at least 5,000")
