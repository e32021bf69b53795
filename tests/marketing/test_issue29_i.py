"""Issue 29, marketing, the kinds blind set H left and I's tune half showed, each with sentences of our own
(Korean, English, slang, polite, follow-ups) as real Session conversations: a word or a benchmark asked right
after figures is explained; a window weighed against the one before is the KPI; a correction that takes back a
change and asks another keeps the campaign; a roster name with its leading word swapped is another campaign;
a new campaign keeps the name it is given; ad copy for the product said outright; "X도" after a pause; ad copy
again with a new number; a change measured from today's budget; the budget plan again with another share; the
top of the list just shown by a figure; a look at a campaign with a change only thought about."""

from __future__ import annotations

from typing import Any

import pytest

from agents.core.session import Session
from agents.marketing.store import MarketingStore
from tests.support.helpers import one, text_of, types

CONFIRM = ["text", "tool_call", "action_confirmation", "done"]
ANSWERED = ["text", "suggested_questions", "done"]


def _ids(mkt: Session) -> dict[str, str]:
    return {c["name"]: c["id"] for c in MarketingStore(mkt.store).campaigns("demo")}


def _last(mkt: Session, *messages: str) -> list[Any]:
    """The events of the last message, after the earlier ones ran as real turns."""
    events: list[Any] = []
    for message in messages:
        events = mkt.run(message)
    return events


def _given(args: dict[str, Any]) -> dict[str, Any]:
    """The arguments a call was given (the tool's defaults, None, left out)."""
    return {k: v for k, v in args.items() if v is not None}


def _shown(events: list[Any]) -> list[str]:
    return [t for t in types(events) if t != "thinking"]


@pytest.mark.parametrize(("before", "text", "term", "said"), [
    (["이번 주 성과 보여줘"], "CTR이 뭐였더라? 뜻 좀 알려줘", "CTR", "클릭 ÷ 노출"),
    (["봄 시즌 세일 요즘 성과 좀 봐줘"], "근데 CVR은 정확히 무슨 의미야?", "CVR", "전환 ÷ 클릭"),
    (["오늘 광고 성과 어떤지 봐줘"], "ROAS가 정확히 뭘 의미하는 건데? 광고비 대비 매출?", "ROAS", "매출 ÷ 광고비"),
    (["이번 주 KPI"], "CPC는 뭐였지", "CPC", "광고비 ÷ 클릭"),
    (["지난 30일 KPI 알려줘"], "wait, what does CPM stand for?", "CPM", "1,000 impressions"),
    ([], "CPA 만오천원이면 잘 나오는 건가요?", "CPA", "업종마다"),
    ([], "CTR 1%면 잘 나오는 거임?", "CTR", "0.5~1.5%"),
])
def test_a_word_or_a_benchmark_asked_after_figures_is_explained(mkt: Session, before: list[str], text: str, term: str,
                                                                said: str) -> None:
    events = _last(mkt, *before, text)
    assert _shown(events) == ANSWERED, text
    assert term in text_of(events) and said in text_of(events), text


def test_an_own_figure_with_a_threshold_is_still_the_kpi(mkt: Session) -> None:
    call = one(mkt.run("이번 주 ROAS 3 넘었어?"), "tool_call")
    assert (call.name, _given(call.args)) == ("getPerformanceKPI", {"period": "7d"})


@pytest.mark.parametrize(("text", "period"), [
    ("이번 달이랑 지난 달 전환 비교해줘", "30d"),
    ("this week vs last week revenue", "7d"),
    ("오늘 vs 어제 광고비", "today"),
    ("지난주 대비 이번 주 CTR 어때?", "7d"),
    ("최근 2주랑 그 전 2주 매출 비교", "14d"),
    ("how does this month compare to last month on conversions?", "30d"),
])
def test_a_window_against_the_one_before_is_the_kpi_with_its_comparison(mkt: Session, text: str, period: str) -> None:
    events = mkt.run(text)
    call = one(events, "tool_call")
    assert (call.name, _given(call.args)) == ("getPerformanceKPI", {"period": period}), text
    result = one(events, "tool_result")
    assert result.ok and "previous" in (result.data or {}), text  # the reply weighs it against the window before


def test_trends_and_two_campaigns_keep_their_own_tools(mkt: Session) -> None:
    assert one(mkt.run("지난 2주 ROAS 추이 분석해줘"), "tool_call").name == "analyzeTrends"
    call = one(mkt.run("봄 시즌 세일이랑 여름 신상품 런칭 이번 주 비교"), "tool_call")
    assert call.name == "compareCampaigns" and call.args["period"] == "7d"


