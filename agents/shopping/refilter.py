"""REFILTER / REFILTER_WITH_ANCHOR: apply the resolved changes to the session, recommend,
and say what changed (a first answer reads as a first answer), then update the summary."""

from __future__ import annotations

import copy
import json
from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Any

from agents.core.errors import PlaygroundError
from agents.core.events import Clarification, DataCard, Event
from agents.core.providers.base import ChatMessage
from agents.nlu import josa
from agents.nlu.korean_money import format_man
from agents.shopping import english as words_en
from agents.shopping import router
from agents.shopping.card_data import Recommendations
from agents.shopping.catalog import Catalog, ShippedProduct
from agents.shopping.engine import Budget, BudgetRange, Recommendation, reason, recommend
from agents.shopping.general import english
from agents.shopping.reading import read
from agents.shopping.resolve import CATEGORY_QUESTION, tag_changes
from agents.shopping.topics import TOPIC_NAMES

if TYPE_CHECKING:
    from agents.core.turn import Turn

DEFAULT_BUDGET: BudgetRange = {"min": 0, "max": None, "label": "0+"}


def budget_text(budget: BudgetRange) -> str:
    low, high = budget.get("min", 0), budget.get("max")
    if high is None:
        return f"{format_man(low)} 이상" if low else "제한 없음"
    return f"{format_man(low)}~{format_man(high)}" if low else f"{format_man(high)} 이하"


def _apply(state: dict[str, Any], catalog: Catalog, intent: router.Intent, context_text: str | None) -> dict[str, Any]:
    """The session after this request; returns what changed, for the reply."""
    pending = state.get("pending") or {}
    if intent.category and intent.category != state.get("category"):
        state["category"] = intent.category
        # A new category starts over: the old anchor, Top 3 and tags belong to the old one.
        for key in ("anchor", "top3", "excluded"):
            state.pop(key, None)
    if intent.anchor_id:
        state["anchor"] = intent.anchor_id
    elif pending.get("anchor_id") and not intent.category:
        state["anchor"] = pending["anchor_id"]
    anchor = catalog.product(state["anchor"]) if state.get("anchor") else None
    if anchor is not None and state.get("category") != anchor["category"]:
        if intent.anchor_id:  # a product chosen now brings its category
            state["category"] = anchor["category"]
        else:
            state.pop("anchor", None)
            anchor = None
    changes = dict(intent.tag_changes or {})
    tags = catalog.category_tags(state.get("category"))
    if context_text:  # conditions said before the category was known
        earlier = tag_changes(read(context_text), tags) or {}
        for key, values in earlier.items():
            changes[key] = list(dict.fromkeys(values + changes.get(key, [])))
    known = set(tags["pros"]) | set(tags["cons"])
    pros = [t for t in state.get("pros", []) if t in known and t not in changes.get("remove_pros", [])]
    cons = [t for t in state.get("cons", []) if t in known and t not in changes.get("remove_cons", [])]
    state["pros"] = pros + [t for t in changes.get("add_pros", []) if t not in pros]
    state["cons"] = cons + [t for t in changes.get("add_cons", []) if t not in cons and t not in state["pros"]]
    budget = intent.budget or pending.get("budget")
    if budget:
        state["budget"] = {"min": budget["min"], "max": budget["max"], "label": budget["label"]}
    if anchor is not None and intent.cheaper_than_anchor:
        state["budget"] = {"min": 0, "max": anchor["price"] - 1, "label": f"0-{anchor['price'] - 1}"}
        budget = dict(state["budget"], kind="below_anchor")
    if intent.exclude_ids:
        state["excluded"] = list(dict.fromkeys(state.get("excluded", []) + intent.exclude_ids))
    return {"changes": changes, "budget": budget, "anchor": anchor}


