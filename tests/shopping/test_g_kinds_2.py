"""Hold-out G kinds, second round (issue 29, shopping), each through the whole turn (Session -> pipeline -> store).

Before the fix, on the same machine (G test half 63/78, tune half 41/44): a product number with a "like it"
word and "cheaper" asked for a budget when none was known; "…게 좋아요", "…돼서 … 거" and "모니터" read as
questions about a product; "X 말고 Y" kept category X; "the first two" was rank 1 only; "which would you pick"
after comparing two compared all three; "젤" was no superlative; a drawback no product of the category carries
yet (temperature drift on kettles) was dropped; an English adjective before its noun ("a confusing app") was
not read; "is it worth it / 꼭 사야 돼요?" was a new Top 3 ("사야" was corrected to 사양, "really" held "all")."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.nlu import find_change
from agents.shopping.catalog import shipped_products
from tests.support.helpers import one, text_of, types

REFILTER_EVENTS = ["thinking", "intent", "text", "data_card", "suggested_questions", "done"]
ANSWER_EVENTS = ["thinking", "intent", "text", "suggested_questions", "done"]
COMPARE_EVENTS = ["thinking", "intent", "text", "data_card", "suggested_questions", "done"]


def state(session: Session) -> dict:
    return session.conversation().state


@pytest.mark.parametrize("said", ["{rank}번 스타일로 조금 더 저렴한 거", "{rank}번이랑 닮은 걸로 더 싸게",
                                  "something like number {rank} but cheaper", "anything like the {nth} one, only cheaper"])
def test_a_product_number_with_a_like_word_and_cheaper_is_anchored_below_its_price(store, said):
    """No budget known: the anchor's price is the ceiling (seed 003 "2번 제품 비슷한데 더 저렴한 걸로")."""
    s = Session("shopping")
    s.run("아기띠 추천해줘")
    top3 = state(s)["top3"]
    rank, anchor = max(enumerate(top3, 1), key=lambda kv: kv[1]["price"])
    events = s.run(said.format(rank=rank, nth={1: "first", 2: "second", 3: "third"}[rank]))
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["anchor"]) == ("REFILTER_WITH_ANCHOR", anchor["id"])
    assert intent.args["budget"]["max"] == anchor["price"] - 1
    recs = one(events, "data_card").data["recommendations"]
    assert recs and all(r["price"] < anchor["price"] for r in recs)
    assert state(s)["anchor"] == anchor["id"]


def test_based_on_never_halves_the_budget():
    """The kit's relative change: "기반으로" holds 반 (half) inside a word; "반으로" alone still halves."""
    assert find_change("1번 제품 기반으로 다시 골라줘") is None
    assert find_change("일반으로 보여줘") is None
    assert find_change("예산 반으로") is not None and find_change("예산 반으로").factor == 0.5


@pytest.mark.parametrize(("said", "pro"), [("밤에 돌려도 소리 작은 게 좋겠어요", "quiet"),
                                           ("애가 자주 깨서 조용한 거", "quiet"),
                                           ("세척은 편한 걸로요", "hygiene-easy")])
def test_a_wish_ending_on_the_product_is_a_condition_not_a_product_question(store, said, pro):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run(said)
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert intent.name == "REFILTER" and pro in intent.args["tag_changes"]["add_pros"]
    assert pro in state(s)["pros"]


def test_a_monitor_named_is_not_a_question(store):
    """"모니터" holds -니 (a question ending) inside the word: "모니터 말고 분유포트 조용한 거" asks nothing."""
    s = Session("shopping")
    s.run("베이비모니터 보여줘")
    events = s.run("모니터 말고 분유포트 조용한 거")
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["category"]) == ("REFILTER", "분유포트")
    assert state(s)["category"] == "분유포트" and "quiet" in state(s)["pros"]


@pytest.mark.parametrize(("said", "category"), [("젖병소독기 말고 베이비모니터로 다시 보여줘", "베이비모니터"),
                                                ("a baby carrier instead of the sterilizer", "아기띠")])
def test_the_category_after_the_turn_word_is_the_one_asked_for(store, said, category):
    s = Session("shopping")
    s.run("젖병소독기 추천해줘")
    events = s.run(said)
    assert types(events) == REFILTER_EVENTS
    assert one(events, "intent").args["category"] == category
    assert state(s)["category"] == category
    kinds = {p["id"]: p["category"] for p in shipped_products()}
    assert {kinds[r["id"]] for r in one(events, "data_card").data["recommendations"]} == {category}


