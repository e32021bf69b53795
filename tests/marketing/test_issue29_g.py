"""Issue 29, blind set G (tune half), marketing: the kinds of miss it showed, each as a real Session
conversation with sentences of our own. A look at a campaign's settings ("예산이랑 타겟 설정 좀 확인해볼게") opens its detail,
not a change; "왜" beside a sudden move asks for the trend analysis; "N원 더 / 덜" closing the sentence
changes the budget by N; a correction with a bare figure after a budget change sets that budget; "how do you
compute that?" after a metric explains that metric; "make that a report" keeps the period just shown."""

from __future__ import annotations

from agents.core.session import Session
from agents.marketing.glossary import explain_pointed
from agents.marketing.store import MarketingStore
from agents.nlu import find_amount_change
from tests.support.helpers import one, text_of, types

CONFIRM = ["thinking", "text", "tool_call", "action_confirmation", "done"]
# a correction of the change still waiting: its card is cancelled (action_result) and the reply says so
REPLACED = [*CONFIRM[:-1], "action_result", "text", "done"]


def _ids(mkt: Session) -> dict[str, str]:
    return {c["name"]: c["id"] for c in MarketingStore(mkt.store).campaigns("demo")}


def _budget(mkt: Session, name: str) -> int:
    return next(int(c["daily_budget"]) for c in MarketingStore(mkt.store).campaigns("demo") if c["name"] == name)


def test_a_look_at_the_budget_setting_opens_the_detail_not_a_change(mkt: Session) -> None:
    ids = _ids(mkt)
    call = one(mkt.run("봄 시즌 세일 예산이랑 타겟 설정 좀 확인해볼게"), "tool_call")
    assert (call.name, call.args) == ("getCampaignDetail", {"campaignId": ids["봄 시즌 세일"]})
    call = one(mkt.run("신규 회원 전환 예산 어떻게 잡혀 있는지 알고 싶어"), "tool_call")
    assert (call.name, call.args) == ("getCampaignDetail", {"campaignId": ids["신규 회원 전환"]})
    # a new figure is still a change
    events = mkt.run("봄 시즌 세일 예산 설정 15만원으로 바꿔줘")
    assert types(events) == CONFIRM
    call = one(events, "tool_call")
    assert (call.name, call.args["campaignId"], call.args["dailyBudget"]) == (
        "updateCampaignBudget", ids["봄 시즌 세일"], 150000)


def test_why_beside_a_sudden_move_asks_for_the_trend_analysis(mkt: Session) -> None:
    call = one(mkt.run("ROAS가 갑자기 왜 이렇게 올랐지?"), "tool_call")
    assert (call.name, call.args.get("metric")) == ("analyzeTrends", "roas")
    call = one(mkt.run("why did our spend suddenly jump?"), "tool_call")
    assert (call.name, call.args.get("metric")) == ("analyzeTrends", "spend")
    assert one(mkt.run("지출 갑자기 튄 데 있는지 봐줘"), "tool_call").name == "checkAnomalies"


def test_an_amount_then_more_or_less_changes_the_budget_by_it(mkt: Session) -> None:
    ids = _ids(mkt)
    before = _budget(mkt, "카카오 채널 유입")
    events = mkt.run("카카오 채널 유입 예산 2만원 더")
    assert types(events) == CONFIRM
    call = one(events, "tool_call")
    assert (call.name, call.args["campaignId"], call.args["dailyBudget"]) == (
        "updateCampaignBudget", ids["카카오 채널 유입"], before + 20000)
    app = _budget(mkt, "앱 설치 프로모션")
    call = one(mkt.run("앱 설치 프로모션 하루 예산 5천원 덜 쓰자"), "tool_call")
    assert (call.args["campaignId"], call.args["dailyBudget"]) == (ids["앱 설치 프로모션"], app - 5000)
    # "더" that closes no amount says no direction
    assert find_amount_change("예산 5만원 더 있으면 뭐 해?") is None
    assert find_amount_change("10만원으로") is None


def test_a_correction_with_a_bare_figure_sets_the_budget_just_proposed(mkt: Session) -> None:
    ids = _ids(mkt)
    mkt.run("브랜드 인지도 캠페인 예산 10% 올려줘")
    events = mkt.run("wait, make it 75,000")
    assert types(events) == REPLACED
    call = one(events, "tool_call")
    assert (call.name, call.args["campaignId"], call.args["dailyBudget"]) == (
        "updateCampaignBudget", ids["브랜드 인지도 캠페인"], 75000)
    assert not call.args.get("changePercent")
    call = one(mkt.run("아니 그냥 80000"), "tool_call")
    assert (call.args["campaignId"], call.args["dailyBudget"]) == (ids["브랜드 인지도 캠페인"], 80000)


def test_how_that_is_calculated_explains_the_metric_just_asked(mkt: Session) -> None:
    mkt.run("이번주 ROAS 보여줘")
    events = mkt.run("그건 어떻게 계산하는 거야?")
    assert not [e for e in events if e.type == "tool_call"]
    assert "매출 ÷ 광고비" in text_of(events)
    mkt.run("what's our CTR this week")
    events = mkt.run("how do you compute that?")
    assert not [e for e in events if e.type == "tool_call"]
    assert "clicks ÷ impressions" in text_of(events)


def test_two_metrics_before_leave_which_one_unsaid() -> None:
    assert explain_pointed("그거 어떻게 계산해?", "이번주 ROAS랑 CPA 보여줘") is None
    assert explain_pointed("what is the formula for that?", "what about spend this week") is None
    assert explain_pointed("what is the formula for that?", "CPA for the spring sale") is not None


def test_the_same_figures_as_a_report_keep_the_period_just_shown(mkt: Session) -> None:
    assert one(mkt.run("지난 2주 성과 어땠어"), "tool_call").args["period"] == "14d"
    call = one(mkt.run("그걸 보고서로 만들어줘"), "tool_call")
    assert (call.name, call.args) == ("generateReport", {"period": "14d"})
    # a period of its own wins
    call = one(mkt.run("주간 보고서 뽑아줘"), "tool_call")
    assert (call.name, call.args) == ("generateReport", {"period": "7d"})


def test_the_same_figures_as_a_report_in_english(store, clock) -> None:
    mkt = Session("marketing", clock=clock)
    assert one(mkt.run("how were the last 30 days"), "tool_call").args["period"] == "30d"
    call = one(mkt.run("make that a report"), "tool_call")
    assert (call.name, call.args) == ("generateReport", {"period": "30d"})


def test_more_kinds_of_the_same_misses(mkt: Session) -> None:
    ids = _ids(mkt)
    before = _budget(mkt, "신규 회원 전환")
    call = one(mkt.run("신규 회원 전환 하루 만원 덜"), "tool_call")  # no budget word: the amount's 덜 says it
    assert (call.name, call.args["campaignId"], call.args["dailyBudget"]) == (
        "updateCampaignBudget", ids["신규 회원 전환"], before - 10000)
    assert one(mkt.run("전환율 왜 갑자기 떨어진 거야"), "tool_call").name == "analyzeTrends"
    assert one(mkt.run("왜 갑자기 이상 징후 알림이 와?"), "tool_call").name == "checkAnomalies"
