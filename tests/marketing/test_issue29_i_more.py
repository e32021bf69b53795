"""Issue 29, marketing: more kinds the spent blind sets (D-H) still showed, with sentences of our own, as real
Session conversations: a follow-up that names no campaign keeps the one just looked at; a position or a
pronoun is read with the campaign it points at known; a comparison again over another window or with one more;
a why-question about one campaign's move is the trend analysis; weekdays are no period; a new campaign's dates;
ad copy for a product that runs in a campaign; "resume" is no campaign's name; a campaign given with "N만원 더"
after "which campaign?" raises it by that much."""

from __future__ import annotations

from typing import Any

import pytest

from agents.core.session import Session
from agents.marketing.store import MarketingStore
from tests.support.helpers import one, text_of, types


def _ids(mkt: Session) -> dict[str, str]:
    return {c["name"]: c["id"] for c in MarketingStore(mkt.store).campaigns("demo")}


def _budget(mkt: Session, name: str) -> int:
    return next(int(c["daily_budget"]) for c in MarketingStore(mkt.store).campaigns("demo") if c["name"] == name)


def _call(mkt: Session, *messages: str) -> Any:
    events: list[Any] = []
    for message in messages:
        events = mkt.run(message)
    return one(events, "tool_call")


def _given(args: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in args.items() if v is not None}


@pytest.mark.parametrize(("before", "text", "name", "step"), [
    ("신규 회원 전환 요즘 어떤지 봐줘", "일 예산에서 2만원만 덜어줘", "신규 회원 전환", -20_000),
    ("how is 앱 설치 프로모션 doing?", "add 10k to the daily budget", "앱 설치 프로모션", 10_000),
    ("VIP 재구매 하루 예산 얼마로 돼 있어?", "그럼 9만원으로 올려줘", "VIP 재구매", 30_000),
    ("봄 시즌 세일 상세 좀", "3만원 더", "봄 시즌 세일", 30_000),
])
def test_a_budget_change_naming_no_campaign_keeps_the_one_just_looked_at(mkt: Session, before: str, text: str,
                                                                         name: str, step: int) -> None:
    events = [mkt.run(before), mkt.run(text)][1]
    assert [t for t in types(events) if t != "thinking"] == ["text", "tool_call", "action_confirmation", "done"], text
    call = one(events, "tool_call")
    assert (call.name, _given(call.args)) == ("updateCampaignBudget", {"campaignId": _ids(mkt)[name],
                                                                       "dailyBudget": _budget(mkt, name) + step})


def test_a_metric_picked_out_of_a_campaign_s_kpi_keeps_its_campaign_and_period(mkt: Session) -> None:
    call = _call(mkt, "카카오 채널 유입 2주 실적 보여줘", "ROAS만 따로 알려줘")
    assert (call.name, _given(call.args)) == ("getPerformanceKPI", {"campaignId": _ids(mkt)["카카오 채널 유입"],
                                                                    "period": "14d"})
    call = _call(mkt, "전체 CTR은?")  # the whole account, not the campaign just shown
    assert (call.name, _given(call.args)) == ("getPerformanceKPI", {"period": "7d"})


@pytest.mark.parametrize(("before", "text", "tool", "name"), [
    ("캠페인 목록 좀 띄워 줄래", "세번째 거 하루 예산 얼마로 잡혀 있어?", "getCampaignDetail", None),
    ("광고비 많이 쓴 순서로 캠페인 정렬해줘", "젤 위에 있는 거 상세 정보", "getCampaignDetail", "top"),
])
def test_a_position_is_read_with_the_campaign_it_points_at(mkt: Session, before: str, text: str, tool: str,
                                                           name: str | None) -> None:
    listed = one(mkt.run(before), "tool_result").data["campaigns"]
    call = one(mkt.run(text), "tool_call")
    expected = listed[0]["id"] if name == "top" else listed[2]["id"]
    assert (call.name, _given(call.args)) == (tool, {"campaignId": expected}), text


