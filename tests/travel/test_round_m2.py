"""Round M2, travel: the kinds blind set M2's tune half showed, each with sentences of our own (never the set's).
A bare "again" makes the last query again as it was (the day shown, the search run), and only a plan is made anew; a
correction that swaps the place of an add keeps its day and its time as the person said it; a time word inside a
place's own name (성산일출봉's 일출) is no time; a question ranking the places just listed by a property the data holds
(price level, rating, reviews) is answered from that data, with no tool and no order. Conversations run through the
real offline agent on a destination's sample trip (``Rehearsal``)."""

from __future__ import annotations

import pytest

from agents.core.followups import Rehearsal
from agents.travel.evaluate import sample_trip
from agents.travel.reading import read
from tests.support.helpers import text_of
from tests.travel.talk import talk


def _calls(events: list) -> list[str]:
    return [e.name for e in events if e.type == "tool_call"]


# --- a bare "again" repeats the last query as it was ----------------------------------------------------------------

@pytest.mark.parametrize(("trip", "first", "again", "expected"), [
    ("tokyo", "넷째 날 일정 뭐였지?", "한 번 더 보여줘", ("show_itinerary", {"day": 4})),
    ("osaka", "show me what's on day 1", "could you show it again?", ("show_itinerary", {"day": 1})),
    ("seoul", "전체 일정 확인할래", "다시 좀", ("show_itinerary", {})),
    ("jeju", "what's planned for day 3?", "one more time please", ("show_itinerary", {"day": 3})),
    ("tokyo", "메이지 신궁 주변 카페 찾아줘", "again", ("search_nearby_places", {"reference": "메이지 신궁", "category": "cafe"})),
    ("osaka", "난바 맛집 추천해줘", "다시 한번 보여줘", ("recommend_places", {"near": "난바", "category": "restaurant"})),
    ("tokyo", "긴자 스시집", "same again", ("recommend_places", {"near": "긴자", "category": "restaurant"})),
])
def test_a_bare_again_after_a_query_makes_that_query_again(rehearsal: Rehearsal, trip: str, first: str, again: str,
                                                           expected: tuple) -> None:
    reading, events = talk(rehearsal, trip, first, again)
    assert (reading.tool, reading.args) == expected
    assert "generate_itinerary" not in _calls(events)


@pytest.mark.parametrize(("first", "then"), [("셋째 날 일정 보여줘", "다시 짜줘"), ("what's on day 2?", "redo the plan"),
                                             ("일정 짜줘", "한 번 더"), ("make me an itinerary", "again please")])
def test_a_new_plan_still_needs_a_plan_before_or_a_word_of_its_own(rehearsal: Rehearsal, first: str, then: str) -> None:
    reading, _ = talk(rehearsal, "tokyo", first, then)
    assert reading.tool == "generate_itinerary" and reading.args.get("regenerate") is True


# --- a correction of an add's place keeps its day and its time as said ------------------------------------------------

@pytest.mark.parametrize(("trip", "first", "then", "expected"), [
    ("seoul", "경복궁 둘째날 해질녘에 추가해줘", "ㄴㄴ 창덕궁으로 바꿔줘", {"place": "창덕궁", "day": 2, "time_of_day": "evening"}),
    ("osaka", "오사카성 첫날 아침에 넣어줘", "말고 츠텐카쿠", {"place": "츠텐카쿠", "day": 1, "time_of_day": "morning"}),
    ("tokyo", "put Tokyo Tower on day 2 in the afternoon", "no wait, make it Meiji Shrine",
     {"place": "메이지 신궁", "day": 2, "time_of_day": "afternoon"}),
    ("jeju", "우도 셋째 날 오후 3시에 넣어줘", "아 그거 빼고 성산일출봉으로", {"place": "성산일출봉", "day": 3, "start_time": "15:00"}),
    ("tokyo", "센소지 마지막 날 밤에 넣을래", "아냐 도쿄 타워로 해줘", {"place": "도쿄 타워", "day": 4, "time_of_day": "evening"}),
    ("seoul", "남산타워 첫날 저녁 먹고 추가", "그거 말고 북촌 한옥마을",
     {"place": "북촌 한옥마을", "day": 1, "time_of_day": "evening"}),
])
def test_a_corrected_place_keeps_the_day_and_the_time_of_the_add(rehearsal: Rehearsal, trip: str, first: str, then: str,
                                                                  expected: dict) -> None:
    reading, _ = talk(rehearsal, trip, first, then)
    assert (reading.tool, reading.args) == ("add_place_to_itinerary", expected)