@pytest.mark.parametrize(("said", "ranks"), [("compare the top two for me", [1, 2]), ("앞에 두 개만 비교해줘", [1, 2]),
                                             ("last two side by side, which is better", [2, 3])])
def test_first_two_and_last_two_are_two_products(store, said, ranks):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    events = s.run(said)
    assert types(events) == COMPARE_EVENTS
    intent = one(events, "intent")
    assert intent.name == "COMPARE" and intent.args["products"] == [top3[k - 1]["id"] for k in ranks]


def test_a_correction_names_the_pair_to_compare_instead(store):
    """"아니 그거 말고 1번이랑 3번" after a comparison: the numbers after 말고 are the new pair, not exclusions."""
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    s.run("1번 2번 비교해줘")
    events = s.run("아니 그거 말고 1번이랑 3번")
    assert types(events) == COMPARE_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"], intent.args["exclude"]) == (
        "COMPARE", [top3[0]["id"], top3[2]["id"]], [])
    assert state(s)["top3"] == top3  # nothing was excluded: the same three are on screen


@pytest.mark.parametrize("said", ["so which would you go with?", "그래서 둘 중 뭐가 나아?"])
def test_a_pick_right_after_comparing_two_is_between_those_two(store, said):
    s = Session("shopping")
    s.run("젖병소독기 추천해줘")
    top3 = state(s)["top3"]
    s.run("compare 2 and 3")
    events = s.run(said)
    assert types(events) == COMPARE_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"]) == ("COMPARE", [top3[1]["id"], top3[2]["id"]])


def test_a_pick_after_a_new_list_is_over_all_three(store):
    """The pair is forgotten once the list changes: "which is best" after a refilter compares the three shown."""
    s = Session("shopping")
    s.run("젖병소독기 추천해줘")
    s.run("compare 2 and 3")
    s.run("건조 빠른 걸로 다시")
    top3 = state(s)["top3"]
    events = s.run("which is best?")
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"]) == ("COMPARE", [p["id"] for p in top3])


@pytest.mark.parametrize("said", ["셋 중에 젤 가벼운 건 몇번이에요?", "이 중에 최고로 가벼운 거 몇번째야"])
def test_a_superlative_over_the_shown_is_a_comparison_of_all_three(store, said):
    s = Session("shopping")
    s.run("아기띠 추천해줘")
    top3 = state(s)["top3"]
    events = s.run(said)
    assert types(events) == COMPARE_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"]) == ("COMPARE", [p["id"] for p in top3])


def test_a_drawback_no_product_of_the_category_carries_yet_is_kept(store):
    """Kettle reviews name no temperature drift yet: the wish to avoid it is stored (seed: selectedConsTags), with
    its good side (precise temperature) as the condition that ranks."""
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run("온도가 왔다갔다 하는 건 빼 주세요")
    assert types(events) == REFILTER_EVENTS
    changes = one(events, "intent").args["tag_changes"]
    assert (changes["add_cons"], changes["add_pros"]) == (["temp-drift"], ["temp-precise"])
    assert "temp-drift" in state(s)["cons"] and "temp-precise" in state(s)["pros"]
    assert "반영하지 못했어요" not in text_of(events)


def test_shoulder_pain_is_a_carriers_drawback(store):
    s = Session("shopping")
    s.run("아기띠 추천해줘")
    events = s.run("오래 안아도 어깨 안 아픈 걸로")
    assert types(events) == REFILTER_EVENTS
    assert "shoulder-pain" in one(events, "intent").args["tag_changes"]["add_cons"]
    assert "shoulder-pain" in state(s)["cons"]


def test_shoulder_pain_is_still_no_kettle_condition(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run("어깨 안 아픈 걸로")
    assert "shoulder-pain" not in (one(events, "intent").args["tag_changes"] or {}).get("add_cons", [])
    assert "shoulder-pain" not in state(s).get("cons", [])


def test_an_english_adjective_before_its_noun_is_read(store):
    s = Session("shopping")
    s.run("baby monitor please")
    events = s.run("nothing with a confusing app")
    assert types(events) == REFILTER_EVENTS
    assert one(events, "intent").args["tag_changes"]["add_cons"] == ["app-complex"]
    assert "app-complex" in state(s)["cons"]


@pytest.mark.parametrize(("said", "category"), [("베이비모니터 꼭 사야 돼요?", "베이비모니터"),
                                                ("is a baby carrier really worth it?", "아기띠"),
                                                ("젖병소독기 없어도 될까요", "젖병소독기")])
def test_whether_a_kind_of_product_is_needed_is_answered(store, said, category):
    """A question about buying at all is GENERAL, answered with what the catalogue's reviews say about the kind;
    no new Top 3 and no question back."""
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    events = s.run(said)
    assert types(events) == ANSWER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["category"]) == ("GENERAL", category)
    assert state(s)["top3"] == top3 and state(s)["category"] == "분유포트"