@pytest.mark.parametrize(("before", "text", "tool", "args"), [
    ("앱 설치 프로모션 멈춰줘", "아니 멈추지 말고 예산을 20% 줄여줘", "updateCampaignBudget",
     {"campaignId": "앱 설치 프로모션", "changePercent": -20.0}),
    ("신규 회원 전환 삭제해줘", "삭제는 취소, 그냥 일시정지만 해줘", "pauseCampaign", {"campaignId": "신규 회원 전환"}),
    ("VIP 재구매 일시정지", "아 정지 말고 예산 만원 깎아줘", "updateCampaignBudget",
     {"campaignId": "VIP 재구매", "dailyBudget": 50_000}),
    ("브랜드 인지도 캠페인 잠깐 멈춰 줄래", "actually don't pause it, cut its budget in half", "updateCampaignBudget",
     {"campaignId": "브랜드 인지도 캠페인", "changePercent": -50.0}),
    ("카카오 채널 유입 예산 3만원 올려줘", "아 그거 말고 그냥 그 캠페인 성과나 보여줘", "getPerformanceKPI",
     {"campaignId": "카카오 채널 유입", "period": "7d"}),
])
def test_a_correction_that_takes_back_a_change_asks_another_on_the_same_campaign(
        mkt: Session, before: str, text: str, tool: str, args: dict[str, Any]) -> None:
    ids = _ids(mkt)
    events = _last(mkt, before, text)
    call = one(events, "tool_call")
    assert (call.name, _given(call.args)) == (tool, {**args, "campaignId": ids[args["campaignId"]]}), text


@pytest.mark.parametrize(("before", "text", "tool", "period"), [
    ("이번 주치 보고서 하나 뽑아줘", "아니 그거 말고 한달치로", "generateReport", "30d"),
    ("지난 7일 성과 보여줘", "no wait, make it the last 14 days instead", "getPerformanceKPI", "14d"),
    ("주간 리포트 뽑아줘", "ㄴㄴ 2주짜리로 다시 뽑아", "generateReport", "14d"),
])
def test_a_correction_of_the_period_asks_the_same_request_again(mkt: Session, before: str, text: str, tool: str,
                                                                period: str) -> None:
    call = one(_last(mkt, before, text), "tool_call")
    assert (call.name, _given(call.args)) == (tool, {"period": period}), text


def test_a_correction_to_a_query_after_a_list(mkt: Session) -> None:
    call = one(_last(mkt, "캠페인 리스트 좀 띄워줘", "아 그거 말고 이상 징후 체크해줘"), "tool_call")
    assert (call.name, _given(call.args)) == ("checkAnomalies", {})


@pytest.mark.parametrize("text", ["가을 시즌 세일 예산 10만원으로 올려줘", "겨울 신상품 런칭 일시정지",
                                  "연말 감사 이벤트 캠페인 예산 좀 늘려줘", "가을 신상품 런칭 캠페인 삭제해줘"])
def test_a_roster_name_with_its_leading_word_swapped_is_asked_about(mkt: Session, text: str) -> None:
    events = mkt.run(text)
    call = one(events, "tool_call")
    assert call.name == "askClarification" and call.args["slot"] == "campaign", text
    assert not [e for e in events if e.type == "action_confirmation"]


@pytest.mark.parametrize(("text", "name"), [("이번 시즌 세일 예산 20만원으로 올려줘", "봄 시즌 세일"),
                                            ("여름 런칭 캠페인 꺼줘", "여름 신상품 런칭"), ("시즌 세일 캠페인 꺼줘", "봄 시즌 세일")])
def test_the_roster_s_own_words_still_name_it(mkt: Session, text: str, name: str) -> None:
    call = one(mkt.run(text), "tool_call")
    assert call.args["campaignId"] == _ids(mkt)[name], text


