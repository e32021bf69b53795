"""The Gradio shell builds without launching; the HTTP API streams the same events."""

from __future__ import annotations

import json

import gradio as gr
from fastapi.testclient import TestClient
from gradio.i18n import I18nData

from agents.core.events import parse_event
from agents.view.texts import t as ko
from tests.support.gradio_app import shared_app, shared_server


def _components(blocks: gr.Blocks) -> list:
    return list(blocks.blocks.values())


def _in_korean(value: str) -> str:
    if not value.startswith("__i18n__"):
        return value
    return ko(json.loads(value.removeprefix("__i18n__"))["key"], "ko")


def test_build_app_has_a_tab_per_agent_and_the_header(store):
    demo = shared_app()
    assert isinstance(demo, gr.Blocks)
    components = _components(demo)
    tabs = [c for c in components if isinstance(c, gr.Tab)]
    # a catalogue label is translated in the browser: read it in Korean here
    labels = [ko(t.label.key, "ko") if isinstance(t.label, I18nData) else t.label for t in tabs]
    assert labels == ["마케팅 에이전트", "여행 플래너", "쇼핑 재추천", "주식 튜터", "영어 회화",
                                         "Notes (test agent)", "🧪 Lab", "🔎 트레이스",
                                         "📝 프롬프트", "⚖️ 나란히 비교", "📊 지표",
                                         "🧪 평가", "📝 리뷰",
                                         "API 접근"]
    by_id = {c.elem_id: c for c in components if getattr(c, "elem_id", None)}
    assert by_id["pg-provider"].value == "offline"
    assert by_id["pg-key"].type == "password"
    assert by_id["pg-user"].value == "demo"
    assert isinstance(by_id["pg-notes-chat"], gr.Chatbot)
    # an example chip is a catalogue label too (translated in the browser until a refresh writes it): read it in Korean
    suggestion_labels = [_in_korean(c.value) for c in components
                         if isinstance(c, gr.Button) and "pg-suggestion" in (c.elem_classes or [])]
    assert suggestion_labels[:4] == ["이번 주 성과 어때?", "새 캠페인 만들고 싶어", "성과 좋은 캠페인은 어떤 거야?",
                                     "최근 이상 징후가 있어?"]
    assert suggestion_labels[4:8] == ["라멘집 추천해줘", "센소지 주변 맛집", "3박 4일 일정 짜줘", "둘째 날 오후에 츠키지 시장 넣어줘"]
    # Shopping opens with requests that work before any Top 3 exists (no "1번 제품 …").
    assert suggestion_labels[8:12] == ["분유포트 10만원 아래로 추천해줘", "베이비모니터 야간에 잘 보이는 걸로 15만원 이하",
                                       "젖병소독기 세척 쉬운 걸로 추천해줘", ""]
    assert suggestion_labels[12:16] == ["삼성전자 차트 보여줘", "이 종목 왜 떨어졌어?", "코로나 폭락 사례 알려줘", "매수 화면 열어줘"]
    assert suggestion_labels[16:20] == ["Hi! I'm ready to talk about today's news.", "I think this idea is good for students.",
                                        "What does the first word mean?", ""]
    assert suggestion_labels[20:22] == ["list my notes", "add buy milk"]
    assert "alerts_check" in str(by_id["pg-marketing-alert-check"].value)  # translated by gr.I18n in the page
    assert isinstance(by_id["pg-marketing-conversations"], gr.Radio)  # the sidebar's list replaces the dropdown
    assert any(isinstance(c, gr.Sidebar) for c in components)
    assert "pg-notes-picker" not in by_id


def parse_sse(body: str):
    events = []
    for frame in body.strip().split("\n\n"):
        name, data = frame.split("\n")
        event = parse_event(data.removeprefix("data: "))
        assert name == f"event: {event.type}"
        events.append(event)
    return events


def test_http_api_chat_stream_and_actions(store):
    client = TestClient(shared_server())
    assert [a["id"] for a in client.get("/api/v1/agents").json()] == ["marketing", "travel", "shopping", "tutor",
                                                                          "english", "notes"]
    response = client.post("/api/v1/agents/notes/chat", json={"message": "add water plants", "user": "ann"})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
    events = parse_sse(response.text)
    assert [e.type for e in events] == ["tool_call", "action_confirmation", "done"]
    action_id = events[1].action_id
    conversation = events[-1].conversation_id
    assert client.post(f"/api/v1/actions/{action_id}/confirm", json={"user": "bob"}).status_code == 404
    confirmed = client.post(f"/api/v1/actions/{action_id}/confirm", json={"user": "ann"})
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "COMPLETED"
    again = client.post(f"/api/v1/actions/{action_id}/confirm", json={"user": "ann"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "action_completed"
    listed = client.get("/api/v1/conversations", params={"user": "ann"}).json()
    assert [c["id"] for c in listed["conversations"]] == [conversation] and listed["total"] == 1
    detail = client.get(f"/api/v1/conversations/{conversation}", params={"user": "ann"}).json()
    assert detail["actions"][0]["status"] == "COMPLETED"
    assert client.get(f"/api/v1/conversations/{conversation}", params={"user": "bob"}).status_code == 404
    unknown = client.post("/api/v1/agents/nope/chat", json={"message": "hi"})
    assert unknown.status_code == 404 and "Available agents" in unknown.json()["error"]["message"]
    assert client.get("/").status_code == 200


def test_no_gradio_run_history_in_the_browser(store):
    # Gradio's run history would copy each event's inputs (the API key field) and outputs (the whole
    # chat) into localStorage; the app turns it off and keeps its own traces.
    client = TestClient(shared_server())
    config = client.get("/config").json()
    assert config["run_history"] is False and "runs" not in config["footer_links"]


def test_page_script_guards_chat_charts_and_formats_local_times():
    from pages.gradio.shell import PAGE_JS

    # one script, loaded as Gradio's page js: local times, the phone sidebar and the chart guard
    assert PAGE_JS.lstrip().startswith("() => {") and PAGE_JS.rstrip().endswith("}")
    for needle in ("pg-local-time", "#pg-sidebar", "Object.defineProperty(window, 'Plotly'", "ResizeObserver"):
        assert needle in PAGE_JS