def refilter(turn: Turn, catalog: Catalog, state: dict[str, Any], intent: router.Intent) -> Iterator[Event]:
    kept = copy.deepcopy(state)
    first = not state.get("top3")
    before_budget: BudgetRange = copy.copy(state.get("budget", DEFAULT_BUDGET))
    pending = state.get("pending") or {}
    applied = _apply(state, catalog, intent, pending.get("text"))
    if not state.get("category"):
        state["pending"] = {"ask": "category", "text": turn.text, **({"budget": intent.budget} if intent.budget else {})}
        yield from turn.say(CATEGORY_QUESTION)
        yield turn.emit(Clarification, question=CATEGORY_QUESTION, options=catalog.categories(),
                        context={"reason": "category"})
        return
    first = first or not state.get("top3")
    labels = catalog.tag_labels()
    budget = state.get("budget", DEFAULT_BUDGET)
    anchor = applied["anchor"]
    excluded = set(state.get("excluded", []))
    try:
        products = [p for p in catalog.products(state["category"]) if p["id"] not in excluded]
        if anchor is not None and intent.cheaper_than_anchor:  # cheaper means cheaper than the anchor, strictly
            products = [p for p in products if p["price"] < anchor["price"]]
            if not products:
                state.clear()
                state.update(kept)  # nothing cheaper: the Top 3 and budget stay as they were
                yield from turn.say(_none_cheaper(anchor, state["category"] if state.get("category") else
                                                  anchor["category"], english(turn)))
                return
        result = recommend(products, pros=state["pros"], cons=state["cons"],
                           budget=Budget(budget["min"], budget["max"]), anchor=anchor, labels=labels)
    except Exception as exc:  # re-raised as the seed's "재추천 중 오류" message, with the cause
        raise PlaygroundError(f"재추천 중 오류가 발생했습니다 ({type(exc).__name__}: {exc}). 잠시 후 다시 시도해주세요.",
                              code="recommendation_failed", retryable=True) from exc
    recs = result["recommendations"]
    state["top3"] = [{"id": r["id"], "title": r["title"], "price": r["price"]} for r in recs]
    reply = _reply_en if english(turn) else _reply
    text = reply(state, intent, applied, before_budget, result, labels, first)
    yield from turn.say(text)
    summary = yield from _update_summary(turn, state, labels, catalog)
    session = {k: state.get(k) for k in ("category", "pros", "cons", "budget", "anchor")} | {"summary": summary}
    yield turn.emit(DataCard, card_type="recommendations", title=f"{state['category']} Top 3", data=Recommendations(
        recommendations=recs, updatedSession=session, first=first,
        labels={t: labels[t] for r in recs for t in r["pros"] + r["cons"]},
    ))


