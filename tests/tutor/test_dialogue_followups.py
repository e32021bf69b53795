"""Issue 29 kind 1 in the tutor: "그 사례에서 ...?" after a case is about that case. Real Session turns."""

from __future__ import annotations

from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.nlu.dialogue import HEADER, Dialogue
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


# --- the kit's dialogue state (state["dialogue"]), not only the previous answer's subject ---------------------

def test_that_case_two_turns_later_is_still_the_case(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    tutor.run("코로나 폭락 사례 알려줘")
    tutor.run("삼성전자 차트 보여줘")
    focus = Dialogue.from_state(tutor.conversation().state).focus
    assert [(m.kind, m.id) for m in focus][:2] == [("stock", "005930"), ("case", "covid-crash-2020")]
    events = tutor.run("아까 그 사례에서 바닥까지 얼마나 걸렸어?")
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    assert (one(events, "tool_call").name, one(events, "tool_call").args) == ("lookup_case", {"case_id": "covid-crash-2020"})


def test_that_stock_after_a_case_is_the_stock_named_last(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    tutor.run("카카오 차트 보여줘")
    tutor.run("코로나 폭락 사례 알려줘")
    events = tutor.run("그 종목은 요즘 왜 떨어졌어?")
    call = next(e for e in events if e.type == "tool_call" and e.name == "explain_move")
    assert call.args["code"] == "035720"


def test_it_after_a_two_stock_comparison_asks_which_then_answers(store, clock) -> None:
    tutor = Session("tutor", clock=clock)
    first = tutor.run("삼성전자랑 카카오 1년 비교해줘")
    assert one(first, "tool_call").name == "visualization"
    events = tutor.run("그거 왜 그렇게 움직였어?")
    assert [t for t in types(events) if t != "tool_result"] == ["tool_call", "clarification", "text", "done"]
    assert one(events, "tool_call").name == "askClarification"
    question = one(events, "clarification")
    assert question.options == ["삼성전자", "카카오"]
    answer = tutor.run("카카오")
    call = next(e for e in answer if e.type == "tool_call" and e.name == "explain_move")
    assert call.args["code"] == "035720"


def test_the_dialogue_state_reaches_the_model_in_its_system_prompt(store, clock) -> None:
    seen: list[str] = []
    tutor = Session("tutor", clock=clock)
    tutor.run("코로나 폭락 사례 알려줘")
    scripted = Session("tutor", clock=clock, conversation_id=tutor.conversation_id,
                       provider=OfflineProvider.scripted(say("네", check=lambda r: seen.append(r.system))))
    scripted.run("그 사례 요약해줘")
    assert HEADER in seen[0] and '"id": "covid-crash-2020"' in seen[0]
