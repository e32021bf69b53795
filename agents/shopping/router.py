"""Intent routing (seed 003 §[3] and "Intent 분류 규칙").

``classify_rules`` is what the offline model answers to the classification prompt; a real
model answers the same prompt with JSON. ``postprocess`` always runs on top: it reads the
text with the lexicon (``reading.py``), keeps the seed's priority order, and resolves every
argument (budget, tag changes, products) against the session, so the pipeline only applies.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from agents.shopping import intents
from agents.shopping.names import find_products
from agents.shopping.normal import normalise
from agents.shopping.reading import CHOSEN, Reading, read
from agents.shopping.resolve import budget_max, category_from_tags, resolve

if TYPE_CHECKING:
    from agents.shopping.catalog import Product
    from agents.shopping.engine import BudgetRange

INTENTS = ("REFILTER_WITH_ANCHOR", "REFILTER", "PRODUCT_QA", "COMPARE", "ASK_CLARIFICATION", "GENERAL")
FALLBACK_MESSAGE = "죄송해요, 잘 이해하지 못했어요."

SYSTEM_PROMPT = """당신은 아기용품 재추천 에이전트입니다. 사용자의 말을 6가지 의도 중 하나로 분류해 JSON만 출력합니다.
의도: REFILTER_WITH_ANCHOR, REFILTER, PRODUCT_QA, COMPARE, ASK_CLARIFICATION, GENERAL.
우선순위: 1) clickedAnchorId가 있으면 REFILTER_WITH_ANCHOR 2) 모호한 예산("더 저렴한 걸로")은 ASK_CLARIFICATION
(예산을 이미 알면 그 70%로 REFILTER) 3) 제품 번호("1번", "2번이랑 3번")나 제품 이름은 PRODUCT_QA 또는 COMPARE
("비슷한", "기반으로"는 REFILTER_WITH_ANCHOR, "말고"는 그 제품을 뺀 REFILTER) 4) 예산/태그/카테고리 변경은 REFILTER
5) 그 외 GENERAL. 숫자 + 화폐단위(10만원, 7만원 이하)는 구체적인 예산입니다.
출력 형식: {"tool": ..., "confidence": 0-100, "needsClarification": bool,
 "args": {"tagChanges": ..., "budgetChange": ..., "productRanks": [...], "anchorRank": ..., "category": ...},
 "reasoning": "..."}"""


def classification_prompt(text: str, context: dict[str, Any]) -> str:
    return (f"**Current Context:**\n```json\n{json.dumps(context, ensure_ascii=False)}\n```\n\n"
            f"**User Input:** {json.dumps(text, ensure_ascii=False)}")


def parse_prompt(prompt: str) -> tuple[str, dict[str, Any]]:
    context = re.search(r"```json\n(.*?)\n```", prompt, re.S)
    said = re.search(r"\*\*User Input:\*\* (.*)$", prompt, re.S)
    if context is None or said is None:  # not a prompt classification_prompt wrote
        raise ValueError("the classification prompt has no context or user input")
    return json.loads(said.group(1)), json.loads(context.group(1))


@dataclass
class Decision:
    name: str
    confidence: int
    reasoning: str
    ask: str | None = None  # which question: budget, category, product, unsure


def _shown(context: dict[str, Any]) -> list[dict[str, Any]]:
    return list(context.get("recommendations") or [])


def decide(r: Reading, context: dict[str, Any], named: list[str]) -> Decision:
    """The seed's priority order over what the message says."""
    shown = _shown(context)
    refs = r.ranks + named
    awaiting = context.get("awaiting")
    if context.get("clickedAnchorId"):
        return Decision("REFILTER_WITH_ANCHOR", 95, "the user opened re-recommendation from a product")
    if r.on_anchor and not refs:
        return Decision("REFILTER_WITH_ANCHOR", 88, "around the product the list is based on")
    if r.uncarried and not (r.category or refs):
        return Decision("GENERAL", 85, f"{r.uncarried}: a kind of product the catalogue does not carry")
    if CHOSEN.search(normalise(r.text)) and "?" not in r.text and not (r.has_conditions or r.direction or r.category
                                                                         or {"compare", "anchor"} & r.flags):
        return Decision("GENERAL", 80, "a choice made (\"그거 살게요\", \"I'll take #2\"): nothing to look up or refilter")
    if len(refs) >= 2 and "compare" in r.flags:
        return Decision("COMPARE", 90, "compare products")
    if len(refs) >= 2 and (r.than_ref or r.below_ref) and "question" in r.flags:
        return Decision("COMPARE", 88, "is one product cheaper or better than the other: compare them")  # "2번이 3번보다 싸?"
    if r.direction and not refs and len(shown) >= 2 and "question" in r.flags and _WHICH_NUMBER.search(r.compact) \
            and _SUPERLATIVE.search(normalise(r.text)):
        # "젤 싼 거 몇번?", "which is cheapest": a question over the shown, not a new budget
        return Decision("COMPARE", 80, "which of the shown products is cheapest or dearest")
    if r.direction == "vague" and not refs and len(shown) >= 2 and {"question", "compare"} <= r.flags \
            and _WHICH_OF_SHOWN.search(r.compact) and not r.budget:
        # "뭐가 더 가성비 좋아?" (after comparing two): which shown one is the better value, no price wish
        return Decision("COMPARE", 80, "which of the shown products is the better value")
    if r.direction:
        if r.below_ref and refs:
            return Decision("REFILTER_WITH_ANCHOR", 88, "cheaper than the product named: its price is the ceiling")
        if r.direction == "cheaper" and len(refs) == 1 and ("anchor" in r.flags or _CHEAPER_ONE.search(r.compact)
                                                            or _LIKED.search(r.compact) or "question" not in r.flags):
            # "2번 비슷한데 더 저렴한 걸로" (seed 003), "like #3 but cheaper", "1번은 너무 비싸": the product named
            # gives the amount (cheaper than it), so nothing is vague
            return Decision("REFILTER_WITH_ANCHOR", 88, "like the product named and cheaper: its price is the ceiling")
        if r.scale is not None and budget_max(context):
            return Decision("REFILTER", 90, f"the known budget times {r.scale:g}")
        if r.direction == "cheaper" and budget_max(context) and refs:  # "like #2 but cheaper", a budget known
            return Decision("REFILTER_WITH_ANCHOR", 88, "around a product and cheaper than it: its price is the ceiling")
        if r.direction == "cheaper" and budget_max(context) and not refs:
            return Decision("REFILTER", 88, "cheaper than the known budget: 70% of it (seed idea 3)")
        return Decision("ASK_CLARIFICATION", 85, f"a price wish ({r.direction}) without an amount", ask="budget")
    if refs:
        if "anchor" in r.flags:
            return Decision("REFILTER_WITH_ANCHOR", 88, "re-recommend around a product")
        if r.budget is not None and len(refs) == 1 and _BUT.search(r.text) and not ({"question", "exclude"} & r.flags):
            # "the 2nd one but under 50k", "1번 느낌인데 7만원 이하로": like the product named, within the amount said
            return Decision("REFILTER_WITH_ANCHOR", 86, "like the product named, within the budget said")
        if (r.want or r.avoid) and len(refs) == 1 and _COMPARATIVE.search(r.text) and (
                (r.than_ref and _ANOTHER.search(r.text)) or _BUT.search(r.text) or r.stated):
            # "2번 같은 건데 더 가벼운 거", "#2 but lighter": products like it, with the quality asked for
            return Decision("REFILTER_WITH_ANCHOR", 86, "like the product named, better in a quality: around it")
        if r.than_ref and (r.want or r.avoid) and len(refs) == 1 and _ANOTHER.search(r.text):
            # "2번보다 가벼운 거 있어?": products like it, with the quality asked for
            return Decision("REFILTER_WITH_ANCHOR", 86, "better than the product named in a quality: around it")
        if "exclude" in r.flags and not r.mentioned:
            return Decision("REFILTER", 88, "the same conditions without the products named")
        if "exclude" in r.flags and (r.want or r.avoid) and "question" not in r.flags and _ANOTHER.search(r.text):
            # "2번 말고 세척 쉬운 거": not that product, another one with the quality asked for
            return Decision("REFILTER", 88, "without the products named, with the quality asked for")
        if len(refs) >= 2 or ("compare" in r.flags and not r.mentioned):
            return Decision("COMPARE", 90, "compare products")
        if awaiting == "product" or r.mentioned or "question" in r.flags or named:
            return Decision("PRODUCT_QA", 88, "a question about a product")
        return Decision("PRODUCT_QA", 75, "a product number alone")
    if "compare" in r.flags and not refs and len(context.get("lastCompared") or []) >= 2 \
            and _WHICH_OF_SHOWN.search(r.compact) and not (r.budget or r.want or r.avoid or r.category):
        return Decision("COMPARE", 82, "which of the two just compared")  # "so which should I get" (advice-worded)
    asks_how = "question" in r.flags and not (r.stated or "recommend" in r.flags)
    if "advice" in r.flags and not (r.budget or r.budget_removed or r.removed) and (
            not (r.want or r.avoid) or asks_how):  # "분유 물은 몇 도로 맞춰야 돼요?": 맞춰 judges no product
        return Decision("GENERAL", 80, "a parenting or how-to-choose question: answered, not a product clarification")
    if "empathy" in r.flags and not (r.has_conditions or r.category or r.stated):
        # "밤새 울어서 너무 피곤해요": a feeling shared, though it names a time or a sound; not a product question
        return Decision("GENERAL", 80, "a feeling shared: outside re-recommendation")
    other_category = r.category is not None and r.category != context.get("category")  # "아기띠 뭐가 좋아?" on kettles
    if r.all_shown and "compare" in r.flags and len(shown) >= 2 and not other_category:
        return Decision("COMPARE", 85, "compare everything shown")
    if "compare" in r.flags and len(shown) >= 2 and _WHICH_OF_SHOWN.search(r.compact) and not other_category:
        return Decision("COMPARE", 75, "which of the shown products is better")
    category = r.category or context.get("category")
    new_category = r.category is not None and r.category != context.get("category")
    if shown and r.all_shown and r.mentioned and "question" in r.flags and not (r.budget or r.removed or new_category):
        return Decision("PRODUCT_QA", 80, "a question about every product shown")  # "추천된 것들 소음은 어때?"
    if shown and r.mentioned and "question" in r.flags and "recommend" not in r.flags and not (
            r.budget or r.removed or r.budget_removed or new_category or r.stated):
        # "세척 편해?" asks about a product, not for a new list: which one?
        return Decision("ASK_CLARIFICATION", 70, "a product question without a product number", ask="product")
    if r.has_conditions or new_category or (awaiting == "category" and r.category) or (
            awaiting == "budget" and r.budget):
        if category is None and not category_from_tags(r, context):
            return Decision("ASK_CLARIFICATION", 80, "conditions but no product category yet", ask="category")
        return Decision("REFILTER", 90, "the conditions changed" if r.has_conditions else "a new recommendation")
    if "offtopic" in r.flags and not (r.category or refs or r.has_conditions):
        return Decision("GENERAL", 75, "outside baby products")
    if shown and r.mentioned and "question" in r.flags:
        return Decision("ASK_CLARIFICATION", 70, "a product question without a product number", ask="product")
    if shown and r.flags == {"recommend"} and len(r.text.split()) <= 3 and not (r.category or r.has_conditions):
        # "다른 거", "바꿔줘": the same conditions would show the same three, so ask what to change
        return Decision("ASK_CLARIFICATION", 70, "another recommendation, but nothing to change", ask="unsure")
    if "recommend" in r.flags and not ({"empathy", "thanks", "greeting"} & r.flags):
        if category is None:
            return Decision("ASK_CLARIFICATION", 80, "no product category yet", ask="category")
        if shown or r.category:
            return Decision("REFILTER", 80, "another recommendation")
    if {"empathy", "thanks", "greeting"} & r.flags:
        return Decision("GENERAL", 80, "outside re-recommendation")
    guess = intents.classify(r.text)
    if guess.name == "GENERAL" and guess.confident:
        return Decision("GENERAL", guess.percent, "the exemplar classifier: outside re-recommendation")
    if guess.confident and guess.name in ("REFILTER", "COMPARE") and shown:
        return Decision(guess.name, guess.percent, f"the exemplar classifier: {guess.name}")
    if guess.domain:
        return Decision("ASK_CLARIFICATION", guess.percent, "unsure between " + ", ".join(guess.top), ask="unsure")
    return Decision("GENERAL", 60, "outside re-recommendation")


