"""recommend-v2: deterministic, explainable scoring of products.

score = 100 x (weighted sum of components in [0, 1]):
- pros: share of the selected pros the product has;
- cons: share of the avoided cons the product does not have;
- budget: 1 inside the range, falling off above it;
- rating: rating / 5;
- anchor (only with an anchor): shared pros and closeness in price to the anchor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NotRequired, TypedDict

if TYPE_CHECKING:
    from agents.shopping.catalog import Product

WEIGHTS = {"pros": 0.40, "cons": 0.15, "budget": 0.30, "rating": 0.15}
WEIGHTS_ANCHOR = {"pros": 0.30, "cons": 0.10, "budget": 0.25, "rating": 0.10, "anchor": 0.25}
LABELS = {"pros": "장점 일치", "cons": "단점 회피", "budget": "예산 적합", "rating": "평점", "anchor": "기준 제품 유사도"}


@dataclass(frozen=True)
class Budget:
    min: int = 0
    max: int | None = None

    def contains(self, price: int) -> bool:
        return price >= self.min and (self.max is None or price <= self.max)

    def label(self) -> str:
        return f"{self.min}+" if self.max is None else f"{self.min}-{self.max}"


class BudgetRange(TypedDict):
    """A session's budget as it is kept (JSON): KRW bounds, its label ("0-100000", "50000+") and, when a
    request changed it, how (kind) and the ceiling before (previous)."""

    min: int
    max: int | None
    label: str
    kind: NotRequired[str]
    previous: NotRequired[int | None]


class Scored(TypedDict):
    """One recommended product: its card fields, score, reason and the score's parts."""

    id: str
    title: str
    brand: str
    price: int
    rating: float
    pros: list[str]
    cons: list[str]
    score: float
    reason: str
    breakdown: dict[str, float]
    in_budget: bool
    budget_flag: str | None


class Recommendation(TypedDict):
    recommendations: list[Scored]
    in_budget_count: int
    relaxed: bool


def _components(p: Product, pros: list[str], cons: list[str], budget: Budget,
                anchor: Product | None) -> dict[str, float]:
    c = {
        "pros": len(set(pros) & set(p["pros"])) / len(pros) if pros else 0.5,
        "cons": 1 - len(set(cons) & set(p["cons"])) / len(cons) if cons else 1.0,
        "rating": p["rating"] / 5,
    }
    if budget.contains(p["price"]):
        c["budget"] = 1.0
    elif budget.max is not None and p["price"] > budget.max:
        c["budget"] = max(0.0, 1 - (p["price"] - budget.max) / budget.max * 2)
    else:
        c["budget"] = 0.7
    if anchor is not None:
        shared = len(set(anchor["pros"]) & set(p["pros"])) / 3
        closeness = max(0.0, 1 - abs(p["price"] - anchor["price"]) / anchor["price"])
        c["anchor"] = 0.6 * shared + 0.4 * closeness + (0.1 if p["brand"] == anchor["brand"] else 0.0)
        c["anchor"] = min(1.0, c["anchor"])
    return c


class Tagged(TypedDict):
    """What ``reason`` reads: a product's or a recommendation's pro tags."""

    pros: list[str]


def reason(p: Tagged, pros: list[str], labels: dict[str, str]) -> str:
    matched = [t for t in pros if t in p["pros"]] or list(p["pros"])
    parts = [labels.get(t, t) for t in matched[:2]]
    return " · ".join(parts)


def _score(p: Product, pros: list[str], cons: list[str], budget: Budget, anchor: Product | None,
           labels: dict[str, str], weights: dict[str, float]) -> Scored:
    comps = _components(p, pros, cons, budget, anchor)
    score = round(sum(weights[k] * comps[k] for k in weights) * 100 * 2) / 2  # to 0.5 points
    breakdown = {LABELS[k]: round(weights[k] * comps[k] * 100, 1) for k in weights}
    return {"id": p["id"], "title": p["title"], "brand": p["brand"], "price": p["price"],
            "rating": p["rating"], "pros": p["pros"], "cons": p["cons"], "score": score,
            "reason": reason(p, pros, labels), "breakdown": breakdown, "in_budget": budget.contains(p["price"]),
            "budget_flag": None if budget.contains(p["price"]) else ("예산 초과" if p["price"] > (budget.max or 0) and
                                                                     budget.max is not None else "예산 미달")}


def _distance(price: int, budget: Budget) -> int:
    if price < budget.min:
        return budget.min - price
    return price - budget.max if budget.max is not None and price > budget.max else 0


def recommend(products: Sequence[Product], *, pros: list[str], cons: list[str], budget: Budget,
              anchor: Product | None, labels: dict[str, str], top: int = 3) -> Recommendation:
    """Top ``top`` products with score, reason and breakdown. Products inside the budget always
    come first; when fewer than ``top`` fit, the ones closest to the budget fill up, marked
    ``in_budget: False``."""
    weights = WEIGHTS_ANCHOR if anchor is not None else WEIGHTS
    candidates = [p for p in products if anchor is None or p["id"] != anchor["id"]]
    inside = [_score(p, pros, cons, budget, anchor, labels, weights) for p in candidates if budget.contains(p["price"])]
    inside.sort(key=lambda r: (-r["score"], r["price"], r["id"]))
    fillers: list[Scored] = []
    if len(inside) < top:
        outside = [p for p in candidates if not budget.contains(p["price"])]
        outside.sort(key=lambda p: (_distance(p["price"], budget), p["id"]))
        fillers = [_score(p, pros, cons, budget, anchor, labels, weights) for p in outside[:top - len(inside)]]
        fillers.sort(key=lambda r: (-r["score"], r["price"], r["id"]))
    return {"recommendations": (inside + fillers)[:top], "in_budget_count": len(inside), "relaxed": len(inside) < top}
