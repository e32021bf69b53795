"""Product recommendation UI (seed 003): the start panel and Top 3 cards with the anchor flow."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import gradio as gr

from agents.core.agent import AgentSpec
from agents.core.korean_money import format_man
from pages.render import CardView


def start_text(category: str, budget: float, pros: list[str], labels: dict[str, str]) -> str:
    """The first message the panel sends, so the history reads like what was asked."""
    parts = [f"{category} 추천해줘"]
    if budget:
        parts.append(f"예산 {format_man(int(budget))} 이하")
    if pros:
        parts.append("원하는 점: " + ", ".join(labels.get(p, p) for p in pros))
    return ", ".join(parts)


def follow_state(state: dict[str, Any], options: dict[str, Any]) -> list[Any]:
    """Pure: the start panel's values for the conversation's current category, budget and tags."""
    category = state.get("category")
    if category not in options:
        return [gr.skip()] * 4
    budget = (state.get("budget") or {}).get("max") or 0
    pros_ok = {tag for _, tag in options[category]["pros"]}
    cons_ok = {tag for _, tag in options[category]["cons"]}
    return [gr.update(value=category),
            gr.update(value=min(int(budget), 300_000)),
            gr.update(choices=options[category]["pros"], value=[p for p in state.get("pros", []) if p in pros_ok]),
            gr.update(choices=options[category]["cons"], value=[c for c in state.get("cons", []) if c in cons_ok])]


def build_start_panel(ctx: Any) -> None:
    """Category, pros / cons and budget; "Top 3 추천 받기" starts the conversation. The panel
    follows the open conversation's current budget, tags and category."""
    spec: AgentSpec = ctx.spec
    options: dict[str, dict[str, list[tuple[str, str]]]] = spec.extra["start_options"]()
    labels = {tag: label for o in options.values() for kind in ("pros", "cons") for label, tag in o[kind]}
    first = next(iter(options))
    with gr.Accordion("🧺 시작 패널 · 조건을 고르고 Top 3 받기", open=True, elem_id=f"pg-{spec.id}-start",
                      elem_classes=["pg-start"]):
        with gr.Row():
            category = gr.Dropdown(list(options), value=first, label="카테고리", elem_id=f"pg-{spec.id}-category")
            budget = gr.Slider(0, 300_000, value=150_000, step=10_000, label="최대 예산 (원, 0이면 제한 없음)",
                               elem_id=f"pg-{spec.id}-budget")
        pros = gr.CheckboxGroup(options[first]["pros"], label="원하는 점 (장점)", elem_id=f"pg-{spec.id}-pros")
        cons = gr.CheckboxGroup(options[first]["cons"], label="피하고 싶은 점 (단점)", elem_id=f"pg-{spec.id}-cons")
        start = gr.Button("Top 3 추천 받기", variant="primary", elem_id=f"pg-{spec.id}-start-button")

    category.input(lambda c: [gr.update(choices=options[c]["pros"], value=[]),
                              gr.update(choices=options[c]["cons"], value=[])], category, [pros, cons])
    ctx.workspace_state.change(lambda ws: follow_state(ws.get("state") or {}, options), ctx.workspace_state,
                               [category, budget, pros, cons], show_progress="hidden")

    def go(cat: str, max_budget: float, wanted: list[str], avoided: list[str], *values: Any) -> Iterator[list[Any]]:
        extra = {"start": {"category": cat, "pros": wanted, "cons": avoided,
                           "budget_max": int(max_budget) if max_budget else None}}
        yield from ctx.run(start_text(cat, max_budget, wanted, labels), *values, extra=extra)

    ctx.later(lambda: start.click(go, [category, budget, pros, cons, *ctx.inputs], ctx.outputs))


def draw_recommendations(card: CardView, ctx: Any) -> None:
    """Summary box, then each product with score, price, reason, score breakdown and the anchor button."""
    session = card.data.get("updatedSession") or {}
    if session.get("summary"):
        gr.Markdown(session["summary"], elem_classes=["pg-summary"])
    for rank, rec in enumerate(card.data.get("recommendations", []), 1):
        with gr.Group(elem_classes=["pg-card", "pg-product"]):
            flag = "" if rec.get("in_budget", True) else f" · ⚠️ {rec.get('budget_flag') or '예산 초과'}"
            gr.Markdown(f"**{rank}. {rec['title']}** · **{rec['score']:g}점**\n\n"
                        f"💰 {rec['price']:,}원 · ⭐ {rec['rating']}{flag}\n\n{rec['reason']}")
            with gr.Accordion("점수 구성", open=False):
                gr.Markdown("\n".join(f"- {name}: {points}점" for name, points in rec["breakdown"].items()))
            anchor = gr.Button("이 제품 기반으로", size="sm", elem_classes=["pg-anchor"])

        def use_anchor(*values: Any, product_id: str = rec["id"], title: str = rec["title"]) -> Iterator[list[Any]]:
            yield from ctx.run(f"'{title}' 기반으로 다시 추천해줘", *values, extra={"anchor_product_id": product_id})

        anchor.click(use_anchor, ctx.inputs, ctx.outputs)