@pytest.mark.parametrize(("before", "text"), [
    ("브랜드 인지도 캠페인 성과 보여줘", "거기 헤드라인도 2개만 뽑아줘"),
    ("앱 설치 프로모션 상세 보여줘", "이 캠페인에 쓸 광고 카피도 부탁해, 상품은 가계부 앱"),
])
def test_ad_copy_for_the_campaign_pointed_at(mkt: Session, before: str, text: str) -> None:
    call = _call(mkt, before, text)
    name = before.split(" 성과")[0].split(" 상세")[0]
    assert call.name == "generateAdCopy" and call.args["campaignId"] == _ids(mkt)[name], text
    assert call.args["product"] in (name, "가계부 앱")


def test_a_comparison_again_over_another_window_or_with_one_more(mkt: Session) -> None:
    ids = _ids(mkt)
    first = _call(mkt, "신규 회원 전환이랑 카카오 채널 유입 비교해줘")
    call = _call(mkt, "30일 기준으로 다시 비교해봐")
    assert (call.name, call.args["campaignIds"], call.args["period"]) == ("compareCampaigns",
                                                                           first.args["campaignIds"], "30d")
    call = _call(mkt, "이것도 같이 비교해줘 앱 설치 프로모션")
    assert call.args["campaignIds"] == [*first.args["campaignIds"], ids["앱 설치 프로모션"]]


@pytest.mark.parametrize(("text", "metric"), [
    ("카카오 채널 유입 CTR 왜 이렇게 낮아?", "ctr"),
    ("여름 신상품 런칭 매출 줄었던데 이유가 뭐야", "revenue"),
    ("why did 브랜드 인지도 캠페인's ROAS drop?", "roas"),
])
def test_why_one_campaign_s_figure_moved_is_the_trend_analysis(mkt: Session, text: str, metric: str) -> None:
    call = one(mkt.run(text), "tool_call")
    assert (call.name, call.args["metric"]) == ("analyzeTrends", metric), text
    call = one(mkt.run("신규 회원 전환 왜 멈춰있어?"), "tool_call")  # a state asked about is its detail
    assert call.name == "getCampaignDetail"


@pytest.mark.parametrize("text", ["what days of the week bring us the most conversions?", "무슨 요일에 성과가 제일 좋아?"])
def test_weekdays_ask_for_the_trend_and_name_no_period(mkt: Session, text: str) -> None:
    call = one(mkt.run(text), "tool_call")
    assert (call.name, call.args["period"]) == ("analyzeTrends", "14d"), text


@pytest.mark.parametrize(("text", "dates"), [
    ("'연말 파티' 이름으로 매출 캠페인 만들어줘 하루 6만원, 12월 10일부터 12월 24일까지",
     {"startDate": "2026-12-10", "endDate": "2026-12-24"}),
    ("new traffic campaign 50k a day from Dec 5 to Jan 10, call it Holiday Traffic",
     {"startDate": "2026-12-05", "endDate": "2027-01-10"}),
    ("전환 캠페인 만들어줘 하루 7만원 1월 15일 시작", {"startDate": "2027-01-15"}),
    ("create an awareness campaign, 100000 per day, running until 12/24", {"endDate": "2026-12-24"}),
])
def test_a_new_campaign_s_dates(mkt: Session, text: str, dates: dict[str, str]) -> None:
    events = mkt.run(text)
    call = one(events, "tool_call")
    assert call.name == "createCampaign" and {k: str(call.args.get(k)) for k in dates} == dates, text
    one(events, "action_confirmation")


