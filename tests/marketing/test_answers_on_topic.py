"""Issue 29 kind 7: marketing answers what was asked. Every chip it offers in the shipped flows gets a
reply that names the metric or campaign it asks about; amount changes and planning questions reach
the right tools; a change's confirmation card comes with a sentence."""

from __future__ import annotations

import re

import pytest

from agents.core.session import Session
from agents.marketing.store import MarketingStore
from agents.nlu.korean_money import format_krw
from tests.support.helpers import one, text_of, types

FLOWS = ["이번 주 성과 어때?", "캠페인 목록 보여줘", "봄 시즌 세일 상세 보여줘", "최근 이상 징후가 있어?", "최근 2주 트렌드 보여줘",
         "예산 재분배 추천해줘", "여름 신상품 런칭이랑 봄 시즌 세일 비교해줘", "주간 보고서 만들어줘", "성과 좋은 캠페인은 어떤 거야?"]
METRICS = ("ROAS", "CTR", "CPA", "매출", "지출", "전환", "예산")
CONFIRM = ["thinking", "text", "tool_call", "action_confirmation", "done"]


def _offered(store, clock) -> list[str]:
    chips: list[str] = []
    for message in FLOWS:
        session = Session("marketing", store=store, clock=clock)
        for chip in one(session.run(message), "suggested_questions").questions:
            if chip not in chips:
                chips.append(chip)
    return chips


def test_every_chip_marketing_offers_is_answered_on_its_topic(store, clock) -> None:
    chips = _offered(store, clock)
    chips += [c for c in ("CTR이 왜 떨어졌어?",) if c not in chips]  # offered whenever CTR fell
    names = [c["name"] for c in MarketingStore(store).campaigns("demo")]
    assert len(chips) >= 10
    for chip in chips:
        events = Session("marketing", store=store, clock=clock).run(chip)
        reply = text_of(events)
        assert "error" not in types(events) and reply, chip
        asked_metrics = [m for m in METRICS if m.lower() in chip.lower()]
        asked_names = [n for n in names if n in chip]
        for wanted in asked_metrics + asked_names:
            assert wanted.lower() in reply.lower(), (chip, wanted, reply)
        if not asked_metrics and not asked_names:
            assert any(m in reply for m in METRICS) or any(n in reply for n in names), (chip, reply)


def test_why_did_ctr_fall_gives_the_ctr_figures_and_the_campaigns_behind_it(mkt: Session) -> None:
    events = mkt.run("CTR이 왜 떨어졌어?")
    call = one(events, "tool_call")
    assert (call.name, call.args) == ("analyzeTrends", {"period": "14d", "metric": "ctr"})
    result = one(events, "tool_result")
    movers = result.data["movers"]
    assert movers and all(m["now"] < m["before"] for m in movers)
    reply = text_of(events)
    assert reply.startswith("CTR은(는) 최근 14일 ")
    assert f"{movers[0]['name']}({movers[0]['before']:.2f}% → {movers[0]['now']:.2f}%)" in reply
    call = one(mkt.run("why is our cpa going up lately"), "tool_call")
    assert call.name == "analyzeTrends" and call.args["metric"] == "cpa"


@pytest.mark.parametrize(("text", "campaign", "by"), [
    ("리타겟팅 전환 하루 예산에서 만원만 빼줘", "리타겟팅 - 장바구니", -10_000),
    ("봄 시즌 세일 일예산 5천원만 깎아줘", "봄 시즌 세일", -5_000),
    ("VIP 재구매 하루 예산 2만원 더 얹어줘", "VIP 재구매", 20_000),
])
def test_an_amount_change_proposes_the_budget_change_by_that_amount(mkt: Session, text: str, campaign: str,
                                                                     by: int) -> None:
    current = {c["name"]: c for c in MarketingStore(mkt.store).campaigns("demo")}[campaign]
    events = mkt.run(text)
    assert types(events) == CONFIRM
    call = one(events, "tool_call")
    assert (call.name, call.args["campaignId"], call.args["dailyBudget"]) == (
        "updateCampaignBudget", current["id"], current["daily_budget"] + by)
    new = current["daily_budget"] + by
    assert text_of(events) == (f"'{campaign}' 일일 예산을 {format_krw(current['daily_budget'])} → {format_krw(new)}"
                               f"({by:+,}원)으로 바꿀까요? 확인 카드의 [실행]을 누르면 실행돼요.")


