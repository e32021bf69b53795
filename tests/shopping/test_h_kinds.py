"""Hold-out H kinds (issue 29, shopping follow-ups), each through the whole turn (Session -> pipeline -> store), with
sentences of our own.

Before the fix, on the same machine (H test half 70/74, follow-ups 20/24): a product named "too" right after a
comparison was asked about alone (or, as a bare "3", not read at all) instead of joining the products compared;
a cheaper one than the product just discussed, said right after a question about one product was read as another question about it ("싼 건" and
"저렴한 건" were no price words); "다른 거 / something else" right after a question about one product kept that
product on screen; "easy to carry" was no wish for a portable one."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from tests.support.helpers import one, types

REFILTER_EVENTS = ["thinking", "intent", "text", "data_card", "suggested_questions", "done"]
COMPARE_EVENTS = REFILTER_EVENTS


def state(session: Session) -> dict:
    return session.conversation().state


@pytest.mark.parametrize(("first", "more", "ranks"), [
    ("1번이랑 2번 비교 부탁해", "3번까지 같이 놓고 비교해줘", [1, 2, 3]),
    ("compare #2 with #3", "throw in number 1 as well", [1, 2, 3]),
    ("2번 3번 뭐가 나아?", "1번도 넣어서", [1, 2, 3]),
    ("1 vs 2", "put 3 in there too", [1, 2, 3]),
    ("1번 2번 차이 좀 알려줘", "3도 같이 봐줘", [1, 2, 3])])
def test_a_product_named_too_joins_the_comparison(store, first, more, ranks):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    s.run(first)
    events = s.run(more)
    assert types(events) == COMPARE_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"]) == ("COMPARE", [top3[k - 1]["id"] for k in ranks])
    assert len(one(events, "data_card").data["columns"]) == 1 + len(ranks)  # the row names, then one per product


def test_naming_one_of_the_pair_again_is_a_comparison_of_its_own(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    s.run("1번 2번 비교해줘")
    intent = one(s.run("1번이랑 3번 같이 비교해줘"), "intent")
    assert (intent.name, intent.args["products"]) == ("COMPARE", [top3[0]["id"], top3[2]["id"]])


@pytest.mark.parametrize(("asked", "said", "rank"), [("2번 소리 큰 편이야?", "얘보다 싼 거 있어?", 2),
                                                     ("is the first one on the heavy side?", "anything cheaper than that one?", 1),
                                                     ("3번 씻기 편한가요?", "그거보다 저렴한 거", 3),
                                                     ("1번 괜찮아요?", "요거보다 가격 낮은 건요?", 1),
                                                     ("2번 평 좋아?", "요것보다 싼 거 있나", 2)])
def test_cheaper_than_the_product_just_asked_about_is_below_its_price(store, asked, said, rank):
    s = Session("shopping")
    s.run("아기띠 좀 골라줘")
    anchor = state(s)["top3"][rank - 1]
    s.run(asked)
    events = s.run(said)
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["anchor"]) == ("REFILTER_WITH_ANCHOR", anchor["id"])
    assert intent.args["budget"]["max"] == anchor["price"] - 1
    recs = one(events, "data_card").data["recommendations"]
    assert recs and all(r["price"] < anchor["price"] for r in recs)


@pytest.mark.parametrize(("asked", "said", "rank"), [("2번은 어떤 편이야?", "별로다 다른 거", 2),
                                                     ("tell me more about #3 please", "nah show me something else", 3),
                                                     ("1번 무게 어때?", "그거 말고 딴 거 보여줘요", 1),
                                                     ("3번 소리 많이 나?", "음 다른 제품은 없어?", 3)])
def test_another_one_right_after_a_question_about_one_leaves_it_out(store, asked, said, rank):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    left = state(s)["top3"][rank - 1]["id"]
    s.run(asked)
    events = s.run(said)
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["exclude"]) == ("REFILTER", [left])
    assert left not in [r["id"] for r in one(events, "data_card").data["recommendations"]]
    assert left not in [p["id"] for p in state(s)["top3"]]


def test_another_one_with_nothing_asked_before_still_asks_what_to_change(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run("다른 거")
    assert one(events, "intent").name == "ASK_CLARIFICATION"


@pytest.mark.parametrize(("first", "said"), [("소음 적은 걸로 부탁해", "and one that is handy to carry about"),
                                             ("세척 간편한 걸로", "also something portable"),
                                             ("조용한 거 위주로", "plus light enough to carry on trips"),
                                             ("소리 안 나는 걸로", "그리고 들고 다니기 편한 거")])
def test_an_easy_to_carry_wish_adds_portable(store, first, said):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    s.run(first)
    events = s.run(said)
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert intent.name == "REFILTER" and "portable" in intent.args["tag_changes"]["add_pros"]
    assert "portable" in state(s)["pros"]


# --- blind set I's tune half: the budget let go in other words -----------------------------------------------------

@pytest.mark.parametrize(("first", "said"), [("7만원 이하로", "예산 풀어줘"), ("10만원까지만", "가격 제한 다시 풀자"),
                                             ("5만원 아래로", "ㅇㅋ 예산은 풀고 보여줘"), ("under 60000", "lift the budget cap"),
                                             ("max 80k", "take the price limit off again"), ("9만원 이하", "금액 상관 말고 다시")])
def test_letting_the_budget_go_drops_it(store, first, said):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    s.run(first)
    assert state(s)["budget"]["max"] is not None
    events = s.run(said)
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert intent.name == "REFILTER" and intent.args["budget"]["kind"] == "none"
    assert state(s)["budget"]["max"] is None


def test_its_points_at_the_product_just_asked_about(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    third = state(s)["top3"][2]["id"]
    s.run("3번 소리 어때?")
    events = s.run("and how about its weight")
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"]) == ("PRODUCT_QA", [third])


@pytest.mark.parametrize("said", ["그래서 뭐 살까? 하나만 찍어줘", "so which one would you buy"])
def test_pick_one_after_comparing_two_is_between_those_two(store, said):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    s.run("2번이랑 3번 견줘 봐줘")
    events = s.run(said)
    assert types(events) == COMPARE_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"]) == ("COMPARE", [top3[1]["id"], top3[2]["id"]])


@pytest.mark.parametrize(("first", "said", "ranks"), [("1번 2번 나란히 비교해 줘", "2랑 3도 비교해봐", [2, 3]),
                                                      ("분유포트 추천해줘", "1이랑 3 뭐가 나아?", [1, 3])])
def test_bare_numbers_set_beside_each_other_to_compare_are_ranks(store, first, said, ranks):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    s.run(first)
    intent = one(s.run(said), "intent")
    assert (intent.name, intent.args["products"]) == ("COMPARE", [top3[k - 1]["id"] for k in ranks])


def test_not_that_one_but_another_asks_about_the_other_alone(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    second = state(s)["top3"][1]["id"]
    s.run("3번은 괜찮아?")
    intent = one(s.run("그거 말고 2번은 어때"), "intent")
    assert (intent.name, intent.args["products"]) == ("PRODUCT_QA", [second])


def test_which_should_i_get_after_comparing_two_is_between_those_two(store):
    s = Session("shopping")
    s.run("젖병소독기 골라 줘")
    top3 = state(s)["top3"]
    s.run("1 vs 3")
    intent = one(s.run("so which should I get"), "intent")
    assert (intent.name, intent.args["products"]) == ("COMPARE", [top3[0]["id"], top3[2]["id"]])


@pytest.mark.parametrize("said", ["everything else is fine but I don't want it noisy", "다른 건 다 괜찮은데 시끄러운 건 싫어요"])
def test_the_rest_is_fine_but_a_drawback_is_a_condition(store, said):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    s.run("3번 씻기 쉬운 편?")
    events = s.run(said)
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert intent.name == "REFILTER" and "noise-loud" in intent.args["tag_changes"]["add_cons"]