def test_no_bare_yaml_boolean_hides_in_the_lexicon():
    """YAML 1.1 reads a bare `no` as False: "no noise please" then matched nothing (the noise topic's "no")."""
    import yaml

    from agents.shopping.reading import LEXICON_PATH

    def booleans(value: object, path: str) -> list[str]:
        if isinstance(value, bool):
            return [path]
        if isinstance(value, list):
            return [b for v in value for b in booleans(v, path)]
        if isinstance(value, dict):
            return [b for k, v in value.items() for b in booleans(v, f"{path}/{k}")]
        return []

    assert booleans(yaml.safe_load(LEXICON_PATH.read_text(encoding="utf-8")), "") == []


@pytest.mark.parametrize(("said", "con"), [("no noise please", "noise-loud"), ("I really hate loud machines", "noise-loud"),
                                           ("avoid the heavy models", "heavy")])
def test_an_english_stance_before_the_quality_is_read(store, said, con):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run(said)
    assert types(events) == REFILTER_EVENTS
    assert con in one(events, "intent").args["tag_changes"]["add_cons"]
    assert con in state(s)["cons"]


@pytest.mark.parametrize("said", ["제일 저렴한 게 몇번이에요?", "which one's the cheapest?"])
def test_which_is_cheapest_is_answered_first_from_the_shown(store, said):
    s = Session("shopping")
    s.run("젖병소독기 추천해줘")
    top3 = state(s)["top3"]
    events = s.run(said)
    assert types(events) == COMPARE_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"]) == ("COMPARE", [p["id"] for p in top3])
    rank, cheapest = min(enumerate(top3, 1), key=lambda kv: kv[1]["price"])
    first = text_of(events).splitlines()[0]
    assert (f"{rank}번" in first or f"#{rank}" in first) and f"{cheapest['price']:,}" in first
    assert state(s)["top3"] == top3 and "budget" not in state(s)  # no budget was set


def test_is_one_cheaper_than_the_other_compares_them(store):
    s = Session("shopping")
    s.run("아기띠 추천해줘")
    top3 = state(s)["top3"]
    events = s.run("3번이 1번보다 더 싸요?")
    assert types(events) == COMPARE_EVENTS
    assert one(events, "intent").args["products"] == [top3[2]["id"], top3[0]["id"]]
    assert state(s)["top3"] == top3


def test_the_quality_asked_over_the_shown_leads_the_comparison(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    events = s.run("셋 중 세척 젤 편한 거 몇번이야?")
    assert types(events) == COMPARE_EVENTS
    easy = [f"{i}번" for i, p in enumerate(top3, 1) if "hygiene-easy" in p.get("pros", [])] or None
    first = text_of(events).splitlines()[0]
    assert first.startswith("'세척이 쉬워요'") or first.startswith("'세척이 쉬워요'라는 후기가 있는 제품은 없어요")
    for mark in easy or []:
        assert mark in first


@pytest.mark.parametrize("said", ["{rank}번 좋은데 가격이 좀 부담돼요", "{rank}번 마음에 드는데 비싸네", "{rank}번 괜찮은데 더 싼 버전은 없나요"])
def test_liking_a_product_but_not_its_price_is_anchored_below_it(store, said):
    s = Session("shopping")
    s.run("베이비모니터 추천해줘")
    top3 = state(s)["top3"]
    rank, anchor = max(enumerate(top3, 1), key=lambda kv: kv[1]["price"])
    events = s.run(said.format(rank=rank))
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["anchor"], intent.args["budget"]["max"]) == (
        "REFILTER_WITH_ANCHOR", anchor["id"], anchor["price"] - 1)
    assert all(r["price"] < anchor["price"] for r in one(events, "data_card").data["recommendations"])


@pytest.mark.parametrize(("said", "con"), [("2번 같은 건데 좀 더 가벼운 거", "heavy"), ("#2 but less bulky", "bulky")])
def test_a_product_named_with_a_better_quality_is_anchored_on_it(store, said, con):
    s = Session("shopping")
    s.run("아기띠 추천해줘")
    second = state(s)["top3"][1]
    events = s.run(said)
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["anchor"]) == ("REFILTER_WITH_ANCHOR", second["id"])
    assert con in intent.args["tag_changes"]["add_cons"]
    assert second["id"] not in [r["id"] for r in one(events, "data_card").data["recommendations"]]


