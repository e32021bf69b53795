"""Issue 29, blind set L, shopping follow-ups (the weak kind of L's test half), as real Session conversations with
sentences of our own: a value said twice across a turn word ("2번 말고 3번", "10만원 말고 8만원", "not #2, I meant
#3", "under 90k instead of 70k") means the one after the turn; "아니" opening a correction asks nothing; a choice
made ("그거 살게요", "I'll go with that one") is answered, not looked up; an English range with its unit said once
("between 50 and 90 thousand won")."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.shopping.amounts import read_budget
from tests.shopping.talk import turns
from tests.support.helpers import one, text_of, types

REFILTER_EVENTS = ["thinking", "intent", "text", "data_card", "suggested_questions", "done"]
ANSWER_EVENTS = ["thinking", "intent", "text", "suggested_questions", "done"]


def _ids(s: Session) -> list[str]:
    return [p["id"] for p in s.conversation().state["top3"]]


@pytest.mark.parametrize(("messages", "rank"), [
    (["분유포트 골라줘", "2번 세척 편해?", "아 2번 말고 3번 얘기였어"], 3),
    (["아기띠 추천", "3번 무게는?", "3번 말고 1번 무게 알려줘"], 1),
    (["formula kettles please", "is #2 quiet?", "not #2, I meant #3"], 3),
    (["젖병소독기 골라줘", "1번 건조 빨라?", "1번 대신 2번은 어때"], 2),
])
def test_a_product_corrected_across_a_turn_word_is_the_one_after(store, messages: list[str], rank: int) -> None:
    s, events = turns(*messages)
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"]) == ("PRODUCT_QA", [_ids(s)[rank - 1]]), messages[-1]


@pytest.mark.parametrize(("messages", "ceiling"), [
    (["분유포트 추천", "10만원 이하로", "아니 10만원 말고 8만원 이하"], 80000),
    (["젖병소독기 추천", "8만원 이하로", "8만원 말고 12만원 아래로 다시"], 120000),
    (["formula kettles", "under 70k", "make it under 90k instead of 70k"], 90000),
    (["아기띠 추천", "15만원 밑으로", "15 말고 13만원 이하"], 130000),
])
def test_a_budget_corrected_across_a_turn_word_is_the_one_after(store, messages: list[str], ceiling: int) -> None:
    s, events = turns(*messages)
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["budget"]["max"]) == ("REFILTER", ceiling), messages[-1]
    assert s.conversation().state["budget"]["max"] == ceiling


@pytest.mark.parametrize(("messages", "pro"), [
    (["분유포트 추천", "세척 쉬운 걸로", "아니 세척 말고 보온"], "keep-warm"),
    (["베이비모니터 추천", "화질 좋은 거", "아니, 화질 말고 야간에 잘 보이는 거"], "night-vision"),
    (["아기띠 추천", "가벼운 걸로", "아니 무게 말고 통기성"], "breathable"),
])
def test_no_opening_a_correction_is_not_a_question(store, messages: list[str], pro: str) -> None:
    """"아니 X 말고 Y": the wish is Y, the earlier one taken back; "아니" asks nothing."""
    s, events = turns(*messages)
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert intent.name == "REFILTER" and pro in intent.args["tag_changes"]["add_pros"], messages[-1]
    assert pro in s.conversation().state["pros"]


@pytest.mark.parametrize("messages", [
    ["분유포트 추천", "2번 좋네", "고마워요 그거 살게요"],
    ["분유포트 추천", "1번 좋아 보이네", "그럼 그걸로 주문할게요"],
    ["baby monitors please", "#1 looks good", "great, I'll go with that one"],
    ["아기띠 추천", "3번 착용감 어때?", "오케이 3번으로 결정했어요"],
    ["젖병소독기 추천", "I'll take number 2, thanks"],
])
def test_a_choice_made_is_answered_not_looked_up(store, messages: list[str]) -> None:
    _, events = turns(*messages)
    assert types(events) == ANSWER_EVENTS
    assert one(events, "intent").name == "GENERAL", messages[-1]
    english = messages[-1].isascii()
    assert text_of(events).startswith("Good choice! " if english else "좋은 선택이에요! "), text_of(events)


@pytest.mark.parametrize("text", ["살게요 근데 2번 배송 빨라?", "I'll buy it if it is quiet", "2번 살까 말까?"])
def test_a_choice_still_asking_or_wishing_is_not_closed(store, text: str) -> None:
    _, events = turns("분유포트 추천", text)
    assert one(events, "intent").name != "GENERAL", text


@pytest.mark.parametrize(("text", "low", "high"), [
    ("between 50 and 90 thousand won", 50000, 90000),
    ("from 40 to 70 thousand", 40000, 70000),
    ("between 60k and 100k", 60000, 100000),
])
def test_an_english_range_with_its_unit_said_once(text: str, low: int, high: int) -> None:
    budget = read_budget(text)
    assert budget is not None and (budget.min, budget.max) == (low, high)


@pytest.mark.parametrize(("messages", "rest"), [
    (["분유포트 골라줘", "1번 어때"], "나머지 두 개 비교해줘"),
    (["아기띠 추천", "how heavy is #2"], "compare the other two"),
    (["분유포트 추천", "3번 소음 어때?"], "남은 거 둘 중에 뭐가 더 조용해?"),
    (["젖병소독기 골라줘", "is #1 easy to clean?"], "what about the remaining ones?"),
])
def test_the_rest_after_one_product_asked_about_is_the_other_two(store, messages: list[str], rest: str) -> None:
    s, asked_events = turns(*messages)
    asked = one(asked_events, "intent").args["products"]
    events = s.run(rest)
    intent = one(events, "intent")
    assert intent.name == "COMPARE", rest
    assert sorted(intent.args["products"]) == sorted(p for p in _ids(s) if p not in asked), rest


@pytest.mark.parametrize(("messages", "other"), [
    (["분유포트 골라줘", "1번 세척 쉬워?", "2번하고 비교하면 어떤데?"], 2),
    (["아기띠 추천", "3번 허리 편해?", "첫째 거랑 비교 좀"], 1),
    (["formula kettles please", "is #2 heavy?", "how does it stack up against #1?"], 1),
    (["젖병소독기 골라줘", "2번 소음 심해?", "compare with number 3"], 3),
])
def test_a_comparison_naming_one_product_after_a_question_about_another_is_those_two(
        store, messages: list[str], other: int) -> None:
    """A comparison needs two: the product named, and the one just asked about (still on screen)."""
    s, events = turns(*messages[:-1])
    asked = one(events, "intent").args["products"]
    intent = one(s.run(messages[-1]), "intent")
    assert intent.name == "COMPARE", messages[-1]
    assert sorted(intent.args["products"]) == sorted([*asked, _ids(s)[other - 1]]), messages[-1]
