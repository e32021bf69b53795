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
     "Shall I add 메이지 신궁 to day 1? Press Confirm on the card to put it in the itinerary; nothing changes "
     "before that."),
    ("팀랩 플래닛은 저장 목록에서 빼줘", "remove_saved_place",
     "저장된 장소에서 '팀랩 플래닛'을 삭제할까요? 일정에 들어 있으면 그 방문도 함께 빠져요. 확인 카드의 [확인]을 누르면 삭제돼요."),
    ("delete Tokyo Skytree from my saved places", "remove_saved_place",
     "Shall I remove 도쿄 스카이트리 from your saved places (and any visits to it in the itinerary)? Press Confirm "
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