def _reply(state: dict[str, Any], intent: router.Intent, applied: dict[str, Any], before: BudgetRange,
           result: Recommendation, labels: dict[str, str], first: bool) -> str:
    budget = state.get("budget", DEFAULT_BUDGET)
    changes, anchor, asked = applied["changes"], applied["anchor"], applied["budget"]
    category = state["category"]
    if first:
        head = f"**{category}** 추천 Top 3예요" + (f" (**{budget_text(budget)}**)" if budget.get("max") or budget.get("min") else "") + "."
    elif asked:
        head = f"**{budget_text(budget)}**{josa(budget_text(budget), '으로')} 다시 찾아봤어요!"
    else:
        head = "조건에 맞춰 다시 찾아봤어요!"
    lines = [head, ""]
    if asked and asked.get("kind") == "cheaper":
        lines.append(f"💰 더 저렴하게: 지금 예산 {format_man(asked['previous'])}의 70%인 **{format_man(asked['max'])} 이하**로 "
                     "찾았어요. 다른 금액이 좋으면 \"8만원 이하로\"처럼 말씀해주세요.")
    elif asked and asked.get("kind") == "scaled":
        lines.append(f"💰 **예산 조정**: {format_man(asked['previous'])} 이하 → {format_man(asked['max'])} 이하")
    elif not first and asked and before != state["budget"]:
        lines.append(f"💰 **예산 조정**: {budget_text(before)} → {budget_text(budget)}")
    if anchor is not None:
        lines.append(f"📌 **기준 제품**: {anchor['title']} ({anchor['price']:,}원)")
        if intent.cheaper_than_anchor:
            lines.append(f"💰 기준 제품보다 저렴한 제품만 골랐어요 ({len(result['recommendations'])}개).")
    if intent.exclude_ids:
        lines.append(f"🚫 **제외**: {', '.join(p['title'] for p in _titles(intent.exclude_ids))}")
    parts = [*(f"+ {labels[t]}" for t in changes.get("add_pros", [])),
             *(f"피하기: {labels[t]}" for t in changes.get("add_cons", [])
               if not changes.get("add_pros")),
             *(f"- {labels[t]}" for t in changes.get("remove_pros", []) + changes.get("remove_cons", []))]
    if parts:
        lines.append(("🏷️ **원하는 조건**: " if first else "🏷️ **조건 변경**: ") + ", ".join(parts))
    for topic in changes.get("unsupported", []):
        name = TOPIC_NAMES.get(topic, topic)
        lines.append(f"ℹ️ {category}에는 '{name}' 관련 조건이 없어서 반영하지 못했어요.")
    inside = result["in_budget_count"]
    if inside == 0:
        lines.append(f"⚠️ {budget_text(budget)}에 맞는 {category}{josa(category, '이')} 없어요. 예산에 가장 가까운 제품을 보여드려요.")
    elif result["relaxed"] and not (anchor is not None and intent.cheaper_than_anchor):
        lines.append(f"⚠️ 예산 안에 맞는 제품이 {inside}개뿐이라, 예산 밖의 제품은 ⚠️로 표시했어요.")
    lines += ["", "---", "", "### 🎯 Top 3 추천" if first else "### 🎯 새로운 Top 3 추천", ""]
    for i, r in enumerate(result["recommendations"], 1):
        flag = f" · ⚠️ {r['budget_flag']}" if r.get("budget_flag") else ""
        lines += [f"**{i}. {r['title']}** ({r['score']:g}점)", f"   {r['reason']}", f"   💰 {r['price']:,}원{flag}", ""]
    return "\n".join(lines).strip()


def _budget_en(budget: BudgetRange) -> str:
    low, high = budget.get("min", 0), budget.get("max")
    if high is None:
        return f"₩{low:,} or more" if low else "no limit"
    return f"₩{low:,}-₩{high:,}" if low else f"up to ₩{high:,}"


def _reply_en(state: dict[str, Any], intent: router.Intent, applied: dict[str, Any], before: BudgetRange,
              result: Recommendation, labels: dict[str, str], first: bool) -> str:
    """The same reply as ``_reply`` for a user who wrote English: category, tag labels and product names in
    English (``agents.shopping.english``)."""
    budget = state.get("budget", DEFAULT_BUDGET)
    changes, anchor, asked = applied["changes"], applied["anchor"], applied["budget"]
    category = words_en.CATEGORIES_EN.get(state["category"], state["category"])
    labels = {t: words_en.tag(t, labels, True) for t in labels}
    if first:
        head = f"Top 3 **{category}**" + (f" (**{_budget_en(budget)}**)" if budget.get("max") or budget.get("min") else "") + "."
    elif asked:
        head = f"I searched again for **{_budget_en(budget)}**."
    else:
        head = "I searched again with your conditions."
    lines = [head, ""]
    if asked and asked.get("kind") == "cheaper":
        lines.append(f"💰 Cheaper: 70% of your budget of ₩{asked['previous']:,}, so **up to ₩{asked['max']:,}**. "
                     "Say an amount (\"under 80k\") if you prefer another.")
    elif not first and asked and before != state["budget"]:
        lines.append(f"💰 **Budget**: {_budget_en(before)} → {_budget_en(budget)}")
    if anchor is not None:
        lines.append(f"📌 **Based on**: {words_en.name(anchor, True)} (₩{anchor['price']:,})")
        if intent.cheaper_than_anchor:
            lines.append(f"💰 Only products cheaper than it ({len(result['recommendations'])}).")
    if intent.exclude_ids:
        lines.append(f"🚫 **Excluded**: {', '.join(words_en.name(p, True) for p in _titles(intent.exclude_ids))}")
    parts = [*(f"+ {labels[t]}" for t in changes.get("add_pros", [])),
             *(f"avoid: {labels[t]}" for t in changes.get("add_cons", []) if not changes.get("add_pros")),
             *(f"- {labels[t]}" for t in changes.get("remove_pros", []) + changes.get("remove_cons", []))]
    if parts:
        lines.append("🏷️ **Conditions**: " + ", ".join(parts))
    for topic in changes.get("unsupported", []):
        lines.append(f"ℹ️ {category} has no '{words_en.TOPICS_EN.get(topic, topic)}' condition, so I could not apply it.")
    inside = result["in_budget_count"]
    if inside == 0:
        lines.append(f"⚠️ No {category} fits {_budget_en(budget)}: these are the closest to it.")
    elif result["relaxed"] and not (anchor is not None and intent.cheaper_than_anchor):
        lines.append(f"⚠️ Only {inside} fit the budget; the others are marked ⚠️.")
    lines += ["", "---", "", "### 🎯 Top 3" if first else "### 🎯 New Top 3", ""]
    for i, r in enumerate(result["recommendations"], 1):
        flag = " · ⚠️ over budget" if r.get("budget_flag") else ""
        named = next(iter(_titles([r["id"]])), r)  # the recommendation carries no name_en: the catalogue's
        lines += [f"**{i}. {words_en.name(named, True)}** ({r['score']:g} pts)",
                  f"   {reason(r, state.get('pros', []), labels)}", f"   💰 ₩{r['price']:,}{flag}", ""]
    return "\n".join(lines).strip()