def test_a_time_said_in_the_correction_wins_over_the_time_of_the_add(rehearsal: Rehearsal) -> None:
    reading, _ = talk(rehearsal, "tokyo", "도쿄 타워 둘째 날 저녁에 넣어줘", "아니 오전으로")
    assert reading.args == {"place": "도쿄 타워", "day": 2, "time_of_day": "morning"}


@pytest.mark.parametrize(("text", "expected"), [
    ("성산일출봉 둘째날 넣어줘", {"place": "성산일출봉", "day": 2}),
    ("성산 일출봉 첫날 일정에 추가", {"place": "성산일출봉", "day": 1}),
    ("성산일출봉 셋째 날 일출 보러 넣어줘", {"place": "성산일출봉", "day": 3, "time_of_day": "morning"}),
])
def test_a_time_word_inside_a_places_own_name_is_no_time(text: str, expected: dict) -> None:
    reading = read(text, sample_trip("jeju"))
    assert (reading.tool, reading.args) == ("add_place_to_itinerary", expected)


# --- a question ranking the places just listed is answered from the data ------------------------------------------------

@pytest.mark.parametrize(("trip", "first", "question", "by"), [
    ("tokyo", "신주쿠 라멘집 알려줘", "거기 나온 곳들 중 평점 제일 높은 데는?", "rating"),
    ("tokyo", "cafes in Shibuya", "which of those is the most popular?", "popular"),
    ("tokyo", "센소지 근처 맛집", "그중에 젤 비싼 곳이 어디야", "price_high"),
    ("osaka", "도톤보리 맛집 추천", "which one is cheapest?", "price_low"),
    ("tokyo", "recommend some sights in Ueno", "ok and the best rated one?", "rating"),
    ("seoul", "홍대 카페 추천해줘", "여기서 가장 저렴한 데가 어디예요", "price_low"),
    ("jeju", "제주 흑돼지 맛집 추천해줘", "제일 인기 많은 곳은?", "popular"),
])
def test_a_question_ranking_the_listed_places_is_answered_with_no_tool(rehearsal: Rehearsal, trip: str, first: str,
                                                                        question: str, by: str) -> None:
    reading, events = talk(rehearsal, trip, first, question)
    assert (reading.tool, reading.args.get("topic"), reading.args.get("by")) == ("freeformResponse", "ranked", by)
    assert _calls(events) == []
    said = text_of(events)
    assert said.startswith(("Of the ", "방금 보여 드린 ")) and ("sample places data" in said or "샘플 장소 데이터" in said)


def test_the_answer_names_the_first_by_the_datas_figure_in_english(rehearsal: Rehearsal) -> None:
    _, events = talk(rehearsal, "tokyo", "cafes in Shibuya", "which of those has the most reviews?")
    said = text_of(events)
    assert said.startswith("Of the 3 places just shown, Koffee Mameya is the most reviewed (1,347 reviews")
    assert "카페" not in said and "코피" not in said


@pytest.mark.parametrize(("first", "then", "tool"), [
    ("센소지 근처 맛집", "제일 싼 라멘집 추천해줘", "search_nearby_places"),  # a dish of its own: a search
    ("센소지 근처 맛집", "제일 싼 데 둘째 날에 넣어줘", None),  # an add by rank: a change, asked about
])
def test_a_rank_with_a_search_or_a_change_of_its_own_is_not_the_question(rehearsal: Rehearsal, first: str, then: str,
                                                                       tool: str | None) -> None:
    reading, _ = talk(rehearsal, "tokyo", first, then)
    assert reading.tool == tool and reading.args.get("topic") != "ranked"


def test_a_rank_with_nothing_listed_before_is_not_answered_from_a_list() -> None:
    reading = read("어디가 제일 싸?", sample_trip("tokyo"))
    assert reading.args.get("topic") != "ranked"


def test_a_rank_after_a_search_that_found_nothing_asks_and_ranks_nothing(rehearsal: Rehearsal) -> None:
    reading, _ = talk(rehearsal, "jeju", "성산일출봉 주변 먹을 곳", "제일 인기 많은 곳은?")
    assert reading.args.get("topic") != "ranked"


