"""Intent routing (seed 003 §[3] and "Intent 분류 규칙").

``classify_rules`` is what the offline model answers to the classification prompt; a
real model answers the same prompt with JSON. ``postprocess`` always runs on top:
budget parsing, the vagueness check, the anchor rule and product-number checks.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from agents.core.korean_money import is_vague_budget, parse_budget
from agents.shopping.tags import map_tags

INTENTS = ("REFILTER_WITH_ANCHOR", "REFILTER", "PRODUCT_QA", "COMPARE", "ASK_CLARIFICATION", "GENERAL")
BUDGET_QUESTION = "최대 얼마까지 쓸 수 있을까요?"
CATEGORY_QUESTION = "어떤 제품을 찾고 계세요?"
FALLBACK_MESSAGE = "죄송해요, 잘 이해하지 못했어요."
CATEGORY_WORDS = {
    "분유포트": r"분유\s*포트|포트|분유\s*물",
    "젖병소독기": r"젖병\s*소독기|소독기|젖병\s*살균",
    "베이비모니터": r"베이비\s*모니터|모니터|홈캠|카메라",
    "아기띠": r"아기띠|힙시트|캐리어",
}
_ORDINALS = {"첫": 1, "두": 2, "세": 3, "네": 4, "다섯": 5}

SYSTEM_PROMPT = """당신은 아기용품 재추천 에이전트입니다. 사용자의 말을 6가지 의도 중 하나로 분류해 JSON만 출력합니다.
의도: REFILTER_WITH_ANCHOR, REFILTER, PRODUCT_QA, COMPARE, ASK_CLARIFICATION, GENERAL.
우선순위: 1) clickedAnchorId가 있으면 REFILTER_WITH_ANCHOR 2) 모호한 예산("더 저렴한 걸로")은 ASK_CLARIFICATION
3) 제품 번호("1번", "2번이랑 3번")는 PRODUCT_QA 또는 COMPARE 4) 예산/태그 변경은 REFILTER 5) 그 외 GENERAL.
숫자 + 화폐단위(10만원, 7만원 이하)는 구체적인 예산입니다.
출력 형식: {"tool": ..., "confidence": 0-100, "needsClarification": bool,
 "args": {"tagChanges": ..., "budgetChange": ..., "productRanks": [...], "anchorRank": ..., "category": ...},
 "reasoning": "..."}"""


def classification_prompt(text: str, context: dict[str, Any]) -> str:
    return (f"**Current Context:**\n```json\n{json.dumps(context, ensure_ascii=False)}\n```\n\n"
            f"**User Input:** {json.dumps(text, ensure_ascii=False)}")


def parse_prompt(prompt: str) -> tuple[str, dict[str, Any]]:
    context = json.loads(re.search(r"```json\n(.*?)\n```", prompt, re.S).group(1))
    text = json.loads(re.search(r"\*\*User Input:\*\* (.*)$", prompt, re.S).group(1))
    return text, context


def product_ranks(text: str) -> list[int]:
    ranks = [int(n) for n in re.findall(r"(\d+)\s*번", text)]
    ranks += [_ORDINALS[w] for w in re.findall(r"(첫|두|세|네|다섯)\s*번째", text)]
    return list(dict.fromkeys(ranks))


def mentioned_category(text: str) -> str | None:
    for category, pattern in CATEGORY_WORDS.items():
        if re.search(pattern, text):
            return category
    return None


def classify_rules(text: str, context: dict[str, Any]) -> dict[str, Any]:
    """The offline model's answer to the classification prompt (deterministic rules)."""
    category = mentioned_category(text) or context.get("category")
    tags = context.get("categoryTags", {})
    changes = map_tags(text, set(tags.get("pros", [])), set(tags.get("cons", [])))
    ranks = product_ranks(text)
    args: dict[str, Any] = {"tagChanges": changes.as_dict() if changes else None, "budgetChange": None,
                            "productRanks": ranks, "anchorRank": None, "category": mentioned_category(text)}

    def out(tool: str, confidence: int, reasoning: str) -> dict[str, Any]:
        return {"tool": tool, "confidence": confidence, "needsClarification": tool == "ASK_CLARIFICATION",
                "args": args, "reasoning": reasoning}

    if context.get("clickedAnchorId"):
        return out("REFILTER_WITH_ANCHOR", 95, "the user opened re-recommendation from a product page")
    if is_vague_budget(text):
        if ranks:
            args["anchorRank"] = ranks[0]
        return out("ASK_CLARIFICATION", 85, "a price wish without an amount")
    if ranks:
        if re.search(r"기반|비슷|같은\s*(걸|거|느낌)|처럼|대신", text):
            args["anchorRank"] = ranks[0]
            return out("REFILTER_WITH_ANCHOR", 88, f"re-recommend around product {ranks[0]}")
        if len(ranks) >= 2 or re.search(r"비교|vs|중에|뭐가\s*(더|나)|차이", text, re.I):
            return out("COMPARE", 90, f"compare products {ranks}")
        return out("PRODUCT_QA", 88, f"a question about product {ranks[0]}")
    budget = parse_budget(text)
    if budget is not None:
        args["budgetChange"] = {"type": "specific", "value": budget.label(), "rawInput": text}
    if budget is not None or changes or (args["category"] and args["category"] != context.get("category")) or \
            re.search(r"다시\s*(보여|추천|찾아)|추천\s*해|골라|찾아\s*줘", text):
        if category is None:
            return out("ASK_CLARIFICATION", 80, "no product category yet")
        return out("REFILTER", 90, "the conditions changed" if (budget or changes) else "a new recommendation")
    return out("GENERAL", 70, "outside re-recommendation")


