"""The HTTP answers built from stored rows are JSON through and through (``agents.http.models.to_json``): what
FastAPI's encoder made of them before, now said in the handlers' types."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from agents.http.models import json_object, json_rows, to_json


def test_rows_become_json_values_the_way_fastapi_encoded_them():
    row = {"id": "run_1", "started_at": datetime(2026, 11, 27, 18, 0, 5), "day": date(2026, 11, 27),
           "cost": Decimal("0.25"), "cases": Decimal("12"), "tags": ("a", "b"), "nested": {"at": [datetime(2026, 1, 2)]},
           "ok": True, "rate": 0.5, "none": None}
    assert json_object(row) == {"id": "run_1", "started_at": "2026-11-27T18:00:05", "day": "2026-11-27",
                                "cost": 0.25, "cases": 12, "tags": ["a", "b"],
                                "nested": {"at": ["2026-01-02T00:00:00"]}, "ok": True, "rate": 0.5, "none": None}
    assert json_rows([row, {"x": 1}])[1] == {"x": 1}
    assert to_json({1: "one"}) == {"1": "one"}  # JSON keys are text
