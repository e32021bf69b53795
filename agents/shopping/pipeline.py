"""The re-recommendation router pipeline: classify, run one tool, stream the result.

Events follow seed 003 "SSE 이벤트 처리": thinking -> intent -> text -> data_card
(recommendations with the updated session) -> done; a clarification ends the turn.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from agents.core.errors import PlaygroundError
from agents.core.events import Clarification, DataCard, Event, Intent, Thinking
from agents.core.korean_money import format_man
from agents.core.providers.base import ChatMessage
from agents.shopping import qa, router
from agents.shopping.catalog import Catalog
from agents.shopping.engine import Budget, recommend
from agents.shopping.router import FALLBACK_MESSAGE

if TYPE_CHECKING:
    from agents.core.runner import Turn

DEFAULT_BUDGET = {"min": 0, "max": None, "label": "0+"}
NOT_FOUND = "죄송해요, 해당 제품을 찾을 수 없어요."


def _budget_text(budget: dict[str, Any]) -> str:
    low, high = budget.get("min", 0), budget.get("max")
    if high is None:
        return f"{format_man(low)} 이상" if low else "제한 없음"
    return f"{format_man(low)}~{format_man(high)}" if low else f"{format_man(high)} 이하"


def _context(turn: Turn, catalog: Catalog, state: dict[str, Any]) -> dict[str, Any]:
    category = state.get("category")
    products = catalog.products(category) if category else []
    return {
        "category": category,
        "categories": catalog.categories(),
        "categoryTags": {"pros": sorted({t for p in products for t in p["pros"]}),
                         "cons": sorted({t for p in products for t in p["cons"]})},
        "recommendations": [{"rank": i + 1, "id": r["id"], "title": r["title"], "price": r["price"]}
                            for i, r in enumerate(state.get("top3", []))],
        "anchor": state.get("anchor"),
        "budget": state.get("budget", DEFAULT_BUDGET)["label"],
        "selectedProsTags": state.get("pros", []), "selectedConsTags": state.get("cons", []),
        "clickedAnchorId": turn.extra.get("anchor_product_id"),
    }


def pipeline(turn: Turn) -> Iterator[Event]:
    catalog = Catalog(turn.store)
    catalog.ensure_loaded()
    state = turn.state
    state.setdefault("inputs", []).append(turn.text)
    _apply_start_panel(turn, state)
    yield turn.emit(Thinking, stage="classify", message="Analyzing your request...", progress=10)
    context = _context(turn, catalog, state)
    started = time.perf_counter()
    response = yield from turn.stream_model(turn.request(
        [ChatMessage(role="user", content=router.classification_prompt(turn.text, context))],
        purpose="classify", tools=False), forward_text=False)
    turn.spans.append({"kind": "classify", "ms": round((time.perf_counter() - started) * 1000, 3)})
    intent = router.postprocess(response.text, turn.text, context)
    if intent.category and intent.category != state.get("category") and intent.name == "REFILTER":
        state["category"] = intent.category
    yield turn.emit(Intent, name=intent.name, confidence=intent.confidence, reasoning=intent.reasoning,
                    args=intent.event_args())
    if intent.fallback:
        yield from turn.say(FALLBACK_MESSAGE + " 예산(예: 10만원 아래로)이나 원하는 점(예: 세척 쉬운 걸로)을 말씀해주세요.")
        return
    if intent.missing_ranks:
        yield from turn.say(NOT_FOUND)
        return
    started = time.perf_counter()
    match intent.name:
        case "ASK_CLARIFICATION":
            tool = "clarification"
            yield from _clarify(turn, catalog, state, intent)
        case "REFILTER" | "REFILTER_WITH_ANCHOR":
            tool = "refilter_with_anchor"
            yield from _refilter(turn, catalog, state, intent)
        case "PRODUCT_QA":
            tool = "product_qa"
            yield from _qa(turn, catalog, state, intent)
        case "COMPARE":
            tool = "compare"
            yield from _compare(turn, catalog, state, intent)
        case _:
            tool = "general"
            yield from turn.say(_general(turn.text, state.get("category")))
    # The trace shows which of the seed's tools ran and how long it took.
    turn.spans.append({"kind": "tool", "name": tool, "ok": True, "ms": round((time.perf_counter() - started) * 1000, 3)})


def _apply_start_panel(turn: Turn, state: dict[str, Any]) -> None:
    panel = turn.extra.get("start")
    if not panel:
        return
    state["category"] = panel.get("category") or state.get("category")
    state["pros"] = list(panel.get("pros") or [])
    state["cons"] = list(panel.get("cons") or [])
    if panel.get("budget_max") or panel.get("budget_min"):
        low, high = int(panel.get("budget_min") or 0), panel.get("budget_max")
        state["budget"] = {"min": low, "max": int(high) if high else None,
                           "label": f"{low}+" if not high else f"{low}-{int(high)}"}


def _clarify(turn: Turn, catalog: Catalog, state: dict[str, Any], intent: router.Intent) -> Iterator[Event]:
    if intent.anchor_rank:
        state["pending_anchor_rank"] = intent.anchor_rank
    if intent.question == router.CATEGORY_QUESTION:
        options = catalog.categories()
        context = {"reason": "category"}
    else:
        options = ["5만원 이하", "10만원 이하", "15만원 이하"]
        context = {"reason": "budget", "current": state.get("budget", DEFAULT_BUDGET)["label"]}
    yield from turn.say(intent.question or router.BUDGET_QUESTION)
    yield turn.emit(Clarification, question=intent.question or router.BUDGET_QUESTION, context=context, options=options)


def _refilter(turn: Turn, catalog: Catalog, state: dict[str, Any], intent: router.Intent) -> Iterator[Event]:
    before_budget = dict(state.get("budget", DEFAULT_BUDGET))
    if intent.budget:
        state["budget"] = {"min": intent.budget["min"], "max": intent.budget["max"], "label": intent.budget["label"]}
    changes = intent.tag_changes or {}
    pros = [t for t in state.get("pros", []) if t not in changes.get("remove_pros", [])]
    state["pros"] = pros + [t for t in changes.get("add_pros", []) if t not in pros]
    cons = state.get("cons", [])
    state["cons"] = cons + [t for t in changes.get("add_cons", []) if t not in cons]
    anchor_rank = intent.anchor_rank or state.pop("pending_anchor_rank", None)
    if intent.anchor_id:
        state["anchor"] = intent.anchor_id
    elif intent.name == "REFILTER_WITH_ANCHOR" and anchor_rank:
        state["anchor"] = state["top3"][anchor_rank - 1]["id"]
    anchor = catalog.product(state["anchor"]) if state.get("anchor") else None
    if anchor is not None and state.get("category") != anchor["category"]:
        state["category"] = anchor["category"]
    if anchor is not None and intent.cheaper_than_anchor:
        state["budget"] = {"min": 0, "max": anchor["price"] - 1, "label": f"0-{anchor['price'] - 1}"}
        intent.budget = state["budget"]
    if not state.get("category"):
        yield from turn.say(router.CATEGORY_QUESTION)
        yield turn.emit(Clarification, question=router.CATEGORY_QUESTION, options=catalog.categories(),
                        context={"reason": "category"})
        return
    labels = catalog.tag_labels()
    budget = state.get("budget", DEFAULT_BUDGET)
    try:
        result = recommend(catalog.products(state["category"]), pros=state["pros"], cons=state["cons"],
                           budget=Budget(budget["min"], budget["max"]), anchor=anchor, labels=labels)
    except Exception as exc:  # re-raised as the seed's "재추천 중 오류" message, with the cause
        raise PlaygroundError(f"재추천 중 오류가 발생했습니다 ({type(exc).__name__}: {exc}). 잠시 후 다시 시도해주세요.",
                              code="recommendation_failed", retryable=True) from exc
    recs = result["recommendations"]
    state["top3"] = [{"id": r["id"], "title": r["title"], "price": r["price"]} for r in recs]
    lines = [f"**{_budget_text(budget)}**로 다시 찾아봤어요!" if intent.budget else "조건에 맞춰 다시 찾아봤어요!", ""]
    if intent.budget and before_budget != state["budget"]:
        lines.append(f"💰 **예산 조정**: {_budget_text(before_budget)} → {_budget_text(budget)}")
    if anchor is not None:
        lines.append(f"📌 **기준 제품**: {anchor['title']} ({anchor['price']:,}원)")
    if changes.get("add_pros") or changes.get("add_cons") or changes.get("remove_pros"):
        added = [labels[t] for t in changes.get("add_pros", [])]
        avoided = [labels[t] for t in changes.get("add_cons", [])]
        lines.append("🏷️ **조건 변경**: " + ", ".join([*(f"+ {a}" for a in added), *(f"피하기: {a}" for a in avoided),
                                                    *(f"- {labels[t]}" for t in changes.get("remove_pros", []))]))
    if result["relaxed"]:
        lines.append(f"⚠️ 예산 안에 맞는 제품이 {result['in_budget_count']}개뿐이라 가까운 제품도 함께 보여드려요.")
    lines += ["", "---", "", "### 🎯 새로운 Top 3 추천", ""]
    for i, r in enumerate(recs, 1):
        lines += [f"**{i}. {r['title']}** ({r['score']:g}점)", f"   {r['reason']}", f"   💰 {r['price']:,}원", ""]
    yield from turn.say("\n".join(lines).strip())
    summary = yield from _update_summary(turn, state, labels)
    session = {k: state.get(k) for k in ("category", "pros", "cons", "budget", "anchor")} | {"summary": summary}
    yield turn.emit(DataCard, card_type="recommendations", title=f"{state['category']} Top 3", data={
        "recommendations": recs, "updatedSession": session, "labels": {t: labels[t] for r in recs for t in r["pros"] + r["cons"]},
    })


def _update_summary(turn: Turn, state: dict[str, Any], labels: dict[str, str]) -> Iterator[Event]:
    """The condition summary ("하늘색 조건 컨테이너"): written by the model, with the seed's fallback."""
    previous = state.get("summary") or ""
    prompt = {"previousSummary": previous, "userInputs": state.get("inputs", [])[-8:],
              "prioritySettings": {"pros": [labels[t] for t in state.get("pros", [])],
                                   "cons": [labels[t] for t in state.get("cons", [])]},
              "budget": _budget_text(state.get("budget", DEFAULT_BUDGET)), "category": state.get("category")}
    try:
        response = yield from turn.stream_model(turn.request(
            [ChatMessage(role="user", content=json.dumps(prompt, ensure_ascii=False))],
            purpose="summary", tools=False), forward_text=False)
        summary = response.text.strip()
        if not summary:
            raise ValueError("empty summary")
    except Exception:  # noqa: BLE001 - the recommendation succeeded; keep going with the fallback
        summary = f"{previous}\n\n**추가 요청**\n" + "\n".join(f"- {i}" for i in state.get("inputs", []))
        turn.meta["summary_fallback"] = True
    state["summary"] = summary.strip()
    return state["summary"]


