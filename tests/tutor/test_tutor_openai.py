"""The tutor through the real openai SDK against the fake server: Responses first, web search
(web_search_call → a tool_call step, url citations → sources, done.search_used), the chat.completions
fallback recorded as responses_api_fallback, and a ui_action the model calls."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from agents.http.api import create_api
from agents.tutor.wire import read_frames
from tests.support.fake_openai import FakeOpenAI, Reply, chat_stream, error, responses_stream, sse
from tests.tutor.conftest import context_for

R, C = "/v1/responses", "/v1/chat/completions"


@pytest.fixture
def fake(monkeypatch):
    server = FakeOpenAI()
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-tutor")
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("OPENAI_MODEL", "gpt-5-mini")
    yield server
    server.close()


def _chat(**body: object) -> list[dict]:
    client = TestClient(create_api("local"))
    with client.stream("POST", "/api/v1/tutor/chat", json={"provider": "openai", **body}) as response:
        assert response.status_code == 200
        return list(read_frames(response.iter_lines()))


def _searched(text: str) -> list[str]:
    frames = responses_stream(text=text)
    cite = {"type": "url_citation", "url": "https://example.com/kospi", "title": "코스피 마감 시황",
            "start_index": 0, "end_index": 4}
    extra = [
        sse({"type": "response.output_item.done", "sequence_number": 40, "output_index": 1,
             "item": {"id": "ws_1", "type": "web_search_call", "status": "completed",
                      "action": {"type": "search", "query": "코스피 오늘"}}}, "response.output_item.done"),
        sse({"type": "response.output_text.annotation.added", "sequence_number": 41, "item_id": "msg_1",
             "output_index": 0, "content_index": 0, "annotation_index": 0, "annotation": cite},
            "response.output_text.annotation.added"),
        sse({"type": "response.output_item.done", "sequence_number": 42, "output_index": 0,
             "item": {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed",
                      "content": [{"type": "output_text", "text": text, "logprobs": [], "annotations": [
                          cite, {**cite, "url": "https://example.com/fx", "title": "환율"}]}]}},
            "response.output_item.done"),
    ]
    return frames[:-1] + extra + frames[-1:]


def test_web_search_toggle_reports_sources_and_search_used(store, fake) -> None:
    fake.queue(Reply(R, frames=_searched("오늘 코스피는 올랐어요")))
    frames = _chat(message="오늘 시장 뉴스 알려줘", use_web_search=True, context_text=context_for("/home"))
    body = fake.requests[0]["body"]
    assert {"type": "web_search"} in body["tools"] and "ui_action" in [t.get("name") for t in body["tools"]]
    assert '"route":"/home"' in body["instructions"]
    names = [f["type"] for f in frames]
    assert [n for i, n in enumerate(names) if n != "text_delta" or names[i - 1] != "text_delta"] == [
        "text_delta", "tool_call", "tool_call", "done"]
    step = frames[names.index("tool_call")]
    assert (step["name"], step["args"], step["status"]) == ("web_search", {"query": "코스피 오늘"}, "done")
    done = frames[-1]
    assert done["search_used"] is True and done["model"] == "gpt-5-mini"
    assert done["sources"] == [{"url": "https://example.com/kospi", "title": "코스피 마감 시황"},
                               {"url": "https://example.com/fx", "title": "환율"}]
    assert done["responses_api_fallback"] is False and done["total_tokens"] == 19


def test_without_the_toggle_no_search_tool_is_offered(store, fake) -> None:
    fake.queue(Reply(R, frames=responses_stream(text="네")))
    done = _chat(message="안녕")[-1]
    assert {"type": "web_search"} not in fake.requests[0]["body"].get("tools", [])
    assert done["search_used"] is False and done["sources"] == []


def test_responses_failure_falls_back_to_chat_completions(store, fake) -> None:
    fake.queue(error(R, 404, "no /responses here"), Reply(C, frames=chat_stream(text="폴백으로 답해요")))
    frames = _chat(message="PER이 뭐야?")
    assert [r["path"] for r in fake.requests] == [R, C]
    done = frames[-1]
    assert done["responses_api_fallback"] is True and done["meta"]["fallback_reason"] == "NotFoundError"
    assert "".join(f["content"] for f in frames if f["type"] == "text_delta").strip() == "폴백으로 답해요"


def test_a_model_ui_action_through_responses(store, fake) -> None:
    args = json.dumps({"action_id": "set_period", "params": {"period": "1Y"}})
    fake.queue(Reply(R, frames=responses_stream(calls=[("call_1", "ui_action", args)])),
               Reply(R, frames=responses_stream(text="1년 차트로 바꿨어요")))
    frames = _chat(message="1년으로", context_text=context_for("/stock/005930"))
    ui = next(f for f in frames if f["type"] == "ui_action")
    assert (ui["action_id"], ui["params"], ui["risk"]) == ("set_period", {"period": "1Y"}, "low")
    tool_message = fake.requests[1]["body"]["input"][-1]
    assert tool_message["type"] == "function_call_output" and '"executed": true' in tool_message["output"]