@pytest.mark.parametrize(("text", "product", "name"), [
    ("여름 신상품 런칭에 붙일 쿨토시 카피 뽑아줘", "쿨토시", "여름 신상품 런칭"),
    ("VIP 재구매 캠페인에 쓸 텀블러 광고 문구 만들어줘", "텀블러", "VIP 재구매"),
    ("봄 시즌 세일용으로 쓸 트렌치 코트 카피 2개", "트렌치 코트", "봄 시즌 세일"),
    ("봄 시즌 세일 광고 카피 써줘", "봄 시즌 세일", "봄 시즌 세일"),
])
def test_ad_copy_for_a_product_that_runs_in_a_campaign(mkt: Session, text: str, product: str, name: str) -> None:
    call = one(mkt.run(text), "tool_call")
    assert (call.name, call.args["product"], call.args["campaignId"]) == ("generateAdCopy", product,
                                                                          _ids(mkt)[name]), text


def test_resume_is_no_campaign_s_name(mkt: Session) -> None:
    for text in ("resume campaign", "resume the campaign please"):
        events = mkt.run(text)
        call = one(events, "tool_call")
        assert (call.name, call.args["slot"]) == ("askClarification", "campaign"), text
        assert not [e for e in events if e.type == "action_confirmation"]
    call = one(mkt.run("resume the summer launch campaign"), "tool_call")
    assert (call.name, call.args) == ("resumeCampaign", {"campaignId": _ids(mkt)["여름 신상품 런칭"]})


def test_a_campaign_given_with_an_amount_more_after_which_campaign(mkt: Session) -> None:
    asked = _call(mkt, "예산 좀 늘려 줘")
    assert asked.name == "askClarification"
    call = _call(mkt, "앱 설치 프로모션, 2만원 더")
    assert (call.name, _given(call.args)) == ("updateCampaignBudget", {"campaignId": _ids(mkt)["앱 설치 프로모션"],
                                                                       "dailyBudget": _budget(mkt, "앱 설치 프로모션") + 20_000})


def test_the_new_follow_up_sentences_are_english_for_an_english_conversation(mkt: Session) -> None:
    mkt.run("where should I move budget?")
    events = mkt.run("redo it with a 40% shift")
    assert one(events, "tool_call").args["shiftShare"] == 0.4
    assert text_of(events).startswith("Let me look at the budget split again")
    mkt.run("write ad copy for a yoga mat")
    events = mkt.run("just 2 this time, same again")
    assert one(events, "tool_call").args["count"] == 2
    assert text_of(events).startswith("Here are draft ad copies for 'yoga mat'")  # no Korean in an English chat


@pytest.mark.parametrize(("before", "text", "period"), [
    ("앱 설치 프로모션 성과 어떤지 알려줘", "걔 2주치로는?", "14d"),
    ("카카오 채널 유입 오늘 실적", "그거 한달 기준으로는?", "30d"),
])
def test_a_pronoun_and_a_window_ask_the_same_kpi_on_it(mkt: Session, before: str, text: str, period: str) -> None:
    first = _call(mkt, before)
    call = _call(mkt, text)
    assert (call.name, _given(call.args)) == ("getPerformanceKPI", {"campaignId": first.args["campaignId"],
                                                                    "period": period}), text


@pytest.mark.parametrize(("text", "said"), [
    ("ROAS 4면 잘하고 있는 거야?", "3~4 이상이면 양호"),
    ("CTR 2%면 선방한 건가?", "0.5~1.5%"),
    ("ROAS랑 ROI 차이가 뭐야", "ROI(투자 수익률)"),
    ("CPM은 왜 중요해?", "타깃이 좁을수록"),
    ("why does CTR matter?", "catches the eye"),
])
def test_a_concept_a_benchmark_or_why_a_metric_matters_is_explained(mkt: Session, text: str, said: str) -> None:
    events = mkt.run(text)
    assert [t for t in types(events) if t != "thinking"] == ["text", "suggested_questions", "done"], text
    assert said in text_of(events), text


