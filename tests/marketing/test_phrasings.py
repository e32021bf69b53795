"""Korean and English phrasings routed to the right tool and arguments by the offline model."""

from __future__ import annotations

import pytest

from agents.marketing.nlu import understand
from agents.marketing.store import MarketingStore

# (text, tool, expected args subset); campaign names resolve to ids through the roster.
CASES = [
    ("이번 주 성과 어때?", "getPerformanceKPI", {"period": "7d"}),
    ("오늘 성과 알려줘", "getPerformanceKPI", {"period": "today"}),
    ("어제 광고비 얼마 썼어?", "getPerformanceKPI", {"period": "today"}),
    ("최근 2주 ROAS 보여줘", "getPerformanceKPI", {"period": "14d"}),
    ("한 달 매출 어때", "getPerformanceKPI", {"period": "30d"}),
    ("지난 30일 전환 몇 건이야?", "getPerformanceKPI", {"period": "30d"}),
    ("How are we doing this week?", "getPerformanceKPI", {"period": "7d"}),
    ("show me performance for the last 30 days", "getPerformanceKPI", {"period": "30d"}),
    ("what's our ROAS over two weeks", "getPerformanceKPI", {"period": "14d"}),
    ("봄 시즌 세일 성과 어때?", "getPerformanceKPI", {"campaignId": "봄 시즌 세일", "period": "7d"}),
    ("캠페인 목록 보여줘", "listCampaigns", {"status": "ALL"}),
    ("list all campaigns", "listCampaigns", {"status": "ALL"}),
    ("진행 중인 캠페인만 보여줘", "listCampaigns", {"status": "ACTIVE"}),
    ("일시정지된 캠페인 뭐 있어?", "listCampaigns", {"status": "PAUSED"}),
    ("성과 좋은 캠페인은 어떤 거야?", "listCampaigns", {"sortBy": "roas", "order": "desc"}),
    ("성과 제일 나쁜 캠페인은?", "listCampaigns", {"sortBy": "roas", "order": "asc"}),
    ("which campaigns are the best?", "listCampaigns", {"sortBy": "roas", "order": "desc"}),
    ("리타겟팅 캠페인 상세 정보", "getCampaignDetail", {"campaignId": "리타겟팅 - 장바구니"}),
    ("VIP 재구매는?", "getCampaignDetail", {"campaignId": "VIP 재구매"}),
    ("주간 보고서 만들어줘", "generateReport", {"period": "7d"}),
    ("한 달 리포트 뽑아줘", "generateReport", {"period": "30d"}),
    ("give me a weekly report", "generateReport", {"period": "7d"}),
    ("최근 이상 징후가 있어?", "checkAnomalies", {}),
    ("뭔가 문제 있는 캠페인 있어?", "checkAnomalies", {}),
    ("any anomalies?", "checkAnomalies", {}),
    ("최근 트렌드 분석해줘", "analyzeTrends", {"period": "14d"}),
    ("요일별 패턴 보여줘", "analyzeTrends", {}),
    ("CTR이 왜 떨어졌어?", "analyzeTrends", {}),
    ("예산을 늘려도 될까?", "getBudgetRecommendation", {}),
    ("예산 재분배 추천해줘", "getBudgetRecommendation", {}),
    ("where should I spend my budget?", "getBudgetRecommendation", {}),
    ("새 캠페인 만들고 싶어", "askClarification", {"slot": "objective", "intent": "createCampaign"}),
    ("전환 캠페인 만들어줘", "askClarification", {"slot": "dailyBudget", "known": {"objective": "OUTCOME_SALES"}}),
    ("트래픽 캠페인 생성해줘 예산 5만 원", "createCampaign",
     {"objective": "OUTCOME_TRAFFIC", "dailyBudget": 50000, "name": "트래픽 캠페인 2026-11"}),
    ("create a new awareness campaign with ₩100,000 per day", "createCampaign",
     {"objective": "OUTCOME_AWARENESS", "dailyBudget": 100000}),
    ("'겨울 특가'라는 매출 캠페인 만들어줘 100000원", "createCampaign",
     {"name": "겨울 특가", "objective": "OUTCOME_SALES", "dailyBudget": 100000}),
    ("봄 시즌 세일 예산 20만원으로 바꿔줘", "updateCampaignBudget", {"campaignId": "봄 시즌 세일", "dailyBudget": 200000}),
    ("신규 회원 전환 예산 10% 줄여줘", "updateCampaignBudget", {"campaignId": "신규 회원 전환", "changePercent": -10.0}),
    ("여름 신상품 런칭 예산을 ₩250,000으로 올려", "updateCampaignBudget",
     {"campaignId": "여름 신상품 런칭", "dailyBudget": 250000}),
    ("increase the budget of 카카오 채널 유입 to 70000원", "updateCampaignBudget",
     {"campaignId": "카카오 채널 유입", "dailyBudget": 70000}),
    ("앱 설치 프로모션 일시정지해줘", "pauseCampaign", {"campaignId": "앱 설치 프로모션"}),
    ("pause 브랜드 인지도 캠페인", "pauseCampaign", {"campaignId": "브랜드 인지도 캠페인"}),
    ("VIP 재구매 다시 시작해줘", "resumeCampaign", {"campaignId": "VIP 재구매"}),
    ("resume VIP 재구매", "resumeCampaign", {"campaignId": "VIP 재구매"}),
    ("리드 수집 캠페인 삭제해줘", "deleteCampaign", {"campaignId": "리드 수집 - 무료 샘플"}),
    ("캠페인 일시정지해줘", "askClarification", {"slot": "campaign", "intent": "pauseCampaign"}),
    ("세일 예산 바꿔줘 10만원", "updateCampaignBudget", {"campaignId": "봄 시즌 세일", "dailyBudget": 100000}),
    ("유기농 이유식 광고 카피 써줘", "generateAdCopy", {"product": "유기농 이유식"}),
    ("write ad copy for organic baby food", "generateAdCopy", {"product": "organic baby food"}),
]

TEXT_ONLY = ["안녕", "고마워!", "오늘 날씨 어때?", "점심 뭐 먹지"]


@pytest.fixture
def roster(mkt):
    return [(c["id"], c["name"]) for c in MarketingStore(mkt.store).campaigns("demo")]


def test_there_are_at_least_40_cases():
    assert len(CASES) >= 40 and len({c[0] for c in CASES}) == len(CASES)


@pytest.mark.parametrize(("text", "tool", "args"), CASES, ids=[c[0] for c in CASES])
def test_routing(roster, text, tool, args):
    names = {name: cid for cid, name in roster}
    decided = understand(text, roster, "2026-11")
    assert decided.tool == tool, (text, decided)
    for key, value in args.items():
        if key == "campaignId":
            value = names[value]
        if key == "known":
            assert decided.args[key] == value
        else:
            assert decided.args.get(key) == value, (key, decided.args)


@pytest.mark.parametrize("text", TEXT_ONLY)
def test_small_talk_and_off_topic_get_text_without_tools(roster, text):
    decided = understand(text, roster, "2026-11")
    assert decided.tool is None and decided.text
