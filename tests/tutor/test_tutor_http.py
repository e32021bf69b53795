"""POST /api/v1/tutor/chat: the seed's wire names and done fields, 422 for a bad context_text, and the
client helper that takes the event name when data.type is missing."""

from __future__ import annotations

from fastapi.testclient import TestClient

from agents.http.api import create_api
from agents.tutor.wire import read_frames
from tests.tutor.conftest import context_for

SEED_NAMES = {"thinking", "tool_call", "text_delta", "visualization", "ui_action", "done", "error"}


def _post(client: TestClient, **body: object) -> tuple[int, list[str], list[dict]]:
    with client.stream("POST", "/api/v1/tutor/chat", json=body) as response:
        lines = list(response.iter_lines())
    names = [line[6:].strip() for line in lines if line.startswith("event:")]
    return response.status_code, names, list(read_frames(lines))


def test_seed_wire_names_and_done_fields(store) -> None:
    client = TestClient(create_api("local"))
    status, names, frames = _post(client, message="삼성전자 차트 보여줘", context_text=context_for("/home"),
                                  response_mode="plain")
    assert status == 200
    assert names == [f["type"] for f in frames]  # the event line and data.type agree
    assert set(names) <= SEED_NAMES
    assert names[:6] == ["tool_call", "ui_action", "tool_call", "tool_call", "tool_call", "visualization"]
    assert names[-1] == "done" and "text_delta" in names
    ui = next(f for f in frames if f["type"] == "ui_action")
    assert (ui["action_id"], ui["params"], ui["risk"], ui["needs_confirmation"]) == (
        "nav_stock", {"code": "005930"}, "low", False)
    viz = next(f for f in frames if f["type"] == "visualization")
    assert viz["spec"]["chart"]["kind"] == "candlestick"
    done = frames[-1]
    assert set(done) >= {"session_id", "total_tokens", "model", "sources", "search_used", "response_mode", "structured"}
    assert done["model"] == "rules-v1" and done["search_used"] is False and done["sources"] == []
    assert done["response_mode"] == "plain" and done["structured"] is None
    assert done["total_tokens"] > 0 and done["session_id"].startswith("conv")
    # The session continues with session_id, and the screen it left is remembered.
    status, names, frames = _post(client, message="기간 1년으로 바꿔줘", session_id=done["session_id"])
    assert frames[-1]["session_id"] == done["session_id"] and frames[-1]["screen"]["source"] == "conversation"


def test_canvas_and_structured_on_the_wire(store) -> None:
    client = TestClient(create_api("local"))
    _, _, frames = _post(client, message="정리해서 캔버스로 보여줘", context_text=context_for("/education/etf-basics"),
                         response_mode="canvas_markdown", structured_extract=True)
    done = frames[-1]
    assert done["response_mode"] == "canvas_markdown" and done["structured"]["title"].startswith("ETF 기초")


def test_high_risk_on_the_wire_waits_for_confirm(store) -> None:
    client = TestClient(create_api("local"))
    _, _, frames = _post(client, message="매수 화면 열어줘", context_text=context_for("/stock/005930"))
    ui = next(f for f in frames if f["type"] == "ui_action")
    assert ui["risk"] == "high" and ui["needs_confirmation"] is True
    card = next(f for f in frames if f["type"] == "action_confirmation")
    confirmed = client.post(f"/api/v1/actions/{card['action_id']}/confirm", json={})
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "COMPLETED"


def test_bad_context_text_is_422_naming_it(store) -> None:
    client = TestClient(create_api("local"))
    response = client.post("/api/v1/tutor/chat", json={"message": "hi", "context_text": "{nope"})
    assert response.status_code == 422 and "context_text" in response.json()["error"]["message"]
    response = client.post("/api/v1/tutor/chat", json={"message": "hi", "response_mode": "poster"})
    assert response.status_code == 422 and response.json()["error"]["field"].endswith("response_mode")


def test_client_helper_takes_the_event_name_when_data_type_is_missing() -> None:
    stream = ['event: text_delta', 'data: {"content": "안녕"}', '', 'event: done', 'data: {"type": "done", "x": 1}', '',
              'data: {"content": "no name"}', '']
    assert list(read_frames(stream)) == [{"content": "안녕", "type": "text_delta"}, {"type": "done", "x": 1},
                                         {"content": "no name", "type": "message"}]
