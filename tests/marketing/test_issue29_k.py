"""Issue 29, marketing, the kinds blind set K's tune half and J's test half left, each with sentences of our own
(Korean, English, slang, polite, follow-ups) as real Session conversations."""

from __future__ import annotations

from typing import Any

import pytest

from agents.core.session import Session
from tests.marketing.turns import ANSWERED, CONFIRM, REPLACED, campaign_ids, given, last_events, shown
from tests.support.helpers import one, text_of, types


@pytest.mark.parametrize(("text", "campaign", "period"), [
    ("봄 시즌 세일 어제 예산 다 소진했는지 봐줘", "봄 시즌 세일", "today"),
    ("VIP 재구매 이번 주에 예산 얼마나 썼어?", "VIP 재구매", "7d"),
    ("여름 신상품 런칭 오늘 예산 많이 나간 것 같은데 체크 좀", "여름 신상품 런칭", "today"),
    ("did 앱 설치 프로모션 burn through its budget today?", "앱 설치 프로모션", "today"),
    ("카카오 채널 유입 2주 동안 예산 쓴 거 보여줘", "카카오 채널 유입", "14d"),
])
def test_a_budget_already_spent_by_one_campaign_is_its_kpi(mkt: Session, text: str, campaign: str,
                                                           period: str) -> None:
    """Money gone over a window is a spend figure; the budget setting stays the campaign's detail."""
    call = one(last_events(mkt, text), "tool_call")
    assert (call.name, given(call.args)) == ("getPerformanceKPI",
                                               {"campaignId": campaign_ids(mkt)[campaign], "period": period}), text


@pytest.mark.parametrize("text", ["카카오 채널 유입 예산 얼마로 잡혀 있어?", "리타겟팅 - 장바구니 예산 얼마 남았는지 알려줘"])
def test_a_budget_setting_of_one_campaign_stays_its_detail(mkt: Session, text: str) -> None:
    assert one(last_events(mkt, text), "tool_call").name == "getCampaignDetail", text


@pytest.mark.parametrize("text", [
    "성과 좋은 캠페인에 예산 더 주는 쪽으로 플랜 좀 짜줘",
    "돈 되는 캠페인에 예산 몰빵하는 안 만들어봐",
    "수익 잘 나는 데로 예산 옮기는 계획 세워줘",
    "draft a plan to shift budget toward the campaigns that make money",
    "잘 안 되는 캠페인 예산 빼서 잘 되는 데 주는 안 짜봐",
    "효율 좋은 애들한테 예산 밀어주는 안 하나 뽑아줘요",
])
def test_a_budget_plan_asked_for_in_chat_speak_is_a_recommendation(mkt: Session, text: str) -> None:
    """"...하는 안 짜봐" asks for a proposal: the recommendation, never a question about a campaign to change."""
    events = last_events(mkt, text)
    assert one(events, "tool_call").name == "getBudgetRecommendation", text
    assert "action_confirmation" not in types(events), text


def test_a_budget_doubled_with_no_campaign_still_asks_which(mkt: Session) -> None:
    assert one(last_events(mkt, "예산 좀 세 배로 키워줘"), "tool_call").name == "askClarification"


@pytest.mark.parametrize(("before", "text", "said"), [
    ([], "광고 피로도가 뭐예요?", "같은 사람에게 같은 소재"),
    ([], "룩어라이크 타겟이 뭐야", "유사 타겟"),
    ([], "what is a frequency cap?", "impressions ÷ reach"),
    ([], "리치랑 노출 차이가 뭐야?", "도달 1·노출 3"),
    (["이번 주 전환 몇 건 찍혔어"], "어트리뷰션 윈도우가 무슨 뜻이에요?", "클릭 후 7일"),
    ([], "학습 단계란?", "50건"),
])
def test_an_ad_term_outside_the_metrics_is_explained(mkt: Session, before: list[str], text: str, said: str) -> None:
    events = last_events(mkt, *before, text)
    assert shown(events) == ANSWERED, text
    assert said in text_of(events), text


