"""The shipped catalogue, and the same shopping flow from the CLI and the HTTP API."""

from __future__ import annotations

import io
import json

from fastapi.testclient import TestClient

from agents.cli.main import main
from agents.core.events import parse_event
from data.shopping.catalog import PATH, TAGS, build_catalog
from tests.support.gradio_app import shared_server


def test_catalogue_shape():
    data = json.loads(PATH.read_text(encoding="utf-8"))
    products = data["products"]
    assert data["products"] == build_catalog()  # the shipped file is what the generator makes
    by_category = {}
    for p in products:
        by_category.setdefault(p["category"], []).append(p)
        assert len(p["reviews"]) >= 5 and all(r["text"] and 1 <= r["rating"] <= 5 for r in p["reviews"])
        assert p["pros"] and p["cons"] and all(t in TAGS for t in p["pros"] + p["cons"])
        assert p["specs"] and p["price"] > 0 and 0 < p["rating"] <= 5
    assert len(by_category) >= 4 and all(len(v) >= 12 for v in by_category.values())
    assert data["tags"]["temp-precise"] == "온도 조절이 정확해요"


def test_cli_start_and_anchor(store):
    out = io.StringIO()
    assert main(["chat", "shopping", "분유포트 10만원 아래로 추천해줘", "--json"], out=out) == 0
    lines = out.getvalue().strip().splitlines()
    card = next(parse_event(line) for line in lines[:-1] if '"data_card"' in line)
    conversation = json.loads(lines[-1])["conversation_id"]
    anchor = card.data["recommendations"][0]["id"]
    out = io.StringIO()
    assert main(["chat", "shopping", "이 제품 기반으로 다시 보여줘", "--conversation", conversation, "--anchor", anchor,
                 "--json"], out=out) == 0
    intent = next(parse_event(line) for line in out.getvalue().splitlines() if '"intent"' in line)
    assert intent.name == "REFILTER_WITH_ANCHOR" and intent.args["anchor"] == anchor


def test_http_api_stream(store):
    client = TestClient(shared_server())
    body = client.post("/api/v1/agents/shopping/chat", json={"message": "아기띠 8만원 이하로 추천해줘"}).text
    events = [parse_event(frame.split("\n")[1].removeprefix("data: ")) for frame in body.strip().split("\n\n")]
    assert [e.type for e in events] == ["thinking", "intent"] + ["text_delta"] * (len(events) - 5) + ["data_card", "suggested_questions", "done"]
    assert events[1].args["budget"]["max"] == 80000
