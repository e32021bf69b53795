"""Issue 29, marketing, the kinds blind set J's tune half and I's test half left, each with sentences of our own
(Korean, English, slang, polite, follow-ups) as real Session conversations: a metric asked about as a word with
the ask one clause later ("X는 뭐고 ...", "X ... 정확히 뭔데") is explained, not read as a query."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.marketing.store import MarketingStore
from tests.marketing.turns import ANSWERED, CONFIRM, campaign_ids, given, last_events, shown
from tests.support.helpers import one, text_of


@pytest.mark.parametrize(("before", "text", "term", "said"), [
    (["어제 광고비 얼마 썼어"], "CPC는 뭐고 어디에 쓰는데", "CPC", "광고비 ÷ 클릭"),
    (["이번 달 성과 정리해줘"], "ROAS는 뭐구 왜 봐야 돼?", "ROAS", "매출 ÷ 광고비"),
    (["지난 7일 KPI"], "CVR 높으면 좋은 거 맞지? 근데 정확히 뭔데", "CVR", "전환 ÷ 클릭"),
    ([], "CPA 그게 정확히 뭐임", "CPA", "광고비 ÷ 전환수"),
    (["오늘 노출 몇 번 됐어?"], "cpm 이게 도대체 무슨 뜻이에요?", "CPM", "1,000"),
    (["이번 주 클릭 수 알려줘"], "근데 CTR 이거 정확히 뭔 뜻임?", "CTR", "클릭 ÷ 노출"),
])
def test_a_word_asked_a_clause_later_is_explained(mkt: Session, before: list[str], text: str, term: str,
                                                  said: str) -> None:
    events = last_events(mkt, *before, text)
    assert shown(events) == ANSWERED, text
    assert term in text_of(events) and said in text_of(events), text


@pytest.mark.parametrize(("before", "text", "campaign"), [
    ("브랜드 인지도 캠페인 지난 2주 성과", "이상한 움직임은 없었어?", "브랜드 인지도 캠페인"),
    ("앱 설치 프로모션 이번 주 어때", "혹시 튀는 거 있어?", "앱 설치 프로모션"),
    ("카카오 채널 유입 상세 보여줘", "anything unusual?", "카카오 채널 유입"),
    ("봄 시즌 세일 한 달 KPI 보여줘", "이상 징후 체크 좀 해주세요", "봄 시즌 세일"),
])
def test_an_anomaly_check_after_one_campaign_keeps_it(mkt: Session, before: str, text: str, campaign: str) -> None:
    events = last_events(mkt, before, text)
    call = one(events, "tool_call")
    assert (call.name, given(call.args)) == ("checkAnomalies", {"campaignId": campaign_ids(mkt)[campaign]}), text


def test_an_anomaly_check_on_the_whole_account_stays_whole(mkt: Session) -> None:
    call = one(last_events(mkt, "봄 시즌 세일 성과 보여줘", "전체 이상 징후는?"), "tool_call")
    assert (call.name, given(call.args)) == ("checkAnomalies", {})


@pytest.mark.parametrize(("before", "text", "campaign", "period"), [
    ("신규 회원 전환 상세 보여줘", "그 캠페인 한 달 CTR 흐름은?", "신규 회원 전환", "30d"),
    ("VIP 재구매 캠페인 상세", "이거 7일 전환수 추이 보여줘", "VIP 재구매", "7d"),
    ("리타겟팅 - 장바구니 상세", "걔 2주 ROAS 추이는?", "리타겟팅 - 장바구니", "14d"),
    ("여름 신상품 런칭 상세 좀", "how has its CTR moved over the last 30 days?", "여름 신상품 런칭", "30d"),
])
def test_a_metric_over_a_window_of_the_campaign_pointed_at_is_its_kpi(mkt: Session, before: str, text: str,
                                                                      campaign: str, period: str) -> None:
    call = one(last_events(mkt, before, text), "tool_call")
    assert (call.name, given(call.args)) == ("getPerformanceKPI",
                                              {"campaignId": campaign_ids(mkt)[campaign], "period": period}), text


def test_why_about_the_campaign_pointed_at_is_not_read_as_its_figures(mkt: Session) -> None:
    call = one(last_events(mkt, "브랜드 인지도 캠페인 상세", "걔 왜 ROAS 떨어졌어?"), "tool_call")
    assert call.name != "getPerformanceKPI"


@pytest.mark.parametrize(("text", "metric"), [
    ("봄 시즌 세일 ctr 왜케 낮음", "ctr"),
    ("cpc 왤케 비싸", None),
    ("전환 왜 이리 적어?", None),
    ("카카오 채널 유입 cpm 왜캐 올랐냐", None),
    ("신규 회원 전환 cpa 왜이리 높아요?", "cpa"),
])
def test_why_so_in_chat_spelling_asks_for_the_trend_analysis(mkt: Session, text: str, metric: str | None) -> None:
    call = one(last_events(mkt, text), "tool_call")
    assert call.name == "analyzeTrends", text
    assert call.args.get("metric") == metric, text


@pytest.mark.parametrize(("before", "text", "tool", "campaign"), [
    ("카카오 채널 유입 지난 30일 성과", "성과 별로네 걍 꺼버려", "pauseCampaign", "카카오 채널 유입"),
    ("VIP 재구매 상세 보여줘", "다시 켜주세요", "resumeCampaign", "VIP 재구매"),
    ("봄 시즌 세일 2주 KPI", "안 되겠다 삭제하자", "deleteCampaign", "봄 시즌 세일"),
    ("여름 신상품 런칭 성과 보여줘", "일단 중지해줘", "pauseCampaign", "여름 신상품 런칭"),
    ("앱 설치 프로모션 상세", "ok just delete it", "deleteCampaign", "앱 설치 프로모션"),
])
def test_an_on_off_change_right_after_one_campaign_is_on_it_and_waits_for_confirmation(
        mkt: Session, before: str, text: str, tool: str, campaign: str) -> None:
    mkt.run(before)
    held = MarketingStore(mkt.store).campaigns("demo")
    events = mkt.run(text)
    assert shown(events) == CONFIRM, text
    call = one(events, "tool_call")
    assert (call.name, given(call.args)) == (tool, {"campaignId": campaign_ids(mkt)[campaign]}), text
    assert MarketingStore(mkt.store).campaigns("demo") == held  # nothing changed before the confirmation


def test_an_on_off_change_after_the_whole_account_still_asks_which(mkt: Session) -> None:
    call = one(last_events(mkt, "이번 주 전체 성과", "그냥 삭제해"), "tool_call")
    assert call.name == "askClarification" and call.args["intent"] == "deleteCampaign"


def test_some_campaign_said_after_one_campaign_still_asks_which(mkt: Session) -> None:
    call = one(last_events(mkt, "여름 신상품 런칭 성과 보여줘", "캠페인 하나만 꺼줘"), "tool_call")
    assert call.name == "askClarification" and call.args["intent"] == "pauseCampaign"
