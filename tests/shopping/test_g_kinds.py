"""Hold-out G kinds (issue 29, shopping), each through the whole turn (Session -> pipeline -> store).

Before the fix, on the same machine: an English floor ("at least 40,000 won") became a ceiling of
0-40000 (the Korean parser read the amount alone), and "no less than" read as "less than"."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from tests.support.helpers import one, types

REFILTER_EVENTS = ["thinking", "intent", "text", "data_card", "suggested_questions", "done"]


@pytest.mark.parametrize(("text", "floor"), [("minimum of 40,000 won please", 40000),
                                             ("no less than 55000 won", 55000),
                                             ("show ones at least 6만원", 60000)])
def test_an_english_floor_with_an_amount_is_the_budget_minimum(store, text, floor):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run(text)
    assert types(events) == REFILTER_EVENTS
    budget = one(events, "intent").args["budget"]
    assert (budget["min"], budget["max"], budget["kind"]) == (floor, None, "above")
    assert s.conversation().state["budget"]["min"] == floor
    recs = one(events, "data_card").data["recommendations"]
    assert [r["price"] >= floor for r in recs if r["in_budget"]] and all(
        r["price"] >= floor for r in recs if r["in_budget"])