def test_a_question_about_a_named_products_quality_stays_a_question(store):
    s = Session("shopping")
    s.run("아기띠 추천해줘")
    events = s.run("2번 더 가벼워?")
    assert one(events, "intent").name == "PRODUCT_QA"


@pytest.mark.parametrize("said", ["신생아 손톱은 언제 처음 깎아요?", "how warm should bath water be for a newborn?",
                                  "아기가 낮잠을 30분만 자는데 정상이에요?"])
def test_a_question_about_the_baby_is_a_parenting_question(store, said):
    """The baby, not a product, is the subject: answered as GENERAL (no product clarification, no new list)."""
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    events = s.run(said)
    assert types(events) == ANSWER_EVENTS
    assert one(events, "intent").name == "GENERAL"
    assert "몇 번 제품" not in text_of(events) and state(s)["top3"] == top3


def test_a_wish_about_the_baby_is_still_a_condition(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run("아기가 예민해서 소리 덜 나는 거")
    assert types(events) == REFILTER_EVENTS
    assert "quiet" in one(events, "intent").args["tag_changes"]["add_pros"]


def test_which_is_good_in_another_category_is_a_new_list_not_a_comparison_of_the_shown(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run("7개월 아기인데 아기띠는 뭐가 좋아요?")
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["category"]) == ("REFILTER", "아기띠")
    assert state(s)["category"] == "아기띠"


def test_a_product_taken_as_the_base_is_the_anchor(store):
    s = Session("shopping")
    s.run("젖병소독기 추천해줘")
    third = state(s)["top3"][2]
    events = s.run("3번으로 기준 잡고 다시 골라줘")
    assert types(events) == REFILTER_EVENTS
    assert (one(events, "intent").name, one(events, "intent").args["anchor"]) == ("REFILTER_WITH_ANCHOR", third["id"])
    assert state(s)["anchor"] == third["id"]


# Hold-out H's tune half (measured after the G work: 50/52) showed two more kinds: "last" the verb read as the
# last product, and "the rest" after setting one aside.


@pytest.mark.parametrize("said", ["also the battery needs to last long", "battery that will last longer please"])
def test_last_the_verb_is_no_product_number(store, said):
    s = Session("shopping")
    s.run("베이비모니터 추천해줘")
    events = s.run(said)
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["product_numbers"]) == ("REFILTER", [])
    assert "long-battery" in intent.args["tag_changes"]["add_pros"] and "long-battery" in state(s)["pros"]


def test_the_last_one_is_still_the_third(store):
    s = Session("shopping")
    s.run("베이비모니터 추천해줘")
    third = state(s)["top3"][2]
    events = s.run("the last one, does it have night vision?")
    assert (one(events, "intent").name, one(events, "intent").args["products"]) == ("PRODUCT_QA", [third["id"]])


@pytest.mark.parametrize(("said", "ranks"), [("1번은 빼고 남은 두 개 비교해줘", [2, 3]),
                                             ("leave out #2 and compare the other two", [1, 3])])
def test_the_rest_after_setting_one_aside_are_compared(store, said, ranks):
    s = Session("shopping")
    s.run("젖병소독기 추천해줘")
    top3 = state(s)["top3"]
    events = s.run(said)
    assert types(events) == COMPARE_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"], intent.args["exclude"]) == (
        "COMPARE", [top3[k - 1]["id"] for k in ranks], [])
    assert state(s)["top3"] == top3


def test_parenting_talk_names_no_product_quality_but_offers_the_related_products(store):
    """"밤" (night) in "아기가 밤마다 깨요" is no night vision: the intent has no topic; the answer may still offer the
    products that speak to it (the baby monitor's night view)."""
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run("요새 아기가 밤마다 깨서 걱정이에요 어떻게 하면 좋을까요")
    assert types(events) == ANSWER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["topic"]) == ("GENERAL", None)
    assert "베이비모니터" in text_of(events)


# Own probes in the H kinds' shapes (different words): each a miss before.


def test_pass_on_a_product_excludes_it(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    first = state(s)["top3"][0]
    events = s.run("1번은 패스할게요 다른 걸로요")
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["exclude"]) == ("REFILTER", [first["id"]])
    assert first["id"] not in [p["id"] for p in state(s)["top3"]]


