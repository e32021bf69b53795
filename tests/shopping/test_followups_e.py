"""Issue 29, blind set E in shopping: the spoken pronouns 얘 / 쟤 point at the product the conversation last
referred to (a rank named in a remark, not only in a question), and "둘이 / 두 개 / both" with no rank of its
own means the two products named last. Real Session conversations; the sentences are written for this test."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.nlu.dialogue import pointer
from tests.shopping.conftest import top3
from tests.support.helpers import one


def test_cheaper_than_the_spoken_pronoun_is_anchored_on_the_product_remarked_on(shop: Session) -> None:
    top = top3(shop)
    shop.run("3번 색깔 마음에 든다")
    events = shop.run("쟤보다 저렴한 거 있나요?")
    intent = one(events, "intent")
    assert (intent.name, intent.args["anchor"]) == ("REFILTER_WITH_ANCHOR", top[2]["id"])
    recs = one(events, "data_card").data["recommendations"]
    assert recs and all(r["price"] < top[2]["price"] for r in recs)


def test_the_two_compares_the_two_products_named_one_by_one(shop: Session) -> None:
    top = top3(shop)
    shop.run("1번 괜찮은 듯")
    shop.run("2번은 어때?")
    events = shop.run("두 개 비교 부탁해")
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"]) == ("COMPARE", [top[0]["id"], top[1]["id"]])
    table = one(events, "data_card").data
    assert [top[0]["title"] in c or top[1]["title"] in c for c in table["columns"][1:]] == [True, True]


def test_both_in_english_compares_the_two_named(shop: Session) -> None:
    top = top3(shop)
    shop.run("number 1 seems nice")
    shop.run("how about number 3 then?")
    intent = one(shop.run("compare both for me"), "intent")
    assert (intent.name, intent.args["products"]) == ("COMPARE", [top[0]["id"], top[2]["id"]])


def test_the_two_with_only_one_product_named_is_not_guessed(shop: Session) -> None:
    top = top3(shop)
    shop.run("2번 좋아 보여")
    intent = one(shop.run("둘이 비교해봐"), "intent")
    assert intent.args["products"] != [top[0]["id"], top[1]["id"]]  # no second product to pair it with
    assert intent.args["anchor"] is None


@pytest.mark.parametrize(("text", "pronoun", "pair"), [
    ("얘 괜찮아?", True, False),
    ("쟤보다 가벼운 거", True, False),
    ("육아 얘기 좀 해줘", False, False),  # 얘기 is a talk, not "this one"
    ("둘 다 보여줘", False, True),
    ("둘째 아이 선물이에요", False, False),
    ("주변 둘러보고 올게요", False, False),
    ("which of the two is lighter?", False, True),
])
def test_spoken_pronouns_and_the_pair_are_read(text: str, pronoun: bool, pair: bool) -> None:
    p = pointer(text)
    assert (p.pronoun, p.pair) == (pronoun, pair)


def test_better_than_a_product_in_a_quality_re_recommends_around_it_with_that_quality(store) -> None:
    session = Session("shopping")
    session.run("아기띠 20만원 아래로 추천해줘")
    top = top3(session)
    events = session.run("2번보다 가벼운 거 있어?")
    intent = one(events, "intent")
    assert (intent.name, intent.args["anchor"]) == ("REFILTER_WITH_ANCHOR", top[1]["id"])
    assert intent.args["tag_changes"]["add_pros"] == ["lightweight"]
    assert session.conversation().state["pros"] == ["lightweight"]
    # the same through a pronoun, and in English
    session.run("1번 색감 좋네")
    assert one(session.run("쟤보다 통기성 좋은 걸로"), "intent").name == "REFILTER_WITH_ANCHOR"
    assert one(session.run("anything lighter than #3?"), "intent").name == "REFILTER_WITH_ANCHOR"


@pytest.mark.parametrize("text", ["3번이 2번보다 가벼워?", "is #1 lighter than #2?"])
def test_a_question_comparing_two_products_stays_a_comparison(shop: Session, text: str) -> None:
    assert one(shop.run(text), "intent").name == "COMPARE"
