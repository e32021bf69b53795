"""The labelled shopping phrasings (tests/shopping/phrasings.yaml) are well formed: every key,
intent, state, tag label and product name they use exists, no phrasing appears twice once
spaces and case are ignored, and every intent and argument is covered often enough.

This checks the data only; how well the offline model does on it is tests/shopping/test_phrasings.py.
``problems(items)`` and ``counts(items)`` are reusable on any file in the same format."""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from data.shopping.catalog import PATH as CATALOG

PHRASINGS = Path(__file__).with_name("phrasings.yaml")
INTENTS = ("REFILTER", "REFILTER_WITH_ANCHOR", "PRODUCT_QA", "COMPARE", "ASK_CLARIFICATION", "GENERAL")
STATES = ("fresh", "top3")
ITEM_KEYS = {"text", "state", "intent", "clarify", "options_include", "args", "tags", "note",
             "category", "budget", "pros", "cons", "anchor", "clicked_anchor"}
ARG_KEYS = ("category", "budget_max", "budget_min", "pros_add", "cons_add", "remove", "ranks",
            "exclude_ranks", "anchor_rank", "anchor_name", "topic")
TOPICS = {"price", "cleaning", "noise", "size", "weight", "safety", "durability", "battery", "night", "general"}
BUDGET_WORDS = {"예산", "가격", "budget", "price"}  # what "remove" may name besides a tag label
VARIANTS = {"spacing", "typo", "tense", "polite", "casual", "english", "mixed", "comparative", "one-shot",
            "english-ref", "fraction", "ordinal", "negation", "remove-condition", "ambiguous", "off-topic",
            "product-name"}
RANKED_INTENTS = {"PRODUCT_QA", "COMPARE"}  # the only intents whose args name shown products by rank
SHOWN = 3  # a Top 3 is on screen
DEFAULT_CATEGORY = "분유포트"
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
LATIN = re.compile(r"[A-Za-z]")

MIN_ITEMS = 170
MIN_PER_INTENT = 15
MIN_PER_ARG = 5
KOREAN_SHARE = (0.65, 0.85)  # "Korean mostly (about 75%)"


def catalogue() -> dict[str, Any]:
    data = json.loads(CATALOG.read_text(encoding="utf-8"))
    labels: dict[str, str] = data["tags"]
    by_category: dict[str, dict[str, set[str]]] = {}
    for p in data["products"]:
        tags = by_category.setdefault(p["category"], {"pros": set(), "cons": set()})
        tags["pros"].update(labels[t] for t in p["pros"])
        tags["cons"].update(labels[t] for t in p["cons"])
    names = [n.lower() for p in data["products"] for n in (p["title"], p["name_en"])]
    return {"labels": set(labels.values()), "by_category": by_category, "names": names}