def _none_cheaper(anchor: dict[str, Any], category: str, en: bool) -> str:
    if en:
        return (f"{words_en.name(anchor, True)} (₩{anchor['price']:,}) is already the cheapest of the "
                f"{words_en.CATEGORIES_EN.get(category, category)} in this catalogue, so there is nothing cheaper to "
                "show. The Top 3 stays as it was.")
    return (f"{anchor['title']}({anchor['price']:,}원)보다 저렴한 {category}{josa(category, '이')} 이 카탈로그에 없어요. "
            "Top 3는 그대로 둘게요.")


def _titles(ids: list[str]) -> list[ShippedProduct]:
    from agents.shopping.catalog import shipped_products
    by_id = {p["id"]: p for p in shipped_products()}
    return [by_id[i] for i in ids if i in by_id]


def template_summary(data: dict[str, Any]) -> str:
    """The offline model's condition summary: everything asked so far, not only the last request."""
    pros = ", ".join(data["prioritySettings"]["pros"]) or "없음"
    cons = ", ".join(data["prioritySettings"]["cons"]) or "없음"
    lines = [f"**{data.get('category') or '제품'}** · 예산 {data['budget']}",
             f"- 원하는 점: {pros}", f"- 피하고 싶은 점: {cons}"]
    if data.get("anchor"):
        lines.append(f"- 기준 제품: {data['anchor']}")
    requests = [i for i in data.get("userInputs", []) if i.strip()]
    if requests:
        lines.append("- 지금까지의 요청: " + " → ".join(f"\"{i}\"" for i in requests))
    return "\n".join(lines)


def _update_summary(turn: Turn, state: dict[str, Any], labels: dict[str, str], catalog: Catalog
                    ) -> Generator[Event, None, str]:
    """The condition summary ("하늘색 조건 컨테이너"): written by the model, with the seed's fallback."""
    previous = state.get("summary") or ""
    anchor = catalog.product(state["anchor"]) if state.get("anchor") else None
    prompt = {"previousSummary": previous, "userInputs": state.get("inputs", [])[-8:],
              "prioritySettings": {"pros": [labels[t] for t in state.get("pros", [])],
                                   "cons": [labels[t] for t in state.get("cons", [])]},
              "budget": budget_text(state.get("budget", DEFAULT_BUDGET)), "category": state.get("category"),
              "anchor": anchor["title"] if anchor else None}
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
    state["summary"] = summary = summary.strip()
    return summary

