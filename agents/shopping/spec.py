"""The shopping agent (seed 003): baby-product re-recommendation with intent routing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from agents.core.agent import AgentSpec
from agents.core.agent_ui import AgentUI, CardUI, Slot, lazy
from agents.core.providers.base import ModelRequest
from agents.core.providers.offline import PolicyReply
from agents.shopping import intents, router
from agents.shopping.inputs import ShoppingInputs
from agents.shopping.migrations import MIGRATIONS
from agents.shopping.pipeline import pipeline
from agents.shopping.refilter import template_summary
from agents.shopping.suggest import suggest
from data.shopping.catalog import PATH

if TYPE_CHECKING:
    from fastapi import APIRouter

    from agents.http.auth import Caller


def policy(request: ModelRequest) -> PolicyReply:
    """Rules for the classification and summary calls the pipeline makes."""
    content = request.messages[-1].content
    if request.purpose == "classify":
        text, context = router.parse_prompt(content)
        return PolicyReply(text=json.dumps(router.classify_rules(text, context), ensure_ascii=False))
    if request.purpose == "summary":
        return PolicyReply(text=template_summary(json.loads(content)))
    return PolicyReply(text="")


def start_options() -> dict[str, dict[str, list[tuple[str, str]]]]:
    """Start-panel choices per category: (label, tag id) pairs from the shipped catalogue."""
    data = json.loads(PATH.read_text(encoding="utf-8"))
    out: dict[str, dict[str, list[tuple[str, str]]]] = {}
    for product in data["products"]:
        entry = out.setdefault(product["category"], {"pros": [], "cons": []})
        for kind in ("pros", "cons"):
            for tag in product[kind]:
                if (data["tags"][tag], tag) not in entry[kind]:
                    entry[kind].append((data["tags"][tag], tag))
    return out


AGENT = AgentSpec(
    order=2,
    id="shopping",
    title="쇼핑 재추천",
    title_en="Shopping Picks",
    description="아기용품(분유포트·젖병소독기·베이비모니터·아기띠) Top 3 추천과 재추천: 예산·장단점 조건 변경, 제품 Q&A, 비교.",
    description_en="Top 3 baby gear picks (formula kettles, bottle sterilizers, baby monitors, baby carriers) and new "
                   "picks as you change the budget, pros or cons; product Q&A and comparisons.",
    system_prompt=router.SYSTEM_PROMPT,
    pipeline=pipeline,
    offline_policy=policy,
    # Openers that work in a new conversation; later turns get suggestions that fit the state.
    examples=("분유포트 10만원 아래로 추천해줘", "베이비모니터 야간에 잘 보이는 걸로 15만원 이하", "젖병소독기 세척 쉬운 걸로 추천해줘"),
    examples_en=("Recommend a formula kettle under 100,000 won", "A baby monitor with good night vision, under 150,000 won",
                 "Recommend a bottle sterilizer that's easy to clean"),
    suggest=suggest,
    migrations=MIGRATIONS,
    inputs=ShoppingInputs,
    nlu_report=lazy("agents.shopping.evaluate:nlu_report"),  # loaded by `playground nlu-report` only
    warm=lambda: intents.classifier().warm(),
    evals=Path(__file__).with_name("evals.yaml"),
    ui=AgentUI(icon="🧺", slots=(Slot(key="top3", card_types=("recommendations",)),
                                Slot(key="compare", card_types=("compare",))),
               # Top 3 in the chat: a record of what was recommended (the live ones are in the workspace).
               cards={"recommendations": CardUI(gradio=lazy("agents.shopping.view:products_html"),
                                                streamlit=lazy("agents.shopping.streamlit:draw_products"),
                                                cli=lazy("agents.shopping.cli:products_table"))},
               gradio="agents.shopping.gradio", streamlit="agents.shopping.streamlit"),
    http_routes=lambda caller: _routes(caller),
)


def _routes(caller: Callable[..., Caller]) -> APIRouter:
    from agents.shopping.seed_http import seed_routes  # FastAPI only when the HTTP API is built

    return seed_routes(caller)
