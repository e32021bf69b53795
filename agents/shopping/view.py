"""The shopping agent's cards and start panel as plain data (seed 003), shared by the Gradio
workspace (``agents/shopping/gradio_products.py``), the chat (``pages/gradio/chat_gradio.py``) and the Streamlit app.
Pure functions; no UI framework import."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, Field

from agents.nlu.korean_money import format_man
from agents.view.markup import lines_html
from agents.view.render import CardView

ANCHOR_LABEL = "이 제품 기반으로"
START_LABEL = "Top 3 추천 받기"
BUDGET_CAP = 300_000  # the start panel's slider range


class ProductView(BaseModel):
    rank: int
    id: str
    title: str
    score: float
    price: int
    rating: int | float | str = ""  # as the row gives it; "" when it has none
    flag: str = ""  # "예산 초과" / "예산 미달" when the product is outside the budget
    reason: str = ""
    breakdown: dict[str, float] = Field(default_factory=dict)  # component label -> points

    def heading(self) -> str:
        return f"**{self.rank}. {self.title}** · **{self.score:g}점**"

    def facts(self) -> str:
        return f"💰 {self.price:,}원 · ⭐ {self.rating}" + (f" · ⚠️ {self.flag}" if self.flag else "")

    def markdown(self) -> str:
        return f"{self.heading()}\n\n{self.facts()}\n\n{self.reason}"

    def breakdown_markdown(self) -> str:
        return "\n".join(f"- {name}: {points}점" for name, points in self.breakdown.items())


def summary_of(card: CardView) -> str:
    """The cumulative condition summary the recommendation card carries."""
    session = card.data.get("updatedSession")
    return str(session.get("summary") or "") if isinstance(session, dict) else ""


def products_of(card: CardView) -> list[ProductView]:
    out = []
    recs = card.data.get("recommendations")
    for rank, rec in enumerate(recs if isinstance(recs, list) else [], 1):
        if not isinstance(rec, dict):
            continue
        flag = "" if rec.get("in_budget", True) else (rec.get("budget_flag") or "예산 초과")
        # a recommendation card's row (engine.Scored as JSON): the model converts score, price and breakdown
        out.append(ProductView.model_validate({
            "rank": rank, "id": str(rec.get("id", "")), "title": str(rec.get("title", "")),
            "score": rec.get("score", 0) or 0, "price": rec.get("price", 0) or 0, "rating": rec.get("rating", ""),
            "flag": flag, "reason": str(rec.get("reason", "")), "breakdown": rec.get("breakdown") or {}}))
    return out


def anchor_text(title: str) -> str:
    """The message "이 제품 기반으로" sends, so the history reads like what was asked."""
    return f"'{title}' 기반으로 다시 추천해줘"


def start_text(category: str, budget: float, pros: list[str], labels: dict[str, str]) -> str:
    """The first message the start panel sends, so the history reads like what was asked."""
    parts = [f"{category} 추천해줘"]
    if budget:
        parts.append(f"예산 {format_man(int(budget))} 이하")
    if pros:
        parts.append("원하는 점: " + ", ".join(labels.get(p, p) for p in pros))
    return ", ".join(parts)


def start_extra(category: str, budget: float, pros: list[str], cons: list[str]) -> dict[str, object]:
    """The structured input beside that message."""
    return {"start": {"category": category, "pros": list(pros), "cons": list(cons),
                      "budget_max": int(budget) if budget else None}}


def tag_labels(options: dict[str, dict[str, list[tuple[str, str]]]]) -> dict[str, str]:
    return {tag: label for o in options.values() for kind in ("pros", "cons") for label, tag in o[kind]}


class StartValues(BaseModel):
    category: str
    budget: int
    pros: list[str]
    cons: list[str]


def follow(state: Mapping[str, object], options: dict[str, dict[str, list[tuple[str, str]]]]) -> StartValues | None:
    """The start panel's values for the conversation's current category, budget and tags
    (None when the conversation has no known category yet)."""
    category = state.get("category")
    if not isinstance(category, str) or category not in options:
        return None
    budget = state.get("budget")
    high = budget.get("max") if isinstance(budget, dict) else None
    pros_ok = {tag for _, tag in options[category]["pros"]}
    cons_ok = {tag for _, tag in options[category]["cons"]}
    pros, cons = state.get("pros"), state.get("cons")
    return StartValues(category=category, budget=min(int(high or 0), BUDGET_CAP),
                       pros=[p for p in (pros if isinstance(pros, list) else []) if p in pros_ok],
                       cons=[c for c in (cons if isinstance(cons, list) else []) if c in cons_ok])


def summary_html(card: CardView) -> str:
    """The condition summary (markdown: a bold category line, then "- " items) as HTML; "" when there is none."""
    summary = summary_of(card)
    return f'<div class="pg-summary">{lines_html(summary)}</div>' if summary else ""


def products_html(card: CardView) -> str:
    """Top 3 in the chat: the conditions it answered. The products themselves are listed in the reply just
    above and live in the workspace (with their buttons); listing them here again printed the Top 3 twice."""
    return summary_html(card)
