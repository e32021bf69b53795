"""Issue 29, round E in travel (the tune half of blind set E, fixed by kind), through real offline Session
turns and the reader. Before the fixes, on the same machine: an add or remove confirmation card came with
no sentence; "관광지로 추천해줘" on the Tokyo trip searched near the restaurant 스키야바시 지로 (a two-syllable
name matched inside a word), and "길거리 음식" on the Seoul trip near 홍대 거리."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.travel.evaluate import sample_trip
from agents.travel.names import gazetteer
from agents.travel.reading import read
from agents.travel.service import TripService
from tests.support.helpers import one, text_of, types

PROPOSAL = ["text", "tool_call", "action_confirmation", "done"]


# --- answer first: a change's card comes with a sentence saying what will change ---------------------

@pytest.mark.parametrize(("text", "tool", "sentence"), [
    ("셋째 날 저녁 6시에 센소지 넣어줘", "add_place_to_itinerary",
     "3일째 18:00에 '센소지'를 일정에 넣을까요? 확인 카드의 [확인]을 누르면 일정에 반영돼요."),
    ("put Meiji Jingu on day 1", "add_place_to_itinerary",
     "Shall I add Meiji Jingu Shrine to day 1? Press Confirm on the card to put it in the itinerary; nothing changes "
     "before that."),
    ("팀랩 플래닛은 저장 목록에서 빼줘", "remove_saved_place",
     "저장된 장소에서 '팀랩 플래닛'을 삭제할까요? 일정에 들어 있으면 그 방문도 함께 빠져요. 확인 카드의 [확인]을 누르면 삭제돼요."),
    ("delete Tokyo Skytree from my saved places", "remove_saved_place",
     "Shall I remove Tokyo Skytree from your saved places (and any visits to it in the itinerary)? Press Confirm "
     "on the card to remove it; nothing changes before that."),
])
def test_a_change_card_comes_with_a_sentence_and_changes_nothing_yet(store, clock, text, tool, sentence):
    s = Session("travel", clock=clock)
    before = TripService(store).active("demo")
    events = s.run(text)
    assert types(events) == PROPOSAL
    assert one(events, "tool_call").name == tool and text_of(events) == sentence
    after = TripService(store).active("demo")
    assert (after.places, after.itinerary) == (before.places, before.itinerary)


def test_removing_a_place_that_is_not_saved_promises_no_card(store, clock):
    events = Session("travel", clock=clock).run("스키야바시 지로 삭제해줘")
    assert [e.type for e in events if e.type in ("action_confirmation", "tool_result")] == ["tool_result"]
    assert "삭제할까요" not in text_of(events) and "스키야바시 지로" in text_of(events)


# --- a short name inside another word is no mention --------------------------------------------------

@pytest.mark.parametrize(("destination", "text"), [
    ("tokyo", "관광지로 추천해줘"),  # 지로 (스키야바시 지로)
    ("seoul", "길거리 음식 추천"),  # 거리 (홍대 거리)
    ("osaka", "회전스시 맛집 알려줘"),
    ("tokyo", "큰교차로 근처 말고 조용한 카페"),  # 교차로 (시부야 스크램블 교차로)
])
def test_a_short_name_inside_a_word_names_no_place(destination, text):
    assert gazetteer(destination).place_mentions(text) == [] or all(
        m.strength == 3 for m in gazetteer(destination).place_mentions(text))
    reading = read(text, sample_trip(destination))
    assert "near" not in reading.args and "reference" not in reading.args


@pytest.mark.parametrize(("destination", "text", "place"), [
    ("tokyo", "지로 2일차 저녁에 넣어줘", "스키야바시 지로"),  # at a word's start it is the name
    ("osaka", "오사카도톤보리 근처 카페", "도톤보리"),  # after the city's name, written together
    ("seoul", "노량진수산시장 근처 맛집", "노량진 수산시장"),
    ("tokyo", "관광지로 말고 지로 근처 카페", "스키야바시 지로"),  # the second one begins a word
])
def test_a_name_that_begins_a_word_or_follows_a_known_name_still_counts(destination, text, place):
    reading = read(text, sample_trip(destination))
    got = reading.args.get("place") or reading.args.get("reference") or reading.args.get("near")
    assert got == place, reading


def test_a_sights_request_on_the_tokyo_trip_is_ranked_by_the_saved_places(store, clock):
    events = Session("travel", clock=clock).run("관광지로 추천해줘")
    call = one(events, "tool_call")
    assert call.name == "recommend_places" and call.args["near"] is None
    assert text_of(events).startswith("저장한 장소에서 가까운 순으로")


# --- follow-ups: "그거 / it" is the place asked about just before --------------------------------------

@pytest.mark.parametrize(("first", "then", "place", "day", "start"), [
    ("도쿄 국립박물관은 어떤 곳이야?", "그럼 그거 둘째 날 오후에 넣어줘", "도쿄 국립박물관", 2, "14:00"),
    ("is teamLab Planets any good?", "ok put it on the last day", "팀랩 플래닛", 4, None),
    ("우에노 동물원 어때요", "거기 3일차 오전으로", "우에노 동물원", 3, "10:00"),
])
def test_a_pronoun_with_a_day_adds_the_place_asked_about_before(store, clock, first, then, place, day, start):
    s = Session("travel", clock=clock)
    s.run(first)
    events = s.run(then)
    assert types(events) == PROPOSAL
    call = one(events, "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"], call.args["startTime"]) == (
        "add_place_to_itinerary", place, day, start)
    assert TripService(store).active("demo").itinerary == []  # a proposal, nothing added before the click


def test_a_pronoun_after_two_places_asks_and_adds_nothing(store, clock):
    s = Session("travel", clock=clock)
    s.run("센소지랑 메이지 신궁 중에 어디가 나아?")
    events = s.run("그거 이틀째에 넣자")
    assert "action_confirmation" not in types(events) and one(events, "clarification").options


def test_a_new_kind_of_place_near_there_keeps_the_last_anchor(store, clock):
    s = Session("travel", clock=clock)
    s.run("메이지 신궁 근처 카페")
    call = one(s.run("거기서 가까운 쇼핑할 데는?"), "tool_call")
    assert (call.name, call.args["referencePlaceName"], call.args["category"]) == (
        "search_nearby_places", "메이지 신궁", "shopping")
    s.run("센소지 주변 맛집")
    call = one(s.run("any cafes near there?"), "tool_call")
    assert (call.name, call.args["referencePlaceName"], call.args["category"]) == (
        "search_nearby_places", "센소지", "cafe")


def test_removing_a_place_after_a_replan_is_a_removal_not_another_plan(store, clock):
    s = Session("travel", clock=clock)
    assert one(s.run("스카이트리 빼고 일정 다시 짜줘"), "tool_call").name == "generate_itinerary"
    events = s.run("그럼 스카이트리는 저장 목록에서도 지워줘")
    assert types(events) == PROPOSAL
    assert one(events, "tool_call").args == {"placeName": "도쿄 스카이트리"}


# --- a city the app has no trip for asks; staying on the open trip then answers there ---------------

def test_a_city_without_a_trip_asks_then_staying_searches_the_open_trip(store, clock):
    s = Session("travel", clock=clock)
    asked = s.run("후쿠오카 라멘 맛집 추천해줘")
    question = one(asked, "clarification")
    assert question.question.startswith("후쿠오카는 제가 장소 데이터를 가진 여행지가 아니에요 (계획할 수 있는 곳: 도쿄, 오사카, 서울, 제주)")
    assert question.options == ["도쿄 여행 계속", "오사카 여행 열기", "서울 여행 열기", "제주 여행 열기"]
    assert [e.name for e in asked if e.type == "tool_call"] == ["askClarification"]
    stay = s.run("도쿄 여행 계속")
    call = one(stay, "tool_call")
    assert call.name == "recommend_places" and {p["category"] for p in call.args["places"]} == {"restaurant"}
    assert TripService(store).active("demo").destination == "tokyo"


def test_an_english_question_about_a_city_without_a_trip_is_asked_in_english(store, clock):
    question = one(Session("travel", clock=clock).run("any good sushi in Sapporo?"), "clarification")
    assert question.question.startswith("I have no places data for Sapporo: the trips I can plan are Tokyo, Osaka, Seoul")
    assert question.options[0] == "Stay on the Tokyo trip"


@pytest.mark.parametrize("text", ["부산에서 출발하는데 도쿄 3박 4일 일정 짜줘", "우리나라 음식이랑 비슷한 맛집", "대구탕 파는 식당"])
def test_a_city_word_that_is_a_departure_or_inside_another_word_does_not_ask(text):
    assert read(text, sample_trip("tokyo")).args.get("missing") != "trip"


def test_a_trip_length_beside_a_kind_of_place_asks_for_places_not_a_plan():
    reading = read("당일치기로 갈 만한 카페 알려줘", sample_trip("tokyo"))
    assert (reading.tool, reading.args.get("category")) == ("recommend_places", "cafe")
    assert read("당일치기 코스 짜줘", sample_trip("tokyo")).tool == "generate_itinerary"


# --- plain answers: routes, refunds and tickets are not in the data ---------------------------------

@pytest.mark.parametrize(("text", "start"), [
    ("하네다 공항에서 호텔까지 어떻게 가?", "장소 사이 가는 길, 시간표, 요금은 제가 가진 데이터에 없어서"),
    ("how do I get to Shibuya from the airport?", "Routes, timetables and fares between places are not in my data"),
])
def test_a_route_question_gets_a_plain_answer_and_no_places(store, clock, text, start):
    events = Session("travel", clock=clock).run(text)
    assert types(events) == ["text", "done"] and text_of(events).startswith(start)


def test_a_ticket_question_after_a_search_is_answered_without_a_search(store, clock):
    s = Session("travel", clock=clock)
    s.run("츠키지 시장 주변 맛집 찾아줘")
    events = s.run("입장료 환불 규정은?")
    assert types(events) == ["text", "done"] and "추측하지 않을게요" in text_of(events)


def test_a_question_about_what_was_planned_shows_the_itinerary(store, clock):
    s = Session("travel", clock=clock)
    s.confirm_action(one(s.run("3일째 11:00 팀랩 플래닛 넣어줘"), "action_confirmation").action_id)
    events = s.run("what did we plan for day 3 again?")
    assert [(e.name, e.args) for e in events if e.type == "tool_call"] == [("show_itinerary", {"dayNumber": 3})]
    assert text_of(events) == "Here is your itinerary:\nDay 3 (2026-12-04):\n  11:00 팀랩 플래닛"


# --- names people shorten or misspell --------------------------------------------------------------

def test_a_short_form_names_the_place_and_a_vowel_slip_finds_the_dish():
    added = read("USJ 첫날 오전에 넣어줘", sample_trip("osaka"))
    assert (added.tool, added.args) == ("add_place_to_itinerary",
                                        {"place": "유니버설 스튜디오 재팬", "day": 1, "time_of_day": "morning"})
    ramen = read("메이지 신궁 근처 라맨 가게", sample_trip("tokyo"))
    assert (ramen.tool, ramen.args["reference"], ramen.args["keyword"]) == ("search_nearby_places", "메이지 신궁", "라멘")
