"""Issue 29, travel kinds blind set K's tune half showed (and J's test half left), each through real offline
Session turns with sentences of our own: a follow-up that takes back the place a search was near ("A 말고 B 쪽은?")
searches near the place said instead, keeping the kind of place; a pronoun that removes ("그거 빼줘") right after a
question about one saved place removes that place (two named: it asks which, never guesses)."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from tests.support.helpers import one


def _call(events: list) -> tuple[str, dict]:
    call = next(e for e in events if e.type == "tool_call")
    return call.name, call.args


def _kinds(args: dict) -> set[str]:
    return {p["category"] for p in args["places"]}


def _calls(events: list) -> list[str]:
    return [e.name for e in events if e.type == "tool_call"]


# --- a correction of the place a search was near keeps the kind, changes the place ---------------------------

@pytest.mark.parametrize(("first", "then", "near", "kind"), [
    ("센소지 근처 볼거리 뭐 있어?", "아사쿠사 말고 우에노 쪽은 뭐 있어", "우에노", "attraction"),
    ("시부야 근처 카페 추천해줘", "시부야 말고 긴자 쪽은 어때", "긴자", "cafe"),
    ("신주쿠 맛집 알려줘", "음 신주쿠 말고 하라주쿠 쪽으로는?", "하라주쿠", "restaurant"),
])
def test_a_place_taken_back_after_a_search_searches_near_the_new_one(store, clock, first: str, then: str,
                                                                     near: str, kind: str) -> None:
    trip = Session("travel", clock=clock)
    trip.run(first)
    name, args = _call(trip.run(then))
    assert (name, args["near"], _kinds(args)) == ("recommend_places", near, {kind})


def test_a_place_taken_back_in_one_message_is_not_searched_near(store, clock) -> None:
    trip = Session("travel", clock=clock)
    name, args = _call(trip.run("아사쿠사 말고 하라주쿠 근처 카페"))
    assert (name, args["near"], _kinds(args)) == ("recommend_places", "하라주쿠", {"cafe"})
    name, args = _call(trip.run("instead of Shibuya, cafes around Ueno"))
    assert (name, args["near"], _kinds(args)) == ("recommend_places", "우에노", {"cafe"})


def test_a_saved_place_said_instead_is_searched_around(store, clock) -> None:
    trip = Session("travel", clock=clock)
    assert _call(trip.run("츠키지 시장 근처 카페 찾아줘"))[0] == "search_nearby_places"
    name, args = _call(trip.run("츠키지 말고 센소지 근처로"))
    assert (name, args["referencePlaceName"], args["category"]) == ("search_nearby_places", "센소지", "cafe")


# --- "그거 빼줘" right after a question about one saved place -----------------------------------------------

@pytest.mark.parametrize(("asked", "then", "place"), [
    ("센소지 가볼 만해?", "음 그럼 그거 지워줘", "센소지"),
    ("is teamLab Planets worth it?", "nah, remove it from my list", "팀랩 플래닛"),
    ("메이지 신궁 몇 시에 열어?", "거기 삭제해줘", "메이지 신궁"),
    ("츠키지 시장 영업시간 알려줘", "그곳은 목록에서 없애줘", "츠키지 시장"),
])
def test_a_pronoun_removes_the_saved_place_just_asked_about(store, clock, asked: str, then: str, place: str) -> None:
    trip = Session("travel", clock=clock)
    assert _calls(trip.run(asked)) == []  # a question about the place: answered from its data, no tool
    events = trip.run(then)
    call = one(events, "tool_call")
    assert call.name == "remove_saved_place" and call.args["placeName"] == place
    assert call.status == "awaiting_confirmation"


def test_a_pronoun_after_another_trips_place_question_removes_it_there(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("오사카 여행 열어줘")
    trip.run("유니버설 스튜디오 재팬 몇 시에 닫아?")
    call = one(trip.run("그거 빼 그냥"), "tool_call")
    assert (call.name, call.args["placeName"]) == ("remove_saved_place", "유니버설 스튜디오 재팬")


def test_a_pronoun_after_two_places_asks_which_one(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("센소지랑 메이지 신궁 중에 어디가 나아?")
    events = trip.run("그거 빼줘")
    assert "remove_saved_place" not in _calls(events)  # a removal is never guessed
    assert one(events, "clarification").options == ["센소지", "메이지 신궁"]


# --- a cancel that opens the message: what follows is the request; an add taken back moves to another place ---

@pytest.mark.parametrize(("first", "then", "day"), [
    ("도쿄 스카이트리 근처 야경 볼 데", "nah skip that, just show me day 2", 2),
    ("센소지 근처 카페", "never mind, what's on day 3?", 3),
    ("츠키지 시장 주변 맛집", "됐고 1일차 일정 보여줘", 1),
    ("메이지 신궁 근처 쇼핑", "아 그거 말고 마지막 날 일정은?", 4),
])
def test_a_cancel_then_another_request_is_that_request(store, clock, first: str, then: str, day: int) -> None:
    trip = Session("travel", clock=clock)
    trip.run(first)
    events = trip.run(then)
    assert _calls(events) == ["show_itinerary"]  # the cancel's "skip" / "말고" removes nothing
    assert _call(events) == ("show_itinerary", {"dayNumber": day})


def test_a_cancel_then_a_search_searches(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("2일차 일정 보여줘")
    name, args = _call(trip.run("forget it. find me ramen near Shibuya"))
    assert (name, args["near"], _kinds(args)) == ("recommend_places", "시부야", {"restaurant"})


@pytest.mark.parametrize(("first", "then", "place", "day"), [
    ("도쿄 디즈니랜드 2일차에 넣어줘", "아 아니다 대신 도쿄 타워로", "도쿄 타워", 2),
    ("메이지 신궁 3일차에 넣어줘", "actually make it Ueno Park instead", "우에노 공원", 3),
    ("도쿄 타워 1일차에 추가", "그거 말고 우에노 공원 넣어줘 같은 날", "우에노 공원", 1),
    ("도쿄 디즈니랜드 4일차에 넣어줘", "취소. 대신 오다이바 해변공원으로 같은 날에", "오다이바 해변공원", 4),
])
def test_an_add_taken_back_for_another_place_keeps_its_day(store, clock, first: str, then: str, place: str,
                                                           day: int) -> None:
    trip = Session("travel", clock=clock)
    assert _call(trip.run(first))[0] == "add_place_to_itinerary"
    events = trip.run(then)
    call = one(events, "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"]) == ("add_place_to_itinerary", place, day)
    assert call.status == "awaiting_confirmation"
    one(events, "action_confirmation")


def test_an_add_taken_back_on_another_trip_keeps_its_day(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("서울 여행 열어줘")
    assert _call(trip.run("롯데월드 2일차에 넣어줘"))[0] == "add_place_to_itinerary"
    call = one(trip.run("ㄴㄴ 그거 빼고 서울스카이로"), "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"]) == ("add_place_to_itinerary", "서울스카이", 2)


def test_a_bare_cancel_after_an_add_adds_nothing_else(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("메이지 신궁 1일차에 넣어줘")
    assert "add_place_to_itinerary" not in _calls(trip.run("취소"))
