"""The re-recommendation router pipeline: classify, run one tool, stream the result.

Events follow seed 003 "SSE 이벤트 처리": thinking -> intent -> text -> data_card
(recommendations with the updated session) -> done; a clarification ends the turn.
A turn that fails leaves the session state exactly as it was.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Any

from pydantic import JsonValue

from agents.core.events import Clarification, Event, Intent, Thinking
from agents.core.inputs import InvalidInput
from agents.core.providers.base import ChatMessage
from agents.nlu.korean_money import format_man
from agents.shopping import router
from agents.shopping.answers import compare, product_qa
from agents.shopping.catalog import Catalog
from agents.shopping.followup import last_added, last_compared, last_intent, last_referenced, remember
from agents.shopping.general import english, general
from agents.shopping.inputs import ShoppingInputs
from agents.shopping.refilter import DEFAULT_BUDGET, budget_text, refilter
from agents.shopping.resolve import BUDGET_QUESTION
from agents.shopping.router import FALLBACK_MESSAGE

if TYPE_CHECKING:
    from agents.core.turn import Turn

NOT_FOUND = "죄송해요, 해당 제품을 찾을 수 없어요."


def _context(turn: Turn, catalog: Catalog, state: dict[str, Any]) -> dict[str, Any]:
    category = state.get("category")
    by_category: dict[str, dict[str, list[str]]] = {}
    for p in catalog.products():
        tags = by_category.setdefault(p["category"], {"pros": [], "cons": []})
        for kind in ("pros", "cons"):
            tags[kind] += [t for t in p[kind] if t not in tags[kind]]
    return {
        "category": category,
        "categories": catalog.categories(),
        "categoryTags": by_category.get(category, {"pros": [], "cons": []}) if category else {"pros": [], "cons": []},
        "tagsByCategory": {c: {k: sorted(v) for k, v in t.items()} for c, t in by_category.items()},
        "recommendations": [{"rank": i + 1, "id": r["id"], "title": r["title"], "price": r["price"]}
                            for i, r in enumerate(state.get("top3", []))],
        "anchor": state.get("anchor"),
        "budget": state.get("budget", DEFAULT_BUDGET)["label"],
        "selectedProsTags": state.get("pros", []), "selectedConsTags": state.get("cons", []),
        "clickedAnchorId": ShoppingInputs.of(turn).anchor_product_id,
        "awaiting": (state.get("pending") or {}).get("ask"),
        "lastReferenced": last_referenced(state),
        "lastAdded": last_added(state),
        "lastCompared": last_compared(state),
        "lastIntent": last_intent(state),
    }


def pipeline(turn: Turn) -> Iterator[Event]:
    before = copy.deepcopy(turn.state)
    try:
        yield from _pipeline(turn)
    except BaseException:
        # A failed (or stopped) turn changes nothing: no new budget, tags or Top 3.
        turn.state.clear()
        turn.state.update(before)
        raise


def _classify(turn: Turn, catalog: Catalog, context: dict[str, Any]) -> Generator[Event, None, router.Intent]:
    """The model's classification, post-processed; any failure is the seed's GENERAL fallback."""
    started = time.perf_counter()
    try:
        response = yield from turn.stream_model(turn.request(
            [ChatMessage(role="user", content=router.classification_prompt(turn.text, context))],
            purpose="classify", tools=False), forward_text=False)
        intent = router.postprocess(response.text, turn.text, context, catalog.products())
    except Exception as exc:  # noqa: BLE001 - seed 003 "Intent 분류 실패": GENERAL, not an error
        turn.meta["classify_error"] = f"{type(exc).__name__}: {exc}"
        intent = router.Intent("GENERAL", 0.0, "Error fallback", fallback=True)
    turn.spans.append({"kind": "classify", "ms": round((time.perf_counter() - started) * 1000, 3)})
    return intent


def _pipeline(turn: Turn) -> Iterator[Event]:
    catalog = Catalog(turn.store)
    catalog.ensure_loaded()
    state: dict[str, Any] = turn.state  # the session (JSON), read by the steps below as the open dict it is
    said = state.get("inputs")
    state["inputs"] = [*(said if isinstance(said, list) else []), turn.text]  # every message of the session
    _apply_start_panel(turn, state)
    _check_anchor(turn, catalog)
    yield turn.emit(Thinking, stage="classify", message="Analyzing your request...", progress=10)
    context = _context(turn, catalog, state)
    intent = yield from _classify(turn, catalog, context)
    if ShoppingInputs.of(turn).start:
        intent.tag_changes = None  # the panel's own choices; its generated text adds nothing
    yield turn.emit(Intent, name=intent.name, confidence=intent.confidence, reasoning=intent.reasoning,
                    args=intent.event_args())
    en = english(turn)
    if intent.fallback:
        yield from turn.say("Sorry, I did not understand that. Tell me a budget (\"under 100k\") or a wish "
                            "(\"easy to clean\")." if en else
                            FALLBACK_MESSAGE + " 예산(예: 10만원 아래로)이나 원하는 점(예: 세척 쉬운 걸로)을 말씀해주세요.")
        return
    if intent.missing_ranks:
        top = state.get("top3")
        shown = len(top) if isinstance(top, list) else 0
        if en:
            hint = f" The products shown are #1-#{shown}." if shown else " Ask for a recommendation first."
            yield from turn.say("Sorry, I could not find that product." + hint)
            return
        hint = f" 지금 보이는 추천은 1~{shown}번이에요." if shown else " 먼저 추천을 받아보세요."
        yield from turn.say(NOT_FOUND + hint)
        return
    started = time.perf_counter()
    match intent.name:
        case "ASK_CLARIFICATION":
            tool = "clarification"
            yield from _clarify(turn, catalog, state, intent)
        case "REFILTER" | "REFILTER_WITH_ANCHOR":
            tool = "refilter_with_anchor"
            yield from refilter(turn, catalog, state, intent)
        case "PRODUCT_QA":
            tool = "product_qa"
            yield from product_qa(turn, catalog, state, intent)
        case "COMPARE":
            tool = "compare"
            yield from compare(turn, catalog, state, intent)
        case _:
            tool = "general"
            yield from turn.say(general(catalog, intent, turn.text, state.get("category"), en))
    if intent.name != "ASK_CLARIFICATION":
        state.pop("pending", None)
    remember(state, intent)  # what the next "그거 / that one" points at
    # The trace shows which of the seed's tools ran and how long it took.
    turn.spans.append({"kind": "tool", "name": tool, "ok": True, "ms": round((time.perf_counter() - started) * 1000, 3)})


def _check_anchor(turn: Turn, catalog: Catalog) -> None:
    """A clicked anchor must be a product of the catalogue: an unknown id is refused by name, before the
    model is called and before the session changes."""
    anchor = ShoppingInputs.of(turn).anchor_product_id
    if anchor is None or (isinstance(anchor, str) and catalog.product(anchor) is not None):
        return
    shown = repr(anchor if isinstance(anchor, str) else type(anchor).__name__)[:60]
    raise InvalidInput("anchor_product_id", f"기준 제품 {shown}을(를) 카탈로그에서 찾을 수 없습니다. 추천 카드의 "
                                            f"'이 제품 기반 재추천'을 다시 눌러 주세요. (No product {shown} in the "
                                            f"catalogue: press 're-recommend from this product' on a card again.)")


def _amount(panel: dict[str, JsonValue], key: str) -> int:
    """A start panel budget in won (0 when not given); anything but a number is refused by name."""
    value = panel.get(key) or 0
    try:
        if isinstance(value, int | float | str) and not isinstance(value, bool):
            return int(value)
    except ValueError:
        pass
    shown = repr(value)[:60]
    raise InvalidInput(f"start.{key}", f"start.{key}은(는) 원 단위 숫자여야 합니다 ({shown} 불가). "
                                       f"(start.{key} must be a number of won, not {shown}.)")


def _tags(panel: dict[str, JsonValue], key: str) -> list[str]:
    value = panel.get(key) or []
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise InvalidInput(f"start.{key}", f"start.{key}은(는) 태그 id 목록이어야 합니다. "
                                           f"(start.{key} must be a list of tag ids.)")
    return [str(t) for t in value]


def _apply_start_panel(turn: Turn, state: dict[str, object]) -> None:
    panel = ShoppingInputs.of(turn).start
    if not panel:
        return
    if not isinstance(panel, dict):
        raise InvalidInput("start", "시작 패널(start)은 {category, pros, cons, budget_min, budget_max} 객체여야 "
                                    "합니다. (The start panel must be an object: {category, pros, cons, budget_min, "
                                    "budget_max}.)")
    low, high = _amount(panel, "budget_min"), _amount(panel, "budget_max")
    pros, cons = _tags(panel, "pros"), _tags(panel, "cons")
    category = panel.get("category")
    state["category"] = (category if isinstance(category, str) else None) or state.get("category")
    state["pros"], state["cons"] = pros, cons
    state.pop("top3", None)  # a start is a first recommendation
    state.pop("anchor", None)
    if high or low:
        state["budget"] = {"min": low, "max": high or None, "label": f"{low}+" if not high else f"{low}-{high}"}


def budget_options(state: dict[str, Any], direction: str | None) -> list[str]:
    """Budget choices that go the way the user asked: below the current ceiling for "cheaper",
    above it for "pricier"."""
    budget = state.get("budget", DEFAULT_BUDGET)
    prices = [p["price"] for p in state.get("top3", [])]
    reference = budget.get("max") or (max(prices) if prices else None)
    if reference is None:
        return ["5만원 이하", "10만원 이하", "15만원 이하"]
    if direction == "pricier":
        steps = [reference * 1.3, reference * 1.6, reference * 2]
    else:
        steps = [reference * 0.5, reference * 0.7, reference * 0.85]
    values = sorted({max(10_000, round(v / 10_000) * 10_000) for v in steps})
    values = [v for v in values if (v > reference if direction == "pricier" else v < reference)] or (
        [reference * 2] if direction == "pricier" else [max(10_000, reference // 2)])
    return [f"{format_man(int(v))} 이하" for v in values]


def _clarify(turn: Turn, catalog: Catalog, state: dict[str, Any], intent: router.Intent) -> Iterator[Event]:
    pending: dict[str, object] = {"ask": intent.ask}  # what the answer to this question is read with
    if intent.anchor_id:
        pending["anchor_id"] = intent.anchor_id
    if intent.budget:
        pending["budget"] = intent.budget
    if intent.tag_changes or intent.ask == "category":
        pending["text"] = turn.text  # its conditions are read again once the category is known
    if intent.topic:
        pending["topic"] = intent.topic
        pending["question"] = turn.text
    state["pending"] = pending
    question = intent.question or BUDGET_QUESTION
    context: dict[str, Any] = {"reason": intent.ask}
    if intent.ask == "category":
        options = catalog.categories()
    elif intent.ask == "product":
        top = state.get("top3", [])
        options = [f"{i}번 {p['title']}" for i, p in enumerate(top, 1)]
    elif intent.ask == "budget":
        options = budget_options(state, intent.direction)
        context["current"] = budget_text(state.get("budget", DEFAULT_BUDGET))
    else:
        question = "조금 더 알려주시겠어요? 이런 걸 도와드릴 수 있어요."
        options = (["10만원 아래로 다시 보여줘", "1번 제품 세척 편해?", "1번이랑 2번 비교해줘"] if state.get("top3")
                   else ["분유포트 10만원 아래로 추천해줘", "젖병소독기 추천해줘", "베이비모니터 추천해줘"])
    if english(turn):
        question, options = _english_question(intent.ask, question, options, state)
    yield from turn.say(question)
    yield turn.emit(Clarification, question=question, context=context, options=options)


def _english_question(ask: str | None, question: str, options: list[str], state: dict[str, Any]
                      ) -> tuple[str, list[str]]:
    """The clarification for a user who wrote English: the question, and options they can send back."""
    if ask == "budget":
        return "What is the most you would like to spend?", [
            "under " + o.replace(" 이하", "") for o in options]
    if ask == "category":
        return "Which product are you looking for?", options
    if ask == "product":
        top = state.get("top3", [])
        return "Which product do you mean?", [f"#{i} {p['title']}" for i, p in enumerate(top, 1)]
    return "Could you tell me a little more? I can help with these.", (
        ["show under 100k", "is #1 easy to clean?", "compare #1 and #2"] if state.get("top3")
        else ["formula kettle under 100k", "bottle sterilizer", "baby monitor"])