@pytest.mark.parametrize(("text", "word", "said"), [
    ("광고 품질 지수가 뭐예요?", "광고 품질 지수", "용어 목록에 없어요"),
    ("what is an ad relevance score?", "ad relevance score", "not among the terms"),
])
def test_a_word_no_glossary_holds_is_said_to_be_unknown_with_the_known_ones(mkt: Session, text: str, word: str,
                                                                            said: str) -> None:
    events = last_events(mkt, text)
    assert shown(events) == ANSWERED, text
    assert word in text_of(events) and said in text_of(events) and "ROAS" in text_of(events), text


@pytest.mark.parametrize(("text", "tool"), [("제일 잘 나가는 캠페인이 뭐야?", "listCampaigns"),
                                            ("이번 주 노출 몇 번이야", "getPerformanceKPI"),
                                            ("봄 시즌 세일 노출 수 알려줘", "getPerformanceKPI")])
def test_a_question_about_the_account_with_such_a_word_still_reads_the_data(mkt: Session, text: str,
                                                                            tool: str) -> None:
    assert one(last_events(mkt, text), "tool_call").name == tool, text


@pytest.mark.parametrize(("before", "text", "campaign", "question"), [
    ([], "카카오 채널 유입 예산 좀 손봐 줄래", "카카오 채널 유입", "얼마로"),
    (["지난 2주 성과 보여줘"], "브랜드 인지도 캠페인 예산 좀 만져줘", "브랜드 인지도 캠페인", "얼마로"),
    (["오늘 광고비 얼마야"], "봄 시즌 세일 예산 살짝 손봐주세요", "봄 시즌 세일", "얼마로"),
    ([], "can you tweak the budget for 리타겟팅 - 장바구니?", "리타겟팅 - 장바구니", "daily budget"),
    ([], "VIP 재구매 예산 건드려줘", "VIP 재구매", "얼마로"),
])
def test_a_budget_change_said_with_a_vague_verb_and_no_figure_asks_how_much(
        mkt: Session, before: list[str], text: str, campaign: str, question: str) -> None:
    """"예산 좀 손봐줘" changes the budget but says no figure: the campaign is kept, the amount asked, nothing run."""
    events = last_events(mkt, *before, text)
    call = one(events, "tool_call")
    assert call.name == "askClarification", text
    assert (call.args["slot"], call.args["intent"], call.args["known"]) == (
        "dailyBudget", "updateCampaignBudget", {"campaignId": campaign_ids(mkt)[campaign]}), text
    assert question in call.args["question"] and "action_confirmation" not in types(events), text


@pytest.mark.parametrize(("before", "text", "campaign", "period"), [
    ([], "다음 주에 봄 시즌 세일 예산 줄일까 생각 중인데요, 우선 지난 한 달 동안 이 캠페인 실적이 어땠는지부터 보고 싶어요",
     "봄 시즌 세일", "30d"),
    ([], "앱 설치 프로모션 예산을 올리려고 하는데요, 일단 지난 2주 ROAS부터 확인해 주세요", "앱 설치 프로모션", "14d"),
    ([], "I'm thinking of pausing 카카오 채널 유입 next week, but first show me how it did over the last 14 days",
     "카카오 채널 유입", "14d"),
    ([], "VIP 재구매 끌지 말지 고민 중이야 그 전에 오늘 전환 몇 건인지 알려줘", "VIP 재구매", "today"),
    (["이번 달 보고서 만들어줘"], "여름 신상품 런칭 예산 늘릴 예정인데 먼저 이번 주 성과부터 볼게요", "여름 신상품 런칭", "7d"),
])
def test_a_long_message_is_read_by_its_request_that_comes_second(mkt: Session, before: list[str], text: str,
                                                                  campaign: str, period: str) -> None:
    """A plan or a doubt first, then "그 전에 / 우선 / but first" and the request: the request is answered, about the
    campaign the first clause named, and nothing is changed."""
    events = last_events(mkt, *before, text)
    call = one(events, "tool_call")
    assert (call.name, given(call.args)) == ("getPerformanceKPI",
                                               {"campaignId": campaign_ids(mkt)[campaign], "period": period}), text
    assert "action_confirmation" not in types(events), text


