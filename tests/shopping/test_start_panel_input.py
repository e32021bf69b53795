"""A start panel that is not the panel's object (a hostile or broken client) is refused by name, like an
unknown anchor: an error naming ``start``, nothing changed, the message persisted (strict typing found it)."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from tests.support.helpers import types


@pytest.mark.parametrize("start", [["분유포트"], "분유포트", 5])
def test_a_start_that_is_not_an_object_is_refused_by_name(store, start: object) -> None:
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    before = dict(s.conversation().state)
    events = s.run("추천해줘", {"start": start})
    assert types(events) == ["error"]
    error = events[-1]
    assert error.code == "invalid_input" and "start" in error.message
    assert "시작 패널" in error.message and "(The start panel" in error.message
    assert dict(s.conversation().state)["top3"] == before["top3"]
    stored = [m.content for m in s.store.messages.recent(s.conversation().id, 10) if m.role == "user"]
    assert stored[-1] == "추천해줘"


@pytest.mark.parametrize("budget", [[100000], {"max": 1}, "많이"])
def test_a_start_budget_that_is_not_a_number_is_refused_by_name(store, budget: object) -> None:
    s = Session("shopping")
    events = s.run("추천해줘", {"start": {"category": "분유포트", "budget_max": budget}})
    assert types(events) == ["error"]
    error = events[-1]
    assert error.code == "invalid_input" and "start.budget_max" in error.message
