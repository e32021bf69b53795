"""Confirm, cancel, modify and expiry effects on the campaign table."""

from __future__ import annotations

import pytest

from agents.core.errors import ActionRefused, InvalidArgs
from agents.marketing.store import MarketingStore
from tests.support.helpers import one, types


def campaign(mkt, name):
    return next(c for c in MarketingStore(mkt.store).campaigns("demo", include_deleted=True) if c["name"] == name)


def test_budget_change_confirm(mkt):
    card = one(mkt.run("봄 시즌 세일 예산 20% 늘려줘"), "action_confirmation")
    assert card.summary == "'봄 시즌 세일' 일일 예산을 ₩150,000에서 ₩180,000으로 변경합니다"
    assert [(d.label, d.changed) for d in card.details][-1] == ("새 일일 예산", True)
    assert campaign(mkt, "봄 시즌 세일")["daily_budget"] == 150000
    mkt.confirm_action(card.action_id)
    assert campaign(mkt, "봄 시즌 세일")["daily_budget"] == 180000


def test_cancel_changes_nothing(mkt):
    card = one(mkt.run("신규 회원 전환 캠페인 일시정지해줘"), "action_confirmation")
    mkt.cancel_action(card.action_id)
    assert campaign(mkt, "신규 회원 전환")["status"] == "ACTIVE"
    with pytest.raises(ActionRefused):
        mkt.confirm_action(card.action_id)
    assert campaign(mkt, "신규 회원 전환")["status"] == "ACTIVE"


def test_modify_revalidates_and_refreshes_the_card(mkt):
    card = one(mkt.run("전환 캠페인 만들어줘, 예산 10만원"), "action_confirmation")
    with pytest.raises(InvalidArgs, match="dailyBudget: Input should be greater than or equal to 5000"):
        mkt.modify_action(card.action_id, {**card.args, "dailyBudget": 1000})
    with pytest.raises(InvalidArgs, match="objective"):
        mkt.modify_action(card.action_id, {**card.args, "objective": "OUTCOME_MAGIC"})
    row = mkt.modify_action(card.action_id, {**card.args, "dailyBudget": 150000, "name": "겨울 전환"})
    details = {d.label: (d.value, d.changed) for d in row.details}
    assert details["일일 예산"] == ("₩150,000", True) and details["캠페인 이름"] == ("겨울 전환", True)
    assert details["목적"][1] is False
    assert row.summary.endswith("'겨울 전환'을 일일 예산 ₩150,000으로 생성합니다")
    mkt.confirm_action(card.action_id)
    assert campaign(mkt, "겨울 전환")["daily_budget"] == 150000


def test_expired_card_cannot_be_confirmed(mkt, clock):
    card = one(mkt.run("여름 신상품 런칭 삭제해줘"), "action_confirmation")
    clock.advance(minutes=31)
    with pytest.raises(ActionRefused, match="expired"):
        mkt.confirm_action(card.action_id)
    assert campaign(mkt, "여름 신상품 런칭")["status"] == "ACTIVE"


def test_pause_resume_delete_cycle(mkt):
    name = "카카오 채널 유입"
    mkt.confirm_action(one(mkt.run(f"{name} 일시정지해줘"), "action_confirmation").action_id)
    assert campaign(mkt, name)["status"] == "PAUSED"
    events = mkt.run(f"{name} 일시정지해줘")  # already paused: no card, a clear tool error
    assert "action_confirmation" not in types(events)
    assert "일시정지 상태라 일시정지할 수 없습니다" in one(events, "tool_result").summary
    mkt.confirm_action(one(mkt.run(f"{name} 다시 시작해줘"), "action_confirmation").action_id)
    assert campaign(mkt, name)["status"] == "ACTIVE"
    mkt.confirm_action(one(mkt.run(f"{name} 삭제해줘"), "action_confirmation").action_id)
    assert campaign(mkt, name)["status"] == "DELETED"
    assert name not in [c["name"] for c in MarketingStore(mkt.store).campaigns("demo")]


def test_ad_copy_is_saved_only_after_confirmation(mkt):
    card = one(mkt.run("유기농 이유식 광고 카피 만들어줘"), "action_confirmation")
    assert card.args["product"] == "유기농 이유식" and card.args["count"] == 3
    assert mkt.store.db.fetchall("SELECT count(*) FROM mkt_ad_copies") == [(0,)]
    outcome = mkt.confirm_action(card.action_id)
    assert len(outcome.result["copies"]) == 3
    assert mkt.store.db.fetchall("SELECT count(*) FROM mkt_ad_copies") == [(3,)]


def test_budget_change_without_amount_asks(mkt):
    events = mkt.run("봄 시즌 세일 예산 바꿔줘")
    assert one(events, "clarification").context["slot"] == "dailyBudget"
    card = one(mkt.run("25만원"), "action_confirmation")
    assert card.args["dailyBudget"] == 250000
