"""Issue 29, blind set F (tune half), travel: the kinds of miss it showed, each through real offline Session
turns (or the reader, for another city's trip), with sentences of our own. A correction ("아니 3일차 말고
2일차", "ㄴㄴ 밥집으로", "no, day 1 instead") changes the last request; an add that names no place right after
a question about one place adds that place; "what about cafes there" keeps the area just searched; weather,
prices and transport passes get a plain answer and no places; "살 데" asks for shops; a city named after the
trip's own city is what the request is about."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.travel.evaluate import sample_trip
from agents.travel.reading import read
from tests.support.helpers import one

CONFIRM = ["text", "tool_call", "action_confirmation", "done"]


@pytest.fixture
def trv(store, clock) -> Session:
    return Session("travel", clock=clock)


def _call(events: list) -> tuple[str, dict]:
    call = one(events, "tool_call")
    return call.name, call.args


def _no_places(events: list) -> None:
    assert not [e for e in events if e.type in ("tool_call", "action_confirmation", "tool_result")]
    assert "".join(e.content for e in events if e.type == "text_delta").strip()


def test_a_corrected_day_adds_the_same_place_on_the_day_said_instead(trv: Session) -> None:
    name, args = _call(trv.run("도쿄 타워 3일차에 추가해줘"))
    assert (name, args["placeName"], args["dayNumber"]) == ("add_place_to_itinerary", "도쿄 타워", 3)
    events = trv.run("아니 3일차 말고 2일차로")
    assert [e.type for e in events if e.type != "text_delta"][-3:] == ["tool_call", "action_confirmation", "done"]
    name, args = _call(events)
    assert (name, args["placeName"], args["dayNumber"]) == ("add_place_to_itinerary", "도쿄 타워", 2)


def test_a_corrected_day_in_english(trv: Session) -> None:
    trv.run("put 센소지 on day 2")
    name, args = _call(trv.run("no, day 1 instead"))
    assert (name, args["placeName"], args["dayNumber"]) == ("add_place_to_itinerary", "센소지", 1)


def test_an_add_naming_no_place_after_a_question_about_one_place_adds_it(trv: Session) -> None:
    trv.run("what's 도쿄 타워 like?")
    name, args = _call(trv.run("좋아 둘째날에 넣어줘"))
    assert (name, args["placeName"], args["dayNumber"]) == ("add_place_to_itinerary", "도쿄 타워", 2)


def test_an_add_naming_no_place_after_a_search_still_asks_which(trv: Session) -> None:
    trv.run("센소지 근처 카페 알려줘")
    events = trv.run("2일차에 넣어줘")
    assert not [e for e in events if e.type == "action_confirmation"]


def test_what_about_cafes_there_keeps_the_area_just_searched(trv: Session) -> None:
    name, args = _call(trv.run("시부야 근처 라멘집 추천해줘"))
    assert (name, args.get("near")) == ("recommend_places", "시부야")
    events = trv.run("and what about coffee shops there?")
    name, args = _call(events)
    assert (name, args.get("near")) == ("recommend_places", "시부야")
    places = one(events, "tool_result").data["places"]
    assert places and {p["category"] for p in places} == {"cafe"}


def test_a_take_back_changes_the_kind_of_the_last_nearby_search(trv: Session) -> None:
    name, args = _call(trv.run("츠키지 시장 근처 카페"))
    assert (name, args["referencePlaceName"]) == ("search_nearby_places", "츠키지 시장")
    name, args = _call(trv.run("ㄴㄴ 밥집으로 찾아줘"))
    assert (name, args["referencePlaceName"], args["category"]) == ("search_nearby_places", "츠키지 시장", "restaurant")
    name, args = _call(trv.run("아니 그냥 스시 먹을 수 있는 식당으로 부탁해"))
    assert (name, args["referencePlaceName"], args["category"], args["keyword"]) == (
        "search_nearby_places", "츠키지 시장", "restaurant", "스시")
    name, args = _call(trv.run("nope, ramen shops please"))
    assert (name, args["referencePlaceName"]) == ("search_nearby_places", "츠키지 시장")


@pytest.mark.parametrize("text", ["12월 도쿄 날씨 쌀쌀한 편이야?", "is it rainy in tokyo in june?",
                                  "지하철 1일권 사는 게 이득이야?", "is a subway day pass a good deal here?"])
def test_weather_and_passes_get_a_plain_answer_and_no_places(trv: Session, text: str) -> None:
    _no_places(trv.run(text))


def test_a_price_question_after_a_search_gets_a_plain_answer(trv: Session) -> None:
    trv.run("신주쿠 근처 스시 맛집")
    _no_places(trv.run("보통 한 끼에 얼마쯤 해?"))


def test_a_place_to_buy_things_asks_for_shops_in_that_area() -> None:
    r = read("하라주쿠에서 운동화 살 만한 데 있어?", sample_trip("tokyo"))
    assert (r.tool, r.args.get("category"), r.args.get("near")) == ("recommend_places", "shopping", "하라주쿠")


def test_another_city_named_after_the_trips_own_is_asked_about() -> None:
    asked = read("오사카 일정 끝나고 고베도 들를 건데 고베 카페 추천해줘", sample_trip("osaka"))
    assert asked.tool is None and asked.args.get("city") == "고베" and len(asked.choices) >= 2
    kept = read("고베 들렀다가 오사카 돌아와서 먹을 맛집 추천", sample_trip("osaka"))
    assert kept.tool == "recommend_places"


def _planned(events: list) -> list[str]:
    name, args = _call(events)
    assert name == "generate_itinerary"
    return [item["placeName"] for day in args["days"] for item in day["items"]]


def test_a_plan_made_again_without_a_place_leaves_it_out(trv: Session) -> None:
    first = _planned(trv.run("일정 짜줘"))
    assert "츠키지 시장" in first and "센소지" in first
    again = _planned(trv.run("츠키지 시장 빼고 다시"))
    assert "츠키지 시장" not in again and set(again) == set(first) - {"츠키지 시장"}
    english = _planned(trv.run("make a fresh plan but skip Senso-ji"))
    assert "센소지" not in english and "츠키지 시장" in english
    # taking a place out of the saved list is still a removal, not a new plan
    name, args = _call(trv.run("센소지 저장 목록에서 빼줘"))
    assert (name, args["placeName"]) == ("remove_saved_place", "센소지")