@pytest.mark.parametrize(("trip", "first", "question", "expected"), [
    ("tokyo", "신주쿠 라멘집 알려줘", "첫번째 곳 몇 시까지 해?", ("hours", "멘야 무사시 신주쿠")),
    ("tokyo", "신주쿠 라멘집 알려줘", "is the second one worth it?", ("worth", "후운지")),
    ("tokyo", "시부야 카페 추천", "두번째 카페 어때?", ("worth", "스타벅스 리저브 로스터리 도쿄")),
    ("tokyo", "시부야 카페 추천", "what is the third one like?", ("worth", "코피 마메야")),
    ("tokyo", "시부야 카페 추천", "첫번째 거 언제 가는 게 좋아?", ("when", "푸글렌 도쿄")),
    ("osaka", "난바 맛집 추천", "마지막 거 몇 시에 열어?", ("hours", "도톤보리 이마이")),
])
def test_a_question_about_one_listed_place_by_its_position_is_answered_about_it(rehearsal: Rehearsal, trip: str,
                                                                                first: str, question: str,
                                                                                expected: tuple) -> None:
    reading, events = talk(rehearsal, trip, first, question)
    assert (reading.tool, reading.args.get("topic"), reading.args.get("place")) == ("freeformResponse", *expected)
    assert _calls(events) == []


@pytest.mark.parametrize(("then", "expected"), [
    ("when does the last one open?", None),
    ("마지막 거 마지막 날에 넣어줘", {"place": "도톤보리 이마이", "day": 3}),
    ("put the last one on day 2", {"place": "도톤보리 이마이", "day": 2}),
])
def test_the_last_one_of_a_list_is_no_last_day(rehearsal: Rehearsal, then: str, expected: dict | None) -> None:
    reading, events = talk(rehearsal, "osaka", "난바 맛집 추천", then)
    if expected is None:
        assert reading.tool != "add_place_to_itinerary" and "add_place_to_itinerary" not in _calls(events)
    else:
        assert (reading.tool, reading.args) == ("add_place_to_itinerary", expected)


@pytest.mark.parametrize(("first", "question", "nearest"), [
    ("센소지 근처 카페", "which is closest?", "Kayaba Coffee is the closest (2.6 km away"),
    ("센소지 근처 카페", "그중 제일 가까운 데가 어디야?", "가장 가까운 곳은 카야바 커피예요 (2.6km 거리"),
    ("이자카야 추천", "가장 평이 좋은 곳은 어디야", "평점이 가장 높은 곳은 신주쿠 골든가이예요 (평점 4.7"),
    ("이자카야 추천", "그 중 가격 제일 착한 곳?", "가격대가 가장 낮은 곳은 오모이데 요코초예요 (가격대 2/4"),
])
def test_the_ranked_answer_states_the_figure_first(rehearsal: Rehearsal, first: str, question: str, nearest: str) -> None:
    _, events = talk(rehearsal, "tokyo", first, question)
    assert nearest in text_of(events).split(". ")[0] + "."


@pytest.mark.parametrize(("question", "by"), [
    ("그 중 어디가 사람 제일 많아?", "popular"), ("리뷰 제일 많은 데", "popular"), ("are any of them cheap?", "price_low"),
    ("which has better ratings?", "rating"), ("방금 알려준 데 중에 제일 비싼 곳", "price_high"), ("어디가 제일 나아?", "rating"),
    ("평점은 어디가 제일 높아?", "rating"), ("손님은 어느 집이 가장 많아?", "popular"),
])
def test_more_ways_to_rank_what_was_listed(rehearsal: Rehearsal, question: str, by: str) -> None:
    reading, _ = talk(rehearsal, "tokyo", "이자카야 추천", question)
    assert (reading.tool, reading.args.get("by")) == ("freeformResponse", by)


def test_asking_for_better_places_is_no_rank_of_the_list(rehearsal: Rehearsal) -> None:
    reading, _ = talk(rehearsal, "tokyo", "이자카야 추천", "더 좋은 데 없어?")
    assert reading.args.get("topic") != "ranked"


def test_searching_once_more_runs_the_same_search(rehearsal: Rehearsal) -> None:
    reading, _ = talk(rehearsal, "tokyo", "센소지 근처 카페", "한번 더 찾아줘")
    assert (reading.tool, reading.args) == ("search_nearby_places", {"reference": "센소지", "category": "cafe"})


def test_a_rank_after_another_request_since_the_list_does_not_rank_that_old_list(rehearsal: Rehearsal) -> None:
    reading, _ = talk(rehearsal, "tokyo", "이자카야 추천", "둘째 날 일정 보여줘", "어디가 제일 싸?")
    assert reading.args.get("topic") != "ranked"