# A superlative or "which one" over the products shown: "그 중에 젤 조용한 건 몇번이야?", "which would you pick".
_WHICH_OF_SHOWN = re.compile(r"제일|젤|가장|최고로|뭐가|어떤게|어느|몇번(?:이|째|제품|거)|뭐살|뭘살|뭐사|뭘사|뭘골|뭐골|뭐고르|"
                             r"which|best|most|pick|choose|gowith")
_SUPERLATIVE = re.compile(r"제일|젤|가장|최저|최고|\w{3,}est\b|\bmost\b|\bleast\b")
# A question that asks for one of the shown by its number: "젤 싼 거 몇번?", "which is cheapest", "제일 싼 게 뭐야"
_WHICH_NUMBER = re.compile(r"몇번|어느거|어느게|어떤거야|어떤게|뭐야|뭔가요|뭐예요|which|whatsthe")


# Liking a product named and minding its price: "2번 좋은데 좀 비싸네", "2번 맘에 드는데 가격이 부담돼".
_LIKED = re.compile(r"좋은데|좋긴한데|좋지만|괜찮은데|괜찮긴한데|괜찮지만|맘에드는데|마음에드는데|맘에들긴|마음에들긴|예쁜데|"
                    r"ilike|iloved?|likeit|loveit|looksgood|isnice|isgood|isgreat")
