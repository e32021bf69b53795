"""Product recommendation UI (seed 003): the start panel and Top 3 cards with the anchor flow."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

import gradio as gr

from agents.core.agent import AgentSpec
from agents.shopping.spec import start_options
from agents.shopping.view import (
    ANCHOR_LABEL,
    BUDGET_CAP,
    START_LABEL,
    anchor_text,
    follow,
    products_of,
    start_extra,
    start_text,
    summary_of,
    tag_labels,
)
from agents.view.render import CardView

if TYPE_CHECKING:
    from pages.gradio.workspace import TabContext


def follow_state(state: Mapping[str, object], options: dict[str, dict[str, list[tuple[str, str]]]]) -> list[object]:
    """The start panel's values for the conversation's current category, budget and tags."""
    values = follow(state, options)
    if values is None:
        return [gr.skip()] * 4
    category = values.category
    return [gr.update(value=category), gr.update(value=values.budget),
            gr.update(choices=options[category]["pros"], value=values.pros),
            gr.update(choices=options[category]["cons"], value=values.cons)]


def build_start_panel(ctx: TabContext) -> None:
    """Category, pros / cons and budget; "Top 3 추천 받기" starts the conversation. The panel
    follows the open conversation's current budget, tags and category."""
    spec: AgentSpec = ctx.spec
    options: dict[str, dict[str, list[tuple[str, str]]]] = start_options()
    labels = tag_labels(options)
    first = next(iter(options))
    with gr.Accordion("🧺 시작 패널 · 조건을 고르고 Top 3 받기", open=True, elem_id=f"pg-{spec.id}-start",
                      elem_classes=["pg-start"]):
        # one above the other: side by side, the slider's label was squeezed into a 6 px-too-narrow column
        category = gr.Dropdown(list(options), value=first, label="카테고리", elem_id=f"pg-{spec.id}-category")
        budget = gr.Slider(0, BUDGET_CAP, value=150_000, step=10_000, label="최대 예산 (원, 0이면 제한 없음)",
                           elem_id=f"pg-{spec.id}-budget")
        pros = gr.CheckboxGroup(options[first]["pros"], label="원하는 점 (장점)", elem_id=f"pg-{spec.id}-pros")
        cons = gr.CheckboxGroup(options[first]["cons"], label="피하고 싶은 점 (단점)", elem_id=f"pg-{spec.id}-cons")
        start = gr.Button(START_LABEL, variant="primary", elem_id=f"pg-{spec.id}-start-button")

    category.input(lambda c: [gr.update(choices=options[c]["pros"], value=[]),
                              gr.update(choices=options[c]["cons"], value=[])], category, [pros, cons])
    def followed(workspace: Mapping[str, object]) -> list[object]:
        state = workspace.get("state")  # the workspace state: the conversation's state under "state"
        return follow_state(state if isinstance(state, dict) else {}, options)

    ctx.workspace_state.change(followed, ctx.workspace_state, [category, budget, pros, cons], show_progress="hidden")

    def go(cat: str, max_budget: float, wanted: list[str], avoided: list[str], *values: object
           ) -> Iterator[Sequence[object]]:
        assert ctx.run is not None  # set by the chat tab before the deferred wiring runs
        yield from ctx.run(start_text(cat, max_budget, wanted, labels), *values,
                           extra=start_extra(cat, max_budget, wanted, avoided))

    def wire_start() -> None:
        start.click(go, [category, budget, pros, cons, *ctx.inputs], ctx.outputs, **ctx.header.quiet)

    ctx.later(wire_start)


def draw_recommendations(card: CardView, ctx: TabContext) -> None:
    """Summary box, then each product with score, price, reason, score breakdown and the anchor button.
    Keyed by the card and the product (``ctx.key``): drawn again, the anchor keeps its handler."""
    summary = summary_of(card)
    if summary:
        gr.Markdown(summary, elem_classes=["pg-summary"], key=ctx.key(card, "summary"))
    for product in products_of(card):
        with gr.Group(elem_classes=["pg-card", "pg-product"], key=ctx.key(card, "product", product.id)):
            gr.Markdown(product.markdown(), key=ctx.key(card, "text", product.id))
            with gr.Accordion("점수 구성", open=False, key=ctx.key(card, "scores", product.id)):
                gr.Markdown(product.breakdown_markdown(), key=ctx.key(card, "breakdown", product.id))
            anchor = gr.Button(ANCHOR_LABEL, size="sm", elem_classes=["pg-anchor"],
                               key=ctx.key(card, "anchor", product.id))

        def use_anchor(*values: object, product_id: str = product.id, title: str = product.title
                       ) -> Iterator[Sequence[object]]:
            assert ctx.run is not None  # set by the chat tab before the deferred wiring runs
            yield from ctx.run(anchor_text(title), *values, extra={"anchor_product_id": product_id})

        # a chat run: it shows its own steps
        anchor.click(use_anchor, ctx.inputs, ctx.outputs, key=ctx.key(card, "on-anchor", product.id),
                     **ctx.header.quiet)
