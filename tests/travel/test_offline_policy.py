"""The travel planner's offline model (issue 11 "Offline policy"): measured on labelled phrasings
kept apart from its training examples, the issue's seven examples end to end through the real
tools, questions with choices, and no mutation on a guess."""

from __future__ import annotations

import io
import json

from agents.core.actions import ActionService
from agents.core.session import Session
from agents.nlu.leaks import shared_sentences
from agents.travel import evaluate
from agents.travel.evaluate import sample_trip
from agents.travel.reading import MUTATIONS, TripView, classifier, read
from agents.travel.service import TripService
from tests.support.helpers import one, text_of, types

HOLDOUT_C_FLOOR = 0.97  # 47/47 after its fixes; 43/47 before


def test_accuracy_on_the_labelled_phrasings_is_printed_and_at_least_95_percent() -> None:
    report = evaluate.run_report()
    out = io.StringIO()
    from rich.console import Console

    report.print(Console(file=out, width=140, color_system=None))
    print(out.getvalue())  # shown with -s and in the CI log on failure
    assert report.total >= 150
    assert report.accuracy >= 0.95, report.summary()
    # A question was never answered with a mutation.
    assert not [o.text for o in report.outcomes if o.expected == "clarify" and o.got in MUTATIONS]


def test_holdout_c_accuracy() -> None:
    """Hold-out C's tune half (tests/travel/phrasings_c.yaml): 43/47 before its fixes."""
    report = evaluate.run_report(evaluate.HOLDOUT_C, "travel (hold-out C)")
    assert report.total >= 40 and report.accuracy >= HOLDOUT_C_FLOOR, [(o.text, o.problems) for o in report.misses()]
    assert not [o.text for o in report.outcomes if o.expected == "clarify" and o.got in MUTATIONS]


def test_the_kinds_hold_out_c_missed_are_read() -> None:
    """A dish before "shop" is a restaurant; the destination's name before a shared keyword is no place name;
    an English name without its generic middle word names the saved place; ㄳ/덕분에 thank."""
    tokyo, jeju = sample_trip("tokyo"), sample_trip("jeju")
    assert read("tonkatsu shops in Shinjuku?", tokyo).args == {"category": "restaurant", "keyword": "tonkatsu",
                                                          "near": "신주쿠"}
    assert read("제주 흑돼지 식당 골라줘", jeju).args == {"category": "restaurant", "keyword": "흑돼지"}
    assert read("제주 흑돼지거리 근처 카페", jeju).args["near"] == "제주 흑돼지거리"  # the full name still names it
    nearby = read("coffee close to Tsukiji market", tokyo)
    assert (nearby.tool, nearby.args["reference"], nearby.args["category"]) == ("search_nearby_places", "츠키지 시장", "cafe")
    assert read("ㄱㅅ 덕분에 잘 다녀옴", tokyo).tool == "freeformResponse"


def test_near_the_lodging_is_near_the_saved_hotel() -> None:
    """Hold-out C's convention: "숙소 근처" with the trip's saved hotel is search_nearby_places(reference=that hotel);
    a hotel wanted near an area is still a recommendation; with no saved hotel the model asks which place."""
    tokyo, osaka = sample_trip("tokyo"), sample_trip("osaka")
    assert read("숙소 근처 밥집 있어?", tokyo).args == {"category": "restaurant", "reference": "제국호텔 도쿄"}
    assert read("호텔 주변 카페 두 곳", tokyo).args == {"category": "cafe", "reference": "제국호텔 도쿄", "max_results": 2}
    assert read("cafes near our hotel", osaka).args == {"category": "cafe", "reference": "스위소텔 난카이 오사카"}
    assert read("시부야 근처 호텔", tokyo).args == {"category": "accommodation", "keyword": "호텔", "near": "시부야"}
    none_saved = read("숙소 근처 맛집", TripView(destination="tokyo", saved=("센소지",)))
    assert none_saved.tool is None and none_saved.choices == ["센소지"] and "근처" in none_saved.question