@pytest.mark.parametrize(("text", "name", "objective", "budget"), [
    ("새 트래픽 캠페인 하루 5만원, name it 블프 트래픽", "블프 트래픽", "OUTCOME_TRAFFIC", 50_000),
    ("create a sales campaign at 60000 a day and call it Holiday Push", "Holiday Push", "OUTCOME_SALES", 60_000),
    ("전환 캠페인 만들어줘 하루 10만원 이름은 연말 특가로 해줘", "연말 특가", "OUTCOME_SALES", 100_000),
    ("make a leads campaign, 50k daily, name: Q1 Leads", "Q1 Leads", "OUTCOME_LEADS", 50_000),
    ("new awareness campaign with the name Spring Glow, 90k a day", "Spring Glow", "OUTCOME_AWARENESS", 90_000),
])
def test_a_new_campaign_keeps_the_name_it_is_given(mkt: Session, text: str, name: str, objective: str,
                                                   budget: int) -> None:
    events = mkt.run(text)
    assert _shown(events) == CONFIRM, text
    call = one(events, "tool_call")
    assert (call.name, _given(call.args)) == ("createCampaign", {"name": name, "objective": objective, "dailyBudget": budget})


@pytest.mark.parametrize(("text", "product", "campaign"), [
    ("여름 신상품 런칭용 카피 써줘 상품은 쿨링 토퍼", "쿨링 토퍼", "여름 신상품 런칭"),
    ("봄 시즌 세일 광고 문구 만들어줘, 제품은 트렌치 코트", "트렌치 코트", "봄 시즌 세일"),
    ("write ad copy for the VIP 재구매 campaign, the product is a cashmere scarf", "cashmere scarf", "VIP 재구매"),
    ("앱 설치 프로모션 광고 문구 좀, 상품은 가계부 앱이야", "가계부 앱", "앱 설치 프로모션"),
    ("카피 3개 뽑아줘 제품: 무선 이어폰", "무선 이어폰", None),
])
def test_ad_copy_is_for_the_product_said_outright(mkt: Session, text: str, product: str, campaign: str | None) -> None:
    call = one(mkt.run(text), "tool_call")
    assert call.name == "generateAdCopy" and call.args["product"] == product, text
    assert call.args.get("campaignId") == (_ids(mkt)[campaign] if campaign else None)


@pytest.mark.parametrize(("before", "text", "tool", "name"), [
    ("봄 시즌 세일 일시정지해줘", "신규 회원 전환도", "pauseCampaign", "신규 회원 전환"),
    ("please pause 앱 설치 프로모션 for now", "and 카카오 채널 유입 too", "pauseCampaign", "카카오 채널 유입"),
    ("카카오 채널 유입 꺼 둬", "앱 설치 프로모션도요", "pauseCampaign", "앱 설치 프로모션"),
    ("리타겟팅 - 장바구니 삭제해줘", "브랜드 인지도 캠페인도 부탁해", "deleteCampaign", "브랜드 인지도 캠페인"),
    ("카카오 채널 유입 실적 좀 볼래", "그럼 앱 설치 프로모션도", "getPerformanceKPI", "앱 설치 프로모션"),
])
def test_another_campaign_too_gets_the_same_request(mkt: Session, before: str, text: str, tool: str, name: str) -> None:
    events = _last(mkt, before, text)
    call = one(events, "tool_call")
    assert (call.name, call.args["campaignId"]) == (tool, _ids(mkt)[name]), text


@pytest.mark.parametrize(("before", "text", "args"), [
    ("광고 카피 만들어줘 캠핑 의자", "좀 더 친근하게 다시 2개만", {"product": "캠핑 의자", "tone": "친근한", "count": 2}),
    ("write ad copy for a yoga mat", "make it funnier, just 3 this time",
     {"product": "yoga mat", "tone": "유머러스한", "count": 3}),
    ("광고 문구 5개 뽑아줘 유아 로션", "3개로 줄여서 다시", {"product": "유아 로션", "tone": "친근한", "count": 3}),  # its default
    ("광고 카피 만들어줘 겨울 장갑", "고급스럽게 하나만 다시", {"product": "겨울 장갑", "tone": "고급스러운", "count": 1}),
])
def test_ad_copy_again_keeps_its_brief_with_a_new_tone_or_number(mkt: Session, before: str, text: str,
                                                                  args: dict[str, Any]) -> None:
    call = one(_last(mkt, before, text), "tool_call")
    assert (call.name, _given(call.args)) == ("generateAdCopy", args), text


