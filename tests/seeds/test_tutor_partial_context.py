"""Issue 30 'Tutor': a partial context_text is accepted. Before: {"mode": "home"} was a 422; after: the
missing parts take the defaults of the screen named (its route, else its mode, else home), unknown fields
are named in a warning frame first, and only text that is not the contract (bad JSON, a bad value) is 422."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agents.tutor.wire import read_frames


def _post(client: TestClient, context: dict[str, Any] | str) -> tuple[int, list[dict[str, Any]]]:
    text = context if isinstance(context, str) else json.dumps(context)
    with client.stream("POST", "/api/v1/tutor/chat", params={"user": "alice"},
                       json={"message": "삼성전자 차트 보여줘", "context_text": text}) as response:
        lines = list(response.iter_lines())
    if response.status_code != 200:
        return response.status_code, [json.loads("".join(lines))]
    return 200, list(read_frames(lines))


def test_home_mode_alone_is_the_home_screen(local: TestClient) -> None:
    status, frames = _post(local, {"mode": "home"})
    assert status == 200 and frames[-1]["type"] == "done" and frames[-1]["screen"]["route"] == "/home"
    assert not any(f["type"] in ("warning", "error") for f in frames)
    ui = next(f for f in frames if f["type"] == "ui_action")
    assert (ui["action_id"], ui["params"]) == ("nav_stock", {"code": "005930"})  # from home, as a full home screen


def test_a_route_alone_is_that_screen(local: TestClient) -> None:
    status, frames = _post(local, {"ui_snapshot": {"route": "/stock/005930"}})
    assert status == 200 and frames[-1]["type"] == "done"
    assert frames[-1]["screen"] == {"source": "context_text", "route": "/stock/005930", "route_after": "/stock/005930"}
    assert not any(f["type"] == "ui_action" for f in frames)  # already on the stock: no navigation


def test_a_mode_alone_is_that_modes_screen(local: TestClient) -> None:
    status, frames = _post(local, {"mode": "my"})
    assert status == 200 and frames[-1]["screen"]["route"] == "/my" and frames[-1]["screen"]["source"] == "context_text"


def test_unknown_fields_are_named_in_a_warning_not_refused(local: TestClient) -> None:
    status, frames = _post(local, {"mode": "home", "theme": "dark", "ui_snapshot": {"zoom": 2}})
    assert status == 200
    warning = frames[0]
    assert warning["type"] == "warning" and warning["code"] == "unknown_fields"
    assert warning["fields"] == ["context_text.theme", "context_text.ui_snapshot.zoom"]
    assert "context_text.theme" in warning["message"] and "Unknown" in warning["message"]
    assert [f["type"] for f in frames].count("warning") == 1 and frames[-1]["type"] == "done"


@pytest.mark.parametrize("context", ["{nope", "[1]", {"mode": "nowhere"}, {"ui_snapshot": {"route": "/stock/999999"},
                                                                         "mode": "stock"}])
def test_what_is_not_the_contract_is_still_422(local: TestClient, context: dict[str, Any] | str) -> None:
    status, [body] = _post(local, context)
    assert status == 422 and body["error"]["field"] == "context_text"