def test_unknown_dishes_off_topic_and_vague_wishes() -> None:
    seoul, tokyo = sample_trip("seoul"), sample_trip("tokyo")
    assert read("곱창 구이집 알려줘", seoul).args == {"category": "restaurant"}  # a dish the gazetteer lacks, 집 after it
    assert read("우리집 근처 맛집", tokyo).tool == "freeformResponse"
    assert read("비트코인 지금 사도 될까?", tokyo).tool == "freeformResponse"
    assert read("도쿄 지하철 패스 사야 해?", tokyo).tool == "freeformResponse"
    vague = read("뭐 재밌는 거 없을까", tokyo)
    assert vague.tool is None and len(vague.choices) >= 2


def test_day_and_length_forms_and_a_relative_day_with_a_place() -> None:
    tokyo = sample_trip("tokyo")
    assert read("D3 저녁에 팀랩 넣자", tokyo).args == {"place": "팀랩 플래닛", "day": 3, "time_of_day": "evening"}
    assert read("코스 2일로 짜 줄래?", tokyo).args == {"days": 2}
    assert read("rearrange the itinerary", tokyo).args == {"regenerate": True}
    assert read("take teamLab off my list", tokyo).args == {"place": "팀랩 플래닛"}  # a split phrasal verb
    assert read("is Skytree off the list?", tokyo).tool != "remove_place"
    asked = read("모레 메이지 신궁 가보고 싶어", tokyo)  # 모레 names no trip day: ask which, never add
    assert asked.tool is None and asked.args["missing"] == "day" and len(asked.choices) == 4


def test_test_phrasings_are_apart_from_the_training_examples() -> None:
    # Compared without spaces, punctuation or contractions ("what's" == "what is"), the follow-ups' earlier
    # messages included.
    training = [t for texts in classifier().examples.values() for t in texts]
    for path in (evaluate.PHRASINGS, evaluate.HOLDOUT_C, evaluate.FOLLOWUP):
        texts = [t for i in evaluate.load(path) for t in [i["text"], *i.get("before", [])]]
        assert shared_sentences(texts, training) == []


def test_the_issue_examples_are_read_with_their_arguments() -> None:
    tokyo = sample_trip("tokyo")
    assert read("라멘집 추천해줘", tokyo).args == {"category": "restaurant", "keyword": "라멘"}
    nearby = read("신주쿠 근처 카페 찾아줘", tokyo)
    assert (nearby.tool, nearby.args) == ("recommend_places", {"category": "cafe", "near": "신주쿠"})
    sensoji = read("센소지 주변 맛집", tokyo)
    assert (sensoji.tool, sensoji.args) == ("search_nearby_places", {"category": "restaurant", "reference": "센소지"})
    assert (read("3박 4일 일정 짜줘", tokyo).tool, read("3박 4일 일정 짜줘", tokyo).args) == ("generate_itinerary", {"days": 4})
    add = read("둘째 날 오후에 츠키지 시장 넣어줘", tokyo)
    assert (add.tool, add.args) == ("add_place_to_itinerary", {"place": "츠키지 시장", "day": 2, "time_of_day": "afternoon"})
    assert read("일정 다시 만들어줘", tokyo).args == {"regenerate": True}
    english = read("what should I eat near Shibuya?", tokyo)
    assert (english.tool, english.args) == ("recommend_places", {"category": "restaurant", "near": "시부야"})


def test_unclear_requests_ask_with_choices_and_never_mutate() -> None:
    tokyo = sample_trip("tokyo")
    for text in ("거기 넣어줘", "내일 센소지 넣어줘", "뭐 좋을까", "빼줘"):
        reading = read(text, tokyo)
        assert reading.tool is None, text
        assert len(reading.choices) >= 2 and reading.question, text


def _session(clock) -> Session:
    return Session("travel", clock=clock)  # the offline provider running the travel policy


def test_recommend_turn_runs_the_real_tool_and_replies_from_its_result(store, clock) -> None:
    events = _session(clock).run("라멘집 추천해줘")
    assert types(events) == ["tool_call", "tool_result", "data_card", "data_card", "data_card", "text", "done"]
    cards = [e.data for e in events if e.type == "data_card"]
    assert all(c["isVerified"] and c["category"] == "restaurant" for c in cards)
    distances = [c["distanceFromReference"] for c in cards]
    assert distances == sorted(distances)
    reply = text_of(events)
    assert all(c["name"] in reply and f"{c['distanceFromReference']:.1f}km" in reply for c in cards)
    saved = {p.name for p in TripService(store).active("demo").places}
    assert not saved & {c["name"] for c in cards}


