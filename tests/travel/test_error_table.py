"""Seed 001 §10, row by row: what happens, what the user sees, what is logged.

| no function call (text only)      -> the parsePlaces() fallback, all four formats
| function call arguments invalid   -> validated, the error reaches the user
| Places validation failed          -> isVerified: false, the place is still returned
| Places quota exceeded             -> unverified + logged (also tests/travel/test_google_places.py)
| preview item matches no place     -> skipped, the user is told
| the tool executor raises          -> logged, a friendly message, the turn completes
"""

from __future__ import annotations

import importlib
import json
import logging

import pytest

from agents.core.providers.base import ModelRequest
from agents.core.providers.offline import OfflineProvider, Step, call, say
from agents.core.session import Session
from agents.travel.places import GazetteerBackend
from agents.travel.policy import policy
from agents.travel.service import TripService
from tests.support.helpers import one, text_of, types


def session_with(clock, *steps) -> Session:
    return Session("travel", provider=OfflineProvider.scripted(*steps), clock=clock)


def offline_model(request: ModelRequest) -> Step:
    """The real offline travel model for a step after scripted ones (it writes the reply from the results)."""
    reply = policy(request)
    return Step(text=reply.text, tool_calls=list(reply.tool_calls))


# --- row 1: a text-only answer goes through the fallback, in each of the seed's four formats ---------------

FORMATS = [
    ("json_block", '추천드려요.\n```json\n{"places": [{"name": "도쿄 타워", "category": "attraction"}, '
                   '{"name": "Shibuya Sky", "category": "attraction"}]}\n```', ["도쿄 타워", "Shibuya Sky"], 2),
    ("json", '추천: {"places": [{"name": "후운지", "category": "restaurant"}, {"name": "아후리 에비스"}]} 어떠세요?',
     ["후운지", "아후리 에비스"], 2),
    ("numbered_list", "라멘이라면:\n1. 후운지 - 츠케멘\n2. **아후리 에비스**: 유자 라멘\n3. 이치란 신주쿠 (24시간)\n",
     ["후운지", "아후리 에비스", "이치란 신주쿠"], 2),  # a name the Places data lacks is left out of a list
    ("quoted", '"후운지"나 "아후리 에비스"를 추천해요.', ["후운지", "아후리 에비스"], 2),
]


@pytest.mark.parametrize(("method", "reply", "names", "sent"), FORMATS, ids=[f[0] for f in FORMATS])
def test_row_1_text_only_places_go_through_recommend_places(store, clock, method, reply, names, sent) -> None:
    events = session_with(clock, say(reply)).run("라멘집 추천해줘")
    cards = [e for e in events if e.type == "data_card"]
    assert types(events) == ["text", "tool_call", "tool_result", *["data_card"] * len(cards), "done"]
    assert text_of(events) == reply  # the model's words stay; the cards come after them
    tool_call = one(events, "tool_call")
    assert tool_call.name == "recommend_places" and [p["name"] for p in tool_call.args["places"]] == names[:sent]
    assert len(cards) == sent and all(c.card_type == "place" and c.data["isVerified"] for c in cards)
    fallback = events[-1].meta["parse_fallback"]
    assert fallback == {"method": method, "names": names, "verified": len(cards), "used": True}


def test_row_1_a_list_that_names_no_place_makes_no_cards(store, clock) -> None:
    reply = "준비물:\n1. 여권 챙기기\n2. 환전하기\n3. 교통카드 충전\n"
    events = session_with(clock, say(reply)).run("여행 준비 뭐 해야 돼?")
    assert types(events) == ["text", "done"]
    assert events[-1].meta["parse_fallback"] == {"method": "numbered_list", "names": ["여권 챙기기", "환전하기", "교통카드 충전"],
                                                 "verified": 0, "used": False}


def test_row_1_plain_text_and_tool_turns_never_use_the_fallback(store, clock) -> None:
    events = session_with(clock, say("안녕하세요! 어디로 여행 가세요?")).run("안녕")
    assert types(events) == ["text", "done"] and "parse_fallback" not in events[-1].meta
    s = session_with(clock, call("show_itinerary", {}), say('"센소지"부터 가 보세요.'))
    events = s.run("일정 보여줘")
    assert "parse_fallback" not in events[-1].meta and one(events, "tool_call").name == "show_itinerary"


# --- row 2: invalid arguments are refused by the pydantic models and the user is told ----------------------

def test_row_2_invalid_arguments_are_named_to_the_model_and_to_the_user(store, clock) -> None:
    seen: list[str] = []
    s = session_with(clock, call("search_nearby_places", {"referencePlaceName": "센소지", "maxResults": 50,
                                                           "category": "museum"}),
                     lambda request: (seen.append(request.messages[-1].content or ""), offline_model(request))[1])
    events = s.run("센소지 근처 50곳")
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    result = one(events, "tool_result")
    assert not result.ok and result.summary.startswith("Invalid arguments for tool 'search_nearby_places'")
    assert "maxResults" in result.summary and "category" in result.summary
    assert one(events, "tool_call").status == "error"
    assert json.loads(seen[0]) == {"ok": False, "error": result.summary}  # the model gets the same message
    assert text_of(events) == f"⚠️ {result.summary}"  # and the offline model passes it on
    assert TripService(store).store.trips("demo")  # nothing else changed: the trip is intact