@pytest.mark.parametrize(("text", "tool"), [
    ("any campaign spending way more than usual?", "checkAnomalies"),
    ("평소보다 클릭 확 줄어든 캠페인 있어?", "checkAnomalies"),
    ("예산 효율 좋게 재배치하려면 어떻게 해야 돼?", "getBudgetRecommendation"),
])
def test_a_question_about_spend_changes_nothing(mkt: Session, text: str, tool: str) -> None:
    events = mkt.run(text)
    assert one(events, "tool_call").name == tool, text
    assert not [e for e in events if e.type == "action_confirmation"]


@pytest.mark.parametrize(("before", "text", "name"), [
    ("신규 회원 전환 예산 5만원 올려줘", "아 잠깐 취소하고 그냥 상세부터 보여줘", "신규 회원 전환"),
    ("여름 신상품 런칭 일시정지해줘", "아니 멈추지 말고 상세만 보여줘", "여름 신상품 런칭"),
])
def test_a_change_taken_back_for_a_look_at_the_same_campaign(mkt: Session, before: str, text: str, name: str) -> None:
    call = _call(mkt, before, text)
    assert (call.name, _given(call.args)) == ("getCampaignDetail", {"campaignId": _ids(mkt)[name]}), text


@pytest.mark.parametrize(("before", "text", "name", "percent"), [
    ("카카오 채널 유입 예산 반으로 줄여줘", "아 그거 말고 20%만", "카카오 채널 유입", -20.0),
    ("VIP 재구매 예산 30% 올려줘", "그거 말고 10%만", "VIP 재구매", 10.0),
])
def test_a_ratio_corrected_with_a_pronoun_keeps_the_campaign_and_direction(mkt: Session, before: str, text: str,
                                                                          name: str, percent: float) -> None:
    call = _call(mkt, before, text)
    assert (call.name, _given(call.args)) == ("updateCampaignBudget", {"campaignId": _ids(mkt)[name],
                                                                       "changePercent": percent}), text


def test_the_plan_followed_is_the_plan_again(mkt: Session) -> None:
    first = _call(mkt, "예산 어떻게 나눌지 추천해줘")
    call = _call(mkt, "그 추천대로 하면 봄 시즌 세일 예산은 얼마가 돼?")
    assert (call.name, call.args) == ("getBudgetRecommendation", first.args)


def test_a_count_before_a_hyphenated_word(mkt: Session) -> None:
    call = _call(mkt, "write 3 luxury-sounding headlines for our leather wallet")
    assert (call.args["count"], call.args["tone"], call.args["product"]) == (3, "고급스러운", "leather wallet")


@pytest.mark.parametrize(("text", "tool"), [
    ("이번주 광고비 넘 많이 나간거 같은데 얼마 썼냐", "getPerformanceKPI"),
    ("how much have we spent so far this week?", "getPerformanceKPI"),
    ("광고비 제일 많이 쓴 캠페인 어디야", "listCampaigns"),
    ("요즘 ctr 계속 떨어지는데 왜 그런지 분석 좀", "analyzeTrends"),
    ("why do conversions keep falling?", "analyzeTrends"),
    ("is anything broken with our campaigns right now?", "checkAnomalies"),
    ("지금 뭔가 터진 캠페인 있어?", "checkAnomalies"),
    ("which campaign deserves more budget?", "getBudgetRecommendation"),
    ("전주 대비 전환 얼마나 늘었어", "getPerformanceKPI"),
    ("how did revenue do compared to last week?", "getPerformanceKPI"),
])
def test_a_question_reads_as_the_figures_it_asks_for(mkt: Session, text: str, tool: str) -> None:
    events = mkt.run(text)
    assert one(events, "tool_call").name == tool, text
    assert not [e for e in events if e.type == "action_confirmation"]


@pytest.mark.parametrize(("text", "said"), [("ROAS 2.1이면 손해야?", "손익분기점"), ("is a ROAS of 0.8 a loss?", "a loss")])
def test_whether_a_figure_is_a_loss_is_explained(mkt: Session, text: str, said: str) -> None:
    events = mkt.run(text)
    assert not [e for e in events if e.type == "tool_call"], text
    assert said in text_of(events), text


