"""The travel planner's labelled test phrasings: shape, balance, and labels that resolve in the gazetteer."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any, Literal

import pytest
import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from data.travel import DESTINATIONS_PATH, places_path

PHRASINGS_PATH = Path(__file__).with_name("phrasings.yaml")
C_PATH = PHRASINGS_PATH.with_name("phrasings_c.yaml")  # hold-out C's tune half, same format
Tool = Literal["recommend_places", "search_nearby_places", "generate_itinerary", "add_place_to_itinerary",
               "remove_place", "show_itinerary", "freeformResponse"]
CATEGORIES = {"restaurant", "cafe", "attraction", "shopping", "accommodation", "transport"}
ARGS: dict[str, set[str]] = {
    "recommend_places": {"category", "keyword", "near"},
    "search_nearby_places": {"reference", "category", "keyword", "max_results"},
    "generate_itinerary": {"days", "regenerate"},
    "add_place_to_itinerary": {"place", "day", "time_of_day", "start_time"},
    "remove_place": {"place"},
    "show_itinerary": {"day"},
    "freeformResponse": set(),
}
# Issue 11's "Offline policy" examples: each kind is covered, none of the sentences is used as is.
ISSUE_EXAMPLES = {
    "policy_dish": "라멘집 추천해줘",
    "policy_area": "신주쿠 근처 카페 찾아줘",
    "policy_nearby": "센소지 주변 맛집",
    "policy_days": "3박 4일 일정 짜줘",
    "policy_add": "둘째 날 오후에 츠키지 시장 넣어줘",
    "policy_regenerate": "일정 다시 만들어줘",
    "policy_en_near": "what should I eat near Shibuya?",
}
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=2)
    trip: str = "tokyo"
    tool: Tool | None = None
    args: dict[str, Any] = Field(default_factory=dict)
    clarify: bool = False
    tags: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_label(self) -> Item:
        assert (self.tool is None) == self.clarify, f"either a tool or clarify: {self.text!r}"
        if self.clarify:
            assert not self.args, f"a clarify item has no args: {self.text!r}"
        else:
            assert self.tool is not None
            assert set(self.args) <= ARGS[self.tool], f"unknown args for {self.tool}: {self.text!r}"
        return self


def _items(path: Path = PHRASINGS_PATH) -> list[Item]:
    return [Item(**raw) for raw in yaml.safe_load(path.read_text(encoding="utf-8"))]


ITEMS = _items()
C_ITEMS = _items(C_PATH)
DESTINATIONS = {d["id"]: d for d in json.loads(DESTINATIONS_PATH.read_text(encoding="utf-8"))["destinations"]}
PLACES = {d: json.loads(places_path(d).read_text(encoding="utf-8"))["places"] for d in DESTINATIONS}


def _norm(text: str) -> str:
    return re.sub(r"[\s?!.,]", "", text).casefold()


def _alternatives(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _saved_names(trip: str) -> set[str]:
    saved = set(DESTINATIONS[trip]["sample_trip"]["saved_place_ids"])
    return {p["name_ko"] for p in PLACES[trip] if p["id"] in saved}


def _trip_days(trip: str) -> int:
    return DESTINATIONS[trip]["sample_trip"]["nights"] + 1


def test_size_and_uniqueness() -> None:
    assert len(ITEMS) >= 170
    texts = [_norm(i.text) for i in ITEMS]
    assert len(texts) == len(set(texts)), [t for t, n in Counter(texts).items() if n > 1]


def test_balance_of_labels_languages_and_trips() -> None:
    labels = Counter("clarify" if i.clarify else i.tool for i in ITEMS)
    minimum = {"recommend_places": 40, "search_nearby_places": 20, "generate_itinerary": 18,
               "add_place_to_itinerary": 20, "remove_place": 8, "show_itinerary": 6, "freeformResponse": 10,
               "clarify": 18}
    assert all(labels[k] >= n for k, n in minimum.items()), labels
    english = sum(bool(LATIN_WORD.search(i.text)) for i in ITEMS)
    assert english >= 0.25 * len(ITEMS), f"{english} English or mixed of {len(ITEMS)}"
    trips = Counter(i.trip for i in ITEMS)
    assert set(trips) <= set(DESTINATIONS)
    assert all(trips[d] >= 12 for d in ("tokyo", "osaka", "seoul", "jeju")), trips
    assert sum("spacing" in i.tags or "typo" in i.tags for i in ITEMS) >= 8


def test_issue_examples_are_covered_but_not_copied() -> None:
    texts = {_norm(i.text) for i in ITEMS}
    for tag, example in ISSUE_EXAMPLES.items():
        assert _norm(example) not in texts, example
        tagged = [i for i in ITEMS if tag in i.tags]
        assert len(tagged) >= 5, tag
        assert any(LATIN_WORD.search(i.text) for i in tagged), f"{tag}: no English variant"


def test_holdout_c_is_distinct_from_the_first_set() -> None:
    texts = [_norm(i.text) for i in C_ITEMS]
    assert len(C_ITEMS) >= 40 and len(texts) == len(set(texts))
    assert set(texts).isdisjoint(_norm(i.text) for i in ITEMS)


@pytest.mark.parametrize("item", ITEMS + C_ITEMS, ids=lambda i: i.text)
def test_labels_resolve_in_the_gazetteer(item: Item) -> None:
    places = PLACES[item.trip]
    names = {p["name_ko"] for p in places}
    areas = {p["area"] for p in places}
    keywords = {k.casefold() for p in places for k in p["keywords"]}
    args = item.args
    if "category" in args:
        assert args["category"] in CATEGORIES
    if "keyword" in args:
        assert all(str(k).casefold() in keywords for k in _alternatives(args["keyword"])), args["keyword"]
    if "near" in args:
        assert args["near"] in names | areas
        assert args["near"] not in _saved_names(item.trip), "near a saved place is search_nearby_places"
    if "reference" in args:
        assert args["reference"] in _saved_names(item.trip), "the nearby tool needs a saved reference"
    if "place" in args:
        assert args["place"] in names
    if "max_results" in args:
        assert 1 <= args["max_results"] <= 10
    if "days" in args:
        assert 1 <= args["days"] <= 10
    if "regenerate" in args:
        assert args["regenerate"] is True
    if "day" in args:
        assert 1 <= args["day"] <= _trip_days(item.trip)
        if "마지막" in item.text:
            assert args["day"] == _trip_days(item.trip)
    if "time_of_day" in args:
        assert args["time_of_day"] in {"morning", "afternoon", "evening"}
        assert "start_time" not in args
    if "start_time" in args:
        assert re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", args["start_time"])
    if item.tool == "add_place_to_itinerary":
        assert {"place", "day"} <= set(args), "an add always names its place and day"
    if item.tool == "search_nearby_places":
        assert "reference" in args
