"""Seed 000 §8 scenarios 1 and 2 as multi-turn conversations, event by event."""

from __future__ import annotations

from agents.marketing.store import MarketingStore
from agents.nlu.korean_money import format_krw
from tests.support.helpers import one, text_of, types


def test_scenario_1_weekly_performance(mkt, metrics):
    events = mkt.run("이번 주 성과 어때?")
    assert types(events) == ["thinking", "text", "tool_call", "thinking", "tool_result", "thinking", "data_card", "data_card", "text",
                             "suggested_questions", "done"]
    call = one(events, "tool_call")
    assert (call.name, call.args, call.status) == ("getPerformanceKPI", {"period": "7d", "campaignId": None}, "running")
    assert [e.card_type for e in events if e.type == "data_card"] == ["kpi_summary", "kpi_trend"]
    week = metrics[(metrics.date >= "2026-10-26") & (metrics.date <= "2026-11-01")]
    spend, revenue = week.spend.sum(), week.revenue.sum()
    text = text_of(events)
    assert text.startswith("이번 주(최근 7일) 성과를 분석해봤습니다.")
    assert f"총 지출 {format_krw(spend)}" in text and f"총 매출 {format_krw(revenue)}" in text
    assert f"ROAS {revenue / spend:.2f}x" in text
    tiles = {t["label"]: t["value"] for t in next(e for e in events if e.type == "data_card").data["tiles"]}
    assert tiles["총 지출"] == format_krw(spend) and tiles["전환"] == f"{int(week.conversions.sum()):,}건"
    questions = one(events, "suggested_questions").questions
    assert "성과 좋은 캠페인은 어떤 거야?" in questions and len(questions) == 3
    assert events[-1].conversation_id == mkt.conversation_id
    assert mkt.conversation().title == "이번 주 성과 어때?"


def test_scenario_2_create_campaign_multi_turn(mkt, clock):
    first = mkt.run("새 캠페인 만들고 싶어")
    assert types(first) == ["thinking", "tool_call", "thinking", "tool_result", "thinking", "clarification", "text", "done"]
    question = one(first, "clarification")
    assert question.question == "어떤 목적의 캠페인을 만드시겠어요?"
    assert question.options == ["인지도 (브랜드 노출)", "트래픽 (웹사이트 방문)", "전환 (구매/가입)", "매출 (최대 매출)"]
    assert "• 전환 (구매/가입)" in text_of(first)

    second = mkt.run("전환")
    assert types(second) == ["thinking", "tool_call", "thinking", "tool_result", "thinking", "clarification", "text", "done"]
    assert one(second, "tool_call").args["known"] == {"objective": "OUTCOME_SALES"}
    text = text_of(second)
    assert text.startswith("전환 캠페인이군요. 일일 예산은 얼마로 설정할까요?")
    assert "평균 CPA는 ₩" in text and "이상을 추천합니다" in text

    third = mkt.run("10만원으로 해줘")
    assert types(third) == ["thinking", "text", "tool_call", "action_confirmation", "done"]
    assert text_of(third) == "다음 내용으로 캠페인을 생성할까요?"
    card = one(third, "action_confirmation")
    assert card.tool_name == "createCampaign"
    assert card.args == {"name": "전환 캠페인 2026-11", "objective": "OUTCOME_SALES", "dailyBudget": 100000,
                         "startDate": None, "endDate": None, "targetAudience": None}
    assert [(d.label, d.value) for d in card.details] == [
        ("캠페인 이름", "전환 캠페인 2026-11"), ("목적", "전환/매출 (OUTCOME_SALES)"), ("일일 예산", "₩100,000"),
        ("시작일", "2026-11-02"), ("종료일", "없음"), ("타겟", "Advantage+ (자동)")]
    assert any("샌드박스" in w for w in card.warnings)
    assert MarketingStore(mkt.store).campaigns("demo")[-1]["name"] != "전환 캠페인 2026-11"

    outcome = mkt.confirm_action(card.action_id)
    assert outcome.ok and "'전환 캠페인 2026-11'이 생성되었습니다" in outcome.message
    created = MarketingStore(mkt.store).campaigns("demo")[-1]
    assert (created["name"], created["objective"], created["daily_budget"], created["status"]) == (
        "전환 캠페인 2026-11", "OUTCOME_SALES", 100000, "ACTIVE")
    assert str(created["start_date"]) == "2026-11-02"
    assert mkt.history()[-1].content.startswith("✅ 전환/매출 캠페인")


def test_slot_filling_accepts_everything_at_once_and_can_be_cancelled(mkt):
    events = mkt.run("전환 캠페인 만들어줘, 예산 10만원")
    assert types(events) == ["thinking", "text", "tool_call", "action_confirmation", "done"]
    assert one(events, "action_confirmation").args["dailyBudget"] == 100000
    mkt.run("새 캠페인 만들래")
    events = mkt.run("취소")
    assert types(events) == ["thinking", "text", "suggested_questions", "done"] and "취소했어요" in text_of(events)


def test_budget_below_minimum_is_asked_again(mkt):
    mkt.run("트래픽 캠페인 만들어줘")
    events = mkt.run("3천원")
    assert one(events, "clarification").context["slot"] == "dailyBudget"
    assert "최소 ₩5,000" in text_of(events)


def test_progress_stages_follow_seed_000(mkt):
    events = mkt.run("이번 주 성과 어때?")
    stages = [(e.stage, e.progress) for e in events if e.type == "thinking"]
    assert stages == [("understand", 20), ("query", 60), ("compose", 90)]
    assert next(e for e in events if e.type == "thinking" and e.stage == "query").message.endswith("(getPerformanceKPI)")
