"""Issue 29 leftover: a product question or a comparison written in English gets an English answer -- the
verdict, tag labels, spec names and product names (the catalogue's ``name_en``) in English; review sentences
are quoted as the catalogue gives them and the answer says they are Korean. Real Session conversations."""

from __future__ import annotations

import re

import pytest

from agents.core.session import Session
from agents.shopping.catalog import shipped_products
from tests.shopping.conftest import top3
from tests.support.helpers import one, text_of, types

HANGUL = re.compile(r"[가-힣]")
NOTE = "(quoted as the catalogue gives them, in Korean)"


def _english_part(reply: str) -> str:
    return reply.split(NOTE)[0]  # what follows the note is the catalogue's Korean, quoted


def test_a_product_question_in_english_is_answered_in_english(shop: Session) -> None:
    products = {p["id"]: p for p in shipped_products()}
    top = [products[p["id"]] for p in top3(shop)]
    quiet = next(i for i, p in enumerate(top) if "quiet" in p["pros"] and "noise-loud" not in p["cons"])
    events = shop.run(f"is #{quiet + 1} quiet enough at night?")
    assert types(events) == ["thinking", "intent", "text", "suggested_questions", "done"]
    assert not any(HANGUL.search(q) for q in one(events, "suggested_questions").questions)
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"]) == ("PRODUCT_QA", [top[quiet]["id"]])
    reply = text_of(events)
    assert reply.startswith(f"Yes: many reviews of the {top[quiet]['name_en']} say it is quiet."), reply
    assert not HANGUL.search(_english_part(reply)), reply


def test_a_price_question_in_english_states_the_price_in_won(shop: Session) -> None:
    top = top3(shop)
    reply = text_of(shop.run("how much is number 2?"))
    assert reply.startswith("#2 ") and f"costs **₩{top[1]['price']:,}**." in reply, reply
    assert not HANGUL.search(reply), reply


def test_a_comparison_in_english_has_an_english_text_and_card(shop: Session) -> None:
    top = top3(shop)
    events = shop.run("compare #1 and #3")
    assert one(events, "intent").args["products"] == [top[0]["id"], top[2]["id"]]
    reply = text_of(events)
    assert reply.startswith("Comparing #1 vs #3:") and not HANGUL.search(reply), reply
    card = one(events, "data_card")
    assert card.title == "Product comparison"
    assert card.data["columns"][0] == "Item" and [c.split(" ", 1)[0] for c in card.data["columns"][1:]] == ["#1", "#3"]
    assert [row[0] for row in card.data["rows"][:4]] == ["Price", "Rating", "Pros", "Cons"]
    assert card.data["rows"][0][1:] == [f"₩{top[0]['price']:,}", f"₩{top[2]['price']:,}"]
    assert not any(HANGUL.search(row[0]) for row in card.data["rows"])  # spec names too
    assert not any(HANGUL.search(c) for c in card.data["columns"])


def test_the_korean_answers_stay_korean(shop: Session) -> None:
    reply = text_of(shop.run("1번이랑 2번 비교해줘"))
    assert reply.startswith("1번 vs 2번 비교예요.")
    assert "원" in text_of(shop.run("2번 가격 얼마야?"))


CATEGORIES = {"분유포트": "formula kettle", "젖병소독기": "bottle sterilizer", "베이비모니터": "baby monitor",
              "아기띠": "baby carrier"}


@pytest.mark.parametrize("category", list(CATEGORIES))
def test_the_english_suggestions_are_english_and_understood_when_sent(store, category: str) -> None:
    session = Session("shopping")
    first = one(session.run(f"recommend a {CATEGORIES[category]}"), "suggested_questions").questions
    assert len(first) == 3 and not any(HANGUL.search(q) for q in first)
    assert session.conversation().state["category"] == category
    for question in first:
        replay = Session("shopping")
        replay.run(f"recommend a {CATEGORIES[category]}")
        intent = one(replay.run(question), "intent")
        assert intent.name in ("PRODUCT_QA", "COMPARE", "REFILTER"), (question, intent.name)


def test_an_english_recommendation_names_category_tags_and_products_in_english(store) -> None:
    session = Session("shopping")
    events = session.run("bottle sterilizer under 200k please")
    reply = text_of(events)
    assert reply.startswith("Top 3 **bottle sterilizers** (**up to ₩200,000**).")
    names = {p["id"]: p["name_en"] for p in shipped_products()}
    top = session.conversation().state["top3"]
    assert all(f"**{i}. {names[p['id']]}**" in reply for i, p in enumerate(top, 1))
    assert not HANGUL.search(reply), reply
    again = text_of(session.run("ones that dry fast"))
    assert "🏷️ **Conditions**: + dries fast" in again and not HANGUL.search(again), again
