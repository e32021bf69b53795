"""Turn what a message says (a ``Reading``) into an intent's concrete arguments, against the
session shown in the context: tag ids of the category, budget numbers, product ids."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agents.shopping.reading import Reading, lexicon

if TYPE_CHECKING:
    from agents.shopping.engine import BudgetRange
    from agents.shopping.router import Decision, Intent

BUDGET_QUESTION = "최대 얼마까지 쓸 수 있을까요?"
CATEGORY_QUESTION = "어떤 제품을 찾고 계세요?"
PRODUCT_QUESTION = "몇 번 제품이 궁금하세요?"
UNSURE_QUESTION = "어떤 걸 도와드릴까요?"
CHEAPER_SHARE = 0.7  # seed idea 3: "더 저렴하게" with a known budget = 70% of it
NO_BUDGET: BudgetRange = {"min": 0, "max": None, "kind": "none", "previous": None, "label": "0+"}


def _belongs(topic: dict[str, Any], pros: set[str], cons: set[str], category: str | None) -> bool:
    """A topic is one of the category's when its tags are the category's, or the lexicon names the category."""
    return bool(set(topic.get("pros", [])) & pros or set(topic.get("cons", [])) & cons
                or (category and category in topic.get("categories", [])))


def tag_changes(r: Reading, tags: dict[str, list[str]], category: str | None = None) -> dict[str, list[str]] | None:
    """Tag ids to add or drop, limited to the tags the category has. Wanting a topic also
    avoids its cons ("조용한 걸로" avoids "소음이 커요")."""
    from agents.shopping.catalog import shipped_tags

    topics, known = lexicon()["topics"], set(shipped_tags())
    pros, cons = set(tags.get("pros", [])), set(tags.get("cons", []))
    out: dict[str, list[str]] = {"add_pros": [], "add_cons": [], "remove_pros": [], "remove_cons": [], "unsupported": []}

    def add(key: str, values: list[str]) -> None:
        out[key] += [v for v in values if v not in out[key]]

    def drawbacks(name: str) -> list[str]:
        """The topic's cons this category's products carry; else, when the topic belongs to the category, the
        catalogue's cons for it ("온도 들쭉날쭉한 건 제외" on kettles: no kettle's reviews name it yet, but the
        wish is kept, as the seed keeps selectedConsTags, and no product shown has that drawback)."""
        topic = topics[name]
        carried = [t for t in topic.get("cons", []) if t in cons]
        if carried or not _belongs(topic, pros, cons, category):
            return carried
        return [t for t in topic.get("cons", []) if t in known]

    for name in r.want:
        topic = topics[name]
        wanted = [t for t in topic.get("pros", []) if t in pros]
        avoided = [t for t in topic.get("cons", []) if t in cons] if wanted else drawbacks(name)
        add("add_pros", wanted)
        add("add_cons", avoided)
        if not wanted and not avoided:
            add("unsupported", [name])
    for name in r.avoid:
        avoided = drawbacks(name)
        add("add_cons", avoided)
        # "온도가 오락가락하는 건 빼줘" where no kettle's reviews name that drawback: its good side is the wish too
        carried = [t for t in topics[name].get("cons", []) if t in cons]
        opposite = [] if carried else [t for t in topics[name].get("pros", []) if t in pros]
        add("add_pros", opposite)
        if not avoided and not opposite:
            add("unsupported", [name])
    for tag in r.taken_back:  # "아니 방금 건 말고 통기성": the condition just set goes, the new one comes
        if tag in pros and tag not in out["add_pros"]:
            add("remove_pros", [tag])
        elif tag in cons and tag not in out["add_cons"]:
            add("remove_cons", [tag])
    for name in r.removed:
        add("remove_pros", [t for t in topics[name].get("pros", []) if t in pros])
        add("remove_cons", [t for t in topics[name].get("cons", []) if t in cons])
    out["add_cons"] = [t for t in out["add_cons"] if t not in out["remove_cons"]]
    return out if any(out[k] for k in ("add_pros", "add_cons", "remove_pros", "remove_cons")) else None


def budget_max(context: dict[str, Any]) -> int | None:
    label = str(context.get("budget") or "0+")
    return None if label.endswith("+") else int(label.split("-")[1])


def category_from_tags(r: Reading, context: dict[str, Any]) -> str | None:
    by_category = context.get("tagsByCategory") or {}
    topics = lexicon()["topics"]
    fits = [c for c, tags in by_category.items()
            if any(set(topics[t].get("pros", [])) & set(tags["pros"]) for t in r.want)]
    return fits[0] if len(fits) == 1 else None


def _budget(r: Reading, intent: Intent, context: dict[str, Any]) -> BudgetRange | None:
    if r.budget is not None:
        b = r.budget
        return {"min": b.min, "max": b.max, "kind": b.kind, "previous": b.previous, "label": b.label()}
    if r.budget_removed:
        return NO_BUDGET.copy()
    known = budget_max(context)
    if r.scale is not None and known:
        ceiling = max(1000, round(known * r.scale / 1000) * 1000)
        return {"min": 0, "max": ceiling, "kind": "scaled", "previous": known, "label": f"0-{ceiling}"}
    if r.direction == "cheaper" and known and intent.name in ("REFILTER", "REFILTER_WITH_ANCHOR"):
        ceiling = max(1000, round(known * CHEAPER_SHARE / 1000) * 1000)
        return {"min": 0, "max": ceiling, "kind": "cheaper", "previous": known, "label": f"0-{ceiling}"}
    return None


def resolve(intent: Intent, r: Reading, rules: Decision, named: list[str], context: dict[str, Any]) -> None:
    shown = list(context.get("recommendations") or [])
    ids = [p["id"] for p in shown]
    ranks = list(r.ranks) + [ids.index(pid) + 1 for pid in named if pid in ids and ids.index(pid) + 1 not in r.ranks]
    intent.product_ranks = ranks
    intent.product_ids = [ids[k - 1] for k in r.ranks if 1 <= k <= len(ids)] + [p for p in named if p not in ids]
    intent.product_ids = list(dict.fromkeys(intent.product_ids + [ids[k - 1] for k in ranks if 1 <= k <= len(ids)]))
    clicked = context.get("clickedAnchorId")
    if clicked:
        intent.name, intent.anchor_id = "REFILTER_WITH_ANCHOR", clicked
        intent.cheaper_than_anchor = r.direction == "cheaper"
    elif intent.name == "REFILTER_WITH_ANCHOR":
        intent.cheaper_than_anchor = r.below_ref or r.direction == "cheaper"  # anchored: below the anchor's price
        if r.ranks:
            intent.anchor_rank = r.ranks[0]
            intent.anchor_id = ids[r.ranks[0] - 1] if 1 <= r.ranks[0] <= len(ids) else None
        elif named:
            intent.anchor_id = named[0]
            intent.anchor_rank = ids.index(named[0]) + 1 if named[0] in ids else None
        elif r.on_anchor:
            intent.anchor_id = str(context["anchor"])
            intent.anchor_rank = ids.index(intent.anchor_id) + 1 if intent.anchor_id in ids else None
        else:
            intent.name = "REFILTER"
    elif intent.name == "REFILTER" and "exclude" in r.flags and (r.ranks or named):
        intent.exclude_ids = [p for p in intent.product_ids]
    if intent.name == "ASK_CLARIFICATION" and ("anchor" in r.flags) and (r.ranks or named):
        intent.anchor_rank = r.ranks[0] if r.ranks else None
        intent.anchor_id = (ids[r.ranks[0] - 1] if r.ranks and 1 <= r.ranks[0] <= len(ids)
                            else (named[0] if named else None))
    compared = [pid for pid in context.get("lastCompared") or [] if pid in ids]
    if intent.name == "COMPARE" and not intent.product_ids and len(compared) >= 2 and not r.all_shown:
        # "which would you pick?" right after comparing two: between those two, not everything shown
        intent.product_ids = compared
        intent.product_ranks = [ids.index(pid) + 1 for pid in compared]
    if intent.name in ("PRODUCT_QA", "COMPARE") and not intent.product_ids:
        if (intent.name == "COMPARE" and len(ids) >= 2) or (intent.name == "PRODUCT_QA" and r.all_shown and ids):
            intent.product_ranks, intent.product_ids = list(range(1, len(ids) + 1)), ids
        elif not r.ranks:
            intent.name, rules.ask = "ASK_CLARIFICATION", "product"
    if intent.name in ("PRODUCT_QA", "COMPARE", "REFILTER_WITH_ANCHOR") or intent.exclude_ids:
        check = r.ranks if intent.name != "REFILTER_WITH_ANCHOR" or clicked is None else []
        intent.missing_ranks = [k for k in check if not 1 <= k <= len(ids)]
    if intent.name == "GENERAL" and {"empathy", "thanks", "greeting"} & r.flags and not intent.advice:
        intent.topic = None  # "so exhausted, no sleep again": a feeling shared, not a question about night vision
    elif intent.name == "GENERAL" and not (r.category or r.want or r.avoid):
        # "아기가 밤에 안 자요", "분유 물 온도 몇 도?": parenting talk, not a product quality ("밤" is no night vision);
        # the word stays a hint of the related products the answer may offer
        intent.hint, intent.topic = intent.topic, None
    category = r.category or context.get("category")
    if category is None and intent.name == "REFILTER":
        category = category_from_tags(r, context)
        intent.category = category
    tags = (context.get("tagsByCategory") or {}).get(category or "", context.get("categoryTags") or {})
    intent.tag_changes = tag_changes(r, tags, category)
    if intent.name in ("REFILTER", "REFILTER_WITH_ANCHOR"):
        intent.budget = _budget(r, intent, context)
        price = next((p["price"] for p in shown if p["id"] == intent.anchor_id), None)
        if intent.cheaper_than_anchor and price and r.budget is None:
            intent.budget = {"min": 0, "max": price - 1, "kind": "below_anchor", "previous": None,
                             "label": f"0-{price - 1}"}
    elif intent.name == "ASK_CLARIFICATION":
        # What the user said so far waits for the answer (a category, a budget).
        intent.budget = _budget(r, intent, context)
    if intent.name == "ASK_CLARIFICATION":
        intent.ask = rules.ask or ("budget" if r.direction else "category" if category is None else "unsure")
        if intent.ask == "budget" and category is None and not r.direction:
            intent.ask = "category"
        intent.question = {"budget": BUDGET_QUESTION, "category": CATEGORY_QUESTION,
                           "product": PRODUCT_QUESTION}.get(intent.ask, UNSURE_QUESTION)
