"""Issue 29 kind 1 in travel: follow-ups that point back, read against the kit's dialogue state
(agents/nlu/dialogue.py, persisted in the conversation state). Real Session conversations on the
offline model; each asserts the tool and arguments the last turn chose and what it did."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.nlu.dialogue import Dialogue
from agents.travel.service import TripService
from tests.support.helpers import one, types

CONFIRM = ["text", "tool_call", "action_confirmation", "done"]  # the sentence first (answer first)


@pytest.fixture
def trv(store, clock) -> Session:
    return Session("travel", clock=clock)


def _places(events: list) -> list[str]:
    return [p["name"] for p in one(events, "tool_result").data["places"]]


def test_the_first_cafe_just_listed_goes_on_day_two_and_is_stored_there(trv: Session) -> None:
    cafes = _places(trv.run("센소지 근처 카페 알려줘"))
    assert len(cafes) >= 2
    events = trv.run("방금 알려준 카페 중에 첫번째 거 둘째날 일정에 넣어줘")
    assert types(events) == CONFIRM
    call = one(events, "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"]) == ("add_place_to_itinerary", cafes[0], 2)
    trv.confirm_action(one(events, "action_confirmation").action_id)
    trip = TripService(trv.store).active("demo")
    assert [i.place_name for d in trip.itinerary if d.day_number == 2 for i in d.items] == [cafes[0]]


def test_an_ordinal_of_my_own_wording_picks_that_row_onto_the_day(trv: Session) -> None:
    found = _places(trv.run("메이지 신궁 근처 맛집 찾아줘"))
    call = one(trv.run("거기서 두번째 곳을 3일차 저녁에 넣어줘"), "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"], call.args["startTime"]) == (
        "add_place_to_itinerary", found[1], 3, "18:00")


def test_a_position_with_no_list_asks_and_adds_nothing(trv: Session) -> None:
    events = trv.run("두번째 거 2일차에 넣어줘")
    assert "action_confirmation" not in types(events)
    assert one(events, "tool_call").name == "askClarification"


def test_another_version_after_a_preview_makes_a_new_preview(trv: Session) -> None:
    first = one(trv.run("일정 짜줘"), "tool_call").args
    events = trv.run("음 그래도 별로다 아예 다른 버전으로 한번 더")
    call = one(events, "tool_call")
    assert call.name == "generate_itinerary" and "action_confirmation" not in types(events)
    assert call.args["days"] != first["days"]  # a different draft, not the same one again
    assert one(trv.run("스카이트리는 빼고 다시 해줘"), "tool_call").name == "generate_itinerary"


def test_a_day_after_a_day_shows_that_day(trv: Session) -> None:
    trv.run("1일차 일정 보여줘")
    assert one(trv.run("그럼 3일차는?"), "tool_call").args == {"dayNumber": 3}
    assert one(trv.run("what about the last day?"), "tool_call").args == {"dayNumber": 4}


def test_here_on_the_day_on_screen_adds_the_place_to_that_day(trv: Session) -> None:
    trv.run("2일차 일정 보여줘")
    events = trv.run("여기에 팀랩 플래닛도 넣어줘")
    assert types(events) == CONFIRM
    call = one(events, "tool_call")
    assert (call.name, call.args["placeName"], call.args["dayNumber"]) == ("add_place_to_itinerary", "팀랩 플래닛", 2)


def test_the_last_search_with_its_anchor_or_kind_changed(trv: Session) -> None:
    trv.run("메이지 신궁 근처 맛집")
    call = one(trv.run("same but near 센소지"), "tool_call")
    assert (call.name, call.args["referencePlaceName"], call.args["category"]) == (
        "search_nearby_places", "센소지", "restaurant")
    call = one(trv.run("거기서 카페만"), "tool_call")
    assert (call.name, call.args["referencePlaceName"], call.args["category"]) == ("search_nearby_places", "센소지", "cafe")
    call = one(trv.run("attractions instead"), "tool_call")
    assert (call.args["referencePlaceName"], call.args["category"]) == ("센소지", "attraction")
    call = one(trv.run("쇼핑할 데로 바꿔서"), "tool_call")
    assert (call.args["referencePlaceName"], call.args["category"]) == ("센소지", "shopping")


def test_the_travel_dialogue_state_is_persisted_with_the_conversation(trv: Session, clock) -> None:
    shown = _places(trv.run("센소지 근처 카페 알려줘"))
    state = Dialogue.from_state(trv.conversation().state)
    assert state.tool == "search_nearby_places" and state.args == {"reference": "센소지", "category": "cafe"}
    assert [m.id for m in state.listed] == shown
    later = Session("travel", conversation_id=trv.conversation_id, store=trv.store, clock=clock)
    call = one(later.run("두번째 거 1일차에 넣어줘"), "tool_call")
    assert (call.args["placeName"], call.args["dayNumber"]) == (shown[1], 1)