@pytest.mark.parametrize(("text", "total"), [
    ("다음달 총예산이 300만원인데 캠페인별로 어떻게 나눠야", 3_000_000),
    ("한 달 광고비 총 450만원 잡았는데 어디에 얼마씩 배분하는 게 좋을까", 4_500_000),
    ("we have 2,000,000 won for next month, how should I split it across campaigns?", 2_000_000),
])
def test_a_planning_question_gets_the_total_split_by_campaign(mkt: Session, text: str, total: int) -> None:
    events = mkt.run(text)
    call = one(events, "tool_call")
    assert (call.name, call.args["totalBudget"]) == ("getBudgetRecommendation", total)
    plan = one(events, "tool_result").data
    assert sum(s["amount"] for s in plan["shares"]) == total and len(plan["shares"]) >= 3
    roas = [s["roas"] for s in plan["shares"]]
    assert roas == sorted(roas, reverse=True)
    assert [s["amount"] for s in plan["shares"]] == sorted((s["amount"] for s in plan["shares"]), reverse=True)
    reply = text_of(events)
    if text.startswith("we have"):  # issue 29: an English message gets the split in English (it was Korean)
        assert f"The total budget of {format_krw(total)} (30 days)" in reply
    else:
        assert f"총예산 {format_krw(total)}(30일)" in reply
    assert all(f"- {s['campaign']} (ROAS " in reply for s in plan["shares"])


@pytest.mark.parametrize(("text", "verb"), [("봄 시즌 세일 삭제해줘", "삭제"), ("신규 회원 전환 잠깐 멈춰줘", "일시정지"),
                                            ("여름 신상품 런칭 예산 20% 늘려줘", "일일 예산")])
def test_a_change_confirmation_comes_with_a_reply_sentence(mkt: Session, text: str, verb: str) -> None:
    events = mkt.run(text)
    assert types(events) == CONFIRM
    reply = text_of(events)
    name = re.match(r"'([^']+)'", reply)
    assert name is not None and name.group(1) in text and verb in reply
    assert reply.endswith("확인 카드의 [실행]을 누르면 실행돼요.") or "확인 카드의 [실행]을 누르면 실행돼요." in reply


def test_pausing_a_paused_campaign_says_why_not_without_an_internal_name(mkt: Session) -> None:
    assert {c["name"]: c for c in MarketingStore(mkt.store).campaigns("demo")}["VIP 재구매"]["status"] == "PAUSED"
    events = mkt.run("VIP 재구매 잠깐 멈춰줘")
    assert types(events) == ["thinking", "tool_call", "tool_result", "thinking", "text", "suggested_questions", "done"]
    assert text_of(events) == "⚠️ 'VIP 재구매' 캠페인은 현재 일시정지 상태라 일시정지할 수 없습니다"


@pytest.mark.parametrize(("text", "terms", "head", "items"), [
    ("CPC하고 CPM은 뭐가 달라요?", ["CPC", "CPM"], "CPC / CPM는 서로 다른 지표예요.", ["- CPC(", "- CPM은"]),
    # issue 29: an English question is answered in English (before: the Korean head and items)
    ("ROAS vs CPA, what's the difference?", ["ROAS", "CPA"], "ROAS, CPA are different metrics.",
     ["- ROAS (return on ad spend) is", "- CPA (cost per acquisition) is"])])
def test_the_difference_between_two_metrics_is_explained_in_words(mkt: Session, text: str, terms: list[str],
                                                                  head: str, items: list[str]) -> None:
    events = mkt.run(text)
    assert types(events) == ["thinking", "text", "suggested_questions", "done"]  # a concept: no figures fetched
    reply = text_of(events)
    assert reply.startswith(head)
    assert all(item in reply for item in items)
