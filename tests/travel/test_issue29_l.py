"""Issue 29, travel kinds blind set L's tune half showed, each through real offline Session turns with sentences of
our own. Kinds: a short correction carrying only a new value ("아니 N일로") replaces that slot of the last request
(a plan's days, the day shown, an add's place/day/time, a removal's place, a search's count), and a value of a kind
the last request does not take is no correction of it; another city's places ask which trip, with choices that do
what they say. Kinds found by writing our own single messages: a city name is no typo of a kind of place and a
verb form no typo of a shop; a flight, a ferry or riding the subway gets the plain answer whatever city it names;
a bare dismissal is acknowledged (after a plan it made a new plan); two places weighed against each other get their
data side by side, and an add between them asks which; a count asked for caps a recommendation; sunset is evening."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.travel.service import TripService
from tests.support.helpers import one, text_of, types

ASKED = ["tool_call", "tool_result", "clarification", "text", "done"]


def _calls(events: list) -> list[str]:
    return [e.name for e in events if e.type == "tool_call"]


def _call(events: list) -> tuple[str, dict]:
    call = one(events, "tool_call")
    return call.name, call.args


def _planned_days(events: list) -> int:
    return len(one(events, "data_card").data["preview"]["days"])


# --- a correction that carries only a new value replaces that slot of the last request -----------------------

@pytest.mark.parametrize(("first", "then", "days"), [
    ("2박 3일로 코스 짜 줄래", "아니 2일로", 2),
    ("저장한 곳들로 일정 만들어줘", "음 아니다 사흘로 해줘", 3),
    ("plan three days for us", "no, make it 2 days", 2),
    ("make me a 2-day itinerary", "actually 3 instead", 3),
    ("일정 하나 짜 줘요", "ㄴㄴ 1박 2일로", 2),
    ("이틀 코스로 짜줘", "3일로 바꿔줘", 3),
])
def test_a_plans_length_corrected_alone_makes_the_plan_that_long(store, clock, first: str, then: str,
                                                                  days: int) -> None:
    trip = Session("travel", clock=clock)
    assert _calls(trip.run(first)) == ["generate_itinerary"]
    events = trip.run(then)
    assert _calls(events) == ["generate_itinerary"]
    assert _planned_days(events) == days


@pytest.mark.parametrize(("first", "then", "day"), [
    ("둘째 날 일정 뭐야", "아냐 첫날로", 1),
    ("what's planned on day 1?", "actually the last day", 4),
    ("3일차 스케줄 보여줘", "ㄴㄴ 둘째 날", 2),
    ("show me day 3", "make it day 4", 4),
])
def test_the_day_shown_corrected_alone_shows_that_day(store, clock, first: str, then: str, day: int) -> None:
    trip = Session("travel", clock=clock)
    assert _calls(trip.run(first)) == ["show_itinerary"]
    events = trip.run(then)
    assert _call(events) == ("show_itinerary", {"dayNumber": day})  # "make it" plans nothing


def test_a_day_past_the_trip_asks_which_day(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("2일차 스케줄")
    events = trip.run("아니 7일차")
    assert types(events) == ASKED
    assert one(events, "clarification").options == ["1일째", "2일째", "3일째", "4일째"]


@pytest.mark.parametrize(("first", "then", "place", "day", "start"), [
    ("츠키지 시장 3일차 아침에 넣어줘", "아니 저녁으로 바꿔", "츠키지 시장", 3, "18:00"),
    ("add meiji shrine to day 1 at 10am", "no, make it 3pm", "메이지 신궁", 1, "15:00"),
    ("팀랩 플래닛 첫날 오후 2시에 추가해줘", "아니 3시 반으로", "팀랩 플래닛", 1, "15:30"),
    ("도쿄 타워 둘째 날 저녁 7시에 넣자", "아니 9시로", "도쿄 타워", 2, "21:00"),  # a bare hour keeps the evening
    ("센소지 2일차 오전에 넣어줘", "아니 셋째 날로", "센소지", 3, "10:00"),  # the time kept
    ("센소지 2일차 오전에 넣어줘", "아니 넷째 날 오후로", "센소지", 4, "14:00"),
    ("add senso-ji to day 2", "no, the afternoon of day 1", "센소지", 1, "14:00"),
])
def test_an_adds_time_or_day_corrected_alone_moves_the_same_place(store, clock, first: str, then: str, place: str,
                                                                   day: int, start: str) -> None:
    trip = Session("travel", clock=clock)
    assert _calls(trip.run(first)) == ["add_place_to_itinerary"]
    events = trip.run(then)
    call = one(events, "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"], call.args["startTime"]) == (
        "add_place_to_itinerary", place, day, start)
    assert call.status == "awaiting_confirmation"
    one(events, "action_confirmation")


@pytest.mark.parametrize(("first", "then", "place"), [
    ("메이지 신궁 지워줘", "아니 츠키지 시장", "츠키지 시장"),
    ("remove teamlab from my list", "no, tsukiji instead", "츠키지 시장"),
    ("센소지 삭제해줘", "아 아니 팀랩", "팀랩 플래닛"),
])
def test_a_removals_place_corrected_alone_removes_that_place(store, clock, first: str, then: str, place: str) -> None:
    trip = Session("travel", clock=clock)
    assert _calls(trip.run(first)) == ["remove_saved_place"]
    events = trip.run(then)
    call = one(events, "tool_call")
    assert (call.name, call.args["placeName"], call.status) == ("remove_saved_place", place, "awaiting_confirmation")


@pytest.mark.parametrize(("first", "then", "count"), [
    ("센소지 근처 카페 찾아줘", "아니 두 곳만", 2),
    ("메이지 신궁 주변 밥집", "no, five places", 5),
])
def test_a_searchs_count_corrected_alone_searches_again_for_that_many(store, clock, first: str, then: str,
                                                                      count: int) -> None:
    trip = Session("travel", clock=clock)
    name, before = _call(trip.run(first))
    events = trip.run(then)
    assert _call(events) == (name, {**before, "maxResults": count})


@pytest.mark.parametrize(("first", "then", "tool"), [
    ("여행 일정 만들어 주세요", "아니 카페로", "recommend_places"),  # a kind of place: a search, no plan
    ("둘째 날 일정 뭐야", "아니 4일로 짜줘", "generate_itinerary"),  # a length: a plan, not a day shown
])
def test_a_value_the_last_request_does_not_take_is_read_as_it_is(store, clock, first: str, then: str,
                                                                   tool: str) -> None:
    trip = Session("travel", clock=clock)
    trip.run(first)
    assert _calls(trip.run(then)) == [tool]


@pytest.mark.parametrize(("first", "then"), [("일정 좀 짜줄래", "아니 됐어"), ("plan my trip", "nah never mind"),
                                             ("센소지 근처 맛집", "괜찮아요 고마워요")])
def test_a_bare_dismissal_is_acknowledged_and_does_nothing(store, clock, first: str, then: str) -> None:
    trip = Session("travel", clock=clock)
    trip.run(first)
    events = trip.run(then)
    assert _calls(events) == []
    assert text_of(events) == ("Okay, I will leave it as it is. Tell me whenever you need places or a plan."
                               if then.isascii() else "알겠어요, 그대로 둘게요. 장소나 일정이 필요하면 언제든 말씀해 주세요.")


# --- another city's places: the question's choices do what they say ---------------------------------------------

@pytest.mark.parametrize(("text", "open_choice", "stay_choice", "lead"), [
    ("오사카 쪽 맛있는 식당도 좀 찾아줘", "오사카 여행 열기", "도쿄 여행 계속", "오사카에 대해 물으셨어요. 지금 열린 여행은 도쿄 여행이에요."),
    ("any good restaurants in Osaka too?", "Open the Osaka trip", "Stay on the Tokyo trip",
     "You asked about Osaka, but the trip open now is Tokyo."),
])
def test_another_citys_restaurants_ask_then_open_it_and_show_them(store, clock, text: str, open_choice: str,
                                                                   stay_choice: str, lead: str) -> None:
    trip = Session("travel", clock=clock)
    asked = trip.run(text)
    assert types(asked) == ASKED
    question = one(asked, "clarification")
    assert question.options == [open_choice, stay_choice] and question.question.startswith(lead)
    assert TripService(store).active("demo").destination == "tokyo"  # nothing opened on a guess
    opened = trip.run(open_choice)
    assert _calls(opened) == ["open_trip", "recommend_places"]
    assert TripService(store).active("demo").destination == "osaka"
    shown = [e.data for e in opened if e.type == "data_card"]
    assert shown and {c["category"] for c in shown} == {"restaurant"}


def test_staying_shows_the_open_trips_restaurants(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("오사카 쪽 맛있는 식당도 좀 찾아줘")
    stayed = trip.run("2")  # the second choice, by its number
    assert _calls(stayed) == ["recommend_places"]
    assert TripService(store).active("demo").destination == "tokyo"
    assert {p["category"] for p in one(stayed, "tool_call").args["places"]} == {"restaurant"}


def test_staying_after_a_city_without_data_keeps_the_kind_asked_for(store, clock) -> None:
    trip = Session("travel", clock=clock)
    asked = trip.run("교토 디저트 카페 알려줘")
    assert one(asked, "clarification").options[0] == "도쿄 여행 계속"
    stayed = trip.run("1")
    assert {p["category"] for p in one(stayed, "tool_call").args["places"]} == {"cafe"}  # 교토 is no typo of 교통


# --- single messages -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["내일 팀랩 가고 싶어", "모레는 스카이트리 가고 싶은데"])
def test_a_verb_form_is_no_typo_of_a_shop(store, clock, text: str) -> None:
    events = Session("travel", clock=clock).run(text)
    assert types(events) == ASKED  # which trip day is 내일 / 모레: no search for shops near it
    assert one(events, "clarification").options[:2] == ["1일째", "2일째"]


@pytest.mark.parametrize(("text", "english"), [
    ("오사카행 비행기 얼마 정도 해?", False), ("how much is a flight to Seoul?", True), ("부산 가는 배편 있어요?", False),
    ("is there a ferry to Jeju from here?", True), ("도쿄 지하철 타는 방법 좀", False), ("how do I use the metro?", True),
])
def test_getting_somewhere_gets_the_plain_answer_whatever_city(store, clock, text: str, english: bool) -> None:
    events = Session("travel", clock=clock).run(text)
    assert _calls(events) == []
    assert TripService(store).active("demo").destination == "tokyo"
    reply = text_of(events)
    assert ("not in my data" in reply) if english else ("자료에 없어서" in reply or "데이터에 없어서" in reply)


@pytest.mark.parametrize(("text", "first", "second"), [
    ("센소지랑 메이지 신궁 중에 어디가 더 나아?", "센소지는 아사쿠사 쪽 관광 장소예요.", "메이지 신궁은 하라주쿠 쪽 관광 장소예요."),
    ("which is better, Tokyo Tower or the Skytree?", "Tokyo Tower is a sight spot", "Tokyo Skytree is a sight spot"),
])
def test_two_places_weighed_get_their_data_side_by_side(store, clock, text: str, first: str, second: str) -> None:
    events = Session("travel", clock=clock).run(text)
    assert _calls(events) == []
    reply = text_of(events)
    assert first in reply and second in reply and reply.index(first) < reply.index(second)


def test_an_add_between_two_weighed_places_asks_which_then_adds_the_one_chosen(store, clock) -> None:
    trip = Session("travel", clock=clock)
    asked = trip.run("도쿄 타워랑 스카이트리 중 어디가 좋을까? 셋째 날 넣으려고")
    assert one(asked, "clarification").options == ["도쿄 타워", "도쿄 스카이트리"]  # a mutation is never guessed
    call = one(trip.run("1"), "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"]) == ("add_place_to_itinerary", "도쿄 타워", 3)


@pytest.mark.parametrize(("text", "count"), [("top 3 sights around asakusa", 3), ("신주쿠 카페 두 곳만 골라줘", 2)])
def test_a_count_asked_for_caps_a_recommendation(store, clock, text: str, count: int) -> None:
    assert len(one(Session("travel", clock=clock).run(text), "tool_call").args["places"]) == count


@pytest.mark.parametrize("text", ["시부야 스카이 마지막 날 해질녘에 넣어줘", "put Shibuya Sky on the final day at sunset"])
def test_sunset_is_the_evening(store, clock, text: str) -> None:
    call = one(Session("travel", clock=clock).run(text), "tool_call")
    assert (call.args["placeName"], call.args["dayNumber"], call.args["startTime"]) == ("시부야 스카이", 4, "18:00")


@pytest.mark.parametrize(("text", "keyword", "kind"), [
    ("ramne near shibuya please", "ramen", "restaurant"),  # an English word one letter off the agent's own
    ("best resturants around ginza", None, "restaurant"),
])
def test_an_english_typo_is_read_as_the_word_meant(store, clock, text: str, keyword: str | None, kind: str) -> None:
    call = one(Session("travel", clock=clock).run(text), "tool_call")
    assert call.name == "recommend_places" and {p["category"] for p in call.args["places"]} == {kind}
    assert (keyword or "") in (call.args["reasoning"] or "")


def test_a_keyword_inside_a_kind_of_place_word_is_no_keyword(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("오사카 여행 열어줘")
    call = one(trip.run("오사카성 주변 구경거리 좀"), "tool_call")  # 거리 (a street) inside 구경거리
    assert call.args == {"referencePlaceName": "오사카성", "maxResults": 3, "category": "attraction", "keyword": None}


@pytest.mark.parametrize("text", ["렌터카는 어디서 빌리는 게 좋아요?", "where do I get a rental car?"])
def test_a_car_rental_question_gets_the_plain_answer(store, clock, text: str) -> None:
    events = Session("travel", clock=clock).run(text)
    assert _calls(events) == []


def test_opening_the_trip_of_a_place_to_add_proposes_the_add_there(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("서울 여행 열어줘")
    asked = trip.run("메이지 신궁 셋째 날 오전에 넣고 싶어")
    assert one(asked, "clarification").options == ["도쿄 여행 열기", "서울 여행 계속"]
    opened = trip.run("1")
    assert _calls(opened) == ["open_trip", "add_place_to_itinerary"]
    call = [e for e in opened if e.type == "tool_call"][-1]
    assert (call.args["placeName"], call.args["dayNumber"], call.args["startTime"]) == ("메이지 신궁", 3, "10:00")
    assert call.status == "awaiting_confirmation"  # proposed on the opened trip, never applied unasked
    assert TripService(store).active("demo").destination == "tokyo"


def test_opening_the_trip_of_a_place_asked_about_says_so_then_answers(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("is Osaka Castle worth visiting?")
    opened = trip.run("1")
    assert _calls(opened) == ["open_trip"]
    reply = text_of(opened)
    assert reply.startswith("Opened your Osaka trip") and "Osaka Castle Main Tower is a sight spot" in reply


@pytest.mark.parametrize(("text", "place", "day"), [("could you fit Ueno Park into day 1?", "우에노 공원", 1),
                                                   ("squeeze teamLab in on the second day", "팀랩 플래닛", 2)])
def test_an_add_split_by_its_place_adds(store, clock, text: str, place: str, day: int) -> None:
    call = one(Session("travel", clock=clock).run(text), "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"]) == ("add_place_to_itinerary", place, day)
    assert call.status == "awaiting_confirmation"


@pytest.mark.parametrize(("text", "kind"), [("숙소에서 걸어갈 만한 카페", "cafe"), ("호텔에서 가까운 밥집", "restaurant"),
                                            ("brunch spots within walking distance of our hotel", "cafe")])
def test_walking_distance_from_the_lodging_searches_around_the_saved_hotel(store, clock, text: str, kind: str) -> None:
    call = one(Session("travel", clock=clock).run(text), "tool_call")
    assert (call.name, call.args["referencePlaceName"], call.args["category"]) == ("search_nearby_places", "제국호텔 도쿄",
                                                                                    kind)
