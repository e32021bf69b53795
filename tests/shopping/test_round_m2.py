"""Round M2 (blind set M2, tune half), shopping, with sentences of our own. The kinds:

- a product of the Top 3 named by a property the agent holds, not by its number ("the dearest", "별점 가장 높은 거"):
  resolved against the prices and ratings of the products shown and read as that rank, whether the message asks
  about it, compares it, anchors on it, or a later "it" points back at it; "which is the cheapest?" still asks which
  one that is, a superlative said as a wish for the next list still asks for a budget, and a tie is not guessed;
  "비싼" (dear) holds "싼" (cheap) and is no cheaper wish;
- a parent's tiredness said as a wish to sleep or rest ("눈 좀 붙이고 싶다"), with no product in it: answered as
  small talk, not asked back as if it were a product request.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from agents.core.session import Session
from agents.shopping.catalog import shipped_products
from agents.shopping.reading import read
from agents.shopping.superlative import pick
from tests.shopping.talk import turns
from tests.support.helpers import one, text_of

HANGUL = re.compile(r"[가-힣]")


def _shown(s: Session) -> list[dict[str, Any]]:
    return list(s.conversation().state["top3"])


def _korean_reply(events: list[Any]) -> bool:
    """The reply's own first sentence is Korean (an English reply may quote the catalogue's Korean reviews later)."""
    return bool(HANGUL.search(re.split(r"[.!?]\s", text_of(events), maxsplit=1)[0]))


def _by(shown: list[dict[str, Any]], key: str, highest: bool) -> str:
    """The id of the shown product with the highest (lowest) price or rating, from the catalogue."""
    value = {p["id"]: p[key] for p in shipped_products()}
    return (max if highest else min)(shown, key=lambda p: value[p["id"]])["id"]


# (start, message, intent, [(property, highest?) for each product meant, in order])
ASKED = [
    ("분유포트 추천해줘", "가격 제일 높은 제품은 보온 잘 돼?", "PRODUCT_QA", [("price", True)]),
    ("분유포트 추천해줘", "젤 저렴한 애 세척은 편한가요", "PRODUCT_QA", [("price", False)]),
    ("분유포트 추천해줘", "별점 가장 높은 거 무게 얼마나 나가?", "PRODUCT_QA", [("rating", True)]),
    ("formula kettle recommendations", "how loud is the most expensive one?", "PRODUCT_QA", [("price", True)]),
    ("formula kettle recommendations", "does the lowest-priced kettle keep water warm overnight?", "PRODUCT_QA",
     [("price", False)]),
    ("아기띠 보여줘", "최저가 제품 어깨 안 아파요?", "PRODUCT_QA", [("price", False)]),
    ("베이비모니터 추천", "평점 제일 낮은 거랑 제일 비싼 거 비교해줘", "COMPARE", [("rating", False), ("price", True)]),
    ("baby monitors please", "the top-rated one vs #3, which has the better night vision?", "COMPARE",
     [("rating", True)]),
]


@pytest.mark.parametrize(("start", "text", "name", "meant"), ASKED)
def test_a_product_named_by_a_held_property_is_the_one_it_picks(
        store: Any, start: str, text: str, name: str, meant: list[tuple[str, bool]]) -> None:
    s, events = turns(start, text)
    intent = one(events, "intent")
    shown = _shown(s)
    ids = [_by(shown, key, high) for key, high in meant]
    if "#3" in text:
        ids.append(shown[2]["id"])
    assert intent.name == name, (text, intent.name, intent.reasoning)
    assert sorted(intent.args["products"]) == sorted(dict.fromkeys(ids)), text
    assert _korean_reply(events) == bool(HANGUL.search(text)), text_of(events)  # an English message, an English reply


@pytest.mark.parametrize(("start", "text", "key", "highest"), [
    ("분유포트 추천해줘", "제일 싼 거 기반으로 세척 편한 걸로", "price", False),
    ("젖병소독기 추천", "평점 제일 좋은 거랑 비슷한데 건조 빠른 거", "rating", True),
    ("formula kettle recommendations", "something like the priciest one but quieter", "price", True),
    ("아기띠 보여줘", "가장 비싼 거 같은 스타일로 더 싼 거", "price", True),
])
def test_a_product_named_by_a_held_property_anchors_a_new_list(
        store: Any, start: str, text: str, key: str, highest: bool) -> None:
    s = Session("shopping")
    s.run(start)
    anchor = _by(_shown(s), key, highest)
    intent = one(s.run(text), "intent")
    assert (intent.name, intent.args["anchor"]) == ("REFILTER_WITH_ANCHOR", anchor), (text, intent.reasoning)


@pytest.mark.parametrize(("messages", "key", "highest", "other"), [
    (["분유포트 추천해줘", "평점 제일 높은 건 소음 어때?", "걔랑 3번 비교해줘"], "rating", True, 3),
    (["formula kettle recommendations", "is the cheapest one quiet?", "what about its weight?"], "price", False, None),
    (["젖병소독기 추천", "2번 세척 어때", "가장 싼 건?"], "price", False, None),
    (["baby carrier recommendations", "the priciest one, is it comfy?", "put it side by side with number 1"],
     "price", True, 1),
])
def test_a_product_named_by_a_held_property_is_what_the_next_turn_points_back_at(
        store: Any, messages: list[str], key: str, highest: bool, other: int | None) -> None:
    s, events = turns(*messages)
    intent = one(events, "intent")
    shown = _shown(s)
    meant = {_by(shown, key, highest)} | ({shown[other - 1]["id"]} if other else set())
    assert intent.name == ("COMPARE" if other and len(meant) == 2 else "PRODUCT_QA"), (messages, intent.name)
    assert set(intent.args["products"]) == meant, messages


@pytest.mark.parametrize(("text", "name"), [
    ("젤 싼 거 몇번이야?", "COMPARE"),  # which one that is: answered over the shown
    ("which one has the lowest price", "COMPARE"),
    ("제일 저렴한 걸로 다시 보여줘", "ASK_CLARIFICATION"),  # a wish for the next list, no amount: the budget is asked
    ("가장 싼 거 추천해줘", "ASK_CLARIFICATION"),
])
def test_which_is_cheapest_and_a_cheapest_wish_are_not_a_product_picked(store: Any, text: str, name: str) -> None:
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    intent = one(s.run(text), "intent")
    assert intent.name == name, (text, intent.name, intent.reasoning)


def test_a_tie_on_the_property_is_not_guessed() -> None:
    two = [p for p in shipped_products() if p["rating"] == 4.5][:2]
    other = next(p for p in shipped_products() if p["rating"] < 4.5)
    shown = [two[0]["id"], other["id"], two[1]["id"]]
    assert pick("rating", True, shown, shipped_products()) is None
    assert pick("rating", False, shown, shipped_products()) == 2


@pytest.mark.parametrize("text", ["평점 가장 높은 거 세척은 어때?", "is the best-rated one easy to carry?",
                                  "별점 제일 좋은 제품 소음 심해요?"])
def test_a_question_about_a_product_tied_on_the_property_asks_which(text: str) -> None:
    from agents.shopping import router

    tied = [p for p in shipped_products() if p["category"] == "분유포트" and p["rating"] == 4.5][:2]
    lower = next(p for p in shipped_products() if p["category"] == "분유포트" and p["rating"] < 4.5)
    shown = [tied[0], lower, tied[1]]
    context = {"category": "분유포트", "budget": "0+", "tagsByCategory": {}, "clickedAnchorId": None,
               "recommendations": [{"rank": i, "id": p["id"], "title": p["title"], "price": p["price"]}
                                   for i, p in enumerate(shown, 1)]}
    raw = json.dumps(router.classify_rules(text, context, shipped_products()), ensure_ascii=False)
    intent = router.postprocess(raw, text, context, shipped_products())
    assert (intent.name, intent.ask, intent.product_ranks) == ("ASK_CLARIFICATION", "product", []), text


@pytest.mark.parametrize("text", ["제일 비싼 거 보여줘", "좀 비싼 것도 괜찮아", "비싼 제품 위주로"])
def test_dear_is_no_cheaper_wish(text: str) -> None:
    assert read(text, shown=3).direction != "cheaper", text


@pytest.mark.parametrize("text", ["가장 싼 거 보여줘", "가장 조용한 걸로", "가장 가벼운 아기띠는?"])
def test_most_is_no_typo_of_a_breakdown(text: str) -> None:
    assert "durability" not in read(text, shown=3).mentioned, text  # 가장 (most) is one letter from 고장 (breakdown)


@pytest.mark.parametrize("text", ["비싼 건 빼줘", "비싼 거 말고", "비싼 게 부담돼요", "너무 비싸네"])
def test_dear_set_aside_is_still_a_cheaper_wish(text: str) -> None:
    assert read(text, shown=3).direction == "cheaper", text


@pytest.mark.parametrize(("start", "text"), [
    ("분유포트 추천해줘", "아 진짜 눈 좀 붙이고 싶다"),
    ("분유포트 추천해줘", "하루만 푹 쉬고 싶어요ㅜㅜ"),
    ("아기띠 보여줘", "졸려 죽겠네"),
    ("베이비모니터 추천", "요즘 잠이 너무 부족해요"),
    ("formula kettle recommendations", "I could really use a nap right now"),
    ("baby monitors please", "so sleep deprived lately lol"),
    (None, "완전 녹초됐어요 오늘"),
    (None, "i just want one full night of sleep"),
])
def test_a_wish_to_sleep_or_rest_is_small_talk(store: Any, start: str | None, text: str) -> None:
    s = Session("shopping")
    if start:
        s.run(start)
    events = s.run(text)
    intent = one(events, "intent")
    assert intent.name == "GENERAL", (text, intent.name, intent.reasoning)
    assert _korean_reply(events) == bool(HANGUL.search(text)), text_of(events)


@pytest.mark.parametrize("text", ["밤에 아기 잘 때 조용한 걸로", "잠든 아기 안 깨우는 조용한 거", "야간에 잘 보이는 모니터"])
def test_sleep_said_of_the_baby_as_a_product_wish_stays_a_wish(store: Any, text: str) -> None:
    s = Session("shopping")
    s.run("베이비모니터 추천" if "모니터" in text else "분유포트 추천해줘")
    intent = one(s.run(text), "intent")
    assert intent.name == "REFILTER", (text, intent.name, intent.reasoning)
