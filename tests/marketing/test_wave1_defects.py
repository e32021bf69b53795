"""Issue 9's marketing formatting and grammar defects, each pinned."""

from __future__ import annotations

import pytest

from agents.marketing.compare import _verdict
from agents.marketing.format import roas
from agents.marketing.policy import _list_reply
from agents.nlu import past
from agents.nlu.korean_money import format_man


@pytest.mark.parametrize(("value", "text"), [
    (80_999, "8만 999원"), (299_999, "29만 9,999원"), (75_000, "7.5만원"), (100_000, "10만원"), (9_500, "9,500원"),
    (1_230_000, "123만원"), (12_345_678, "1,234만 5,678원"),
])
def test_money_never_prints_four_decimal_man(value, text):
    assert format_man(value) == text


@pytest.mark.parametrize(("before", "after"), [
    ("전환/매출 캠페인 '겨울'을 일일 예산 ₩150,000으로 생성합니다", "전환/매출 캠페인 '겨울'을 일일 예산 ₩150,000으로 생성했습니다"),
    ("'봄 시즌 세일' 캠페인을 일시정지합니다", "'봄 시즌 세일' 캠페인을 일시정지했습니다"),
    ("이미 끝났어요", "이미 끝났어요"),
])
def test_a_completed_card_speaks_in_the_past_tense(before, after):
    assert past(before) == after


def test_list_reply_says_more_for_two_and_most_for_three():
    two = [{"name": "A", "roas": 3.0, "spend": 10}, {"name": "B", "roas": 2.0, "spend": 10}]
    three = [*two, {"name": "C", "roas": 1.0, "spend": 10}]
    assert "더 높은" in _list_reply({"campaigns": two, "sortBy": "roas", "order": "desc"}, "")
    assert "가장 높은" in _list_reply({"campaigns": three, "sortBy": "roas", "order": "desc"}, "")


def test_comparison_of_two_says_more_not_most_and_low_cpa_wins():
    assert _verdict("ROAS", ["봄", "여름 신상품 런칭"], [2.0, 3.0], roas, True).endswith("'여름 신상품 런칭'이 더 높아요")
    assert _verdict("CPA", ["봄 세일", "여름"], [9000, 8000], str, False).endswith("'여름'이 더 낮아 효율이 좋아요")
    assert "가장" in _verdict("ROAS", ["A", "B", "C"], [1.0, 2.0, 3.0], roas, True)


def test_cancelled_action_message_has_single_quotes(mkt):
    from agents.core.session import Session
    session = Session("marketing", "demo", store=mkt.store)
    events = session.run("봄 시즌 세일 일시정지해줘")
    action = next(e for e in events if e.type == "action_confirmation")
    outcome = session.cancel_action(action.action_id)
    assert "''" not in outcome.message and outcome.message.startswith("🚫 작업을 취소했습니다: '봄 시즌 세일'")


def test_list_summary_names_the_metric_in_capitals(mkt):
    from agents.core.session import Session
    events = Session("marketing", "demo", store=mkt.store).run("ROAS 높은 순으로 캠페인 보여줘")
    result = next(e for e in events if e.type == "tool_result" and e.name == "listCampaigns")
    assert "ROAS 높은 순" in result.summary and "roas 높은 순" not in result.summary


def test_the_budget_suggestion_names_the_exact_advised_amount_and_proposes_it(mkt):
    from tests.support.helpers import one

    events = mkt.run("예산 재분배 추천해줘")
    moves = one(events, "tool_result").data["moves"]
    top = max(moves, key=lambda m: m["change"])
    assert top["to_budget"] % 10_000 != 0  # the sandbox advice is not a round 만원 figure: rounding would show
    question = one(events, "suggested_questions").questions[0]
    amount = f"₩{top['to_budget']:,}"
    assert question.startswith(f"{top['campaign']} 예산을 {amount}") and question.endswith("로 바꿔줘")
    card = one(mkt.run(question), "action_confirmation")
    assert card.tool_name == "updateCampaignBudget" and card.args["dailyBudget"] == top["to_budget"]


def test_cards_and_clarifications_leave_suggestions_that_survive_in_the_message(mkt):
    from tests.support.helpers import one

    events = mkt.run("봄 시즌 세일이랑 여름 신상품 런칭 비교해줘")
    assert one(events, "tool_call").name == "compareCampaigns"
    questions = one(events, "suggested_questions").questions
    assert len(questions) == 3 and "예산 재분배 추천해줘" in questions
    stored = [m for m in mkt.history() if m.role == "assistant"][-1]
    assert stored.meta["suggestions"] == questions
    events = mkt.run("새 캠페인 만들고 싶어")
    options = one(events, "clarification").options
    assert len(options) >= 2
    stored = [m for m in mkt.history() if m.role == "assistant"][-1]
    assert stored.meta["suggestions"] == options