def test_cheaper_than_that_one_points_back_with_any_noun(store):
    """"그거보다 싼 것도" ("것" as well as "거"): cheaper than the product the last turn asked about."""
    s = Session("shopping")
    s.run("아기띠 추천해줘")
    top3 = state(s)["top3"]
    rank, asked = max(enumerate(top3, 1), key=lambda kv: kv[1]["price"])
    s.run(f"{rank}번 착용감 어때요?")
    events = s.run("그거보다 저렴한 것도 있어요?")
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["anchor"], intent.args["budget"]["max"]) == (
        "REFILTER_WITH_ANCHOR", asked["id"], asked["price"] - 1)


@pytest.mark.parametrize("said", ["가격대 좀 내려서 다시 찾아줘", "예산을 낮게 잡아서 다시"])
def test_lowering_the_price_without_an_amount_asks_how_much(store, said):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run(said)
    intent = one(events, "intent")
    assert (intent.name, intent.args.get("budget")) == ("ASK_CLARIFICATION", None)
    assert "최대 얼마까지" in text_of(events)


@pytest.mark.parametrize("said", ["애기가 열이 나는데 어떡하죠", "분유 물 온도는 몇 도로 맞추는 게 좋아요?"])
def test_a_worry_or_a_how_to_about_the_baby_is_answered(store, said):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    events = s.run(said)
    assert types(events) == ANSWER_EVENTS
    assert one(events, "intent").name == "GENERAL" and state(s)["top3"] == top3


def test_a_product_said_to_be_too_dear_gives_the_ceiling(store):
    s = Session("shopping")
    s.run("베이비모니터 추천해줘")
    top3 = state(s)["top3"]
    rank, dear = max(enumerate(top3, 1), key=lambda kv: kv[1]["price"])
    events = s.run(f"{rank}번은 너무 비싸네요")
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["anchor"], intent.args["budget"]["max"]) == (
        "REFILTER_WITH_ANCHOR", dear["id"], dear["price"] - 1)


def test_a_quality_asked_right_after_a_product_question_is_about_the_same_product(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    second = state(s)["top3"][1]
    s.run("2번 보온 오래 가요?")
    events = s.run("용량은요?")
    assert types(events) == ANSWER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["products"], intent.args["topic"]) == ("PRODUCT_QA", [second["id"]], "capacity")


