"""Shopping in the Streamlit app (AppTest): a refilter ("더 저렴한 걸로" = 70% of the budget) shown in the
chat and in the workspace's Top 3, checked against the shipped catalogue with pandas; the start panel
following the conversation and starting one; "이 제품 기반으로" sending the anchor."""

from __future__ import annotations

import json
import re

import pandas as pd

from agents.core.session import runtime_store
from data.shopping.catalog import PATH
from tests.streamlit.conftest import click, open_page, send, texts


def catalogue() -> pd.DataFrame:
    return pd.DataFrame(json.loads(PATH.read_text(encoding="utf-8"))["products"])


def top3_titles(app) -> list[str]:
    """The product headings in the workspace's Top 3 (the score breakdown sits under each)."""
    blocks = [m.value for m in app.markdown if m.value.startswith(("**1. ", "**2. ", "**3. ")) and "\n\n💰" in m.value]
    return [b.split("**")[1].split(". ", 1)[1] for b in blocks]


def conversation_state() -> dict:
    row = runtime_store().conversations.list("demo", agent_id="shopping")[0]
    return row.state


def test_a_refilter_to_cheaper_products(app):
    open_page(app, "shopping")
    send(app, "분유포트 10만원 아래로 추천해줘")
    first = top3_titles(app)
    send(app, "더 저렴한 걸로")
    assert "10만원의 70%인 **7만원 이하**" in texts(app)
    assert conversation_state()["budget"]["max"] == 70_000
    shown = top3_titles(app)
    assert len(shown) == 3 and shown != first
    products = catalogue().set_index("title")
    assert all(products.loc[title, "price"] <= 70_000 for title in shown)
    assert set(products.loc[shown, "category"]) == {"분유포트"}
    in_budget = products[(products.category == "분유포트") & (products.price <= 70_000)]
    assert set(shown) <= set(in_budget.index)
    # the chat's record of the turn (the reply) shows the same three, in order, and only once: the card under
    # it holds the conditions, no second copy of the list (issue 28)
    record = next(m.value for m in reversed(app.markdown) if "🎯" in m.value and "**1. " in m.value)
    assert re.findall(r"\*\*\d\. (.+?)\*\*", record) == shown
    assert sum(shown[0] in m.value for m in app.chat_message[-1].markdown) == 1
    # the start panel follows the conversation's new budget
    assert app.slider[0].value == 70_000 and app.selectbox[0].value == "분유포트"


def test_the_start_panel_and_the_anchor_button(app):
    open_page(app, "shopping")
    app.selectbox[0].set_value("젖병소독기").run()
    app.slider[0].set_value(150_000).run()
    wanted = app.multiselect[0].options[0]
    app.multiselect[0].select(app.multiselect[0].options[0]).run()
    click(app, "Top 3 추천 받기")
    asked = app.chat_message[0].markdown[0].value
    assert asked.startswith("젖병소독기 추천해줘, 예산 15만원 이하, 원하는 점: ") and wanted in asked
    state = conversation_state()
    assert state["category"] == "젖병소독기" and state["budget"]["max"] == 150_000
    first = top3_titles(app)[0]
    anchor = catalogue().set_index("title").loc[first, "id"]
    click(app, "이 제품 기반으로")  # the first product's
    assert app.chat_message[2].markdown[0].value == f"'{first}' 기반으로 다시 추천해줘"
    assert conversation_state()["anchor"] == anchor