def _qa(turn: Turn, catalog: Catalog, state: dict[str, Any], intent: router.Intent) -> Iterator[Event]:
    product = catalog.product(state["top3"][intent.product_ranks[0] - 1]["id"])
    assert product is not None
    result = qa.answer(turn.text, product, catalog.reviews(product["id"]), catalog.tag_labels())
    yield from turn.say(result["answer"])


def _compare(turn: Turn, catalog: Catalog, state: dict[str, Any], intent: router.Intent) -> Iterator[Event]:
    ranks = intent.product_ranks[:3] if len(intent.product_ranks) >= 2 else [1, 2]
    products = [catalog.product(state["top3"][r - 1]["id"]) for r in ranks]
    labels = catalog.tag_labels()
    rows = [["가격", *[f"{p['price']:,}원" for p in products]], ["평점", *[f"{p['rating']:.1f}" for p in products]],
            ["장점", *[", ".join(labels[t] for t in p["pros"]) for p in products]],
            ["단점", *[", ".join(labels[t] for t in p["cons"]) for p in products]]]
    for key in dict.fromkeys(k for p in products for k in p["specs"]):
        rows.append([key, *[str(p["specs"].get(key, "-")) for p in products]])
    cheaper = min(products, key=lambda p: p["price"])
    better = max(products, key=lambda p: p["rating"])
    text = [f"{' vs '.join(f'{r}번' for r in ranks)} 비교예요.", ""]
    for r, p in zip(ranks, products, strict=True):
        text.append(f"- **{r}번 {p['title']}**: 장점은 {', '.join(labels[t] for t in p['pros'])}, "
                    f"아쉬운 점은 {', '.join(labels[t] for t in p['cons'])}.")
    diff = max(p["price"] for p in products) - cheaper["price"]
    text += ["", f"가격은 {cheaper['title']}이(가) {diff:,}원 저렴하고, 평점은 {better['title']}이(가) "
                 f"{better['rating']:.1f}점으로 가장 높아요."]
    yield from turn.say("\n".join(text))
    yield turn.emit(DataCard, card_type="compare", title="제품 비교", data={
        "columns": ["항목", *[f"{r}번 {p['title']}" for r, p in zip(ranks, products, strict=True)]], "rows": rows})


def _general(text: str, category: str | None) -> str:
    empathy = ""
    if any(w in text for w in ("힘들", "지쳐", "피곤", "잠을 못", "우울", "속상")):
        empathy = "육아 정말 힘드시죠. 잠깐이라도 숨 돌리실 시간이 있으면 좋겠어요. "
    elif any(w in text for w in ("고마", "감사")):
        empathy = "도움이 되었다니 기뻐요! "
    if category:
        return (f"{empathy}{category}를 고르고 계셨죠? 원하는 조건을 말씀해주시면 다시 추천해드릴게요. "
                "예: \"10만원 아래로\", \"세척 쉬운 걸로\", \"1번 제품 소음 어때?\", \"1번이랑 2번 비교해줘\"")
    return (f"{empathy}분유포트, 젖병소독기, 베이비모니터, 아기띠 중에 찾으시는 제품이 있으면 말씀해주세요. "
            "예: \"분유포트 10만원 아래로 추천해줘\"")