@dataclass
class Intent:
    name: str
    confidence: float  # 0..1
    reasoning: str
    budget: dict[str, Any] | None = None  # {min, max, kind, previous}
    tag_changes: dict[str, list[str]] | None = None
    product_ranks: list[int] = field(default_factory=list)
    anchor_rank: int | None = None
    anchor_id: str | None = None
    category: str | None = None
    question: str | None = None
    missing_ranks: list[int] = field(default_factory=list)
    fallback: bool = False
    cheaper_than_anchor: bool = False  # "이 제품 기반으로 더 저렴한 걸로": the anchor's price is the ceiling

    def event_args(self) -> dict[str, Any]:
        return {"budget": self.budget, "tag_changes": self.tag_changes, "product_numbers": self.product_ranks,
                "anchor": self.anchor_id or (f"#{self.anchor_rank}" if self.anchor_rank else None),
                "category": self.category}


def postprocess(raw: str, text: str, context: dict[str, Any]) -> Intent:
    """Deterministic rules on top of the model's JSON (or of the offline rules)."""
    try:
        data = json.loads(raw.strip().removeprefix("```json").removesuffix("```").strip())
        name = data["tool"]
        if name not in INTENTS:
            raise ValueError(name)
    except (ValueError, KeyError, TypeError, json.JSONDecodeError):
        return Intent("GENERAL", 0.0, "Error fallback", fallback=True)
    args = data.get("args") or {}
    tags = context.get("categoryTags", {})
    changes = map_tags(text, set(tags.get("pros", [])), set(tags.get("cons", [])))
    intent = Intent(
        name=name, confidence=max(0.0, min(1.0, float(data.get("confidence", 50)) / 100)),
        reasoning=str(data.get("reasoning", "")), tag_changes=changes.as_dict() if changes else None,
        product_ranks=product_ranks(text) or [int(r) for r in args.get("productRanks") or []],
        anchor_rank=args.get("anchorRank"), category=mentioned_category(text) or args.get("category"),
    )
    if context.get("clickedAnchorId"):
        intent.name, intent.anchor_id = "REFILTER_WITH_ANCHOR", context["clickedAnchorId"]
    budget = parse_budget(text)
    if context.get("clickedAnchorId") and is_vague_budget(text):
        # Priority 1 beats 2: with a product to compare against, "cheaper" is not vague.
        intent.cheaper_than_anchor = bool(re.search(r"저렴|싸|싼|가격\s*낮|예산\s*줄", text))
    elif is_vague_budget(text) and intent.name in ("REFILTER", "REFILTER_WITH_ANCHOR", "ASK_CLARIFICATION"):
        intent.name, intent.question = "ASK_CLARIFICATION", BUDGET_QUESTION
    elif budget is not None and intent.name in ("REFILTER", "REFILTER_WITH_ANCHOR", "GENERAL"):
        if intent.name == "GENERAL":
            intent.name = "REFILTER"
        intent.budget = {"min": budget.min, "max": budget.max, "kind": budget.kind, "previous": budget.previous,
                         "label": budget.label()}
    if intent.name == "ASK_CLARIFICATION" and intent.question is None:
        intent.question = CATEGORY_QUESTION if not (intent.category or context.get("category")) else BUDGET_QUESTION
    shown = len(context.get("recommendations", []))
    if intent.name in ("PRODUCT_QA", "COMPARE", "REFILTER_WITH_ANCHOR"):
        ranks = intent.product_ranks if intent.name != "REFILTER_WITH_ANCHOR" else (
            [intent.anchor_rank] if intent.anchor_rank else [])
        intent.missing_ranks = [r for r in ranks if not 1 <= r <= shown]
    return intent
