"""Round M, travel: the kinds blind set M's tune half showed, each with sentences of our own (never the set's).
Loose times of day follow one mapping in Korean and English (tests/travel/phrasings.yaml "Times"); places the user
lists to choose among are asked about, and a position in the answer counts in the user's own list; where to board a
boat or a train is a transport place the data holds; when to go to a place is answered from its opening hours; a
place said alone after a dish search keeps the dish. Single messages are read by ``read``; conversations run
through the real offline agent on a destination's sample trip (``Rehearsal``)."""

from __future__ import annotations

import pytest

from agents.core.followups import Rehearsal
from agents.travel.evaluate import sample_trip
from agents.travel.reading import read
from tests.support.helpers import text_of
from tests.travel.talk import talk


def _calls(events: list) -> list[tuple[str, dict]]:
    return [(e.name, e.args) for e in events if e.type == "tool_call"]


# --- loose times of day: one mapping, both languages -------------------------------------------------------------

@pytest.mark.parametrize(("text", "time"), [
    ("성산일출봉 첫날 동틀 무렵에 넣어줘", {"time_of_day": "morning"}),
    ("put Hallasan on day 3 at dawn", {"time_of_day": "morning"}),
    ("우도 이튿날 아침 일찍 일정에 추가", {"time_of_day": "morning"}),
    ("오설록 셋째날 점심 먹고 넣어줘", {"time_of_day": "afternoon"}),
    ("add Hamdeok beach to day 1, early afternoon please", {"time_of_day": "afternoon"}),
    ("천지연 폭포 2일차 해 질 무렵 추가", {"time_of_day": "evening"}),
    ("schedule Dongmun market for day 4 after supper", {"time_of_day": "evening"}),
    ("동문시장 넷째 날 밤늦게 넣어 줘", {"time_of_day": "evening"}),
    ("함덕 해수욕장 1일차 정오에 넣어줘", {"start_time": "12:00"}),
    ("add Osulloc to day 3 around lunchtime", {"start_time": "12:00"}),
    ("성산일출봉 첫날 새벽 5시에 넣어줘", {"start_time": "05:00"}),
])
def test_a_loose_time_of_day_is_read_by_one_mapping(text: str, time: dict[str, str]) -> None:
    reading = read(text, sample_trip("jeju"))
    assert reading.tool == "add_place_to_itinerary"
    assert {k: v for k, v in reading.args.items() if k in ("time_of_day", "start_time")} == time


def test_a_loose_time_said_alone_completes_the_add_and_noon_is_proposed_at_twelve(rehearsal: Rehearsal) -> None:
    reading, _ = talk(rehearsal, "tokyo", "츠키지 시장 일정에 넣고 싶어", "셋째 날 이른 아침")
    assert (reading.tool, reading.args) == ("add_place_to_itinerary",
                                            {"place": "츠키지 시장", "day": 3, "time_of_day": "morning"})
    reading, events = talk(rehearsal, "tokyo", "메이지 신궁 둘째 날 점심때 넣어줘")
    assert reading.args.get("start_time") == "12:00"
    [(name, args)] = _calls(events)
    assert (name, args["placeName"], args["dayNumber"], args["startTime"]) == ("add_place_to_itinerary", "메이지 신궁", 2, "12:00")


# --- places the user lists to choose among -----------------------------------------------------------------------

def test_one_of_two_places_to_remove_asks_which_with_them_as_choices() -> None:
    for text, choices in [("센소지랑 스카이트리 중에 하나 지울래", ["센소지", "도쿄 스카이트리"]),
                          ("remove one of Senso-ji or teamLab Planets", ["센소지", "팀랩 플래닛"])]:
        reading = read(text, sample_trip("tokyo"))
        assert reading.tool is None and reading.choices == choices, text


@pytest.mark.parametrize(("text", "place"), [
    ("센소지랑 스카이트리 둘 중 하나 지울래, 첫번째", "센소지"),
    ("I want to drop one of Meiji Shrine and Tsukiji market, the last one", "츠키지 시장"),
    ("메이지 신궁이랑 츠키지 시장 중에 하나 지울까 해 츠키지 시장으로", "츠키지 시장"),
])
def test_a_name_or_position_after_the_choosing_words_picks_from_the_users_list(text: str, place: str) -> None:
    assert (read(text, sample_trip("tokyo")).tool, read(text, sample_trip("tokyo")).args) == ("remove_place", {"place": place})


def test_an_add_among_two_places_asks_which_and_keeps_the_day() -> None:
    reading = read("츠키지 시장이랑 팀랩 중 한 곳 넷째 날에 넣고 싶어", sample_trip("tokyo"))
    assert reading.tool is None and reading.args.get("day") == 4 and reading.choices == ["츠키지 시장", "팀랩 플래닛"]


@pytest.mark.parametrize(("first", "answer", "place"), [
    ("센소지랑 스카이트리 중에 하나 지울래", "첫번째 거 지워줘", "센소지"),
    ("remove one of Senso-ji or teamLab Planets", "the second one please", "팀랩 플래닛"),
    ("센소지랑 스카이트리 중에 하나 지울래", "2", "도쿄 스카이트리"),
])
def test_the_answer_by_position_removes_that_place_of_the_users_list(rehearsal: Rehearsal, first: str, answer: str,
                                                                      place: str) -> None:
    reading, events = talk(rehearsal, "tokyo", first, answer)
    assert (reading.tool, reading.args) == ("remove_place", {"place": place})
    assert _calls(events) == [("remove_saved_place", {"placeName": place})]