def test_row_2_malformed_json_is_refused_too(store, clock) -> None:
    events = session_with(clock, call("recommend_places", '{"places": [{"name": '), say("다시 시도할게요")).run("추천")
    result = one(events, "tool_result")
    assert not result.ok and "not valid JSON" in result.summary and events[-1].type == "done"


# --- rows 3 and 4: failed validation and an exceeded quota leave the place unverified ---------------------

def test_row_3_a_place_that_fails_validation_is_returned_unverified(store, clock, monkeypatch, caplog) -> None:
    real = GazetteerBackend.text_search

    def flaky(self, query, dest):
        if "후운지" in query:
            raise ConnectionError("places backend down")
        return real(self, query, dest)

    monkeypatch.setattr(GazetteerBackend, "text_search", flaky)
    s = session_with(clock, call("recommend_places", {"places": [{"name": "후운지", "category": "restaurant"},
                                                                  {"name": "Afuri Ebisu", "category": "restaurant"}]}),
                     say("ok"))
    with caplog.at_level(logging.WARNING, logger="agents.travel.validation"):
        events = s.run("라멘집 추천해줘")
    by_name = {e.data["name"]: e.data for e in events if e.type == "data_card"}
    assert by_name["후운지"]["isVerified"] is False and by_name["Afuri Ebisu"]["isVerified"] is True  # allSettled
    assert any("후운지" in r.getMessage() and "places backend down" in r.getMessage() for r in caplog.records)
    assert events[-1].meta["places"]["errors"] == ["ConnectionError: 후운지"]


def test_row_4_a_quota_error_leaves_the_place_unverified_and_is_logged(store, clock, monkeypatch, caplog) -> None:
    from agents.travel.places import PlacesQuotaError

    def over(self, query, dest):
        raise PlacesQuotaError("OVER_QUERY_LIMIT")

    monkeypatch.setattr(GazetteerBackend, "text_search", over)
    s = session_with(clock, call("recommend_places", {"places": [{"name": "후운지", "category": "restaurant"}]}),
                     offline_model)
    with caplog.at_level(logging.WARNING, logger="agents.travel.validation"):
        events = s.run("라멘집 추천해줘")
    card = one(events, "data_card")
    assert card.data["isVerified"] is False and card.data["name"] == "후운지"
    assert "미검증" in text_of(events)  # the reply says so too
    assert any("quota" in r.getMessage().lower() for r in caplog.records)
    assert events[-1].meta["places"]["errors"] == ["quota: 후운지"]


# --- row 5: preview items that match no saved place are skipped and named ---------------------------------

def test_row_5_unmatched_preview_items_are_skipped_and_the_user_is_told(store, clock) -> None:
    s = session_with(clock, call("generate_itinerary", {"title": "t", "days": [{"dayNumber": 1, "items": [
        {"placeName": "센소지", "startTime": "09:00"}, {"placeName": "디즈니랜드", "startTime": "13:00"}]}]}),
        offline_model)
    events = s.run("일정 짜줘")
    assert types(events) == ["tool_call", "tool_result", "data_card", "text", "done"]
    preview = one(events, "data_card").data["preview"]
    assert [i["placeName"] for d in preview["days"] for i in d["items"]] == ["센소지"]
    assert preview["unmatched"] == ["디즈니랜드"] and "디즈니랜드" in one(events, "tool_result").summary
    assert text_of(events).endswith("저장된 장소와 맞지 않아 뺀 항목: 디즈니랜드")
    rows = one(events, "data_card").data["rows"]
    assert rows == [["1일째", "09:00", "센소지", "관광", "", ""]]


def test_row_5_nothing_matched_is_an_error_naming_the_saved_places(store, clock) -> None:
    s = session_with(clock, call("generate_itinerary", {"title": "t", "days": [{"dayNumber": 1, "items": [
        {"placeName": "디즈니랜드"}]}]}), offline_model)
    events = s.run("일정 짜줘")
    result = one(events, "tool_result")
    assert not result.ok and "디즈니랜드" in result.summary and "data_card" not in types(events)
    assert set(result.data["saved_places"]) == {p.name for p in TripService(store).active("demo").places}


# --- row 6: an exception in the tool executor is logged; the user gets a plain message --------------------

@pytest.mark.parametrize("english", [False, True])
def test_row_6_a_tool_that_raises_is_logged_and_the_user_gets_a_plain_message(store, clock, monkeypatch, caplog,
                                                                               english) -> None:
    """The core answers a raising handler (agents/core/toolcalls.py); here through the offline travel model."""
    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(importlib.import_module("agents.travel.tools"), "rank_by_route", broken)
    s = session_with(clock, call("recommend_places", {"places": [{"name": "후운지", "category": "restaurant"}]}),
                     offline_model)
    with caplog.at_level(logging.ERROR, logger="agents.core.toolcalls"):
        events = s.run("recommend a ramen place" if english else "라멘집 추천해줘")
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    result = one(events, "tool_result")
    assert not result.ok and result.summary == (
        "'recommend_places' 단계에서 오류가 나서 결과를 만들지 못했어요 (RuntimeError). 잠시 후 다시 시도해 주세요. "
        "(The 'recommend_places' step failed; please try again.)")
    assert text_of(events) == f"⚠️ {result.summary}" and "disk on fire" not in text_of(events)
    [record] = [r for r in caplog.records if r.name == "agents.core.toolcalls"]
    assert record.getMessage() == "tool recommend_places raised" and record.exc_info[0] is RuntimeError
    assert s.history()[-1].role == "assistant" and s.history()[0].content.startswith(("라멘", "recommend"))