def test_a_long_message_whose_second_clause_lists_campaigns_lists_them(mkt: Session) -> None:
    call = one(last_events(mkt, "새 캠페인 하나 만들 계획인데 그 전에 지금 돌아가는 캠페인 목록부터 보여줘"), "tool_call")
    assert call.name == "listCampaigns"


@pytest.mark.parametrize(("text", "status"), [
    ("지워진 캠페인도 볼 수 있나요?", "DELETED"),
    ("삭제했던 캠페인도 보여?", "DELETED"),
    ("can I see the deleted campaigns as well?", "DELETED"),
    ("일시정지된 캠페인 뭐뭐 있는지 보고 싶어", "PAUSED"),
    ("꺼져 있는 캠페인들 좀 볼 수 있을까", "PAUSED"),
])
def test_campaigns_in_a_state_asked_to_be_seen_are_listed_not_changed(mkt: Session, text: str, status: str) -> None:
    events = last_events(mkt, text)
    call = one(events, "tool_call")
    assert (call.name, call.args.get("status")) == ("listCampaigns", status), text
    assert "action_confirmation" not in types(events), text


def test_a_delete_with_no_campaign_still_asks_which(mkt: Session) -> None:
    assert one(last_events(mkt, "캠페인 하나 지우고 싶어"), "tool_call").name == "askClarification"


@pytest.mark.parametrize(("before", "text", "campaigns", "period"), [
    ("신규 회원 전환이랑 리타겟팅 - 장바구니 2주 비교해줘", "아니 그거 말고 VIP 재구매랑 봄 시즌 세일 비교해줘",
     ["VIP 재구매", "봄 시즌 세일"], "14d"),
    ("여름 신상품 런칭이랑 봄 시즌 세일 한달 비교", "그거 말고 카카오 채널 유입이랑 앱 설치 프로모션으로",
     ["카카오 채널 유입", "앱 설치 프로모션"], "30d"),
    ("compare VIP 재구매 and 브랜드 인지도 캠페인", "no, 신규 회원 전환 vs 리타겟팅 - 장바구니 instead",
     ["신규 회원 전환", "리타겟팅 - 장바구니"], "14d"),
    ("VIP 재구매랑 앱 설치 프로모션 2주 비교해줘", "앱 설치 프로모션이랑 VIP 재구매 말고 봄 시즌 세일이랑 여름 신상품 런칭",
     ["봄 시즌 세일", "여름 신상품 런칭"], "14d"),
])
def test_a_comparison_taken_back_compares_only_the_campaigns_said_instead(
        mkt: Session, before: str, text: str, campaigns: list[str], period: str) -> None:
    call = one(last_events(mkt, before, text), "tool_call")
    ids = campaign_ids(mkt)
    assert (call.name, call.args["campaignIds"], call.args["period"]) == (
        "compareCampaigns", [ids[c] for c in campaigns], period), text


def test_a_campaign_added_to_a_comparison_still_joins_it(mkt: Session) -> None:
    call = one(last_events(mkt, "신규 회원 전환이랑 리타겟팅 - 장바구니 2주 비교해줘", "VIP 재구매도 같이 넣어서"), "tool_call")
    ids = campaign_ids(mkt)
    assert call.args["campaignIds"] == [ids["신규 회원 전환"], ids["리타겟팅 - 장바구니"], ids["VIP 재구매"]]


