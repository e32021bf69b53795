"""The shape of tests/marketing/phrasings.yaml: labels the harness can check, counts, real campaign names.

This checks the data only; how well the offline model does on it is measured elsewhere.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import pytest
import yaml
from pydantic import TypeAdapter, ValidationError

from agents.marketing.spec import AGENT
from data.marketing.sandbox import generate

PATH = Path(__file__).with_name("phrasings.yaml")
ITEMS: list[dict[str, Any]] = yaml.safe_load(PATH.read_text(encoding="utf-8"))
# Hold-out C's tune half (same format; its writer also tags message length).
C_PATH = PATH.with_name("phrasings_c.yaml")
C_ITEMS: list[dict[str, Any]] = yaml.safe_load(C_PATH.read_text(encoding="utf-8"))

KEYS = {"text", "tool", "args", "tags", "note", "clarify", "options_include", "after"}
TOOLS = {"getPerformanceKPI", "listCampaigns", "getCampaignDetail", "generateReport", "checkAnomalies",
         "analyzeTrends", "getBudgetRecommendation", "createCampaign", "updateCampaignBudget", "pauseCampaign",
         "resumeCampaign", "deleteCampaign", "generateAdCopy", "compareCampaigns", "freeformResponse"}
MUTATIONS = {"createCampaign", "updateCampaignBudget", "pauseCampaign", "resumeCampaign", "deleteCampaign"}
CLARIFY_ARGS = {"known", "slot", "intent"}
TAGS = {"spacing", "typo", "tense", "polite", "casual", "english", "mixed", "comparative", "one-shot",
        "english-ref", "fraction", "ordinal", "negation", "remove-condition", "ambiguous", "off-topic",
        "partial-name", "confirmation"}
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def norm(text: str) -> str:
    return re.sub(r"\s+", "", text).casefold()


def roster() -> set[str]:
    # The account depends on the user id only; the clock just moves the dates.
    return {c["name"] for c in generate("demo", datetime(2026, 11, 2, 9)).campaigns}


def check_arg(tool: str, key: str, value: Any) -> None:
    """Validate one labelled argument against the real tool's argument model (constraints included)."""
    spec = AGENT.tools.get(tool)
    assert spec is not None, f"unknown tool {tool}"
    field = spec.args_model.model_fields.get(key)
    assert field is not None, f"{tool} has no argument {key!r}"
    hint = Annotated[field.annotation, *field.metadata] if field.metadata else field.annotation
    TypeAdapter(hint).validate_python(value)


def campaign_refs(item: dict[str, Any]) -> list[str]:
    args = item.get("args") or {}
    known = args.get("known") or {}
    refs = [a.get("campaignId") for a in (args, known)] + list(args.get("campaignIds") or [])
    return [r for r in refs if r]


def test_counts_and_coverage():
    assert len(ITEMS) >= 170
    tools = Counter(i.get("tool") for i in ITEMS if "tool" in i)
    for tool in TOOLS:
        assert tools[tool] >= 8, f"{tool}: only {tools[tool]} items"
    assert sum(1 for i in ITEMS if i.get("clarify")) >= 15
    assert sum(1 for i in ITEMS if i.get("after") == "confirmation") >= 6
    korean = sum(1 for i in ITEMS if HANGUL.search(i["text"]))
    assert 0.6 <= korean / len(ITEMS) <= 0.9, f"{korean} of {len(ITEMS)} are Korean"
    tags = Counter(t for i in ITEMS for t in i.get("tags", []))
    for tag in ("spacing", "typo", "tense", "comparative", "one-shot", "english-ref", "fraction", "ambiguous",
                "off-topic", "negation", "english", "mixed", "polite", "casual"):
        assert tags[tag] >= 1, f"no item tagged {tag}"


def test_no_duplicates_after_normalising_spaces_and_case():
    seen = Counter(norm(i["text"]) for i in ITEMS)
    assert [t for t, n in seen.items() if n > 1] == []


@pytest.mark.parametrize("item", ITEMS, ids=[i["text"] for i in ITEMS])
def test_item_shape(item):
    check_item(item, TAGS)


@pytest.mark.parametrize("item", C_ITEMS, ids=[i["text"] for i in C_ITEMS])
def test_holdout_c_item_shape(item):
    check_item(item, TAGS | {"short", "long"})


def test_holdout_c_is_distinct_and_names_real_campaigns():
    assert len(C_ITEMS) >= 40
    assert {r for i in C_ITEMS for r in campaign_refs(i)} <= roster()
    texts = [norm(i["text"]) for i in C_ITEMS]
    assert len(texts) == len(set(texts))
    # written blind, two of its sentences happen to be in the first set too
    assert set(texts) & {norm(i["text"]) for i in ITEMS} == {norm("VIP 재구매 다시 켜 줘"), norm("봄 시즌 세일이랑 여름 신상품 런칭 비교해줘")}


def check_item(item: dict[str, Any], tags: set[str]) -> None:
    assert set(item) <= KEYS, set(item) - KEYS
    assert isinstance(item["text"], str) and item["text"].strip() == item["text"] and item["text"]
    assert set(item.get("tags", [])) <= tags, set(item.get("tags", [])) - tags
    assert ("tool" in item) != bool(item.get("clarify")), "exactly one of tool / clarify: true"
    args = item.get("args") or {}
    assert isinstance(args, dict)
    if item.get("after") is not None:
        assert item["after"] == "confirmation"
        assert item.get("tool") == "freeformResponse" and "button" in item.get("note", "")
    if item.get("clarify"):
        assert set(args) <= CLARIFY_ARGS
        for key, value in (args.get("known") or {}).items():
            check_arg("createCampaign" if key != "campaignId" else "updateCampaignBudget", key, value)
        assert isinstance(item.get("options_include", []), list)
        return
    assert item["tool"] in TOOLS
    if item["tool"] == "compareCampaigns":
        assert set(args) <= {"campaignIds", "period"} and len(args["campaignIds"]) == 2
        if "period" in args:
            check_arg("compareCampaigns", "period", args["period"])
    else:
        for key, value in args.items():
            check_arg(item["tool"], key, value)
    if item["tool"] in MUTATIONS - {"createCampaign"}:
        assert args.get("campaignId"), "a complete mutation names its campaign"
    if item["tool"] == "updateCampaignBudget":
        assert ("dailyBudget" in args) != ("changePercent" in args)
    if item["tool"] == "createCampaign":
        assert {"objective", "dailyBudget"} <= set(args), "a complete create has objective and budget"


def test_campaign_names_exist_in_the_demo_roster():
    names = roster()
    missing = {r for i in ITEMS for r in campaign_refs(i)} - names
    assert missing == set()
    # every campaign of the roster is referenced somewhere, so no name goes untested
    assert names <= {r for i in ITEMS for r in campaign_refs(i)}


def test_a_bad_label_is_caught():
    """The checks above can fail: a wrong enum value and an out-of-range budget are refused."""
    with pytest.raises(ValidationError):
        check_arg("listCampaigns", "sortBy", "clicks")
    with pytest.raises(ValidationError):
        check_arg("updateCampaignBudget", "changePercent", -95)
    with pytest.raises(AssertionError):
        check_arg("pauseCampaign", "period", "7d")
