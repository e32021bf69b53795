"""Issue 29, travel kinds blind set K's tune half showed (and J's test half left), each through real offline
Session turns with sentences of our own: a follow-up that takes back the place a search was near ("A 말고 B 쪽은?")
searches near the place said instead, keeping the kind of place; a pronoun that removes ("그거 빼줘") right after a
question about one saved place removes that place (two named: it asks which, never guesses); a message opening
with a cancel is the request after it, and an add taken back for another place keeps its day; money and transport
passes get a plain answer, also beside "where" or "worth it"; rainy-day and indoor words ask for sights (a kind
named beside them wins); "X 끝나고 저녁", "after visiting X" search near X; tea is a cafe; "remake it" right after
the plan was shown makes it again; "할 만한 곳" asks for places, not one place; an everyday word one letter off a
kind of place ("유리해", "가기") is no typo of it."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from tests.support.helpers import one, text_of


def _call(events: list) -> tuple[str, dict]:
    call = next(e for e in events if e.type == "tool_call")
    return call.name, call.args


def _kinds(args: dict) -> set[str]:
    return {p["category"] for p in args["places"]}


def _calls(events: list) -> list[str]:
    return [e.name for e in events if e.type == "tool_call"]


# --- a correction of the place a search was near keeps the kind, changes the place ---------------------------

@pytest.mark.parametrize(("first", "then", "near", "kind"), [
    ("센소지 주변 구경거리 좀 알려줘", "음 아사쿠사 말고 긴자 근방은 어때?", "긴자", "attraction"),
    ("시부야 쪽 카페 몇 군데 골라줘", "시부야 말고 긴자 쪽은 어때", "긴자", "cafe"),
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
    assert _call(trip.run("츠키지 시장 옆에 디저트 카페 있어?"))[0] == "search_nearby_places"
    name, args = _call(trip.run("츠키지 말고 센소지 근처로"))
    assert (name, args["referencePlaceName"], args["category"]) == ("search_nearby_places", "센소지", "cafe")


# --- "그거 빼줘" right after a question about one saved place -----------------------------------------------

@pytest.mark.parametrize(("asked", "then", "place"), [
    ("센소지 가볼 만해?", "흠 그거 그냥 삭제해", "센소지"),
    ("is teamLab Planets worth it?", "ok then delete that one", "팀랩 플래닛"),
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
    trip.run("유니버설 스튜디오 재팬은 몇 시까지 해?")
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
    ("스카이트리 근처 전망 좋은 곳", "hmm forget that, what's planned for day 2?", 2),
    ("센소지 옆 카페 좀", "never mind, what's on day 3?", 3),
    ("츠키지 시장 부근 밥집", "됐고 첫날 스케줄 좀 봐줘", 1),
    ("메이지 신궁 옆 기념품 가게", "아 그거 말고 마지막 날 일정은?", 4),
])
def test_a_cancel_then_another_request_is_that_request(store, clock, first: str, then: str, day: int) -> None:
    trip = Session("travel", clock=clock)
    trip.run(first)
    events = trip.run(then)
    assert _calls(events) == ["show_itinerary"]  # the cancel's "skip" / "말고" removes nothing
    assert _call(events) == ("show_itinerary", {"dayNumber": day})


def test_a_cancel_then_a_search_searches(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("이틀째 스케줄 보여줄래")
    name, args = _call(trip.run("forget it. find me ramen near Shibuya"))
    assert (name, args["near"], _kinds(args)) == ("recommend_places", "시부야", {"restaurant"})


@pytest.mark.parametrize(("first", "then", "place", "day"), [
    ("디즈니랜드 둘째 날에 추가해줘", "아 아니다 대신 도쿄 타워로", "도쿄 타워", 2),
    ("3일차에 메이지 신궁 넣자", "actually make it Ueno Park instead", "우에노 공원", 3),
    ("도쿄 타워 1일차에 추가", "그거 말고 우에노 공원 넣어줘 같은 날", "우에노 공원", 1),
    ("마지막 날에 도쿄 디즈니랜드 끼워 넣어줘", "아 취소할게, 오다이바 해변공원으로 바꿔 같은 날에", "오다이바 해변공원", 4),
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
    assert _call(trip.run("롯데월드 첫날 일정에 넣자"))[0] == "add_place_to_itinerary"
    call = one(trip.run("ㄴㄴ 그건 됐고 서울스카이로 해줘"), "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"]) == ("add_place_to_itinerary", "서울스카이", 1)


def test_a_bare_cancel_after_an_add_adds_nothing_else(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("메이지 신궁을 셋째 날에 추가")
    assert "add_place_to_itinerary" not in _calls(trip.run("취소"))


# --- money and transport passes: a plain answer, no places -----------------------------------------------------

_PLAIN = "그 밖의 질문에는 확인할 도구가 없어 추측하지 않을게요"


@pytest.mark.parametrize("text", ["환전소는 어디가 환율 좋아?", "엔화 바꾸는 거 어디가 유리해", "ATM 어디서 뽑아?", "달러를 엔으로 바꾸려면 어디가 유리할까",
                                  "72시간권 살까 말까", "시티패스 있으면 좋아?"])
def test_money_and_passes_get_a_plain_korean_answer(store, clock, text: str) -> None:
    events = Session("travel", clock=clock).run(text)
    assert _calls(events) == [] and not [e for e in events if e.type == "data_card"]
    assert _PLAIN in text_of(events)


@pytest.mark.parametrize("text", ["where's the best place to withdraw cash?", "is the tokyo subway ticket worth buying?",
                                  "Is the Tokyo city pass worth it?"])
def test_money_and_passes_in_english_get_an_english_answer(store, clock, text: str) -> None:
    events = Session("travel", clock=clock).run(text)
    assert _calls(events) == []
    assert text_of(events).startswith("I plan this trip with you")


def test_a_pass_on_another_trip_is_no_question_about_a_place(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("서울 여행 열어줘")
    events = trip.run("디스커버 서울 패스 사는 게 이득이야?")
    assert _calls(events) == [] and _PLAIN in text_of(events)


# --- rainy days and indoor places ----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "kind"), [("suggest indoor places for a rainy afternoon", "attraction"),
                                            ("any ideas for places to go when it rains?", "attraction"),
                                            ("비 오면 어디 가지", "attraction"),
                                            ("비 오는 날 가기 좋은 카페", "cafe"),
                                            ("rainy day food spots near Shibuya", "restaurant")])
def test_a_rainy_day_asks_for_places(store, clock, text: str, kind: str) -> None:
    name, args = _call(Session("travel", clock=clock).run(text))
    assert (name, _kinds(args)) == ("recommend_places", {kind})


def test_weather_itself_still_gets_a_plain_answer(store, clock) -> None:
    trip = Session("travel", clock=clock)
    for asked in ("내일 비 와?", "is it going to be humid next week?"):
        assert _calls(trip.run(asked)) == [], asked


# --- a place visited first, then somewhere near it --------------------------------------------------------------

@pytest.mark.parametrize(("text", "place", "kind"), [
    ("팀랩 끝나고 저녁 먹을 만한 곳", "팀랩 플래닛", "restaurant"),
    ("after visiting teamLab, where can we grab dinner?", "팀랩 플래닛", "restaurant"),
    ("스카이트리 구경하고 나서 커피 마실 데", "도쿄 스카이트리", "cafe"),
    ("메이지 신궁 둘러보고 쇼핑할 데 있어?", "메이지 신궁", "shopping"),
    ("once we're done at Tsukiji Market, any sights close by?", "츠키지 시장", "attraction"),
    ("센소지 다 보고 나서 차 한잔 할 데", "센소지", "cafe"),
])
def test_after_a_visit_searches_near_the_place(store, clock, text: str, place: str, kind: str) -> None:
    name, args = _call(Session("travel", clock=clock).run(text))
    assert (name, args["referencePlaceName"], args["category"]) == ("search_nearby_places", place, kind)
    assert args["maxResults"] == 3  # "할 만한 곳" asks for places, not for one


@pytest.mark.parametrize(("text", "near"), [("긴자에서 차 한잔 할 데", "긴자"), ("somewhere for afternoon tea in Ginza", "긴자")])
def test_tea_is_a_cafe(store, clock, text: str, near: str) -> None:
    name, args = _call(Session("travel", clock=clock).run(text))
    assert (name, args["near"], _kinds(args)) == ("recommend_places", near, {"cafe"})


# --- the plan made again right after it was shown ---------------------------------------------------------------

@pytest.mark.parametrize(("shown", "then"), [("let me see the full itinerary", "rework it, something less rushed please"),
                                             ("전체 일정 좀 봐줘", "전부 갈아엎자"),
                                             ("셋째 날 코스 좀 보자", "음 별로다 처음부터 다시"),
                                             ("pull up my schedule", "scrap it and start over")])
def test_the_plan_shown_is_made_again(store, clock, shown: str, then: str) -> None:
    trip = Session("travel", clock=clock)
    assert _call(trip.run(shown))[0] == "show_itinerary"
    events = trip.run(then)
    assert _calls(events) == ["generate_itinerary"]  # no removal, no question


def test_seeing_the_plan_again_is_no_new_plan(store, clock) -> None:
    trip = Session("travel", clock=clock)
    trip.run("넷째 날 코스 좀 보자")
    assert _calls(trip.run("다시 보여줘")) == ["show_itinerary"]


def test_a_cancel_then_only_a_day_moves_the_add(store, clock) -> None:
    trip = Session("travel", clock=clock)
    assert _call(trip.run("센소지 첫날에 넣어줘"))[0] == "add_place_to_itinerary"
    call = one(trip.run("아니 그거 말고 둘째 날로"), "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"]) == ("add_place_to_itinerary", "센소지", 2)


@pytest.mark.parametrize(("text", "kind"), [("시부야 근처 마집 알려줘", "restaurant"), ("환율 유리한 데가 어디야", None)])
def test_a_typo_keeps_the_first_syllables_sound(store, clock, text: str, kind: str | None) -> None:
    events = Session("travel", clock=clock).run(text)
    if kind is None:  # "유리한" is no "요리한": money, a plain answer
        assert _calls(events) == []
    else:
        assert _kinds(_call(events)[1]) == {kind}