@pytest.mark.parametrize(("text", "name", "budget"), [
    ("신규 회원 전환 하루 예산 지금보다 3만원 정도 늘려줘", "신규 회원 전환", 130_000),
    ("카카오 채널 유입 예산 현재 대비 만원 내려줘", "카카오 채널 유입", 40_000),
    ("raise 앱 설치 프로모션's daily budget by 20k", "앱 설치 프로모션", 90_000),
    ("VIP 재구매 예산을 지금보다 만오천원쯤 올려 주실 수 있나요?", "VIP 재구매", 75_000),
    ("봄 시즌 세일 일 예산에서 2만원 정도 빼 주세요", "봄 시즌 세일", 130_000),
])
def test_a_change_measured_from_today_s_budget(mkt: Session, text: str, name: str, budget: int) -> None:
    events = mkt.run(text)
    assert _shown(events) == CONFIRM, text
    call = one(events, "tool_call")
    assert (call.name, _given(call.args)) == ("updateCampaignBudget", {"campaignId": _ids(mkt)[name], "dailyBudget": budget})


@pytest.mark.parametrize(("before", "text", "args"), [
    ("예산 재분배 추천해줘", "20%만 옮긴다고 치고 다시 해봐", {"shiftShare": 0.2}),
    ("where should I move budget?", "redo it with a 40% shift", {"shiftShare": 0.4}),
    ("예산 어디로 옮기면 좋을까", "절반만 옮기는 걸로 다시 계산", {"shiftShare": 0.5}),
    ("예산 재배분 추천 좀", "그럼 10%만 옮기면?", {"shiftShare": 0.1}),
    ("예산 재분배 추천해줘", "총예산 500만원으로 다시 계산", {"totalBudget": 5_000_000}),
])
def test_the_budget_plan_again_with_another_share(mkt: Session, before: str, text: str, args: dict[str, Any]) -> None:
    events = _last(mkt, before, text)
    call = one(events, "tool_call")
    assert call.name == "getBudgetRecommendation" and {k: call.args[k] for k in args} == args, text
    assert one(events, "tool_result").ok


@pytest.mark.parametrize(("before", "text", "tool", "extra"), [
    ("캠페인 리스트 좀 띄워줘", "그 중 광고비 제일 많이 쓴 캠페인 일시정지해줘", "pauseCampaign", {}),
    ("캠페인 리스트 좀 띄워줘", "거기서 지출 가장 큰 거 상세", "getCampaignDetail", {}),
    ("list campaigns", "pause the one that spent the most", "pauseCampaign", {}),
    ("캠페인 목록", "돈 제일 많이 쓰는 애 예산 10% 깎아", "updateCampaignBudget", {"changePercent": -10.0}),
])
def test_the_top_of_the_list_just_shown_by_a_figure(mkt: Session, before: str, text: str, tool: str,
                                                    extra: dict[str, Any]) -> None:
    listed = one(mkt.run(before), "tool_result")
    top = max(listed.data["campaigns"], key=lambda c: c["spend"])  # the spend the list showed
    call = one(mkt.run(text), "tool_call")
    assert (call.name, _given(call.args)) == (tool, {"campaignId": top["id"], **extra}), text


def test_the_ranking_kept_beside_a_list_never_reaches_a_tool(mkt: Session) -> None:
    mkt.run("캠페인 리스트 좀 띄워줘")
    call = one(mkt.run("한달 기준으로 다시"), "tool_call")
    assert (call.name, call.args["period"], call.args["status"]) == ("listCampaigns", "30d", "ALL")
    assert not [k for k in call.args if k.startswith("_")]
    assert one(mkt.run("그 중 ROAS 제일 높은 건?"), "tool_call").name == "listCampaigns"  # the ranking itself


@pytest.mark.parametrize(("text", "name"), [
    ("Could you open the details for the app install campaign and tell me what its daily budget is? "
     "I might raise it later.", "앱 설치 프로모션"),
    ("show me the settings of the brand awareness campaign, I'm thinking about increasing its budget",
     "브랜드 인지도 캠페인"),
    ("카카오 채널 유입 상세 좀 열어줘, 다음 주에 예산 올릴지 보려고", "카카오 채널 유입"),
])
def test_a_look_at_a_campaign_with_a_change_only_thought_about_changes_nothing(mkt: Session, text: str,
                                                                              name: str) -> None:
    events = mkt.run(text)
    call = one(events, "tool_call")
    assert (call.name, _given(call.args)) == ("getCampaignDetail", {"campaignId": _ids(mkt)[name]}), text
    assert not [e for e in events if e.type == "action_confirmation"]
    # a raise said plainly still asks how much
    asked = one(mkt.run("raise the budget of 앱 설치 프로모션"), "tool_call")
    assert (asked.name, asked.args["slot"]) == ("askClarification", "dailyBudget")
