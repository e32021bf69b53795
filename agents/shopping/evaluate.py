"""Measure the shopping understanding on labelled phrasings (format: tests/PHRASINGS_FORMAT.md,
file ``tests/shopping/phrasings.yaml``): each item sets up what is on screen, runs the
offline model's classification and the router's post-processing, and checks the intent
and the arguments it gives. A follow-up (``before:``) runs the screen's start panel and its earlier
messages through the real agent first (``Rehearsal``) and is checked on the intent the router gave
its last turn. ``report`` prints accuracy per intent, per kind and the confusions."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from rich.console import Console

from agents.core.followups import Rehearsal, Step, earlier
from agents.core.labelled import Item, load_items
from agents.nlu import Report
from agents.nlu.korean_money import format_man
from agents.nlu.report import Outcome as ReportOutcome
from agents.nlu.report import count_kinds
from agents.shopping import router
from agents.shopping.catalog import Catalog, shipped_products, shipped_tags
from agents.shopping.engine import Budget, Scored, recommend

PHRASINGS = Path(__file__).resolve().parents[2] / "tests" / "shopping" / "phrasings.yaml"
# Follow-ups: the labelled message comes after earlier ones in the same conversation (``before:``).
FOLLOWUP = PHRASINGS.with_name("phrasings_followup.yaml")
USER = "demo"
NOW = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)  # follow-ups run at a fixed time, so runs agree


@dataclass
class Outcome:
    item: dict[str, Any]
    intent: str
    ok: bool
    problems: list[str] = field(default_factory=list)


def _tag_ids(labels: list[str]) -> list[str]:
    by_label = {v: k for k, v in shipped_tags().items()}
    return [by_label.get(x, x) for x in labels]


def _tags_by_category() -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, set[str]]] = defaultdict(lambda: {"pros": set(), "cons": set()})
    for p in shipped_products():
        out[p["category"]]["pros"].update(p["pros"])
        out[p["category"]]["cons"].update(p["cons"])
    return {c: {k: sorted(v) for k, v in t.items()} for c, t in out.items()}


def _category(item: dict[str, Any]) -> str | None:
    return item.get("category") or ("분유포트" if item.get("state", "fresh") != "fresh" or
                                     item.get("clicked_anchor") else None)


def setup(item: dict[str, Any]) -> tuple[dict[str, Any], list[Scored]]:
    """The classification context for the item's screen, and the Top 3 shown (real products)."""
    tags = _tags_by_category()
    shown: list[Scored] = []
    category = _category(item)
    budget = item.get("budget") or {}
    low, high = int(budget.get("min") or 0), budget.get("max")
    pros, cons = _tag_ids(item.get("pros") or []), _tag_ids(item.get("cons") or [])
    if category:
        products = [p for p in shipped_products() if p["category"] == category]
        result = recommend(products, pros=pros, cons=cons, budget=Budget(low, high), anchor=None,
                           labels=shipped_tags())
        shown = result["recommendations"]
    clicked = item.get("clicked_anchor")
    context = {
        "category": category, "categories": list(tags),
        "categoryTags": tags.get(category or "", {"pros": [], "cons": []}), "tagsByCategory": tags,
        "recommendations": [{"rank": i + 1, "id": r["id"], "title": r["title"], "price": r["price"]}
                            for i, r in enumerate(shown)],
        "anchor": shown[item["anchor"] - 1]["id"] if item.get("anchor") and shown else None,
        "budget": f"{low}+" if high is None else f"{low}-{high}",
        "selectedProsTags": pros, "selectedConsTags": cons,
        "clickedAnchorId": shown[clicked - 1]["id"] if clicked and shown else None, "awaiting": None,
    }
    return context, shown


def understand(item: dict[str, Any]) -> tuple[router.Intent, dict[str, Any], list[Scored]]:
    context, shown = setup(item)
    raw = json.dumps(router.classify_rules(item["text"], context, shipped_products()), ensure_ascii=False)
    return router.postprocess(raw, item["text"], context, shipped_products()), context, shown


def _start_panel(item: dict[str, Any], category: str) -> Step:
    """The start panel's "Top 3 추천 받기" for the item's screen: its message and structured input, as the
    shopping page sends them (agents/shopping/view.py)."""
    budget = item.get("budget") or {}
    pros, cons = _tag_ids(item.get("pros") or []), _tag_ids(item.get("cons") or [])
    parts = [f"{category} 추천해줘"]
    if budget.get("max"):
        parts.append(f"예산 {format_man(int(budget['max']))} 이하")
    if pros:
        parts.append("원하는 점: " + ", ".join(item.get("pros") or []))
    return Step(", ".join(parts), {"start": {"category": category, "pros": pros, "cons": cons,
                                             "budget_min": budget.get("min"), "budget_max": budget.get("max")}})


