"""Seed 001 §9.1 and §9.2 through the real google-genai SDK against the fake Gemini server
(the seed's model), with the function declarations Gemini receives."""

from __future__ import annotations

import pytest

from agents.core.providers.gemini_adapter import GeminiProvider
from agents.core.session import Session
from tests.support.fake_openai import FakeOpenAI, Reply, gemini_stream
from tests.support.helpers import text_of, types

G = "/v1/models/fake-gemini:streamGenerateContent"


@pytest.fixture
def fake():
    server = FakeOpenAI()
    yield server
    server.close()


def gemini(fake) -> GeminiProvider:
    return GeminiProvider(api_key="AIza-travel-test", base_url=fake.root_url, model="fake-gemini")


def test_9_1_function_call_recommend_places_through_gemini(store, fake) -> None:
    fake.queue(Reply(G, frames=gemini_stream(calls=[("recommend_places", {"places": [
                   {"name": "후운지", "name_en": "Fuunji", "category": "restaurant"},
                   {"name": "아후리 에비스", "category": "restaurant"}], "reasoning": "라멘 맛집"})])),
               Reply(G, frames=gemini_stream(text="추천 맛집!")))
    events = Session("travel", provider=gemini(fake)).run("라멘집 추천해줘")
    assert types(events) == ["tool_call", "tool_result", "data_card", "data_card", "text", "done"]
    assert [e.data["isVerified"] for e in events if e.type == "data_card"] == [True, True]
    assert text_of(events) == "추천 맛집!"
    first = fake.requests[0]["body"]
    names = {d["name"] for d in first["tools"][0]["functionDeclarations"]}
    # apply_itinerary is started by a button only: Gemini never sees it.
    assert names == {"recommend_places", "generate_itinerary", "search_nearby_places", "show_itinerary",
                     "add_place_to_itinerary", "remove_saved_place", "askClarification", "open_trip"}
    system = first["systemInstruction"]["parts"][0]["text"]
    assert "반드시 recommend_places 도구를 사용하세요" in system and "## 저장된 장소" in system
    result = fake.requests[1]["body"]["contents"][-1]["parts"][0]["functionResponse"]
    assert result["name"] == "recommend_places" and len(result["response"]["result"]["data"]["places"]) == 2


def test_9_2_generate_itinerary_preview_through_gemini(store, fake) -> None:
    fake.queue(Reply(G, frames=gemini_stream(calls=[("generate_itinerary", {"title": "도쿄 일정", "days": [
                   {"dayNumber": 1, "items": [{"placeName": "센소지", "startTime": "09:00"}]},
                   {"dayNumber": 2, "items": [{"placeName": "메이지 신궁", "startTime": "10:00"}]}]})])),
               Reply(G, frames=gemini_stream(text="미리보기를 확인하고 적용하기를 눌러 주세요.")))
    events = Session("travel", provider=gemini(fake)).run("일정 만들어줘")
    assert types(events) == ["tool_call", "tool_result", "data_card", "text", "done"]
    card = next(e for e in events if e.type == "data_card")
    assert card.card_type == "itinerary_preview" and card.data["requiresConfirmation"] is True
    assert [[i["placeName"] for i in d["items"]] for d in card.data["preview"]["days"]] == [["센소지"], ["메이지 신궁"]]


def test_a_model_calling_the_hidden_apply_tool_is_told_it_does_not_exist(store, fake) -> None:
    fake.queue(Reply(G, frames=gemini_stream(calls=[("apply_itinerary", {"trip_id": "x", "preview": {"title": "t"}})])),
               Reply(G, frames=gemini_stream(text="적용하기 버튼을 눌러 주세요.")))
    events = Session("travel", provider=gemini(fake)).run("바로 적용해")
    result = next(e for e in events if e.type == "tool_result")
    assert not result.ok and "Unknown tool 'apply_itinerary'" in result.summary
    assert "action_confirmation" not in types(events)


def test_9_1_through_openai_too(store, fake) -> None:
    """The seed's model is Gemini; the same turn through the real openai SDK (Responses API)."""
    import json

    from agents.core.providers.openai_adapter import OpenAIProvider
    from tests.support.fake_openai import responses_stream

    responses = "/v1/responses"
    fake.queue(Reply(responses, frames=responses_stream(calls=[("call_1", "recommend_places", json.dumps(
                   {"places": [{"name": "후운지", "category": "restaurant"}], "reasoning": "라멘"}, ensure_ascii=False))])),
               Reply(responses, frames=responses_stream(text="후운지를 추천해요.")))
    provider = OpenAIProvider(api_key="sk-travel-test", base_url=fake.base_url, model="fake-model", max_retries=1)
    events = Session("travel", provider=provider).run("라멘집 추천해줘")
    assert types(events) == ["tool_call", "tool_result", "data_card", "text", "done"]
    card = next(e for e in events if e.type == "data_card")
    assert card.card_type == "place" and card.data["name"] == "후운지" and card.data["isVerified"] is True
    tools = {t["name"] for t in fake.requests[0]["body"]["tools"]}
    assert "recommend_places" in tools and "apply_itinerary" not in tools