def key(text: str) -> str:
    """What makes two phrasings the same: NFKC, case and spaces ignored."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).casefold()


def language(item: dict[str, Any]) -> str:
    tags = item.get("tags") or []
    return "english" if "english" in tags else "mixed" if "mixed" in tags else "korean"


def _ranks(value: object) -> bool:
    return (isinstance(value, list) and bool(value) and len(set(value)) == len(value)
            and all(isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= SHOWN for r in value))


def _amount(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= 10_000_000


def _item_problems(item: Any, cat: dict[str, Any]) -> list[str]:
    if not isinstance(item, dict):
        return ["not a mapping"]
    out: list[str] = []
    text = item.get("text")
    if not isinstance(text, str) or not text.strip() or text != text.strip():
        return ["text missing, empty or padded with spaces"]
    if unknown := set(item) - ITEM_KEYS:
        out.append(f"unknown keys {sorted(unknown)}")
    state = item.get("state", "fresh")
    if state not in STATES:
        out.append(f"state {state!r} not in {STATES}")
    intent = "ASK_CLARIFICATION" if item.get("clarify") else item.get("intent")
    if intent not in INTENTS:
        out.append(f"intent {intent!r} not in {INTENTS}")
    if item.get("clarify") and item.get("intent") not in (None, "ASK_CLARIFICATION"):
        out.append("clarify: true with another intent")
    screen_category = item.get("category") or DEFAULT_CATEGORY
    if item.get("category") and item["category"] not in cat["by_category"]:
        out.append(f"category {item['category']!r} not in the catalogue")
    if state == "fresh" and any(k in item for k in ("category", "budget", "pros", "cons", "anchor", "clicked_anchor")):
        out.append("a fresh conversation has nothing on screen (no category, budget, pros, cons or anchor)")
    budget = item.get("budget")
    if budget is not None:
        if not isinstance(budget, dict) or not budget or set(budget) - {"min", "max"} or \
                not all(_amount(v) for v in budget.values()):
            out.append(f"budget {budget!r} is not {{min/max: positive won}}")
        elif "min" in budget and "max" in budget and budget["min"] >= budget["max"]:
            out.append(f"budget min {budget['min']} >= max {budget['max']}")
    tags_here = cat["by_category"].get(screen_category, {"pros": set(), "cons": set()})
    for side in ("pros", "cons"):
        chosen = item.get(side)
        if chosen is not None and (not isinstance(chosen, list) or not chosen):
            out.append(f"{side} must be a non-empty list of tag labels")
        for label in chosen or []:
            if label not in tags_here[side]:
                out.append(f"{side} label {label!r} is not a {side} tag of {screen_category}")
    for field in ("anchor", "clicked_anchor"):
        if field in item and not _ranks([item[field]]):
            out.append(f"{field} must be a rank 1..{SHOWN}")
    if "clicked_anchor" in item and intent != "REFILTER_WITH_ANCHOR":
        out.append("a clicked anchor always means REFILTER_WITH_ANCHOR")
    tags = item.get("tags", [])
    if not isinstance(tags, list) or set(tags) - VARIANTS or len(set(tags)) != len(tags):
        out.append(f"tags {tags!r}: unknown or repeated (known: {sorted(VARIANTS)})")
    lang = language(item)
    has_ko, has_en = bool(HANGUL.search(text)), bool(LATIN.search(text))
    fits = {"english": not has_ko, "mixed": has_ko and has_en, "korean": has_ko}[lang]
    if not fits:
        out.append(f"language tag does not fit the text ({lang})")
    if "note" in item and (not isinstance(item["note"], str) or not item["note"].strip()):
        out.append("note must be a sentence")
    args = item.get("args", {})
    if not isinstance(args, dict):
        return [*out, "args must be a mapping"]
    if unknown := set(args) - set(ARG_KEYS):
        out.append(f"unknown arg keys {sorted(unknown)}")
    if intent in ("ASK_CLARIFICATION", "GENERAL") and args:
        out.append(f"{intent} takes no args")
    category = args.get("category") or screen_category
    if "category" in args and args["category"] not in cat["by_category"]:
        out.append(f"args.category {args['category']!r} not in the catalogue")
    for field in ("budget_max", "budget_min"):
        if field in args and not _amount(args[field]):
            out.append(f"{field} must be a positive amount in won")
    if _amount(args.get("budget_min")) and _amount(args.get("budget_max")) and args["budget_min"] >= args["budget_max"]:
        out.append("budget_min >= budget_max")
    wanted = cat["by_category"].get(category, {"pros": set(), "cons": set()})
    for field, side in (("pros_add", "pros"), ("cons_add", "cons")):
        labels = args.get(field)
        if labels is not None and (not isinstance(labels, list) or not labels):
            out.append(f"{field} must be a non-empty list of tag labels")
        for label in labels or []:
            if label not in cat["labels"]:
                out.append(f"{field} label {label!r} is not a catalogue tag label")
            elif "anchor_name" not in args and label not in wanted[side]:
                out.append(f"{field} label {label!r} is not a {side} tag of {category}")
    for part in args.get("remove") or []:
        if not isinstance(part, str) or not (part.lower() in BUDGET_WORDS or
                                             any(part.lower() in lab.lower() for lab in cat["labels"])):
            out.append(f"remove {part!r} names neither a tag label nor the budget")
    if "remove" in args and not (isinstance(args["remove"], list) and args["remove"]):
        out.append("remove must be a non-empty list")
    if "remove" in args and state == "fresh":
        out.append("nothing to remove in a fresh conversation")
    for field in ("ranks", "exclude_ranks"):
        if field in args and not _ranks(args[field]):
            out.append(f"{field} must be distinct ranks 1..{SHOWN}")
        if field in args and state == "fresh":
            out.append(f"{field} in a fresh conversation (nothing is shown)")
    if "ranks" in args and intent not in RANKED_INTENTS:
        out.append(f"ranks with {intent}")
    if intent == "COMPARE" and "ranks" in args and len(args["ranks"]) < 2:
        out.append("COMPARE needs at least two ranks")
    if "exclude_ranks" in args and intent != "REFILTER":
        out.append("exclude_ranks belongs to REFILTER")
    if "anchor_rank" in args:
        if not _ranks([args["anchor_rank"]]) or state == "fresh":
            out.append(f"anchor_rank must be a shown rank 1..{SHOWN}")
        if "clicked_anchor" in item and item["clicked_anchor"] != args["anchor_rank"]:
            out.append("anchor_rank differs from the clicked anchor")
    if ("anchor_rank" in args or "anchor_name" in args) and intent != "REFILTER_WITH_ANCHOR":
        out.append("an anchor belongs to REFILTER_WITH_ANCHOR")
    if "anchor_name" in args:
        name = args["anchor_name"]
        if not isinstance(name, str) or not any(name.lower() in n for n in cat["names"]):
            out.append(f"anchor_name {name!r} is in no product title or English name")
        elif key(name) not in key(text):
            out.append(f"anchor_name {name!r} is not in the text")
    if "topic" in args and args["topic"] not in TOPICS:
        out.append(f"topic {args['topic']!r} not in {sorted(TOPICS)}")
    if "topic" in args and intent != "PRODUCT_QA":
        out.append("topic belongs to PRODUCT_QA")
    return out


def problems(items: list[Any]) -> list[str]:
    """Everything wrong with a list of labelled phrasings (empty when the data is sound)."""
    cat = catalogue()
    out = [f"#{i} {item.get('text') if isinstance(item, dict) else item!r}: {p}"
           for i, item in enumerate(items) for p in _item_problems(item, cat)]
    seen: dict[str, str] = {}
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("text"), str):
            k = key(item["text"])
            if k in seen:
                out.append(f"duplicate phrasing {item['text']!r} (same as {seen[k]!r})")
            seen.setdefault(k, item["text"])
    return out


def counts(items: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    intents = Counter("ASK_CLARIFICATION" if i.get("clarify") else i["intent"] for i in items)
    return {"intent": intents, "arg": Counter(k for i in items for k in i.get("args") or {}),
            "tag": Counter(t for i in items for t in i.get("tags") or []),
            "language": Counter(language(i) for i in items), "state": Counter(i.get("state", "fresh") for i in items),
            "topic": Counter(i["args"]["topic"] for i in items if "topic" in (i.get("args") or {}))}


def coverage_problems(items: list[dict[str, Any]], minimum: int = MIN_ITEMS) -> list[str]:
    c = counts(items)
    out = [f"{len(items)} items, fewer than {minimum}"] if len(items) < minimum else []
    out += [f"intent {n}: {c['intent'][n]} items < {MIN_PER_INTENT}" for n in INTENTS if c["intent"][n] < MIN_PER_INTENT]
    out += [f"arg {k}: used {c['arg'][k]} times < {MIN_PER_ARG}" for k in ARG_KEYS if c["arg"][k] < MIN_PER_ARG]
    share = c["language"]["korean"] / max(1, len(items))
    if not KOREAN_SHARE[0] <= share <= KOREAN_SHARE[1]:
        out.append(f"Korean share {share:.0%} outside {KOREAN_SHARE}")
    out += [f"topic {t} never asked" for t in sorted(TOPICS - set(c["topic"]))]
    out += [f"no {s} item" for s in STATES if not c["state"][s]]
    if not any("clicked_anchor" in i for i in items):
        out.append("no item with a clicked anchor")
    return out


@pytest.fixture(scope="module")
def items() -> list[dict[str, Any]]:
    loaded = yaml.safe_load(PHRASINGS.read_text(encoding="utf-8"))
    assert isinstance(loaded, list), "phrasings.yaml must be a YAML list"
    return loaded


def test_every_item_is_well_formed_and_unique(items):
    found = problems(items)
    assert not found, "\n".join(found)


def test_coverage(items):
    found = coverage_problems(items)
    assert not found, "\n".join(found)


def test_the_checker_catches_bad_items():
    """The checks above can fail: each of these broken items is caught, and a sound one is not."""
    sound = {"text": "1번 얼마야", "state": "top3", "intent": "PRODUCT_QA", "args": {"ranks": [1], "topic": "price"}}
    assert problems([sound]) == []
    broken = [
        {**sound, "intent": "BUY_NOW"},
        {**sound, "state": "pdp"},
        {**sound, "args": {"ranks": [4]}},
        {**sound, "args": {"rank": [1]}},
        {**sound, "args": {"ranks": [1], "topic": "colour"}},
        {**sound, "tags": ["english"]},
        {"text": "분유포트 추천", "state": "fresh", "intent": "REFILTER", "args": {"pros_add": ["야간 화면이 잘 보여요"]}},
        {"text": "분유포트 추천", "state": "fresh", "intent": "REFILTER", "args": {"pros_add": ["빠른 배송"]}},
        {"text": "마마 기반으로", "state": "top3", "intent": "REFILTER_WITH_ANCHOR", "args": {"anchor_name": "마마"}},
        {"text": "소리 상관없어", "state": "top3", "intent": "REFILTER", "args": {"remove": ["배송"]}},
        {"text": "이거 기반으로", "state": "top3", "clicked_anchor": 2, "intent": "REFILTER"},
        {"text": "5~3만원", "state": "top3", "intent": "REFILTER", "args": {"budget_min": 50000, "budget_max": 30000}},
        {"text": "안녕", "state": "fresh", "intent": "GENERAL", "args": {"topic": "general"}},
    ]
    for item in broken:
        assert problems([item]), item
    assert problems([sound, {**sound, "text": "1번  얼마야"}]), "a duplicate that differs only in spaces"
    assert problems([sound, {**sound, "text": "1번 얼마야 "}])