@pytest.mark.parametrize(("before", "text", "campaign", "budget"), [
    ("카카오 채널 유입 예산 6만원으로 맞춰줘", "그거 말고 봄 시즌 세일을 7만원으로", "봄 시즌 세일", 70000),
    ("VIP 재구매 예산 10만원으로 바꿔줘", "아 VIP 재구매 말고 앱 설치 프로모션을 9만원으로 해줘", "앱 설치 프로모션", 90000),
    ("브랜드 인지도 캠페인 예산 8만원으로 올려줘", "not that one, set 여름 신상품 런칭 to 200000 instead",
     "여름 신상품 런칭", 200000),
    ("리타겟팅 - 장바구니 일예산 5만원으로 해줘", "ㄴㄴ 그거 대신 신규 회원 전환 예산을 6만원으로", "신규 회원 전환", 60000),
])
def test_a_budget_change_taken_back_with_another_campaign_and_figure_is_that_change(
        mkt: Session, before: str, text: str, campaign: str, budget: int) -> None:
    """The new card replaces the old one; nothing runs before the person confirms it."""
    events = last_events(mkt, before, text)
    assert shown(events) == REPLACED, text
    call = one(events, "tool_call")
    assert (call.name, call.args["campaignId"], call.args["dailyBudget"]) == (
        "updateCampaignBudget", campaign_ids(mkt)[campaign], budget), text


def test_a_budget_correction_with_only_a_figure_keeps_its_campaign(mkt: Session) -> None:
    call = one(last_events(mkt, "카카오 채널 유입 예산 6만원으로 맞춰줘", "아니 7만원으로"), "tool_call")
    assert (call.name, call.args["campaignId"], call.args["dailyBudget"]) == (
        "updateCampaignBudget", campaign_ids(mkt)["카카오 채널 유입"], 70000)


@pytest.mark.parametrize(("before", "text", "product", "count"), [
    ("보온병 카피 3개 뽑아줘", "2개만 더 줘", "보온병", 2),
    ("머그컵 광고 카피 2개 써줘", "네 개만 더 뽑아줘", "머그컵", 4),
    ("스니커즈 광고 문구 써줘 친근하게", "두 개 더", "스니커즈", 2),
    ("캠핑 의자 광고 문구 뽑아줘", "give me 3 more", "캠핑 의자", 3),
    ("write ad copy for our yoga mat", "two more please", "yoga mat", 2),
])
def test_n_more_after_ad_copy_is_that_many_new_drafts_of_the_same_brief(mkt: Session, before: str, text: str,
                                                                         product: str, count: int) -> None:
    first = one(last_events(mkt, before), "tool_call")
    events = mkt.run(text)
    assert shown(events) == CONFIRM, text
    call = one(events, "tool_call")
    assert (call.name, call.args) == ("generateAdCopy", {**first.args, "count": count}), text
    assert call.args["product"] == product, text


@pytest.mark.parametrize(("before", "text", "campaign", "args"), [
    (["봄 시즌 세일 예산 얼마야", "그거 30% 올리면 얼마 돼?"], "ㅇㅇ 그걸로 가자 ㄱㄱ", "봄 시즌 세일",
     {"changePercent": 30.0}),
    (["what would VIP 재구매's budget be if we cut it by 10%?"], "ok do that", "VIP 재구매", {"changePercent": -10.0}),
    (["카카오 채널 유입 예산 5만원 올리면 얼마가 되지?"], "좋아 그렇게 해줘", "카카오 채널 유입", {"dailyBudget": 100000}),
    (["리타겟팅 - 장바구니 예산 반으로 줄이면 얼마야?"], "ㅇㅋ 그대로 진행", "리타겟팅 - 장바구니", {"changePercent": -50.0}),
])
def test_a_go_ahead_after_a_what_if_proposes_that_change_again(mkt: Session, before: list[str], text: str,
                                                               campaign: str, args: dict[str, Any]) -> None:
    """The what-if was answered on a card; "그걸로 ㄱㄱ" asks for that change: the same card again, run by its button."""
    events = last_events(mkt, *before, text)
    assert shown(events) == REPLACED, text
    call = one(events, "tool_call")
    assert (call.name, given(call.args)) == ("updateCampaignBudget", {"campaignId": campaign_ids(mkt)[campaign], **args}), text


