"""Issue 29 kind 1 in shopping: a pronoun points at the product the conversation last referred to
(the kit's dialogue state, persisted in the conversation state). Real Session conversations."""

from __future__ import annotations

from agents.core.session import Session
from agents.nlu.dialogue import Dialogue
from tests.shopping.conftest import top3
from tests.support.helpers import one


def test_that_one_and_number_one_compares_both(shop: Session) -> None:
    top = top3(shop)
    shop.run("3번 세척 쉬워?")
    assert [m.id for m in Dialogue.from_state(shop.conversation().state).focus][:1] == [top[2]["id"]]
    events = shop.run("그거랑 1번 비교해줘")
    intent = one(events, "intent")
    assert intent.name == "COMPARE" and intent.args["products"] == [top[0]["id"], top[2]["id"]]
    table = one(events, "data_card").data
    assert [top[0]["title"] in c or top[2]["title"] in c for c in table["columns"][1:]] == [True, True]


def test_cheaper_than_that_one_is_anchored_below_its_price(shop: Session) -> None:
    top = top3(shop)
    shop.run("2번 어때?")
    events = shop.run("그거보다 싼 거 있어?")
    intent = one(events, "intent")
    assert intent.name == "REFILTER_WITH_ANCHOR" and intent.args["anchor"] == top[1]["id"]
    recs = one(events, "data_card").data["recommendations"]
    assert recs and all(r["price"] < top[1]["price"] for r in recs)


def test_this_one_in_english_is_asked_about(shop: Session) -> None:
    top = top3(shop)
    shop.run("tell me about number 2")
    intent = one(shop.run("is that one easy to clean?"), "intent")
    assert intent.name == "PRODUCT_QA" and intent.args["products"] == [top[1]["id"]]


def test_a_pronoun_with_no_product_referred_to_invents_no_anchor(shop: Session) -> None:
    events = shop.run("그거보다 싼 거 있어?")
    intent = one(events, "intent")  # only the budget is known: the seed's "cheaper" on the budget, no product
    assert intent.name == "REFILTER" and intent.args["anchor"] is None