def follow_up(item: dict[str, Any], rehearsal: Rehearsal | None = None
              ) -> tuple[router.Intent | None, dict[str, Any], list[str]]:
    """The router's intent for the labelled message's turn (with that turn's classification context),
    after the screen's start panel and the earlier messages ran for real; or None and the problems."""
    if rehearsal is None:
        with Rehearsal("shopping", USER, NOW) as own:
            return follow_up(item, own)
    session = rehearsal.session()
    category = _category(item)
    first_extra: dict[str, Any] = {}
    if category:
        started = rehearsal.play([_start_panel(item, category)], session)
        if started.problems or started.error():
            return None, {}, [f"the start panel failed: {started.error()}"]
        conversation = session.conversation()
        top3 = (conversation.state.get("top3") or []) if conversation is not None else []
        clicked = item.get("clicked_anchor")
        if clicked:
            if not 1 <= int(clicked) <= len(top3):
                return None, {}, [f"clicked_anchor {clicked} is not among the {len(top3)} products shown"]
            first_extra = {"anchor_product_id": top3[int(clicked) - 1]["id"]}
    steps = [Step(t) for t in earlier(item)] + [Step(item["text"])]
    steps[0] = Step(steps[0].text, first_extra or None)  # the click goes with the first message
    final = rehearsal.play(steps, session)
    request = final.request("classify")
    if final.problems or request is None:
        return None, {}, final.problems or [final.error() or "the turn made no classification call"]
    text, context = router.parse_prompt(request.messages[-1].content)
    raw = request.policy(request).text
    if first_extra:  # the clicked product leaves the Top 3 it anchors: its label rank is the one it was clicked at
        context["clickedAt"] = {first_extra["anchor_product_id"]: int(item["clicked_anchor"])}
    return router.postprocess(raw, text, context, Catalog(rehearsal.store).products()), context, []


def check(item: dict[str, Any], rehearsal: Rehearsal | None = None) -> Outcome:
    if item.get("before"):
        found, context, trouble = follow_up(item, rehearsal)
        if found is None:
            return Outcome(item, "error", False, trouble)
        intent, shown = found, context["recommendations"]
    else:
        intent, context, shown = understand(item)
    ids = [r["id"] for r in shown]
    labels = shipped_tags()
    problems: list[str] = []
    want = item.get("intent")
    if item.get("clarify"):
        want = "ASK_CLARIFICATION"
    if intent.name != want:
        problems.append(f"intent {intent.name} != {want}")
    args = item.get("args") or {}
    changes = intent.tag_changes or {}
    budget = intent.budget
    if budget is None and intent.cheaper_than_anchor and context["clickedAnchorId"]:
        anchor = next(p for p in shipped_products() if p["id"] == context["clickedAnchorId"])
        budget = {"min": 0, "max": anchor["price"] - 1, "label": f"0-{anchor['price'] - 1}"}
    by_id = {p["id"]: p for p in shipped_products()}
    for key, expected in args.items():
        match key:
            case "category":
                got = intent.category or context["category"]
                if intent.anchor_id and not intent.category:
                    got = by_id[intent.anchor_id]["category"]
            case "budget_max":
                got = budget["max"] if budget else None
            case "budget_min":
                got = budget["min"] if budget else None
            case "pros_add":
                expected, got = set(_tag_ids(expected)), set(changes.get("add_pros", []))
                got = expected if expected <= got else got
            case "cons_add":
                expected, got = set(_tag_ids(expected)), set(changes.get("add_cons", []))
                got = expected if expected <= got else got
            case "remove":
                dropped = [labels[t] for t in changes.get("remove_pros", []) + changes.get("remove_cons", [])]
                if budget and budget.get("kind") == "none":
                    dropped += ["예산", "가격", "budget", "price"]
                got = [x for x in expected if any(x.lower() in d.lower() for d in dropped)]
            case "ranks":
                got = intent.product_ranks
                expected, got = sorted(expected), sorted(got)
            case "exclude_ranks":
                got = sorted(ids.index(p) + 1 for p in intent.exclude_ids if p in ids)
                expected = sorted(expected)
            case "anchor_rank":
                clicked_at = (context.get("clickedAt") or {}).get(intent.anchor_id or "")
                got = ids.index(intent.anchor_id) + 1 if intent.anchor_id in ids else clicked_at or intent.anchor_rank
            case "anchor_name":
                named = by_id.get(intent.anchor_id or "")
                names = " ".join([named["title"], named["name_en"] or ""]).lower() if named else ""
                got = expected if expected.lower() in names else (named["title"] if named else None)
            case "topic":
                got = intent.topic or "general"
            case _:
                continue
        if got != expected:
            problems.append(f"{key}: {got!r} != {expected!r}")
    return Outcome(item, intent.name, not problems, problems)


