"""Issue 29, round E in marketing (the tune half of blind set E, fixed by kind), through real offline
Session conversations. Before the fixes, on the same machine: "아니다 N만원으로 해" after a budget change
answered in plain text; "첫번째랑 두번째 비교" after a list showed the first one's KPI; "X도 같이 넣어서"
after a comparison opened X's detail; a bare "why?" after a month's figures analysed 14 days; "A랑 B는
어떻게 다른 거예요?" read the account's KPI instead of explaining the two words."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.marketing.store import MarketingStore
from tests.support.helpers import one, text_of, types

CONFIRM = ["thinking", "text", "tool_call", "action_confirmation", "done"]
# a correction of the change still waiting: its card is cancelled (action_result) and the reply says so
REPLACED = [*CONFIRM[:-1], "action_result", "text", "done"]


def _ids(mkt: Session) -> dict[str, str]:
    return {c["name"]: c["id"] for c in MarketingStore(mkt.store).campaigns("demo")}


@pytest.mark.parametrize(("first", "then", "campaign", "budget"), [
    ("신규 회원 전환 예산 20% 올려줘", "아니 그냥 12만원으로 해줘", "신규 회원 전환", 120000),
    ("raise the budget of 앱 설치 프로모션 by 10%", "no, make it 90,000 won", "앱 설치 프로모션", 90000),
    ("카카오 채널 유입 하루 예산 만원 줄여", "아냐 6만원으로", "카카오 채널 유입", 60000),
])
def test_a_correction_after_a_budget_change_is_that_change_with_the_new_amount(mkt, first, then, campaign, budget):
    mkt.run(first)
    events = mkt.run(then)
    assert types(events) == REPLACED
    call = one(events, "tool_call")
    assert (call.name, call.args["campaignId"], call.args["dailyBudget"]) == (
        "updateCampaignBudget", _ids(mkt)[campaign], budget)
    assert MarketingStore(mkt.store).campaigns("demo")[0]["daily_budget"] > 0  # nothing changed before the click
    pending = [c for c in MarketingStore(mkt.store).campaigns("demo") if c["name"] == campaign]
    assert pending[0]["daily_budget"] != budget


def test_a_correction_with_nothing_changed_before_changes_nothing(mkt):
    mkt.run("봄 시즌 세일 성과 보여줘")
    assert "action_confirmation" not in types(mkt.run("아니다 10만원으로 해"))


def test_two_positions_of_the_list_just_shown_are_compared(mkt):
    shown = one(mkt.run("ROAS 높은 순으로 캠페인 보여줘"), "tool_result").data["campaigns"]
    call = one(mkt.run("1번이랑 3번 캠페인 비교해봐"), "tool_call")
    assert (call.name, call.args["campaignIds"]) == ("compareCampaigns", [shown[0]["id"], shown[2]["id"]])
    call = one(mkt.run("compare the first and the second ones"), "tool_call")
    assert (call.name, call.args["campaignIds"]) == ("compareCampaigns", [shown[0]["id"], shown[1]["id"]])


def test_another_campaign_joins_the_last_comparison(mkt):
    mkt.run("브랜드 인지도 캠페인이랑 카카오 채널 유입 비교해줘")
    events = mkt.run("VIP 재구매도 추가해서 다시")
    call = one(events, "tool_call")
    ids = _ids(mkt)
    assert (call.name, call.args["campaignIds"]) == (
        "compareCampaigns", [ids["브랜드 인지도 캠페인"], ids["카카오 채널 유입"], ids["VIP 재구매"]])
    assert all(name in text_of(events) for name in ("브랜드 인지도 캠페인", "카카오 채널 유입", "VIP 재구매"))


@pytest.mark.parametrize(("first", "period"), [("여름 신상품 런칭 한달 성과 어때?", "30d"),
                                               ("show me last week's KPI", "7d")])
def test_why_after_figures_analyses_the_period_just_shown(mkt, first, period):
    mkt.run(first)
    call = one(mkt.run("왜 그런 거야?" if not first.isascii() else "why did it go that way?"), "tool_call")
    assert (call.name, call.args["period"]) == ("analyzeTrends", period)


@pytest.mark.parametrize("text", ["CTR이랑 CVR은 어떻게 다른 건가요?", "what's the difference between CPA and CPC?",
                                  "ROAS하고 CPA 구분이 헷갈려"])
def test_two_metric_words_weighed_are_explained_not_read_from_the_account(mkt, text):
    events = mkt.run(text)
    assert "tool_call" not in types(events) or one(events, "tool_call").name == "freeformResponse"
    reply = text_of(events)
    head = "are different metrics." if text.isascii() else "서로 다른 지표예요"  # issue 29: English asked, English said
    assert head in reply.split("\n")[0] and reply.count("\n- ") == 2


@pytest.mark.parametrize(("first", "then", "tool", "period"), [
    ("최근 7일 KPI 보여줘", "그 전 주는?", "getPerformanceKPI", "14d"),
    ("show me the last 14 days of KPI", "what about the period before that?", "getPerformanceKPI", "30d"),
    ("이번 주 리포트 뽑아줘", "그럼 그 이전까지 포함해서", "generateReport", "14d"),
])
def test_the_period_before_widens_the_last_window_to_cover_it(mkt, first, then, tool, period):
    mkt.run(first)
    events = mkt.run(then)
    call = one(events, "tool_call")
    assert (call.name, call.args["period"]) == (tool, period)
    assert "action_confirmation" not in types(events)