@pytest.mark.parametrize(("first", "then", "expected"), [
    ("센소지랑 메이지 신궁 둘 다 가볼 만해?", "두번째 거 빼줘", ("remove_place", {"place": "메이지 신궁"})),
    ("팀랩 플래닛이랑 츠키지 시장 영업시간 알려줘", "첫번째 거 둘째 날에 넣어줘",
     ("add_place_to_itinerary", {"place": "팀랩 플래닛", "day": 2})),
])
def test_a_position_after_the_user_named_places_counts_in_the_users_own_order(rehearsal: Rehearsal, first: str,
                                                                               then: str, expected: tuple) -> None:
    reading, _ = talk(rehearsal, "tokyo", first, then)
    assert (reading.tool, reading.args) == expected


@pytest.mark.parametrize("then", ["remove the last one", "마지막 거 빼줘"])
def test_removing_a_position_of_a_search_list_asks_and_is_never_an_add(rehearsal: Rehearsal, then: str) -> None:
    reading, events = talk(rehearsal, "tokyo", "메이지 신궁 근처 맛집", then)
    assert reading.tool is None and reading.args.get("for") == "remove"
    assert [name for name, _ in _calls(events)] == ["askClarification"]


# --- where a boat or a train is boarded: a transport place the data holds -----------------------------------------

@pytest.mark.parametrize(("trip", "text", "port"), [
    ("jeju", "마라도 가려면 배는 어디서 타야 돼", "운진항"),
    ("jeju", "where do we catch the boat to Udo?", "성산항"),
    ("jeju", "비양도 들어가는 배 타는 곳 알려줘", "한림항"),
    ("osaka", "신칸센 어디서 타?", "신오사카역"),
    ("tokyo", "where can I catch the shinkansen?", "도쿄역"),
])
def test_where_to_board_lists_the_port_or_station_that_serves_it(rehearsal: Rehearsal, trip: str, text: str,
                                                                   port: str) -> None:
    reading, events = talk(rehearsal, trip, text)
    assert (reading.tool, reading.args.get("category")) == ("recommend_places", "transport")
    [(name, args)] = _calls(events)
    assert name == "recommend_places" and port in [p["name"] for p in args["places"]]


def test_the_one_port_found_is_said_in_the_singular_in_english(rehearsal: Rehearsal) -> None:
    _, events = talk(rehearsal, "jeju", "where do we catch the boat to Udo?")
    assert text_of(events).startswith("1 place, nearest to your saved places first:\n- **Seongsan Port")


@pytest.mark.parametrize("text", ["우도 배 몇 시에 있어?", "how long does the ferry to Udo take?", "제주항에서 성산까지 어떻게 가?"])
def test_a_timetable_or_a_route_still_gets_the_plain_answer(text: str) -> None:
    reading = read(text, sample_trip("jeju"))
    assert (reading.tool, reading.args.get("topic")) == ("freeformResponse", "directions")


# --- when to go to one place: its opening hours answer, no add ------------------------------------------------------

def test_when_to_go_to_the_place_asked_about_before_is_answered_from_its_hours(rehearsal: Rehearsal) -> None:
    reading, events = talk(rehearsal, "seoul", "N서울타워 몇 시에 열어?", "거기 저녁에 가는 게 좋을까?")
    assert (reading.tool, reading.args["place"], reading.args["topic"]) == ("freeformResponse", "N서울타워", "when")
    assert _calls(events) == []
    assert text_of(events).startswith("N서울타워 영업시간은 매일 09:30–17:00이에요") and "닫혀 있어요" in text_of(events)


def test_when_to_go_in_english_after_a_question_with_no_tool_names_the_place_in_english(rehearsal: Rehearsal) -> None:
    reading, events = talk(rehearsal, "tokyo", "is Senso-ji worth it?", "is it better to go there in the morning?")
    assert (reading.tool, reading.args["place"], reading.args["time_of_day"]) == ("freeformResponse", "센소지", "morning")
    assert _calls(events) == [] and "open in the morning every day" in text_of(events)


@pytest.mark.parametrize(("trip", "text", "place"), [
    ("seoul", "경복궁 언제 가는 게 좋아?", "경복궁"),
    ("tokyo", "is Tokyo Skytree better at night?", "도쿄 스카이트리"),
    ("osaka", "도톤보리 밤에 가야 더 좋아?", "도톤보리"),
])
def test_a_when_to_go_question_naming_its_place_is_a_plain_answer(trip: str, text: str, place: str) -> None:
    reading = read(text, sample_trip(trip))
    assert (reading.tool, reading.args.get("topic"), reading.args.get("place")) == ("freeformResponse", "when", place)


# --- a place said alone after a dish search keeps the dish --------------------------------------------------------

@pytest.mark.parametrize(("trip", "first", "then", "expected"), [
    ("tokyo", "긴자 스시집 추천해줘", "우에노는?", ("recommend_places", "near", "우에노", "스시")),
    ("osaka", "okonomiyaki places in Namba", "how about Shinsekai?", ("recommend_places", "near", "신세카이", "okonomiyaki")),
    ("tokyo", "센소지 근처 라멘집", "메이지 신궁 쪽은?", ("search_nearby_places", "reference", "메이지 신궁", "라멘")),
])
def test_another_place_after_a_dish_search_searches_the_same_dish_there(rehearsal: Rehearsal, trip: str, first: str,
                                                                         then: str, expected: tuple[str, ...]) -> None:
    tool, key, place, dish = expected
    reading, _ = talk(rehearsal, trip, first, then)
    assert (reading.tool, reading.args.get(key), reading.args.get("keyword")) == (tool, place, dish)
