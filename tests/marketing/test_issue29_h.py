"""Issue 29, marketing, left after blind set G: a budget outside what the tool takes is refused alone (no
proposal sentence first, no card); a bare position answers the agent's own question with choices; the
reply's opening and its summary (two blocks of one turn, a tool call between them) stay apart wherever the
reply is read as one text. Real Session turns (the seed's SSE route: tests/seeds/test_seed_000_blocks.py)."""

from __future__ import annotations

from agents.core.reply_text import joined
from agents.core.session import Session
from agents.marketing.store import MarketingStore
from tests.support.helpers import one, text_of, types

REFUSED = ["thinking", "text", "suggested_questions", "done"]


def _ids(mkt: Session) -> dict[str, str]:
    return {c["name"]: c["id"] for c in MarketingStore(mkt.store).campaigns("demo")}


def test_a_budget_above_the_maximum_is_refused_alone(mkt: Session) -> None:
    events = mkt.run("봄 시즌 세일 하루 예산 20억으로 늘려줘")
    assert [t for t in types(events) if t != "thinking"] == REFUSED[1:]
    assert text_of(events) == ("'봄 시즌 세일' 일일 예산을 ₩2,000,000,000으로 바꾸지 않았어요. ⚠️ 일일 예산은 "
                               "₩1,000,000,000 이하이어야 해요.")


def test_a_budget_below_the_minimum_and_a_cut_too_deep_are_refused_alone(mkt: Session) -> None:
    low = mkt.run("신규 회원 전환 일 예산 4천원으로 낮춰줘")
    assert [t for t in types(low) if t != "thinking"] == REFUSED[1:]
    assert text_of(low) == "'신규 회원 전환' 일일 예산을 ₩4,000으로 바꾸지 않았어요. ⚠️ 일일 예산은 ₩5,000 이상이어야 해요."
    deep = mkt.run("앱 설치 프로모션 예산 95% 깎아줘")
    assert [t for t in types(deep) if t != "thinking"] == REFUSED[1:]
    assert text_of(deep) == "'앱 설치 프로모션' 일일 예산을 -95% 바꾸지 않았어요. ⚠️ 예산 변경 비율은 -90% ~ +500% 사이여야 해요."


def test_a_budget_within_range_is_still_proposed_with_its_sentence(mkt: Session) -> None:
    events = mkt.run("봄 시즌 세일 예산 20% 올려줘")
    assert [t for t in types(events) if t != "thinking"] == ["text", "tool_call", "action_confirmation", "done"]
    assert text_of(events).startswith("'봄 시즌 세일' 일일 예산을 ₩150,000 → ₩180,000")


def test_an_english_budget_out_of_range_is_refused_in_english(mkt: Session) -> None:
    events = mkt.run("set the daily budget of 봄 시즌 세일 to 3,000 won")
    assert [t for t in types(events) if t != "thinking"] == REFUSED[1:]
    assert text_of(events) == ("I did not change the daily budget of '봄 시즌 세일' to ₩3,000. ⚠️ The daily budget must "
                               "be at least ₩5,000.")


def test_a_bare_number_picks_the_campaign_offered(mkt: Session) -> None:
    asked = one(mkt.run("캠페인 하나 일시정지 해줘"), "clarification")
    second = asked.options[1]
    events = mkt.run("2")
    call = one(events, "tool_call")
    assert (call.name, call.args) == ("pauseCampaign", {"campaignId": _ids(mkt)[second]})
    assert text_of(events).startswith(f"'{second}' 캠페인을 일시정지할까요?")


def test_the_opening_and_the_summary_stay_apart_in_the_joined_reply(mkt: Session) -> None:
    events = mkt.run("이번 주 성과 어때?")
    assert [t for t in types(events) if t != "thinking"][:3] == ["text", "tool_call", "tool_result"]
    reply = joined(events)
    assert reply.startswith("이번 주(최근 7일) 성과를 분석해봤습니다.\n\n최근 7일(2026-10-26~2026-11-01) 기준")
    assert joined([e.model_dump(mode="json") for e in events]) == reply  # the Lab's stored events read the same



# --- blind set H's tune half: the kinds it showed, with sentences of our own ---------------------------------

def test_a_campaign_not_on_the_roster_is_asked_about_never_changed(mkt: Session) -> None:
    for typed in ("가을 아우터 세일 캠페인 꺼줘", "크리스마스 세일 일시정지해줘"):
        events = mkt.run(typed)
        call = one(events, "tool_call")
        assert (call.name, call.args["intent"]) == ("askClarification", "pauseCampaign"), typed
        assert not [e for e in events if e.type == "action_confirmation"]
    call = one(mkt.run("봄 세일 꺼줘"), "tool_call")  # the roster's own words still name it
    assert (call.name, call.args) == ("pauseCampaign", {"campaignId": _ids(mkt)["봄 시즌 세일"]})


