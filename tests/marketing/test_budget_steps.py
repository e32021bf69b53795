"""A bare amount said for a budget change whose direction is already known is the step, never a total that moves
the budget the other way. Before: "신규 회원 전환 예산 올려줘" then "3만원" proposed ₩100,000 → ₩30,000 (a cut of 70,000
for a raise), and "5만원 올려줘" then "ㄴㄴ 3만원만" proposed ₩200,000 → ₩30,000. Said as a total ("3만원으로"), or
already on the asked side ("15만원" when raising ₩100,000), an amount stays the total. Real Session turns."""

from __future__ import annotations

import pytest

from agents.core.events import Event
from agents.core.session import Session
from tests.support.helpers import one, text_of

PROPOSED = ["thinking", "text", "tool_call", "action_confirmation", "done"]


def _proposed(events: list[Event]) -> tuple[object, str]:
    shown = [e.type for e in events if e.type not in ("text_delta", "thinking")]
    # a correction of the change still waiting replaces its card: that one is cancelled, and the reply says so
    assert shown[-3:] == PROPOSED[-3:] or shown[-4:] == [*PROPOSED[-3:-1], "action_result", "done"], shown
    call = one(events, "tool_call")
    assert call.name == "updateCampaignBudget"
    proposal = text_of(events).split("\n\n")[0]  # what follows says which waiting card this one replaced
    assert proposal.endswith(("확인 카드의 [실행]을 누르면 실행돼요.", "Press [Confirm] on the confirmation card to run it."))
    if "action_result" in shown:
        assert text_of(events).endswith(("는 취소하고 새 카드로 바꿨어요.", "and put the new one in its place."))
    return call.args["dailyBudget"], one(events, "action_confirmation").summary


@pytest.mark.parametrize(("ask", "answer", "budget"), [
    ("신규 회원 전환 예산 올려줘", "3만원", 130_000),          # the step: a total of 3만원 would be a cut
    ("신규 회원 전환 예산 올려줘", "15만원", 150_000),         # a total on the asked side stays the total
    ("신규 회원 전환 예산 올려줘", "3만원으로", 30_000),       # said as a total: taken as said (the card shows it)
    ("신규 회원 전환 예산 줄여줘", "3만원", 30_000),           # a cut to 3만원 is on the asked side
    ("raise the budget of 신규 회원 전환", "30k", 130_000),    # English
])
def test_an_amount_answering_the_budget_question_keeps_the_asked_direction(mkt: Session, ask: str, answer: str,
                                                                            budget: int) -> None:
    first = mkt.run(ask)
    assert one(first, "tool_call").name == "askClarification"
    got, summary = _proposed(mkt.run(answer))
    assert got == budget, (ask, answer, got, summary)


def test_the_direction_carries_through_the_which_campaign_question(mkt: Session) -> None:
    assert one(mkt.run("예산 좀 올려줘"), "tool_call").name == "askClarification"
    assert one(mkt.run("신규 회원 전환"), "tool_call").name == "askClarification"  # how much?
    got, summary = _proposed(mkt.run("3만원"))
    assert got == 130_000 and summary == "'신규 회원 전환' 일일 예산을 ₩100,000에서 ₩130,000으로 변경합니다"


def test_a_corrected_amount_keeps_the_direction_of_the_change_it_corrects(mkt: Session) -> None:
    got, _ = _proposed(mkt.run("여름 신상품 런칭 예산 5만원 올려줘"))
    assert got == 250_000
    got, summary = _proposed(mkt.run("ㄴㄴ 3만원만"))
    assert got == 230_000 and summary == "'여름 신상품 런칭' 일일 예산을 ₩200,000에서 ₩230,000으로 변경합니다"
    got, _ = _proposed(mkt.run("아니 7만원으로"))  # said as a total: taken as said
    assert got == 70_000