def test_a_campaign_dug_up_in_slang_is_created(mkt: Session) -> None:
    call = _call(mkt, "리드 캠페인 하나 파줘 일 5만")
    assert (call.name, call.args["objective"], call.args["dailyBudget"]) == ("createCampaign", "OUTCOME_LEADS", 50_000)


def test_the_trend_again_by_one_metric(mkt: Session) -> None:
    first = _call(mkt, "최근 트렌드 분석해줘")
    call = _call(mkt, "ROAS 기준으로만 다시")
    assert (call.name, call.args["metric"], call.args["period"]) == ("analyzeTrends", "roas", first.args["period"])


def test_a_setting_asked_after_a_campaign_s_detail_is_its_detail(mkt: Session) -> None:
    call = _call(mkt, "봄 시즌 세일 상세", "타겟 연령대는?")
    assert (call.name, _given(call.args)) == ("getCampaignDetail", {"campaignId": _ids(mkt)["봄 시즌 세일"]})


def test_the_worst_of_a_list_sorted_by_a_figure_and_the_paused_one_of_a_list(mkt: Session) -> None:
    listed = one(mkt.run("list campaigns by ROAS"), "tool_result").data["campaigns"]
    worst = min((c for c in listed if c["spend"] > 0), key=lambda c: c["roas"])
    call = _call(mkt, "pause the worst one")
    assert (call.name, _given(call.args)) == ("pauseCampaign", {"campaignId": worst["id"]})
    mkt.run("캠페인 리스트 좀 띄워줘")
    call = _call(mkt, "그 중에 꺼진 거 다시 켜줘")  # VIP 재구매 is the one paused
    assert (call.name, _given(call.args)) == ("resumeCampaign", {"campaignId": _ids(mkt)["VIP 재구매"]})


def test_a_change_on_one_of_two_compared_asks_which(mkt: Session) -> None:
    mkt.run("여름 신상품 런칭이랑 봄 시즌 세일 비교해줘")
    events = mkt.run("둘 중에 ROAS 낮은 거 예산 10% 줄여")
    call = one(events, "tool_call")
    assert (call.name, call.args["slot"]) == ("askClarification", "campaign")
    assert not [e for e in events if e.type == "action_confirmation"]


@pytest.mark.parametrize(("text", "total"), [
    ("If I have 3 million won for next month, how should I split it across campaigns?", 3_000_000),
    ("we'll have 1.5M won next month, how do I divide it between campaigns?", 1_500_000),
])
def test_millions_written_in_english_are_the_total_to_split(mkt: Session, text: str, total: int) -> None:
    call = _call(mkt, text)
    assert (call.name, call.args["totalBudget"]) == ("getBudgetRecommendation", total), text


@pytest.mark.parametrize(("text", "count"), [("Give me two friendly taglines for our organic baby food", 2),
                                             ("write 4 slogans for a coffee grinder", 4)])
def test_taglines_and_slogans_are_ad_copy_with_their_count(mkt: Session, text: str, count: int) -> None:
    call = _call(mkt, text)
    assert (call.name, call.args["count"]) == ("generateAdCopy", count), text


@pytest.mark.parametrize("text", ["여름 신상품 런칭 하루 예산 25만 원까지 올려도 돼?", "can I raise the spring sale budget to 200k?",
                                  "카카오 채널 유입 예산 더 써도 괜찮을까?"])
def test_asking_whether_a_raise_is_wise_asks_for_the_plan_and_changes_nothing(mkt: Session, text: str) -> None:
    events = mkt.run(text)
    assert one(events, "tool_call").name == "getBudgetRecommendation", text
    assert not [e for e in events if e.type == "action_confirmation"]
    call = _call(mkt, "raise the spring sale budget to 200k")  # said as a request, it is the change
    assert (call.name, call.args["dailyBudget"]) == ("updateCampaignBudget", 200_000)
