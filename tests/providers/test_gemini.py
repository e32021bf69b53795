"""The Gemini adapter (google-genai) against a fake server speaking streamGenerateContent SSE."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from agents.core.providers.gemini_adapter import GeminiProvider
from agents.core.session import Session
from tests.support.fake_openai import Reply, gemini_error, gemini_stream
from tests.support.helpers import one, text_of, types

KEY = "AIza-test-SECRET-do-not-leak-456"
G = "/v1/models/fake-gemini:streamGenerateContent"  # the path google-genai streams from


def provider(fake, **kw):
    return GeminiProvider(api_key=KEY, base_url=fake.root_url, model="fake-gemini", **kw)


def test_text_only(store, fake):
    fake.queue(Reply(G, frames=gemini_stream(text="안녕하세요 Gemini입니다")))
    events = Session("notes", provider=provider(fake)).run("hi")
    assert text_of(events) == "안녕하세요 Gemini입니다"
    done = events[-1]
    assert (done.provider, done.model, done.usage.input_tokens, done.usage.output_tokens) == ("gemini", "fake-gemini", 9, 4)
    body = fake.requests[0]["body"]
    assert body["contents"] == [{"role": "user", "parts": [{"text": "hi"}]}]
    assert body["systemInstruction"]["parts"][0]["text"].startswith("You manage the user's notes.")
    declarations = body["tools"][0]["functionDeclarations"]
    assert {d["name"] for d in declarations} == {"list_notes", "add_note", "explode"}
    assert "title" not in json.dumps(declarations)  # Gemini's schema subset
    assert "automaticFunctionCalling" not in body  # a client-side setting, never sent


def test_tool_call_round_trip_uses_user_role_function_responses(store, fake):
    fake.queue(Reply(G, frames=gemini_stream(calls=[("list_notes", {"limit": 2})])),
               Reply(G, frames=gemini_stream(text="No notes yet.")))
    events = Session("notes", provider=provider(fake)).run("list")
    call = one(events, "tool_call")
    assert call.name == "list_notes" and call.args == {"limit": 2} and call.call_id.startswith("call_")
    contents = fake.requests[1]["body"]["contents"]
    assert [c["role"] for c in contents] == ["user", "model", "user"]
    response = contents[2]["parts"][0]["functionResponse"]
    assert response["name"] == "list_notes" and response["response"]["result"]["summary"] == "0 note(s)"
    assert text_of(events) == "No notes yet."


def test_two_calls_in_one_step(store, fake):
    fake.queue(Reply(G, frames=gemini_stream(calls=[("list_notes", {}), ("add_note", {"text": "milk"})])))
    events = Session("notes", provider=provider(fake)).run("both")
    assert [e.name for e in events if e.type == "tool_call"] == ["list_notes", "add_note"]
    assert types(events)[-2:] == ["action_confirmation", "done"]


def test_bad_key(store, fake, caplog):
    caplog.set_level(logging.DEBUG)
    fake.queue(gemini_error(G, 400, "API key not valid. Please pass a valid API key.", "INVALID_ARGUMENT"))
    session = Session("notes", provider=provider(fake))
    events = session.run("hi")
    assert events[-1].code == "auth_failed" and "GEMINI_API_KEY" in events[-1].message
    assert [m.content for m in session.history()] == ["hi"]
    store.db.execute("CHECKPOINT")
    assert KEY.encode() not in Path(store.path).read_bytes() and KEY not in caplog.text
    assert KEY not in json.dumps([e.model_dump(mode="json") for e in events])


def test_missing_key(store, fake):
    events = Session("notes", provider=GeminiProvider(base_url=fake.root_url)).run("hi")
    assert events[-1].code == "missing_key" and "GEMINI_API_KEY" in events[-1].message


def test_429_then_success_and_500_retries(store, fake):
    fake.queue(gemini_error(G, 429, "quota", "RESOURCE_EXHAUSTED"), gemini_error(G, 503, "busy", "UNAVAILABLE"),
               Reply(G, frames=gemini_stream(text="ok")))
    events = Session("notes", provider=provider(fake)).run("hi")
    assert text_of(events) == "ok" and events[-1].type == "done"


def test_500_after_retries_is_a_clear_error(store, fake):
    fake.queue(*[gemini_error(G, 500, "internal", "INTERNAL") for _ in range(3)])
    events = Session("notes", provider=provider(fake)).run("hi")
    assert events[-1].code == "provider_unavailable" and events[-1].retryable


def test_stream_cut_mid_reply(store, fake):
    fake.queue(Reply(G, frames=gemini_stream(text="a partial", complete=False), cut=True))
    session = Session("notes", provider=provider(fake))
    events = session.run("hi")
    assert types(events) == ["text", "error"] and events[-1].code == "stream_broken"
    assert text_of(events) == "a partial"
    assert session.history()[-1].status == "interrupted"


def test_unknown_tool_goes_back_to_the_model(store, fake):
    fake.queue(Reply(G, frames=gemini_stream(calls=[("format_disk", {})])), Reply(G, frames=gemini_stream(text="sorry")))
    events = Session("notes", provider=provider(fake)).run("do it")
    assert "Unknown tool 'format_disk'" in one(events, "tool_result").summary and text_of(events) == "sorry"


def test_marketing_scenario_1_through_gemini(store, fake, clock):
    fake.queue(Reply(G, frames=gemini_stream(calls=[("getPerformanceKPI", {"period": "7d"})])),
               Reply(G, frames=gemini_stream(text="이번 주 성과가 좋습니다")))
    events = Session("marketing", provider=provider(fake), clock=clock).run("이번 주 성과 어때?")
    assert [e.card_type for e in events if e.type == "data_card"] == ["kpi_summary", "kpi_trend"]
    result = fake.requests[1]["body"]["contents"][-1]["parts"][0]["functionResponse"]["response"]["result"]
    assert result["data"]["period"] == "7d"


def test_shopping_classification_through_gemini(store, fake):
    verdict = json.dumps({"tool": "COMPARE", "confidence": 70, "args": {}, "reasoning": "x"})
    fake.queue(Reply(G, frames=gemini_stream(text=json.dumps({"tool": "REFILTER", "confidence": 80, "args": {}}))),
               Reply(G, frames=gemini_stream(text="요약")))
    session = Session("shopping", provider=provider(fake))
    assert one(session.run("분유포트 추천해줘"), "intent").name == "REFILTER"
    fake.queue(Reply(G, frames=gemini_stream(text=verdict)))
    events = session.run("1번이랑 2번 비교해줘")
    assert one(events, "intent").name == "COMPARE" and one(events, "data_card").card_type == "compare"


def test_marketing_mutation_through_gemini(store, fake, clock):
    fake.queue(Reply(G, frames=gemini_stream(calls=[("updateCampaignBudget",
                                                     {"campaignId": "봄 시즌 세일", "dailyBudget": 200000})])))
    events = Session("marketing", provider=provider(fake), clock=clock).run("봄 시즌 세일 예산 20만원으로")
    card = one(events, "action_confirmation")
    assert card.summary == "'봄 시즌 세일' 일일 예산을 ₩150,000에서 ₩200,000으로 변경합니다"


def test_google_api_key_is_accepted_too(store, fake, monkeypatch):
    monkeypatch.setenv("GOOGLE_API_KEY", KEY)
    fake.queue(Reply(G, frames=gemini_stream(text="ok")))
    events = Session("notes", provider=GeminiProvider(base_url=fake.root_url, model="fake-gemini")).run("hi")
    assert text_of(events) == "ok"


def test_a_refused_connection_is_unreachable_and_names_the_url():
    import socket

    from agents.core.providers.gemini_adapter import GeminiProvider

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    provider = GeminiProvider(api_key="k", base_url=f"http://127.0.0.1:{port}/", max_retries=0)
    events = Session("notes", provider=provider).run("hello")
    assert [e.type for e in events] == ["error"]
    assert events[-1].code == "provider_unreachable" and f"127.0.0.1:{port}" in events[-1].message