# A cheaper one wished for beside a product named: "2번 더 싼 거 있어?", "a cheaper one than #2".
_CHEAPER_ONE = re.compile(r"(?:더|덜)(?:싼|싸|저렴|비싼)|cheaper(?:one|option|model|version|alternative)|"
                          r"(?:싼|저렴한)(?:버전|모델|거|것|걸)")
# A quality said as a comparison: "더 가벼운", "덜 시끄러운", "lighter", "more compact", "less noisy".
_COMPARATIVE = re.compile(r"더\s*\S|덜\s*\S|\b\w{3,}er\b|\bmore\s+\w|\bless\s+\w")
_BUT = re.compile(r"\bbut\b|건데|인데|긴한데|는데|지만")


# A product wanted, not a question about one: "가벼운 거 있어?", "lighter ones".
_ANOTHER = re.compile(r"(?:거|것|걸|제품|상품)|\b(?:one|ones|options?|anything|something)\b")


def _reading(text: str, context: dict[str, Any], products: Sequence[Product] | None = None) -> Reading:
    from agents.shopping.followup import point_back
    from agents.shopping.superlative import by_property

    r = read(text, shown=len(_shown(context)), expecting_budget=context.get("awaiting") == "budget")
    r = by_property(r, text, context, _catalogue(products))  # "제일 비싼 거 소음 어때": "2번 거 소음 어때"
    point_back(r, text, context)  # "그거보다 싼 거": the product the conversation last referred to
    return r


