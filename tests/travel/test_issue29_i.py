"""Issue 29, travel kinds left after blind set H, each through real offline Session turns with sentences of our own:
a route, a travel time or a timetable between places gets a plain answer and no places ("A에서 B까지 얼마나 걸려",
"last train", "배 몇 시에 떠요"), also right after a search; "이틀째", "사흘째" name a day of the trip, not its length;
"day 1에" (a digit then a Korean particle) is day 1; a kind of place typed one letter off ("맛칩", "카폐") is still
that kind; and a plan's or a trip's title is in the conversation's language, never mixed ("도쿄 3박 4일 itinerary")."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.travel.destinations import shown_title
from agents.travel.evaluate import sample_trip
from agents.travel.plan import plan_title
from agents.travel.reading import read
from agents.travel.schedule import DAY_START, EASY_START
from agents.travel.service import TripService
from agents.travel.view import travel_view
from tests.support.helpers import one, text_of, types


def _korean(s: str) -> bool:
    return any("가" <= ch <= "힣" for ch in s)


@pytest.fixture
def trv(store, clock) -> Session:
    return Session("travel", clock=clock)


# --- routes, travel times and timetables: a plain answer, no places ------------------------------------------

@pytest.mark.parametrize("text", ["나리타 공항에서 신주쿠까지 어떻게 가요?", "아사쿠사에서 시부야까지 얼마나 걸려?",
                                  "첫차 몇 시에 있어?", "우에노역에서 긴자 가는 지하철 몇 분 걸림"])
def test_a_route_or_a_timetable_gets_a_plain_korean_answer(trv: Session, text: str) -> None:
    events = trv.run(text)
    assert types(events) == ["text", "done"]
    reply = text_of(events)
    assert "지도 앱" in reply and "시간표" in reply


@pytest.mark.parametrize("text", ["How can I get from Narita to Shinjuku?", "how long does the ride from Shibuya to Asakusa take",
                                  "what time is the last train back from Odaiba", "how far is Harajuku from Shibuya on foot?"])
def test_a_route_or_a_timetable_in_english_gets_an_english_answer(trv: Session, text: str) -> None:
    events = trv.run(text)
    assert types(events) == ["text", "done"]
    reply = text_of(events)
    assert reply.startswith("Routes, timetables and fares") and not _korean(reply)


def test_a_ferry_time_right_after_a_search_is_no_search(store, clock) -> None:
    trip = TripService(store)
    jeju = Session("travel", clock=clock)
    trip.setup_user("demo", clock())
    jeju.run("제주 여행 열어줘")
    first = jeju.run("함덕 근처 카페")
    assert one(first, "tool_call").name in ("recommend_places", "search_nearby_places")
    events = jeju.run("ㅇㅋ 근데 성산항에서 배 몇 시에 떠요?")
    assert types(events) == ["text", "done"] and "시간표" in text_of(events)


@pytest.mark.parametrize(("text", "trip"), [("도톤보리에서 유니버설까지 몇 분 걸려요", "osaka"),
                                            ("마라도 가는 배 시간표 알아?", "jeju"),
                                            ("명동까지 공항에서 어떻게 가는지 알려줘", "seoul")])
def test_a_route_on_other_trips_is_read_as_one(text: str, trip: str) -> None:
    reading = read(text, sample_trip(trip))
    assert (reading.tool, reading.args) == ("freeformResponse", {"kind": "general", "topic": "directions"})


@pytest.mark.parametrize("text", ["신주쿠 가는 길에 들를 카페 추천해줘", "시부야역 근처 맛집 알려줘"])
def test_a_kind_of_place_beside_a_way_word_is_still_a_search(text: str) -> None:
    assert read(text, sample_trip("tokyo")).tool in ("recommend_places", "search_nearby_places")


# --- "이틀째", "사흘째": a day of the trip ----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "day"), [("나흘째 일정 뭐야", 4), ("이틀째 일정만 보여줄래", 2), ("사흘째 스케줄 확인", 3)])
def test_a_day_ordinal_word_shows_that_day(text: str, day: int) -> None:
    reading = read(text, sample_trip("tokyo"))
    assert (reading.tool, reading.args) == ("show_itinerary", {"day": day})


def test_a_day_ordinal_word_after_the_itinerary_shows_that_day(trv: Session) -> None:
    trv.run("지금 일정 좀 보자")
    events = trv.run("사흘째 거만")
    call = one(events, "tool_call")
    assert (call.name, call.args) == ("show_itinerary", {"dayNumber": 3})
    call = one(trv.run("이틀째는?"), "tool_call")
    assert (call.name, call.args) == ("show_itinerary", {"dayNumber": 2})


def test_a_length_word_still_sizes_the_plan() -> None:
    assert read("이틀 일정으로 짜줘", sample_trip("tokyo")).args.get("days") == 2


# --- "day 1에": a digit before a Korean particle ----------------------------------------------------------------

@pytest.mark.parametrize(("text", "day"), [("첫번째 거 day 1에 넣어줘", 1), ("put the second one on day 2", 2),
                                           ("세번째 꺼 Day3에 추가", 3)])
def test_a_listed_place_goes_on_the_day_said_in_english(trv: Session, text: str, day: int) -> None:
    listed = one(trv.run("신주쿠 근처 카페 추천"), "tool_result").data["places"]
    assert len(listed) >= 3
    events = trv.run(text)
    assert types(events) == ["text", "tool_call", "action_confirmation", "done"]
    call = one(events, "tool_call")
    position = {"첫번째": 0, "put the second": 1, "세번째": 2}
    at = next(v for k, v in position.items() if text.startswith(k))
    assert (call.name, call.args["placeName"], call.args["dayNumber"]) == ("add_place_to_itinerary", listed[at]["name"], day)


# --- a kind of place typed one letter off -------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "kind"), [("신주쿠 근처 카폐 추천", "cafe"), ("긴자 쪽 식딩 알려줘", "restaurant"),
                                            ("시부야 관굉지 뭐 있어", "attraction"), ("센소지 근처 맛칩", "restaurant")])
def test_a_kind_typed_one_letter_off_is_that_kind(trv: Session, text: str, kind: str) -> None:
    events = trv.run(text)
    call = one(events, "tool_call")
    assert call.name in ("recommend_places", "search_nearby_places")
    assert {p["category"] for p in one(events, "tool_result").data["places"]} == {kind}


def test_a_dish_one_letter_from_a_kind_is_left_alone() -> None:
    # 카레 (curry) is one letter from 카페: a word the agent knows is never folded onto another
    reading = read("시부야 근처 카레 맛집", sample_trip("tokyo"))
    assert reading.args.get("category") == "restaurant"


# --- titles in the conversation's language --------------------------------------------------------------------

def test_a_plan_title_is_korean_or_english_never_mixed(trv: Session) -> None:
    ko = one(trv.run("일정 좀 짜 주세요"), "tool_result").data["preview"]["title"]
    assert ko == "도쿄 3박 4일 일정"
    events = trv.run("make me a new itinerary")
    en = one(events, "tool_result").data["preview"]["title"]
    assert en == "Tokyo itinerary: 4 days, 3 nights"
    assert one(events, "data_card").title == en
    short = one(trv.run("2박 3일로 다시 짜줘"), "tool_result").data["preview"]["title"]
    assert short == "도쿄 2박 3일 일정"  # the plan's own length, not the trip's


@pytest.mark.parametrize(("destination", "days", "ko", "en"), [
    ("osaka", 3, "오사카 2박 3일 일정", "Osaka itinerary: 3 days, 2 nights"),
    ("seoul", 2, "서울 1박 2일 일정", "Seoul itinerary: 2 days, 1 night"),
    ("jeju", 1, "제주 당일 일정", "Jeju day-trip itinerary")])
def test_plan_titles(destination: str, days: int, ko: str, en: str) -> None:
    assert (plan_title(destination, days, False), plan_title(destination, days, True)) == (ko, en)


def test_the_trip_title_reads_in_english_to_an_english_reader(store, clock) -> None:
    trip = TripService(store)
    trip.setup_user("demo", clock())
    tokyo = trip.active("demo")
    assert tokyo.title == "도쿄 3박 4일"
    assert shown_title(tokyo.title, tokyo.destination, tokyo.days, True) == "Tokyo, 4 days 3 nights"
    assert shown_title(tokyo.title, tokyo.destination, tokyo.days, False) == "도쿄 3박 4일"
    assert shown_title("우리 가족 여행", "tokyo", 4, True) == "우리 가족 여행"  # a title of the person's own stays
    assert travel_view(tokyo, [], "en").heading.startswith("### 🧳 Tokyo, 4 days 3 nights\n")
    assert travel_view(tokyo, [], "ko").heading.startswith("### 🧳 도쿄 3박 4일\n")


def test_the_itinerary_card_and_the_opened_trip_read_in_english(store, clock) -> None:
    s = Session("travel", clock=clock)
    preview = one(s.run("일정 좀 짜 주세요"), "tool_result").data["preview"]
    trip = TripService(store).active("demo")
    events = s.run("일정 적용하기 (덮어쓰기)", extra={"apply_itinerary": {"trip_id": trip.id, "preview": preview,
                                                                          "mode": "overwrite"}})
    assert s.confirm_action(one(events, "action_confirmation").action_id).ok
    events = s.run("show me the itinerary we have")
    assert one(events, "tool_call").name == "show_itinerary"
    assert one(events, "data_card").title == "Tokyo, 4 days 3 nights"
    assert one(s.run("지금 일정 좀 보자"), "data_card").title == "도쿄 3박 4일"
    events = s.run("open my Osaka trip")
    reply = text_of(events)
    assert '"Osaka, 3 days 2 nights"' in reply and not _korean(reply)


# --- blind set I's tune half: kinds with sentences of our own -------------------------------------------------------

@pytest.mark.parametrize(("first", "correction", "place", "day"), [
    ("센소지 일정에 넣어줘", "아 그거 말고 시부야 스카이로, 2일차", "시부야 스카이", 2),
    ("센소지 일정에 추가", "아니 센소지 말고 메이지 신궁 셋째 날", "메이지 신궁", 3),
    ("스카이트리 추가해줘", "ㄴㄴ 도쿄 타워로 할게 첫날", "도쿄 타워", 1),
    ("메이지 신궁 일정에 넣어줘", "메이지 신궁 대신 시부야 스카이로 1일차", "시부야 스카이", 1)])
def test_a_correction_of_the_place_while_answering_which_day_adds_the_new_place(trv: Session, first: str, correction: str,
                                                                                place: str, day: int) -> None:
    asked = one(trv.run(first), "clarification")
    assert "1일째" in asked.options  # which day?
    events = trv.run(correction)
    assert types(events) == ["text", "tool_call", "action_confirmation", "done"]
    call = one(events, "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"]) == ("add_place_to_itinerary", place, day)


@pytest.mark.parametrize(("shown", "asked"), [("3일차 스케줄 보여줘", "이거 하루에 다 가능해? 좀 빡센데"),
                                              ("지금 일정 좀 보자", "첫날 일정 너무 빡빡하지 않아?")])
def test_is_the_day_too_full_gets_an_answer_not_a_plan(trv: Session, shown: str, asked: str) -> None:
    trv.run(shown)
    events = trv.run(asked)
    assert types(events) == ["text", "done"]
    assert text_of(events).startswith("보통 하루에 3~4곳이면") and "여유있게 다시 짜줘" in text_of(events)


@pytest.mark.parametrize(("shown", "asked"), [("show day 2", "is that too much for one day?"),
                                              ("what's planned for day 1", "can we realistically do all of that in a day")])
def test_is_the_day_too_full_in_english_gets_an_english_answer(trv: Session, shown: str, asked: str) -> None:
    trv.run(shown)
    events = trv.run(asked)
    assert types(events) == ["text", "done"]
    assert text_of(events).startswith("A comfortable day holds three or four places")


def test_too_full_with_a_re_plan_word_still_re_plans(trv: Session) -> None:
    trv.run("2일차 보여줘")
    call = one(trv.run("너무 빡빡한데 둘째날 여유있게 다시 짜줘"), "tool_call")
    assert call.name == "generate_itinerary"


@pytest.mark.parametrize(("text", "topic"), [("도쿄 가는 비행기 언제 사야 제일 싸?", "flight"),
                                             ("김포에서 하네다 항공권 언제가 젤 저렴해?", "flight"),
                                             ("when is the cheapest time to book flights to Tokyo", "flight"),
                                             ("비행기 싸게 사는 법 알려줘", "flight"),
                                             ("is a 72-hour metro pass worth it or should I just pay per ride", None),
                                             ("스이카 카드 사는 게 나아 아니면 그냥 표 사는 게 나아?", None),
                                             ("would a Suica be worth it for three days?", None)])
def test_fares_and_passes_get_a_plain_answer_and_no_places(trv: Session, text: str, topic: str | None) -> None:
    events = trv.run(text)
    assert types(events) == ["text", "done"]
    reading = read(text, sample_trip("tokyo"))
    assert (reading.tool, reading.args.get("topic")) == ("freeformResponse", topic)


def test_a_kind_of_food_beats_the_generic_place_to_eat(trv: Session) -> None:
    trv.run("메이지 신궁 주변 식당")
    events = trv.run("거기서 디저트 먹을 데는?")
    call = one(events, "tool_call")
    assert (call.name, call.args["referencePlaceName"], call.args.get("category")) == ("search_nearby_places", "메이지 신궁",
                                                                                     "cafe")
    assert read("시부야 근처 먹을 데", sample_trip("tokyo")).args.get("category") == "restaurant"  # alone it is a meal


@pytest.mark.parametrize("again", ["redo it without teamLab", "different version pls", "another version please"])
def test_a_plan_asked_again_in_other_words_is_planned_again(trv: Session, again: str) -> None:
    one(trv.run("여행 일정 만들어 주세요"), "tool_call")
    events = trv.run(again)
    call = one(events, "tool_call")
    assert call.name == "generate_itinerary"
    if "teamLab" in again:
        planned = {i["placeName"] for d in call.args["days"] for i in d["items"]}
        assert planned and "팀랩 플래닛" not in planned


@pytest.mark.parametrize(("text", "trip", "day"), [("3일차엔 뭐 했었지?", "tokyo", 3), ("what do we do on day 3", "tokyo", 3),
                                                   ("마지막날 뭐해?", "seoul", 3)])
def test_what_a_day_holds_shows_that_day(text: str, trip: str, day: int) -> None:
    reading = read(text, sample_trip(trip))
    assert (reading.tool, reading.args) == ("show_itinerary", {"day": day})


@pytest.mark.parametrize(("first", "then", "reference"), [("restaurants near Tokyo Skytree", "same thing but near teamLab",
                                                          "팀랩 플래닛"),
                                                         ("도쿄 스카이트리 주변 밥집", "거기 말고 팀랩 근처", "팀랩 플래닛")])
def test_the_same_search_near_a_place_named_by_its_short_name_keeps_the_kind(trv: Session, first: str, then: str,
                                                                            reference: str) -> None:
    one(trv.run(first), "tool_call")
    call = one(trv.run(then), "tool_call")
    assert (call.name, call.args["referencePlaceName"], call.args.get("category"), call.args.get("keyword")) == (
        "search_nearby_places", reference, "restaurant", None)


def test_cheaper_places_after_a_search_get_a_plain_answer(trv: Session) -> None:
    trv.run("sushi near Tsukiji")
    events = trv.run("got any cheaper places?")
    assert types(events) == ["text", "done"] and not _korean(text_of(events))


def test_a_lighter_first_day_after_a_plan_re_plans_it_light(trv: Session) -> None:
    trv.run("plan the trip")
    call = one(trv.run("make the first day lighter, we land late"), "tool_call")
    assert call.name == "generate_itinerary"
    first = next(d for d in call.args["days"] if d["dayNumber"] == 1)
    hour, minute = map(int, first["items"][0]["startTime"].split(":"))
    assert hour * 60 + minute >= EASY_START > DAY_START  # the light day starts late