def test_a_yes_after_a_plain_budget_request_still_points_at_the_card(mkt: Session) -> None:
    events = last_events(mkt, "앱 설치 프로모션 예산 20% 올려줘", "ㅇㅇ 진행해")
    assert shown(events) == ANSWERED and "[실행] 버튼" in text_of(events)


@pytest.mark.parametrize(("before", "text", "metric", "said"), [
    ("앱 설치 프로모션 상세 좀 열어줘", "여기 보이는 CPA 높은 편이야 낮은 편이야?", "CPA", "객단가 × 마진"),
    ("봄 시즌 세일 상세 정보", "이 ROAS면 괜찮은 편이야?", "ROAS", "3~4 이상"),
    ("이번 주 성과 좀 보여줄래", "CTR 이 정도면 낮은 거야?", "CTR", "0.5~1.5%"),
    ("VIP 재구매 상세 내역 보여줘", "is that CPA high?", "CPA", "order value × margin"),
    ("카카오 채널 유입이랑 VIP 재구매 비교해줘", "저 CVR 정상인 거야?", "CVR", "1~3%"),
])
def test_a_figure_just_shown_asked_high_or_low_is_weighed_in_text(mkt: Session, before: str, text: str, metric: str,
                                                                  said: str) -> None:
    events = last_events(mkt, before, text)
    assert shown(events) == ANSWERED, text
    assert metric in text_of(events) and said in text_of(events), text


def test_a_metric_ranking_after_a_figure_still_lists_campaigns(mkt: Session) -> None:
    call = one(last_events(mkt, "봄 시즌 세일 상세 정보", "CPA 높은 캠페인은?"), "tool_call")
    assert (call.name, call.args["sortBy"]) == ("listCampaigns", "cpa")


@pytest.mark.parametrize(("text", "sort", "order"), [
    ("광고비 대비 매출 제일 좋은 캠페인 뭐야", "roas", "desc"),
    ("비용 대비 수익 가장 낮은 캠페인 3개", "roas", "asc"),
    ("노출 대비 클릭 제일 높은 캠페인은?", "ctr", "desc"),
    ("which campaign brings the most revenue per ad spend?", "roas", "desc"),
])
def test_a_metric_said_as_a_ratio_ranks_by_that_metric(mkt: Session, text: str, sort: str, order: str) -> None:
    """"광고비 대비 매출" is ROAS, not two figures weighed against each other (which read as a trend analysis)."""
    call = one(last_events(mkt, text), "tool_call")
    assert (call.name, call.args["sortBy"], call.args["order"]) == ("listCampaigns", sort, order), text


def test_a_ratio_over_a_period_is_the_kpi(mkt: Session) -> None:
    call = one(last_events(mkt, "이번 주 광고비 대비 매출 어때?"), "tool_call")
    assert (call.name, call.args["period"]) == ("getPerformanceKPI", "7d")


@pytest.mark.parametrize(("text", "sort"), [
    ("전체 캠페인 ROAS 한번에 비교해줘", "roas"),
    ("캠페인별 CTR 비교 좀", "ctr"),
    ("compare CPA across all campaigns", "cpa"),
    ("모든 캠페인 지출 한꺼번에 비교해서 보여줘", "spend"),
])
def test_every_campaign_compared_on_one_metric_is_a_list_by_it(mkt: Session, text: str, sort: str) -> None:
    call = one(last_events(mkt, text), "tool_call")
    assert (call.name, call.args["sortBy"]) == ("listCampaigns", sort), text


@pytest.mark.parametrize("text", ["예산 좀 효율적으로 나눠봐", "남은 예산 캠페인들한테 알아서 나눠줘"])
def test_a_budget_to_be_split_is_a_recommendation(mkt: Session, text: str) -> None:
    assert one(last_events(mkt, text), "tool_call").name == "getBudgetRecommendation", text
