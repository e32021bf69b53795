"""Shopping workspace (seed 003): the start panel (it follows the open conversation's category,
budget and tags), the current Top 3 with the condition summary, score breakdowns and the
"이 제품 기반으로" buttons, and the last comparison (a generic slot)."""

from __future__ import annotations

import json

import streamlit as st

from agents.shopping import view as shopping_view
from agents.shopping.spec import start_options
from agents.view.render import CardView
from pages.streamlit.context import PageContext
from pages.streamlit.panels import Panel, register_panel

CATEGORY, BUDGET, PROS, CONS, FOLLOWED = ("pg_shop_category", "pg_shop_budget", "pg_shop_pros", "pg_shop_cons",
                                          "pg_shop_followed")


def _options(ctx: PageContext) -> dict[str, dict[str, list[tuple[str, str]]]]:
    return start_options()


def _category_changed() -> None:
    st.session_state[PROS], st.session_state[CONS] = [], []


def _start(ctx: PageContext) -> None:
    options = _options(ctx)
    category, budget = st.session_state[CATEGORY], st.session_state[BUDGET]
    pros, cons = st.session_state.get(PROS, []), st.session_state.get(CONS, [])
    ctx.send(shopping_view.start_text(category, budget, pros, shopping_view.tag_labels(options)),
             shopping_view.start_extra(category, budget, pros, cons))


def draw_start(ctx: PageContext) -> None:
    options = _options(ctx)
    categories = list(options)
    view = ctx.view
    # Follow the conversation's current conditions whenever they change (a turn, another conversation).
    signature = json.dumps([view.conversation_id, view.state], sort_keys=True, default=str)
    if st.session_state.get(FOLLOWED) != signature:
        st.session_state[FOLLOWED] = signature
        values = shopping_view.follow(view.state, options)
        if values is not None:
            st.session_state[CATEGORY], st.session_state[BUDGET] = values.category, values.budget
            st.session_state[PROS], st.session_state[CONS] = values.pros, values.cons
    st.session_state.setdefault(CATEGORY, categories[0])
    st.session_state.setdefault(BUDGET, 150_000)
    labels = shopping_view.tag_labels(options)
    with st.expander("🧺 시작 패널 · 조건을 고르고 Top 3 받기", expanded=not view.messages):
        category = st.selectbox("카테고리", categories, key=CATEGORY, on_change=_category_changed)
        st.slider("최대 예산 (원, 0이면 제한 없음)", 0, shopping_view.BUDGET_CAP, step=10_000, key=BUDGET)
        st.multiselect("원하는 점 (장점)", [tag for _, tag in options[category]["pros"]], key=PROS,
                       format_func=lambda tag: labels.get(tag, tag))
        st.multiselect("피하고 싶은 점 (단점)", [tag for _, tag in options[category]["cons"]], key=CONS,
                       format_func=lambda tag: labels.get(tag, tag))
        st.button(shopping_view.START_LABEL, key="pg_shop_start", type="primary", on_click=_start, args=(ctx,),
                  width="stretch")


def _anchor(ctx: PageContext, product_id: str, title: str) -> None:
    ctx.send(shopping_view.anchor_text(title), {"anchor_product_id": product_id})


def draw_top3(ctx: PageContext, card: CardView) -> None:
    with st.container(border=True, key="pg-shopping-top3"):
        st.markdown(f"**{card.title}**")
        summary = shopping_view.summary_of(card)
        if summary:
            st.info(summary)
        for product in shopping_view.products_of(card):
            with st.container(border=True):
                st.markdown(product.markdown())
                with st.expander("점수 구성"):
                    st.markdown(product.breakdown_markdown())
                st.button(shopping_view.ANCHOR_LABEL, key=f"pg_anchor:{card.group}:{product.id}", on_click=_anchor,
                          args=(ctx, product.id, product.title))


register_panel("shopping", Panel(draw=draw_start, slots={"top3": draw_top3}))


def draw_products(card: CardView) -> None:
    """Top 3 in the Streamlit chat, under the card's text (``AgentSpec.ui.cards``): the conditions it answered
    (the products are in the reply above and in the workspace; ``shopping_view.products_html`` says why)."""
    summary = shopping_view.summary_of(card)
    if summary:
        st.info(summary)