def classify_rules(text: str, context: dict[str, Any], products: Sequence[Product] | None = None) -> dict[str, Any]:
    """The offline model's answer to the classification prompt (deterministic rules)."""
    r = _reading(text, context, products)
    named = _named(text, context, products)
    d = decide(r, context, named)
    args = {"productRanks": r.ranks, "category": r.category,
            "budgetChange": {"type": "specific", "value": r.budget.label(), "rawInput": text} if r.budget else None}
    return {"tool": d.name, "confidence": d.confidence, "needsClarification": d.name == "ASK_CLARIFICATION",
            "args": args, "reasoning": d.reasoning}


def _catalogue(products: Sequence[Product] | None) -> Sequence[Product]:
    if products is None:
        from agents.shopping.catalog import shipped_products
        return shipped_products()
    return products


def _named(text: str, context: dict[str, Any], products: Sequence[Product] | None) -> list[str]:
    return find_products(text, _catalogue(products), prefer=[p["id"] for p in _shown(context)])


@dataclass
class Intent:
    name: str
    confidence: float  # 0..1
    reasoning: str
    budget: BudgetRange | None = None
    tag_changes: dict[str, list[str]] | None = None
    product_ranks: list[int] = field(default_factory=list)
    product_ids: list[str] = field(default_factory=list)  # the products the ranks and names point at
    anchor_rank: int | None = None
    anchor_id: str | None = None
    exclude_ids: list[str] = field(default_factory=list)
    category: str | None = None
    topic: str | None = None
    question: str | None = None
    ask: str | None = None
    direction: str | None = None
    missing_ranks: list[int] = field(default_factory=list)
    fallback: bool = False
    cheaper_than_anchor: bool = False  # "이 제품 기반으로 더 저렴한 걸로": the anchor's price is the ceiling
    uncarried: str | None = None  # GENERAL about a kind of product the catalogue does not carry
    advice: bool = False  # GENERAL: a parenting or how-to-choose question
    hint: str | None = None  # GENERAL: a product quality the parenting question touches (water temperature: kettles)

    def event_args(self) -> dict[str, Any]:
        return {"budget": self.budget, "tag_changes": self.tag_changes, "product_numbers": self.product_ranks,
                "anchor": self.anchor_id or (f"#{self.anchor_rank}" if self.anchor_rank else None),
                "category": self.category, "products": self.product_ids, "exclude": self.exclude_ids,
                "topic": self.topic}


def postprocess(raw: str, text: str, context: dict[str, Any], products: Sequence[Product] | None = None) -> Intent:
    """Deterministic rules on top of the model's JSON (or of the offline rules)."""
    try:
        data = json.loads(raw.strip().removeprefix("```json").removesuffix("```").strip())
        name = data["tool"]
        if name not in INTENTS:
            raise ValueError(name)
        confidence = max(0.0, min(1.0, float(data.get("confidence", 50)) / 100))
    except (ValueError, KeyError, TypeError, AttributeError, json.JSONDecodeError):
        return Intent("GENERAL", 0.0, "Error fallback", fallback=True)
    r = _reading(text, context, products)
    named = _named(text, context, products)
    rules = decide(r, context, named)
    if name != rules.name and (rules.confidence >= 85 or (name == "GENERAL" and rules.name == "REFILTER")
                               or rules.ask in ("budget", "category")):
        name, confidence = rules.name, rules.confidence / 100  # the seed's rules beat the model
    intent = Intent(name=name, confidence=confidence, reasoning=str(data.get("reasoning", "")),
                    category=r.category, topic=r.topic, direction=r.direction, uncarried=r.uncarried,
                    advice="advice" in r.flags)
    resolve(intent, r, rules, named, context)
    return intent
