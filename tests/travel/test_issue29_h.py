"""Issue 29 kind 1 in travel, left after blind set G: bare positions answer the agent's own questions with
choices, one after the other ("일정에 추가해줘" -> which place? "2" -> which day? "3"), each read as the choice
it names (the kit's dialogue state keeps the choices of the last question). Real Session turns."""

from __future__ import annotations

from agents.core.session import Session
from tests.support.helpers import one, text_of


def test_two_bare_numbers_answer_the_place_then_the_day(store, clock) -> None:
    trip = Session("travel", clock=clock)
    places = one(trip.run("일정에 추가해줘"), "clarification").options
    assert len(places) >= 2
    days = one(trip.run("2"), "clarification")
    assert days.options[:3] == ["1일째", "2일째", "3일째"]
    assert days.question.startswith(places[1])
    events = trip.run("3")
    call = one(events, "tool_call")
    assert call.name == "add_place_to_itinerary" and call.status == "awaiting_confirmation"
    assert (call.args["placeName"], call.args["dayNumber"]) == (places[1], 3)
    assert text_of(events).startswith(f"3일째에 '{places[1]}'")
    one(events, "action_confirmation")


def test_a_number_out_of_the_choices_range_is_not_a_choice(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("일정에 추가해줘")
    events = trip.run("9")
    assert all(e.name != "add_place_to_itinerary" for e in events if e.type == "tool_call")


# --- blind set G's travel kinds, with sentences of our own --------------------------------------------------

def _call(events: list) -> tuple[str, dict]:
    call = next(e for e in events if e.type == "tool_call")
    return call.name, call.args


def _kinds(args: dict) -> set[str]:
    return {p["category"] for p in args["places"]}


def test_a_kind_named_beside_worth_a_visit_wins(store, clock) -> None:
    trip = Session("travel", clock=clock)
    name, args = _call(trip.run("신주쿠에 가볼만한 쇼핑 거리 알려줘"))
    assert (name, _kinds(args)) == ("recommend_places", {"shopping"})
    name, args = _call(trip.run("우에노 쪽 볼만한 카페 있을까"))
    assert (name, _kinds(args), args["near"]) == ("recommend_places", {"cafe"}, "우에노")
    name, args = _call(trip.run("아사쿠사에서 가볼만한 데"))
    assert (name, _kinds(args)) == ("recommend_places", {"attraction"})  # alone it still means the sights


def test_other_places_repeat_the_last_search(store, clock) -> None:
    trip = Session("travel", clock=clock)
    name, first = _call(trip.run("긴자 쪽 카페 추천해줘"))
    assert (name, _kinds(first), first["near"]) == ("recommend_places", {"cafe"}, "긴자")
    name, again = _call(trip.run("음 그거 말고 딴 데 없어?"))
    assert (name, _kinds(again), again["near"]) == ("recommend_places", {"cafe"}, "긴자")


def test_and_near_another_place_keeps_the_keyword(store, clock) -> None:
    trip = Session("travel", clock=clock)
    name, args = _call(trip.run("any ramen near Tokyo Skytree?"))
    assert name == "search_nearby_places" and args["keyword"] == "ramen"
    name, args = _call(trip.run("and around the hotel?"))
    assert name == "search_nearby_places"
    assert (args["referencePlaceName"], args["keyword"], args["category"]) == ("제국호텔 도쿄", "ramen", "restaurant")


# --- blind set H's tune half: the kinds it showed, with sentences of our own ---------------------------------

def _places_near(args: dict) -> tuple[str, set[str]]:
    return args["near"], _kinds(args)


def test_a_bare_area_taking_back_the_last_search_keeps_its_kind(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("서울 여행 열어줘")
    assert _places_near(_call(trip.run("명동 근처 카페 추천"))[1]) == ("명동", {"cafe"})
    name, args = _call(trip.run("ㄴㄴ 성수 쪽으로"))
    assert (name, *_places_near(args)) == ("recommend_places", "성수", {"cafe"})


def test_the_next_day_and_the_day_before_follow_the_day_shown(store, clock) -> None:
    trip = Session("travel", clock=clock)
    assert _call(trip.run("2일차 일정 보여줘")) == ("show_itinerary", {"dayNumber": 2})
    assert _call(trip.run("그 다음 날은?")) == ("show_itinerary", {"dayNumber": 3})
    assert _call(trip.run("and the day before that?")) == ("show_itinerary", {"dayNumber": 2})


def test_only_a_day_after_an_add_moves_it_to_that_day(store, clock) -> None:
    trip = Session("travel", clock=clock)
    first = _call(trip.run("메이지 신궁 1일차에 넣어줘"))
    assert (first[0], first[1]["placeName"], first[1]["dayNumber"]) == ("add_place_to_itinerary", "메이지 신궁", 1)
    name, args = _call(trip.run("음 2일차로"))
    assert (name, args["placeName"], args["dayNumber"]) == ("add_place_to_itinerary", "메이지 신궁", 2)


def test_weather_over_the_trip_and_which_airport_get_a_plain_answer(store, clock) -> None:
    trip = Session("travel", clock=clock)
    for asked in ("3박 4일 내내 비 올까?", "is it going to rain during the 4 days?",
                  "which airport is closer to Shinjuku, Haneda or Narita?"):
        events = trip.run(asked)
        assert [e.name for e in events if e.type == "tool_call"] == [], asked
        assert not [e for e in events if e.type == "data_card"], asked


def test_a_dish_spelled_with_a_tense_consonant_is_still_the_dish(store, clock) -> None:
    from agents.travel.names import vowel_fold

    assert vowel_fold("오코노미야끼") == vowel_fold("오코노미야키") and vowel_fold("까페") == vowel_fold("카페")
    trip = Session("travel", clock=clock)
    trip.run("오사카 여행 열어줘")
    name, args = _call(trip.run("도톤보리 쪽 타코야끼 먹을 데"))  # 도톤보리 is a saved place of the Osaka trip
    assert (name, args["keyword"]) == ("search_nearby_places", "타코야키")


def test_rebuilding_the_plan_makes_a_new_one(store, clock) -> None:
    trip = Session("travel", clock=clock)
    assert _call(trip.run("can you rebuild the plan so day 3 is more relaxed?"))[0] == "generate_itinerary"
