"""Issue 29 kind 1 in the tutor: "그 사례에서 ...?" after a case is about that case. Real Session turns."""

from __future__ import annotations

from agents.core.session import Session
from tests.support.helpers import one, types


def test_that_case_is_the_case_just_discussed(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    first = one(tutor.run("코로나 폭락 사례 알려줘"), "tool_call")
    assert (first.name, first.args) == ("lookup_case", {"case_id": "covid-crash-2020"})
    events = tutor.run("그 사례에서 다시 회복하는데 얼마나 걸렸어?")
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    assert (one(events, "tool_call").name, one(events, "tool_call").args) == ("lookup_case", {"case_id": "covid-crash-2020"})


def test_that_case_with_nothing_discussed_still_asks(store, clock) -> None:
    events = Session("tutor", clock=clock).run("그 사례에서 회복까지 몇 달 걸렸어?")
    assert one(events, "tool_call").name == "askClarification"