def test_a_correction_opening_with_an_interjection_replaces_the_amount(mkt: Session) -> None:
    ids = _ids(mkt)
    first = one(mkt.run("앱 설치 프로모션 예산 2만원 올려줘"), "tool_call")
    assert first.args["campaignId"] == ids["앱 설치 프로모션"] and first.args["dailyBudget"] == 90_000
    events = mkt.run("음 아니 1만원만 올려")
    call = one(events, "tool_call")
    assert (call.name, call.args["campaignId"], call.args["dailyBudget"]) == ("updateCampaignBudget",
                                                                             ids["앱 설치 프로모션"], 80_000)
    one(events, "action_confirmation")


def test_another_campaign_said_instead_keeps_the_change(mkt: Session) -> None:
    ids = _ids(mkt)
    assert one(mkt.run("여름 신상품 런칭 일시정지해줘"), "tool_call").args == {"campaignId": ids["여름 신상품 런칭"]}
    events = mkt.run("앗 그거 말고 리타겟팅 캠페인")
    call = one(events, "tool_call")
    assert (call.name, call.args) == ("pauseCampaign", {"campaignId": ids["리타겟팅 - 장바구니"]})
    assert text_of(events).startswith("'리타겟팅 - 장바구니' 캠페인을 일시정지할까요?")


def test_ad_copy_for_the_product_named_after_the_request(mkt: Session) -> None:
    call = one(mkt.run("광고 카피 좀 뽑아줘 캠핑 의자"), "tool_call")
    assert (call.name, call.args["product"]) == ("generateAdCopy", "캠핑 의자")
    call = one(mkt.run("write three catchy ad lines for our new yoga mat"), "tool_call")
    assert call.name == "generateAdCopy" and call.args["product"].lower().endswith("yoga mat")


def test_three_full_names_side_by_side_are_compared(mkt: Session) -> None:
    ids = _ids(mkt)
    call = one(mkt.run("신규 회원 전환 앱 설치 프로모션 브랜드 인지도 캠페인 이렇게 셋 비교해줘"), "tool_call")
    assert call.name == "compareCampaigns"
    assert call.args["campaignIds"] == [ids["신규 회원 전환"], ids["앱 설치 프로모션"], ids["브랜드 인지도 캠페인"]]


def test_a_kind_word_said_instead_names_the_one_campaign_holding_it(mkt: Session) -> None:
    ids = _ids(mkt)
    mkt.run("앱 설치 프로모션 일시정지해줘")
    call = one(mkt.run("아 아니 그거 말고 인지도 캠페인"), "tool_call")
    assert (call.name, call.args) == ("pauseCampaign", {"campaignId": ids["브랜드 인지도 캠페인"]})


def test_opening_a_new_campaign_asks_its_objective_then_its_budget(mkt: Session) -> None:
    first = one(mkt.run("캠페인 새로 하나 열고 싶어요"), "tool_call")
    assert (first.name, first.args["slot"], first.args["intent"]) == ("askClarification", "objective", "createCampaign")
    second = one(mkt.run("잠재 고객 수집용으로"), "tool_call")
    assert (second.name, second.args["slot"], second.args["known"]) == ("askClarification", "dailyBudget",
                                                                        {"objective": "OUTCOME_LEADS"})


def test_where_to_put_more_budget_is_a_recommendation(mkt: Session) -> None:
    call = one(mkt.run("이번 달 예산을 어느 캠페인에 더 몰아주면 좋을까요?"), "tool_call")
    assert call.name == "getBudgetRecommendation"


def test_why_after_an_anomaly_check_is_the_weeks_trend_analysis(mkt: Session) -> None:
    assert one(mkt.run("요즘 뭔가 이상한 캠페인 있어?"), "tool_call").name == "checkAnomalies"
    call = one(mkt.run("음 왜 그렇게 된 거야?"), "tool_call")
    assert (call.name, call.args["period"]) == ("analyzeTrends", "7d")


def test_a_question_naming_a_campaign_after_which_campaign_is_no_answer_to_it(mkt: Session) -> None:
    ids = _ids(mkt)
    assert one(mkt.run("캠페인 하나 멈춰줘"), "tool_call").args["intent"] == "pauseCampaign"
    events = mkt.run("신규 회원 전환 CTR 어때?")
    call = one(events, "tool_call")
    assert (call.name, call.args["campaignId"]) == ("getPerformanceKPI", ids["신규 회원 전환"])
    assert not [e for e in events if e.type == "action_confirmation"]
    mkt.run("캠페인 하나 멈춰줘")
    answer = one(mkt.run("신규 회원 전환이요"), "tool_call")  # the name alone still answers it
    assert (answer.name, answer.args) == ("pauseCampaign", {"campaignId": ids["신규 회원 전환"]})
