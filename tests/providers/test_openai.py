"""The OpenAI adapter against a fake server speaking the Responses and chat.completions SSE protocols."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from agents.core.providers.openai_adapter import OpenAIProvider
from agents.core.session import Session
from tests.support.fake_openai import Reply, chat_stream, error, responses_stream
from tests.support.helpers import one, text_of, types

KEY = "sk-test-SECRET-do-not-leak-123"
R, C = "/v1/responses", "/v1/chat/completions"


def provider(fake, **kw):
    return OpenAIProvider(api_key=KEY, base_url=fake.base_url, model="fake-model", max_retries=1, **kw)


def test_text_only(store, fake):
    fake.queue(Reply(R, frames=responses_stream(text="Hello from the fake model")))
    session = Session("notes", provider=provider(fake))
    events = session.run("hi")
    assert types(events)[0] == "text" and events[-1].type == "done"
    assert text_of(events) == "Hello from the fake model"
    done = events[-1]
    assert (done.provider, done.model, done.usage.input_tokens, done.usage.output_tokens) == ("openai", "fake-model", 12, 7)
    assert done.meta["api"] == "responses" and done.ttft_ms is not None
    sent = fake.requests[0]
    assert sent["body"]["instructions"].startswith("You manage the user's notes.")
    assert sent["body"]["input"] == [{"role": "user", "content": "hi"}]
    assert {t["name"] for t in sent["body"]["tools"]} == {"list_notes", "add_note", "explode"}
    assert sent["auth"] == f"Bearer {KEY}"


def test_tool_call_then_result_then_text(store, fake):
    fake.queue(Reply(R, frames=responses_stream(calls=[("call_a", "list_notes", '{"limit": 3}')])),
               Reply(R, frames=responses_stream(text="You have no notes.")))
    events = Session("notes", provider=provider(fake)).run("list")
    assert types(events) == ["tool_call", "tool_result", "data_card", "text", "suggested_questions", "done"]
    assert one(events, "tool_call").call_id == "call_a" and one(events, "tool_call").args == {"limit": 3}
    second = fake.requests[1]["body"]["input"]
    assert {"type": "function_call", "call_id": "call_a", "name": "list_notes", "arguments": '{"limit": 3}'} in second
    output = next(i for i in second if i.get("type") == "function_call_output")
    assert output["call_id"] == "call_a" and json.loads(output["output"])["summary"] == "0 note(s)"


def test_two_tool_calls_in_one_step(store, fake):
    fake.queue(Reply(R, frames=responses_stream(calls=[("c1", "list_notes", "{}"), ("c2", "add_note", '{"text": "x"}')])))
    events = Session("notes", provider=provider(fake)).run("list and add")
    assert [e.name for e in events if e.type == "tool_call"] == ["list_notes", "add_note"]
    assert types(events)[-2:] == ["action_confirmation", "done"]


def test_bad_key_is_a_clear_error_and_never_leaks(store, fake, caplog, tmp_path):
    caplog.set_level(logging.DEBUG)
    fake.queue(error(R, 401, f"Incorrect API key provided: {KEY}", "invalid_api_key"))
    session = Session("notes", provider=provider(fake))
    events = session.run("hi")
    assert types(events) == ["error"] and events[0].code == "auth_failed"
    assert "OPENAI_API_KEY" in events[0].message and KEY not in events[0].message
    assert [m.content for m in session.history()] == ["hi"]
    store.db.execute("CHECKPOINT")
    assert KEY.encode() not in Path(store.path).read_bytes()
    assert KEY not in caplog.text


def test_missing_key_names_the_variable(store, fake):
    events = Session("notes", provider=OpenAIProvider(base_url=fake.base_url)).run("hi")
    assert events[-1].code == "missing_key" and "OPENAI_API_KEY" in events[-1].message


def test_429_then_success(store, fake):
    fake.queue(error(R, 429, "slow down", "rate_limit_exceeded"), Reply(R, frames=responses_stream(text="ok now")))
    events = Session("notes", provider=provider(fake)).run("hi")
    assert text_of(events) == "ok now" and events[-1].type == "done"


def test_500_falls_back_to_chat_completions(store, fake):
    fake.queue(error(R, 500, "boom"), error(R, 500, "boom"), Reply(C, frames=chat_stream(text="from chat")))
    events = Session("notes", provider=provider(fake)).run("hi")
    assert text_of(events).strip() == "from chat"
    assert events[-1].meta["responses_api_fallback"] is True and events[-1].meta["api"] == "chat"
    assert events[-1].usage.input_tokens == 10
    assert fake.requests[-1]["body"]["messages"][0]["role"] == "system"


def test_404_endpoint_falls_back_at_once(store, fake):
    fake.queue(error(R, 404, "no such route"), Reply(C, frames=chat_stream(calls=[("c9", "list_notes", "{}")])),
               Reply(C, frames=chat_stream(text="done")))
    events = Session("notes", provider=provider(fake)).run("list")
    assert one(events, "tool_call").call_id == "c9"
    tool_message = fake.requests[-1]["body"]["messages"][-1]
    assert tool_message["role"] == "tool" and tool_message["tool_call_id"] == "c9"


def test_stream_cut_mid_reply(store, fake):
    fake.queue(Reply(R, frames=responses_stream(text="partial answer that", complete=False), cut=True))
    session = Session("notes", provider=provider(fake))
    events = session.run("hi")
    assert types(events) == ["text", "error"] and events[-1].code == "stream_broken"
    assert session.history()[-1].status == "interrupted"


def test_malformed_arguments_and_unknown_tool_go_back_to_the_model(store, fake):
    fake.queue(Reply(R, frames=responses_stream(calls=[("c1", "list_notes", '{"limit": ')])),
               Reply(R, frames=responses_stream(calls=[("c2", "drop_tables", "{}")])),
               Reply(R, frames=responses_stream(text="sorry")))
    events = Session("notes", provider=provider(fake)).run("list")
    results = [e for e in events if e.type == "tool_result"]
    assert "not valid JSON" in results[0].summary and "Unknown tool 'drop_tables'" in results[1].summary
    assert text_of(events) == "sorry" and events[-1].type == "done"


def test_chat_api_pinned_with_two_calls_keyed_by_index(store, fake):
    fake.queue(Reply(C, frames=chat_stream(calls=[("a1", "list_notes", '{"limit": 2}'), ("a2", "explode", "{}")])),
               Reply(C, frames=chat_stream(text="two tools ran")))
    events = Session("notes", provider=provider(fake, api="chat")).run("go")
    calls = [e for e in events if e.type == "tool_call"]
    assert [(c.call_id, c.name, c.args) for c in calls] == [("a1", "list_notes", {"limit": 2}), ("a2", "explode", {})]
    assert all(r["path"] == C for r in fake.requests)


def test_marketing_scenario_1_and_a_mutation_through_openai(store, fake, clock):
    fake.queue(Reply(R, frames=responses_stream(calls=[("k1", "getPerformanceKPI", '{"period": "7d"}')])),
               Reply(R, frames=responses_stream(text="이번 주 ROAS는 양호합니다.")),
               Reply(R, frames=responses_stream(calls=[("k2", "pauseCampaign", '{"campaignId": "봄 시즌 세일"}')])))
    session = Session("marketing", provider=provider(fake), clock=clock)
    events = session.run("이번 주 성과 어때?")
    assert [e.card_type for e in events if e.type == "data_card"] == ["kpi_summary", "kpi_trend"]
    sent = json.loads(next(i for i in fake.requests[1]["body"]["input"] if i.get("type") == "function_call_output")["output"])
    assert sent["data"]["period"] == "7d" and sent["data"]["current"]["spend"] > 0
    assert "[sandbox ad account]" in fake.requests[0]["body"]["instructions"]
    card = one(session.run("봄 시즌 세일 멈춰줘"), "action_confirmation")
    assert card.summary == "'봄 시즌 세일' 캠페인을 일시정지합니다"


def test_shopping_classification_through_openai(store, fake):
    verdict = json.dumps({"tool": "REFILTER", "confidence": 80, "args": {}, "reasoning": "budget"})
    fake.queue(Reply(R, frames=responses_stream(text=verdict)), Reply(R, frames=responses_stream(text="요약입니다")))
    events = Session("shopping", provider=provider(fake)).run("분유포트 10만원 아래로 추천해줘")
    assert one(events, "intent").name == "REFILTER" and one(events, "intent").args["budget"]["max"] == 100000
    assert "tools" not in fake.requests[0]["body"]  # the classification call offers no tools
    assert one(events, "data_card").data["updatedSession"]["summary"] == "요약입니다"


def test_header_test_connection(fake, monkeypatch):
    from pages.gradio.header import test_connection

    assert "Nothing to connect to" in test_connection("offline", "", "", "en")
    assert "연결할 서버가 없습니다" in test_connection("offline", "", "", "ko")  # issue 28: in the UI's language
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    fake.queue(Reply(R, frames=responses_stream(text="OK")), error(R, 401, "bad key", "invalid_api_key"),
               Reply(R, frames=responses_stream(text="OK")), error(R, 401, "bad key", "invalid_api_key"))
    assert test_connection("openai", "fake-model", KEY, "en").startswith("✅ openai answered in")
    result = test_connection("openai", "fake-model", "sk-wrong", "en")
    assert result.startswith("❌ openai:") and "OPENAI_API_KEY" in result and "sk-wrong" not in result
    assert test_connection("openai", "fake-model", KEY, "ko").startswith("✅ openai이(가) ")
    result = test_connection("openai", "fake-model", "sk-wrong", "ko")
    assert result.startswith("❌ openai: API 키가 거부되었어요") and "sk-wrong" not in result


def test_test_connection_counts_against_the_daily_budget(fake, monkeypatch):
    """Issue 31: "Test connection" on the server's key spends the shared budget like a turn, and is refused
    (nothing sent) once the budget is used up; a key typed in the browser is never counted."""
    from datetime import UTC, datetime

    from agents.core.session import runtime_store
    from pages.gradio.header import test_connection

    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", "0.01")
    store = runtime_store()
    day = datetime.now(UTC).replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0)
    fake.queue(Reply(R, frames=responses_stream(text="OK", usage=(1000, 2))),
               Reply(R, frames=responses_stream(text="OK")))
    assert test_connection("openai", "gpt-4o-mini", "", "en").startswith("✅ openai answered in")
    spent = store.limits.get("budget", "server", day)
    assert spent.used == 1 and spent.spent_usd > 0  # 1,000 input tokens of gpt-4o-mini
    assert test_connection("openai", "gpt-4o-mini", "sk-typed-by-the-visitor").startswith("✅")
    assert store.limits.get("budget", "server", day).used == 1  # the visitor's own key: not the server's budget
    store.limits.settle_spend("server", day, 0.0, 0.01)
    refused = test_connection("openai", "gpt-4o-mini", "", "en")
    assert refused.startswith("❌ openai:") and "$0.01" in refused and "saved, marked refused" not in refused
    assert len(fake.requests) == 2  # the refused test sent nothing


def test_web_search_is_offered_when_the_turn_asks_and_reported(store, fake):
    from agents.core.providers.base import ModelOptions
    from agents.core.turn import TurnSettings
    from tests.support.fake_openai import sse

    frames = responses_stream(text="검색해 봤어요")
    frames.insert(-1, sse({"type": "response.output_item.done", "sequence_number": 50, "output_index": 5,
                           "item": {"id": "ws_1", "type": "web_search_call", "status": "completed"}},
                          "response.output_item.done"))
    fake.queue(Reply(R, frames=frames))
    settings = TurnSettings(options=ModelOptions(extra={"use_web_search": True}))
    events = Session("notes", provider=provider(fake), settings=settings).run("latest news?")
    assert {"type": "web_search"} in fake.requests[0]["body"]["tools"]
    assert events[-1].meta["search_used"] is True


def test_responses_pinned_does_not_fall_back(store, fake):
    fake.queue(error(R, 404, "no /responses here"))
    events = Session("notes", provider=provider(fake, api="responses")).run("hi")
    assert events[-1].code == "not_found" and all(r["path"] == R for r in fake.requests)


def test_stream_broken_before_any_output_falls_back(store, fake):
    fake.queue(Reply(R, frames=responses_stream(complete=False), cut=True), Reply(C, frames=chat_stream(text="rescued")))
    session = Session("notes", provider=provider(fake))
    events = session.run("hi")
    assert text_of(events).strip() == "rescued"
    assert events[-1].meta["responses_api_fallback"] is True
    trace = store.traces.get(events[0].turn_id)
    assert trace.events[-1]["meta"]["fallback_reason"] == "_BrokenStream"


def test_sdk_clients_are_reused_per_key_and_endpoint_never_across_keys():
    from agents.core.providers.openai_adapter import OpenAIProvider

    a1 = OpenAIProvider(api_key="sk-a", base_url="http://127.0.0.1:9/v1")
    a2 = OpenAIProvider(api_key="sk-a", base_url="http://127.0.0.1:9/v1", model="other")
    b = OpenAIProvider(api_key="sk-b", base_url="http://127.0.0.1:9/v1")
    c = OpenAIProvider(api_key="sk-a", base_url="http://127.0.0.1:10/v1")
    assert a1.client is a2.client
    assert b.client is not a1.client and b.client.api_key == "sk-b"
    assert c.client is not a1.client
