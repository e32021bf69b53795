"""Seed 001 end to end on the scripted provider: §9.1 (recommend), §9.2 (itinerary preview →
apply), nearby search, add to itinerary, context and the text fallback."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from agents.core.actions import ActionService
from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import Session
from agents.travel.geo import haversine_km
from agents.travel.service import TripService
from tests.support.helpers import one, text_of, types


def session_with(clock, *steps) -> Session:
    return Session("travel", provider=OfflineProvider.scripted(*steps), clock=clock)


def test_seed_9_1_recommend_places_validated_ranked_and_deduplicated(store, clock) -> None:
    s = session_with(clock, call("recommend_places", {"places": [
        {"name": "후운지", "category": "restaurant"},
        {"name": "Afuri Ebisu", "category": "restaurant"},
        {"name": "센소지", "category": "attraction"},  # already saved: dropped (§5.4)
        {"name": "멘야 무사시 신주쿠", "category": "restaurant"},
        {"name": "세상에 없는 라멘집", "category": "restaurant"},
    ], "reasoning": "라멘"}), say("추천 맛집!"))
    events = s.run("라멘집 추천해줘")
    assert types(events) == ["tool_call", "tool_result", "data_card", "data_card", "data_card", "text", "done"]
    cards = [e for e in events if e.type == "data_card"]
    assert {c.card_type for c in cards} == {"place"}
    trip = TripService(store).active("demo")
    saved = pd.DataFrame([p.model_dump() for p in trip.places])
    lat, lng = saved["latitude"].mean(), saved["longitude"].mean()
    shown = [c.data for c in cards]
    # Nearest first from the centroid of the saved places, recomputed here independently.
    expected = sorted(shown, key=lambda p: haversine_km(lat, lng, p["latitude"], p["longitude"]) if p["isVerified"]
                      else float("inf"))
    assert [p["name"] for p in shown] == [p["name"] for p in expected]
    for place in shown:
        if place["isVerified"]:
            assert place["distanceFromReference"] == pytest.approx(
                haversine_km(lat, lng, place["latitude"], place["longitude"]), abs=0.01)
            assert place["sandbox"] and place["rating"] is not None and place["googleMapsUrl"]
    assert "센소지" not in [p["name"] for p in shown]
    result = one(events, "tool_result")
    assert "센소지" in result.summary and "뺐습니다" in result.summary
    done = events[-1]
    assert done.meta["places"]["backend"] == "gazetteer" and done.meta["places"]["calls"] >= 4
    assert done.meta["places"]["estimated_cost_usd"] == 0.0
    assert text_of(events) == "추천 맛집!"


def test_unverified_places_are_kept_and_marked(store, clock) -> None:
    s = session_with(clock, call("recommend_places", {"places": [{"name": "세상에 없는 라멘집", "category": "restaurant"}]}),
                     say("ok"))
    card = one(s.run("추천"), "data_card")
    assert card.data["isVerified"] is False and card.data["distanceFromReference"] is None
    assert card.data["name"] == "세상에 없는 라멘집"


def test_seed_9_2_preview_then_apply_after_confirmation(store, clock) -> None:
    s = session_with(clock, call("generate_itinerary", {"title": "도쿄 3박 4일", "days": [
        {"dayNumber": 1, "items": [{"placeName": "센소지", "startTime": "09:00", "duration": "2h"},
                                   {"placeName": "도쿄 스카이트리", "startTime": "13:00"}]},
        {"dayNumber": 2, "items": [{"placeName": "츠키지", "startTime": "08:00", "note": "아침 일찍"},
                                   {"placeName": "없는 장소", "startTime": "12:00"}]},
        {"dayNumber": 3, "items": [{"placeName": "Meiji Jingu"}]},
    ]}), say("일정 미리보기를 만들었어요."))
    events = s.run("3박 4일 일정 짜줘")
    assert types(events) == ["tool_call", "tool_result", "data_card", "text", "done"]
    card = one(events, "data_card")
    assert card.card_type == "itinerary_preview"
    preview = card.data["preview"]
    assert [[i["placeName"] for i in d["items"]] for d in preview["days"]] == [
        ["센소지", "도쿄 스카이트리"], ["츠키지 시장"], ["메이지 신궁"]]
    assert preview["unmatched"] == ["없는 장소"] and "없는 장소" in one(events, "tool_result").summary
    trip = TripService(store).active("demo")
    assert trip.itinerary == []  # nothing saved before 적용하기
    service = ActionService(store, clock)
    action = service.propose(user_id="demo", conversation_id=s.conversation_id, agent_id="travel",
                             tool_name="apply_itinerary", args={"trip_id": trip.id, "preview": preview,
                                                                "mode": "overwrite"})
    assert action.summary == f"'{trip.title}'에 일정 적용 (덮어쓰기): 3일 4곳"
    assert "없는 장소" in action.warnings[0]
    outcome = s.confirm_action(action.id)
    assert outcome.ok, outcome.message
    trip = TripService(store).active("demo")
    assert [(d.day_number, [(i.place_name, i.start_time) for i in d.items]) for d in trip.itinerary] == [
        (1, [("센소지", "09:00"), ("도쿄 스카이트리", "13:00")]), (2, [("츠키지 시장", "08:00")]), (3, [("메이지 신궁", None)])]
    # Exactly once: a second confirm is refused and nothing changes.
    with pytest.raises(Exception, match="already completed"):
        s.confirm_action(action.id)


def test_applying_over_an_existing_itinerary_merges_or_overwrites(store, clock) -> None:
    s = session_with(clock, say("hi"))
    s.run("hi")
    trip = TripService(store).active("demo")
    places = {p.name: p.id for p in trip.places}

    def apply(items: list[tuple[int, str, str]], mode: str) -> None:
        preview = {"title": "t", "days": [{"dayNumber": day, "date": "", "items": [
            {"order": 1, "placeName": name, "placeId": places[name], "startTime": start}]} for day, name, start in items]}
        action = ActionService(store, clock).propose(user_id="demo", conversation_id=s.conversation_id,
                                                     agent_id="travel", tool_name="apply_itinerary",
                                                     args={"trip_id": trip.id, "preview": preview, "mode": mode})
        assert s.confirm_action(action.id).ok

    def plan() -> list[tuple[int, list[str]]]:
        return [(d.day_number, [i.place_name for i in d.items]) for d in TripService(store).active("demo").itinerary]

    apply([(1, "센소지", "10:00")], "overwrite")
    apply([(1, "도쿄 스카이트리", "09:00"), (2, "츠키지 시장", "08:00")], "merge")
    assert plan() == [(1, ["도쿄 스카이트리", "센소지"]), (2, ["츠키지 시장"])]  # merged, sorted by start time
    apply([(1, "센소지", "10:00")], "merge")  # the same visit twice on one day is not duplicated
    assert plan() == [(1, ["도쿄 스카이트리", "센소지"]), (2, ["츠키지 시장"])]
    apply([(3, "메이지 신궁", "11:00")], "overwrite")
    assert plan() == [(3, ["메이지 신궁"])]


def test_nearby_needs_a_saved_reference_with_coordinates(store, clock) -> None:
    s = session_with(clock, call("search_nearby_places", {"referencePlaceName": "어딘가 모르는 곳"}), say("죄송해요"))
    result = one(s.run("근처 찾아줘"), "tool_result")
    assert not result.ok and result.summary == "기준 장소의 좌표를 찾을 수 없습니다."
    s.provider = OfflineProvider.scripted(call("search_nearby_places", {"referencePlaceName": "센소지",
                                                                         "category": "restaurant", "maxResults": 2}),
                                          say("주변 맛집이에요"))
    events = s.run("센소지 주변 맛집")
    cards = [e.data for e in events if e.type == "data_card"]
    trip = TripService(store).active("demo")
    ref = next(p for p in trip.places if p.name == "센소지")
    assert len(cards) == 2 and all(c["category"] == "restaurant" for c in cards)
    distances = [haversine_km(ref.latitude, ref.longitude, c["latitude"], c["longitude"]) for c in cards]
    assert distances == sorted(distances) and distances[-1] < 2.0
    assert [c["distanceFromReference"] for c in cards] == pytest.approx(distances, abs=0.01)


def test_add_place_to_itinerary_is_confirmed_then_added(store, clock) -> None:
    s = session_with(clock, call("add_place_to_itinerary", {"placeName": "츠키지 시장", "dayNumber": 2,
                                                             "startTime": "14:00"}))
    card = one(s.run("둘째 날 오후에 츠키지 시장 넣어줘"), "action_confirmation")
    assert card.summary == "2일째 14:00에 '츠키지 시장' 추가"
    assert TripService(store).active("demo").itinerary == []
    assert s.confirm_action(card.action_id).ok
    day = TripService(store).active("demo").itinerary[0]
    assert (day.day_number, [(i.place_name, i.start_time) for i in day.items]) == (2, [("츠키지 시장", "14:00")])
    # A place not saved yet is found in the gazetteer and saved with the visit (the card says so).
    s.provider = OfflineProvider.scripted(call("add_place_to_itinerary", {"placeName": "도쿄 타워", "dayNumber": 1}))
    card = one(s.run("첫날에 도쿄타워 넣어줘"), "action_confirmation")
    assert card.warnings == ["'도쿄 타워'는 아직 저장되지 않은 장소라 함께 저장합니다"]
    s.confirm_action(card.action_id)
    trip = TripService(store).active("demo")
    assert "도쿄 타워" in [p.name for p in trip.places] and trip.itinerary[0].items[0].place_name == "도쿄 타워"


def test_a_day_beyond_the_trip_or_an_unknown_place_is_refused_to_the_model(store, clock) -> None:
    s = session_with(clock, call("add_place_to_itinerary", {"placeName": "센소지", "dayNumber": 9}), say("아 그렇군요"))
    result = one(s.run("9일째에 넣어줘"), "tool_result")
    assert not result.ok and "4일짜리 여행" in result.summary


def test_the_system_prompt_carries_trip_places_itinerary_preferences_and_summary(store, clock) -> None:
    seen: list[str] = []
    s = session_with(clock, *[say(f"답 {i}", check=lambda r: seen.append(r.system)) for i in range(7)])
    for i in range(7):
        s.run(f"'장소{i}' 맛집 카페 질문 {i}")
    system = seen[-1]
    assert "도쿄 3박 4일" in system and "센소지 | Sensō-ji Temple | attraction" in system
    assert "## 도구 사용 규칙" in system and "선호 카테고리: attraction(관광)" in system
    assert "## 이전 대화 요약\n논의 주제: 맛집, 카페. 언급된 장소: 장소0, 장소1" in system
    state = store.conversations.get(s.conversation_id, "demo").state
    assert state["summary"]["messages"] == 2 or state["summary"]["text"].startswith("논의 주제")


def test_text_only_answer_with_places_goes_through_the_parse_fallback(store, clock) -> None:
    reply = "추천드려요:\n1. 후운지 - 츠케멘\n2. 아후리 에비스 - 유자 라멘\n"
    s = session_with(clock, say(reply))
    events = s.run("라멘집 추천해줘")
    assert types(events) == ["text", "tool_call", "tool_result", "data_card", "data_card", "done"]
    assert events[-1].meta["parse_fallback"]["method"] == "numbered_list"
    assert events[-1].meta["parse_fallback"]["verified"] == 2
    s.provider = OfflineProvider.scripted(say('```json\n{"places": [{"name": "도쿄 타워", "category": "attraction"}]}\n```'))
    events = s.run("전망대 추천")
    assert events[-1].meta["parse_fallback"]["method"] == "json_block"
    assert json.loads(events[-4].model_dump_json())["name"] == "recommend_places"


def test_seed_10_a_tool_that_raises_is_logged_and_answered_plainly(store, clock, monkeypatch, caplog) -> None:
    """§10 "ToolExecutor 예외": the error is logged, the person gets a plain message, the turn ends."""
    import logging

    from agents.travel import tools as travel_tools

    def broken(*_: object) -> None:
        raise RuntimeError("gazetteer file vanished")

    monkeypatch.setattr(travel_tools, "validate_and_enrich", broken)
    s = Session("travel", provider=OfflineProvider.scripted(
        call("recommend_places", {"places": [{"name": "후운지", "category": "restaurant"}]}), say("죄송해요.")),
        clock=clock)
    with caplog.at_level(logging.ERROR):
        events = s.run("라멘집 추천해줘")
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    result = one(events, "tool_result")
    assert not result.ok and "'recommend_places' 단계에서 오류" in result.summary and "vanished" not in result.summary
    assert any("recommend_places" in r.getMessage() and r.exc_info for r in caplog.records)