def test_nearby_turn_uses_the_saved_reference(store, clock) -> None:
    events = _session(clock).run("센소지 주변 맛집")
    call = one(events, "tool_call")
    assert (call.name, call.args["referencePlaceName"], call.args["category"]) == ("search_nearby_places", "센소지",
                                                                                   "restaurant")
    assert all(e.data["distanceFromReference"] <= 5 for e in events if e.type == "data_card")
    assert "센소지에서 가까운 순으로" in text_of(events)


def test_itinerary_preview_then_regenerate_gives_another_plan_and_saves_nothing(store, clock) -> None:
    s = _session(clock)
    first = s.run("3박 4일 일정 짜줘")
    assert types(first) == ["tool_call", "tool_result", "data_card", "text", "done"]
    card = one(first, "data_card")
    assert card.card_type == "itinerary_preview" and len(card.data["preview"]["days"]) == 4
    again = one(s.run("일정 다시 만들어줘"), "data_card")
    order = [[i["placeName"] for i in d["items"]] for d in card.data["preview"]["days"]]
    assert [[i["placeName"] for i in d["items"]] for d in again.data["preview"]["days"]] != order
    assert TripService(store).active("demo").itinerary == []  # a preview saves nothing


def test_add_is_a_confirmation_and_runs_only_when_confirmed(store, clock) -> None:
    s = _session(clock)
    events = s.run("둘째 날 오후에 츠키지 시장 넣어줘")
    assert types(events) == ["text", "tool_call", "action_confirmation", "done"]
    assert text_of(events) == "2일째 14:00에 '츠키지 시장'을 일정에 넣을까요? 확인 카드의 [확인]을 누르면 일정에 반영돼요."
    confirmation = one(events, "action_confirmation")
    assert confirmation.args == {"placeName": "츠키지 시장", "dayNumber": 2, "startTime": "14:00", "duration": None,
                                 "note": None}
    assert TripService(store).active("demo").itinerary == []
    ActionService(store, clock).confirm(confirmation.action_id, "demo")
    day2 = next(d for d in TripService(store).active("demo").itinerary if d.day_number == 2)
    assert [(i.place_name, i.start_time) for i in day2.items] == [("츠키지 시장", "14:00")]


def test_a_question_carries_into_the_answer(store, clock) -> None:
    s = _session(clock)
    asked = s.run("거기 넣어줘")
    assert types(asked) == ["tool_call", "tool_result", "clarification", "text", "done"]
    assert "센소지" in one(asked, "clarification").options
    day = one(s.run("센소지"), "clarification")
    assert day.options == ["1일째", "2일째", "3일째", "4일째"]
    events = s.run("3일째")
    assert one(events, "action_confirmation").args["placeName"] == "센소지"
    assert one(events, "action_confirmation").args["dayNumber"] == 3


def test_english_and_small_talk(store, clock) -> None:
    s = _session(clock)
    events = s.run("what should I eat near Shibuya?")
    assert one(events, "tool_call").name == "recommend_places"
    # issue 29: the area named is the centre (it was ranked from the saved places before)
    assert "nearest to Shibuya first" in text_of(events)
    thanks = s.run("고마워")
    assert types(thanks) == ["text", "done"] and "천만에요" in text_of(thanks)


def test_cli_nlu_report_prints_the_travel_figures() -> None:
    from agents.cli.main import main

    out = io.StringIO()
    assert main(["nlu-report", "travel", "--json"], out=out) == 0
    sets = {f["set"]: f for f in map(json.loads, out.getvalue().splitlines())}
    assert list(sets) == ["travel", "travel (hold-out C)", "travel (follow-up)"]
    figures = sets["travel"]
    assert figures["agent"] == "travel" and figures["total"] >= 150 and figures["accuracy"] >= 0.95
    assert sets["travel (hold-out C)"]["total"] == len(evaluate.load(evaluate.HOLDOUT_C))
