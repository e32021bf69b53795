"""The event union: every type round-trips through JSON and SSE."""

from __future__ import annotations

import json
import typing
from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from agents.core import events as ev

SAMPLES = [
    ev.Thinking(turn_id="t", seq=1, stage="analyze", message="분석 중", progress=10),
    ev.Intent(turn_id="t", seq=2, name="REFILTER", confidence=0.9, reasoning="budget", args={"max": 100000}),
    ev.TextDelta(turn_id="t", seq=3, content="안녕 "),
    ev.ToolCall(turn_id="t", seq=4, call_id="c1", name="getPerformanceKPI", args={"period": "7d"}),
    ev.ToolResult(turn_id="t", seq=5, call_id="c1", name="getPerformanceKPI", ok=True, summary="ROAS 3.2x",
                  data={"roas": 3.2}),
    ev.DataCard(turn_id="t", seq=6, card_type="kpi_summary", title="KPI", data={"tiles": []}),
    ev.ActionConfirmation(turn_id="t", seq=7, action_id="a1", tool_name="pauseCampaign", summary="일시정지",
                          details=[ev.Detail(label="캠페인", value="A", changed=True)], warnings=["sandbox"],
                          expires_at=datetime(2026, 1, 1, tzinfo=UTC), args={"campaignId": "c"}),
    ev.ActionResult(turn_id="t", seq=8, action_id="a1", ok=True, message="done", status="COMPLETED"),
    ev.UIAction(turn_id="t", seq=9, action_id="open_chart", params={"symbol": "AAPL"}, risk="high",
                needs_confirmation=True),
    ev.Clarification(turn_id="t", seq=10, question="예산이 얼마인가요?", context={"slot": "budget"}, options=["5만원"]),
    ev.SuggestedQuestions(turn_id="t", seq=11, questions=["이번 주 성과는?"]),
    ev.Alert(turn_id="t", seq=12, alert_id="al1", severity="WARNING", title="예산 90%", message="..."),
    ev.Done(turn_id="t", seq=13, conversation_id="c", message_id="m", provider="offline", model="rules-v1",
            usage=ev.Usage(input_tokens=3, output_tokens=4), latency_ms=12.5, ttft_ms=3.0,
            meta={"search_used": False, "response_mode": "plain", "structured": None}),
    ev.Error(turn_id="t", seq=14, code="provider_error", message="boom", retryable=True),
]


def test_samples_cover_every_member_of_the_union():
    members = typing.get_args(typing.get_args(ev.Event)[0])
    assert {type(s) for s in SAMPLES} == set(members)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: e.type)
def test_json_round_trip(event):
    assert ev.parse_event(event.model_dump_json()) == event
    assert ev.parse_event(json.loads(event.model_dump_json())) == event


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: e.type)
def test_sse_frame_names_the_type_twice(event):
    frame = ev.to_sse(event)
    assert frame.endswith("\n\n")
    event_line, data_line = frame.strip().split("\n")
    assert event_line == f"event: {event.type}"
    payload = json.loads(data_line.removeprefix("data: "))
    assert payload["type"] == event.type and payload["turn_id"] == "t"
    assert ev.parse_event(payload) == event


def test_unknown_type_and_missing_fields_are_rejected():
    with pytest.raises(ValidationError):
        ev.parse_event({"type": "bogus", "turn_id": "t", "seq": 1})
    with pytest.raises(ValidationError):
        ev.parse_event({"type": "text_delta", "turn_id": "t", "seq": 1})


def test_emitter_numbers_events_without_gaps():
    emit = ev.Emitter("turn_x")
    produced = [emit(ev.TextDelta, content="a"), emit(ev.TextDelta, content="b"), emit(ev.Error, code="x", message="y")]
    assert [(e.turn_id, e.seq) for e in produced] == [("turn_x", 1), ("turn_x", 2), ("turn_x", 3)]
    assert all(e.ts.tzinfo is not None for e in produced)
