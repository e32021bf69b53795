"""context_text: the seed's shape as pydantic models, a JSON round trip, and clear errors."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from agents.tutor import contract
from agents.tutor.sandbox import apply, default_state

NOW = datetime(2026, 10, 30, 9, 0, tzinfo=UTC)


def test_shape_matches_the_seed_exactly() -> None:
    state = apply(apply(default_state(), "nav_stock", {"code": "005930"}), "set_period", {"period": "1Y"})
    raw = json.loads(contract.build(state, NOW, prompt="차트 보여줘").to_text())
    assert set(raw) == {"mode", "context", "ui_snapshot", "action_catalog", "interaction_state"}
    snap = raw["ui_snapshot"]
    assert set(snap) == {"route", "mode", "visible_sections", "selected_entities", "filters", "portfolio_summary",
                         "location_state", "captured_at"}
    assert snap["route"] == "/stock/005930" and snap["mode"] == "stock" and raw["mode"] == "stock"
    assert snap["selected_entities"] == {"stock_code": "005930", "stock_name": "삼성전자", "date_key": None,
                                         "case_id": None}
    assert snap["filters"] == {"period": "1Y", "tab": "chart", "keyword": None}
    assert snap["captured_at"].startswith("2026-10-30T09:00:00")
    assert set(raw["action_catalog"][0]) == {"id", "label", "risk", "params_schema", "intent_keywords"}
    assert set(raw["interaction_state"]) == {"source", "mode", "route", "last_prompt", "focused_prompt",
                                             "control_phase", "control_active"}
    assert raw["interaction_state"]["last_prompt"] == "차트 보여줘"


def test_round_trip() -> None:
    state = apply(default_state(), "open_case", {"case_id": "etf-basics"})
    built = contract.build(state, NOW, portfolio_summary={"total": 1, "sandbox": True})
    parsed = contract.parse(built.to_text())
    assert parsed == built
    back = contract.state_of(parsed)
    assert (back.route, back.tab, back.case_id) == ("/education/etf-basics", "all", "etf-basics")


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "not valid JSON"),
    ("[1]", "must be a JSON object"),
    ('{"mode": "moon"}', "context_text.mode"),
])
def test_bad_context_is_named(text: str, message: str) -> None:
    with pytest.raises(contract.BadContext, match=message):
        contract.parse(text)


def test_unknown_route_in_a_valid_shape() -> None:
    raw = json.loads(contract.build(default_state(), NOW).to_text())
    raw["ui_snapshot"]["route"] = "/stock/000000"
    with pytest.raises(contract.BadContext, match=r"ui_snapshot\.route"):
        contract.state_of(contract.parse(json.dumps(raw)))