def test_a_quality_asked_after_a_new_list_still_asks_which_product(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    s.run("소음 적은 걸로 다시")
    events = s.run("용량은요?")
    assert one(events, "intent").name == "ASK_CLARIFICATION" and "몇 번 제품" in text_of(events)


@pytest.mark.parametrize(("said", "ranks"), [("is number three easy to clean?", [3]), ("what about option two?", [2])])
def test_an_english_number_word_after_number_is_a_rank(store, said, ranks):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    events = s.run(said)
    assert one(events, "intent").name == "PRODUCT_QA"
    assert one(events, "intent").args["products"] == [top3[k - 1]["id"] for k in ranks]


@pytest.mark.parametrize(("said", "ranks"), [("1번 빼고 2번이랑 3번만 비교해봐", [2, 3]), ("except #3, compare 1 and 2", [1, 2])])
def test_a_number_set_aside_is_not_compared(store, said, ranks):
    s = Session("shopping")
    s.run("아기띠 추천해줘")
    top3 = state(s)["top3"]
    events = s.run(said)
    assert types(events) == COMPARE_EVENTS
    assert one(events, "intent").args["products"] == [top3[k - 1]["id"] for k in ranks]


@pytest.mark.parametrize("said", ["3번 노노 딴 거 보여줘", "not #3 please, show me something else"])
def test_slang_and_english_refusals_of_a_number_exclude_it(store, said):
    s = Session("shopping")
    s.run("젖병소독기 추천해줘")
    third = state(s)["top3"][2]
    events = s.run(said)
    assert types(events) == REFILTER_EVENTS
    assert one(events, "intent").args["exclude"] == [third["id"]]


def test_slang_superlative_over_the_shown(store):
    s = Session("shopping")
    s.run("아기띠 추천해줘")
    top3 = state(s)["top3"]
    events = s.run("세 개 중 젤 가벼운 거 머야")
    assert types(events) == COMPARE_EVENTS
    assert one(events, "intent").args["products"] == [p["id"] for p in top3]


def test_a_slang_greeting_is_general(store):
    events = Session("shopping").run("ㅎㅇㅎㅇ")
    assert types(events) == ANSWER_EVENTS and one(events, "intent").name == "GENERAL"


def test_good_for_my_back_is_back_support(store):
    s = Session("shopping")
    events = s.run("baby carrier under 90k that is good for my back")
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert intent.args["category"] == "아기띠" and intent.args["budget"]["max"] == 90000
    assert "back-support" in intent.args["tag_changes"]["add_pros"]


def test_a_korean_floor_then_ceiling_is_a_range(store):
    s = Session("shopping")
    s.run("젖병소독기 추천해줘")
    events = s.run("4만원 이상 9만원 이하로요")
    assert types(events) == REFILTER_EVENTS
    budget = one(events, "intent").args["budget"]
    assert (budget["min"], budget["max"], budget["kind"]) == (40000, 90000, "range")
    assert (state(s)["budget"]["min"], state(s)["budget"]["max"]) == (40000, 90000)


def test_value_for_money_between_two_numbers_compares_them(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    events = s.run("1번이랑 2번 중 가성비는 어때?")
    assert types(events) == COMPARE_EVENTS
    assert one(events, "intent").args["products"] == [top3[0]["id"], top3[1]["id"]]


def test_a_bare_how_is_it_after_a_product_question_stays_on_that_product(store):
    s = Session("shopping")
    s.run("아기띠 추천해줘")
    third = state(s)["top3"][2]
    s.run("3번 허리 받쳐줘요?")
    events = s.run("착용감은 어때?")
    assert (one(events, "intent").name, one(events, "intent").args["products"]) == ("PRODUCT_QA", [third["id"]])


def test_no_budget_drops_it(store):
    s = Session("shopping")
    s.run("분유포트 6만원 이하로 추천해줘")
    events = s.run("그냥 가격 제한 없이 다시 보여줘")
    assert types(events) == REFILTER_EVENTS
    assert one(events, "intent").args["budget"]["kind"] == "none"
    assert state(s)["budget"]["max"] is None


@pytest.mark.parametrize(("said", "rank"), [("what do buyers say about #3's size?", 3),
                                            ("the one in the middle, how heavy is it?", 2)])
def test_possessive_and_middle_ranks(store, said, rank):
    s = Session("shopping")
    s.run("아기띠 추천해줘")
    top3 = state(s)["top3"]
    events = s.run(said)
    assert (one(events, "intent").name, one(events, "intent").args["products"]) == ("PRODUCT_QA", [top3[rank - 1]["id"]])


def test_a_long_english_request_is_a_recommendation_not_a_question_about_the_first(store):
    """"first-time mom" holds no product number; "keep the water warm" is the keep-warm wish."""
    events = Session("shopping").run("Hello, first-time dad here. I want a formula kettle that can keep the water warm "
                                     "for hours and is easy to wash, budget up to 95,000 won.")
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["category"], intent.args["budget"]["max"]) == ("REFILTER", "분유포트", 95000)
    assert {"keep-warm", "hygiene-easy"} <= set(intent.args["tag_changes"]["add_pros"])
    assert intent.args["product_numbers"] == []


def test_a_second_child_is_no_second_product(store):
    s = Session("shopping")
    events = s.run("셋째가 곧 태어나서 아기띠 하나 더 사려는데 가벼운 걸로 8만원 아래면 좋겠어요")
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert (intent.name, intent.args["category"], intent.args["anchor"]) == ("REFILTER", "아기띠", None)
    assert intent.args["budget"]["max"] == 80000 and "lightweight" in intent.args["tag_changes"]["add_pros"]


def test_narrowing_to_ones_with_a_quality_is_a_condition(store):
    s = Session("shopping")
    s.run("베이비모니터 추천해줘")
    events = s.run("could you filter to ones with a clear picture?")
    assert types(events) == REFILTER_EVENTS
    assert "clear-video" in one(events, "intent").args["tag_changes"]["add_pros"]


def test_both_compared_found_wanting_are_excluded(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    top3 = state(s)["top3"]
    s.run("2번 3번 비교해줘")
    events = s.run("음 둘 다 그닥이네 다른 거 보여줘")
    assert types(events) == REFILTER_EVENTS
    assert one(events, "intent").args["exclude"] == [top3[1]["id"], top3[2]["id"]]
    assert not {top3[1]["id"], top3[2]["id"]} & {p["id"] for p in state(s)["top3"]}


def test_should_i_buy_one_at_all_is_answered(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run("should I get a bottle sterilizer or just boil the bottles?")
    assert types(events) == ANSWER_EVENTS and one(events, "intent").name == "GENERAL"