class BudgetLabel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    min: int | None = Field(None, ge=0)
    max: int | None = Field(None, ge=0)


class ShoppingArgs(BaseModel):
    """The labelled args ``check`` compares (other keys are ignored)."""

    model_config = ConfigDict(extra="allow", strict=True)

    category: str | None = None
    budget_max: int | None = None
    budget_min: int | None = None
    pros_add: list[str] | None = None
    cons_add: list[str] | None = None
    remove: list[str] | None = None
    ranks: list[int] | None = None
    exclude_ranks: list[int] | None = None
    anchor_rank: int | None = None
    anchor_name: str | None = None
    topic: str | None = None


class ShoppingItem(Item):
    """What ``check`` reads of an item (tests/PHRASINGS_FORMAT.md, shopping)."""

    args: ShoppingArgs | None = None  # type: ignore[assignment]
    intent: str | None = None
    state: Literal["fresh", "top3"] = "fresh"
    category: str | None = None
    budget: BudgetLabel | None = None
    pros: list[str] | None = None
    cons: list[str] | None = None
    clicked_anchor: int | None = Field(None, ge=1, le=3)
    anchor: int | None = Field(None, ge=1, le=3)


def load(path: Path = PHRASINGS) -> list[dict[str, Any]]:
    return load_items(path, ShoppingItem)


def report(outcomes: list[Outcome], name: str = "shopping") -> str:
    total = Counter(o.item.get("intent") or "ASK_CLARIFICATION" for o in outcomes)
    right = Counter(o.item.get("intent") or "ASK_CLARIFICATION" for o in outcomes if o.ok)
    ok = sum(o.ok for o in outcomes)
    lines = [f"{name}: {ok}/{len(outcomes)} right ({ok / max(1, len(outcomes)):.1%})"]
    for name in sorted(total):
        lines.append(f"  {name:<22} {right[name]:>3}/{total[name]:<3} ({right[name] / total[name]:.0%})")
    lines.append("  by kind (follow-up: after earlier messages):")
    for kind, (right_n, total_n) in count_kinds([(o.item, o.ok) for o in outcomes]).items():
        lines.append(f"  {kind:<22} {right_n:>3}/{total_n:<3} " + (f"({right_n / total_n:.0%})" if total_n else "(-)"))
    confusions = Counter((o.item.get("intent"), o.intent) for o in outcomes if o.item.get("intent") != o.intent)
    if confusions:
        lines.append("  confusions: " + ", ".join(f"{a}->{b} x{n}" for (a, b), n in confusions.most_common()))
    for o in outcomes:
        if not o.ok:
            after = f" after {' / '.join(map(repr, o.item['before']))}" if o.item.get("before") else ""
            lines.append(f"  MISS {o.item['text']!r} [{o.item.get('state', 'fresh')}]{after}: {'; '.join(o.problems)}")
    return "\n".join(lines)


class ShoppingReport(Report):
    """The figures as every agent's report (``--json``), printed as shopping's own plain text."""

    def __init__(self, name: str, outcomes: list[Outcome]) -> None:
        super().__init__(name, [ReportOutcome(o.item["text"], o.item.get("intent") or "ASK_CLARIFICATION", o.intent,
                                              o.ok, o.problems, o.item) for o in outcomes])
        self.text = report(outcomes, name)

    def print(self, console: Console | None = None, *, show_misses: bool = True) -> None:
        (console or Console()).file.write(self.text + "\n")

    def __str__(self) -> str:
        return self.text


def run_report(path: Path | None = None, name: str = "shopping") -> ShoppingReport | str:
    path = path or PHRASINGS
    if not path.exists():
        return f"shopping: no labelled phrasings at {path}"
    items = load(path)
    if not any(item.get("before") for item in items):
        return ShoppingReport(name, [check(item) for item in items])
    with Rehearsal("shopping", USER, NOW) as rehearsal:  # one throwaway store for the file's follow-ups
        return ShoppingReport(name, [check(item, rehearsal) for item in items])


def nlu_report(path: Path | None = None) -> ShoppingReport | str | list[ShoppingReport | str]:
    """What ``playground nlu-report shopping`` prints (AgentSpec.nlu_report): both labelled sets,
    or the one file given."""
    if path is not None:
        return run_report(path)
    return [run_report(PHRASINGS), run_report(FOLLOWUP, "shopping (follow-up)")]
