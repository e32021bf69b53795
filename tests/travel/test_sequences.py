"""Seed 001 §9.2 end to end as exact event sequences: the preview from the real offline model and
from Gemini (the real google-genai SDK against the fake server), then the 적용하기 button's turn
(a confirmation card, no model call), the confirmation, and the itinerary in the trip."""

from __future__ import annotations

import pytest

from agents.core.providers.gemini_adapter import GeminiProvider
from agents.core.providers.offline import OfflineProvider
from agents.core.session import Session
from agents.travel.service import TripService
from tests.support.fake_openai import FakeOpenAI, Reply, gemini_stream
from tests.support.helpers import one, text_of, types

G = "/v1/models/fake-gemini:streamGenerateContent"


@pytest.fixture
def fake():
    server = FakeOpenAI()
    yield server
    server.close()


def apply_and_confirm(s: Session, preview: dict, store, mode: str = "overwrite") -> list[tuple[int, list[str]]]:
    trip = TripService(store).active("demo")
    calls_before = len(s.provider.calls) if isinstance(s.provider, OfflineProvider) else None
    events = s.run("일정 적용하기 (덮어쓰기)", extra={"apply_itinerary": {"trip_id": trip.id, "preview": preview,
                                                                          "mode": mode}})
    assert types(events) == ["tool_call", "action_confirmation", "done"]
    if calls_before is not None:
        assert len(s.provider.calls) == calls_before  # a button, not a model turn
    card = one(events, "action_confirmation")
    assert card.tool_name == "apply_itinerary" and card.summary.startswith(f"'{trip.title}'에 일정 적용 (덮어쓰기)")
    assert TripService(store).active("demo").itinerary == []  # nothing before the confirmation
    outcome = s.confirm_action(card.action_id)
    assert outcome.ok and [c.card_type for c in outcome.cards] == ["itinerary"]
    return [(d.day_number, [i.place_name for i in d.items]) for d in TripService(store).active("demo").itinerary]


def test_9_2_offline_preview_apply_confirm(store, clock) -> None:
    s = Session("travel", clock=clock)  # the real offline travel model
    events = s.run("일정 만들어줘")
    assert types(events) == ["tool_call", "tool_result", "data_card", "text", "done"]
    assert one(events, "tool_call").name == "generate_itinerary"
    card = one(events, "data_card")
    assert card.card_type == "itinerary_preview" and card.data["requiresConfirmation"] is True
    preview = card.data["preview"]
    planned = [(d["dayNumber"], [i["placeName"] for i in d["items"]]) for d in preview["days"]]
    assert "적용하기" in text_of(events)
    assert apply_and_confirm(s, preview, store) == planned
    shown = one(s.run("일정 보여줘"), "data_card")
    assert shown.card_type == "itinerary" and [r[2] for r in shown.data["rows"]] == [n for _, ns in planned for n in ns]


def test_9_2_through_gemini_preview_apply_confirm(store, fake) -> None:
    fake.queue(Reply(G, frames=gemini_stream(calls=[("generate_itinerary", {"title": "도쿄 일정", "days": [
                   {"dayNumber": 1, "items": [{"placeName": "센소지", "startTime": "09:00", "duration": "2h"},
                                              {"placeName": "Tokyo Skytree", "startTime": "13:00"}]},
                   {"dayNumber": 2, "items": [{"placeName": "메이지 신궁", "startTime": "10:00"}]}]})])),
               Reply(G, frames=gemini_stream(text="미리보기를 확인하고 적용하기를 눌러 주세요.")))
    s = Session("travel", provider=GeminiProvider(api_key="AIza-travel-test", base_url=fake.root_url,
                                                  model="fake-gemini"))
    events = s.run("일정 만들어줘")
    assert types(events) == ["tool_call", "tool_result", "data_card", "text", "done"]
    preview = one(events, "data_card").data["preview"]
    assert len(fake.requests) == 2
    assert apply_and_confirm(s, preview, store) == [(1, ["센소지", "도쿄 스카이트리"]), (2, ["메이지 신궁"])]
    assert len(fake.requests) == 2  # applying asked Gemini nothing
