"""Issue 29 kind 1 in marketing: follow-ups that point back, read against the kit's dialogue state
(agents/nlu/dialogue.py, persisted in the conversation state). Each is a real Session conversation;
the tests assert the tool and arguments the last turn chose and what the person sees."""

from __future__ import annotations

from agents.core.session import Session
from agents.marketing.store import MarketingStore
from agents.nlu.dialogue import Dialogue
from tests.support.helpers import one, text_of, types

CONFIRM = ["thinking", "text", "tool_call", "action_confirmation", "done"]
# a correction of the change still waiting: its card is cancelled (action_result) and the reply says so
REPLACED = [*CONFIRM[:-1], "action_result", "text", "done"]
QUERY_ONE_CARD = ["thinking", "tool_call", "thinking", "tool_result", "thinking", "data_card", "text",
                  "suggested_questions", "done"]


def _ids(mkt: Session) -> dict[str, str]:
    return {c["name"]: c["id"] for c in MarketingStore(mkt.store).campaigns("demo")}


def _listed(events: list) -> list[dict]:
    return one(events, "tool_result").data["campaigns"]


def test_the_first_of_a_list_opens_its_detail_not_the_list_again(mkt: Session) -> None:
    shown = _listed(mkt.run("캠페인 ROAS 높은 순으로 보여줘"))
    events = mkt.run("그 중에 1등 한 캠페인 상세 보여줘")
    assert types(events) == QUERY_ONE_CARD
    call = one(events, "tool_call")
    assert (call.name, call.args) == ("getCampaignDetail", {"campaignId": shown[0]["id"]})
    assert text_of(events).startswith(f"'{shown[0]['name']}' 캠페인:")


def test_an_ordinal_of_my_own_wording_picks_that_row_of_the_last_list(mkt: Session) -> None:
    shown = _listed(mkt.run("지출 많은 순서대로 캠페인 쭉 보여줘"))
    assert [r["spend"] for r in shown] == sorted((r["spend"] for r in shown), reverse=True)
    call = one(mkt.run("세번째 거 자세히 알려줘"), "tool_call")
    assert (call.name, call.args) == ("getCampaignDetail", {"campaignId": shown[2]["id"]})
    call = one(mkt.run("맨 아래 캠페인은 어때?"), "tool_call")
    assert call.args["campaignId"] == shown[-1]["id"]


def test_that_one_in_english_is_the_campaign_just_discussed(mkt: Session) -> None:
    mkt.run("봄 시즌 세일 성과 보여줘")
    events = mkt.run("what's the target age range and start date on that one?")
    call = one(events, "tool_call")
    assert (call.name, call.args) == ("getCampaignDetail", {"campaignId": _ids(mkt)["봄 시즌 세일"]})
    assert "봄 시즌 세일" in text_of(events)


def test_this_one_off_pauses_the_campaign_on_screen_with_a_sentence(mkt: Session) -> None:
    mkt.run("봄 시즌 세일 상세 보여줘")
    events = mkt.run("그럼 이거 일단 꺼둬요")
    assert types(events) == CONFIRM
    call = one(events, "tool_call")
    assert (call.name, call.args) == ("pauseCampaign", {"campaignId": _ids(mkt)["봄 시즌 세일"]})
    assert text_of(events) == "'봄 시즌 세일' 캠페인을 일시정지할까요? 확인 카드의 [실행]을 누르면 실행돼요."


def test_again_for_a_month_repeats_the_kpi_with_the_new_period(mkt: Session) -> None:
    mkt.run("이번 주 성과 어때?")
    call = one(mkt.run("한달 기준으로도 다시 뽑아줘"), "tool_call")
    assert (call.name, call.args) == ("getPerformanceKPI", {"period": "30d", "campaignId": None})
    mkt.run("신규 회원 전환 성과 어때?")
    call = one(mkt.run("2주치로 바꿔서 다시"), "tool_call")  # the campaign is kept, the period changes
    assert (call.name, call.args) == ("getPerformanceKPI", {"period": "14d", "campaignId": _ids(mkt)["신규 회원 전환"]})


def test_a_report_again_with_another_period_stays_a_report(mkt: Session) -> None:
    mkt.run("주간 보고서 만들어줘")
    call = one(mkt.run("최근 30일 기준으로 한번 더"), "tool_call")
    assert (call.name, call.args) == ("generateReport", {"period": "30d"})


def test_a_brighter_tone_rewrites_the_last_ad_copy(mkt: Session) -> None:
    first = one(mkt.run("텀블러 광고 카피 써줘"), "tool_call")
    events = mkt.run("톤을 좀 더 발랄하게 바꿔서 다시 써줄래?")
    call = one(events, "tool_call")
    assert call.name == "generateAdCopy"
    assert call.args["product"] == first.args["product"] and call.args["tone"] == "유머러스한"
    assert types(events) == REPLACED
    call = one(mkt.run("이번엔 고급스럽게 다시 뽑아봐"), "tool_call")
    assert (call.name, call.args["product"], call.args["tone"]) == ("generateAdCopy", first.args["product"], "고급스러운")


def test_compare_with_this_one_uses_the_campaign_on_screen(mkt: Session) -> None:
    ids = _ids(mkt)
    mkt.run("여름 신상품 런칭 성과 어때?")
    call = one(mkt.run("VIP 재구매랑 나란히 비교해줘"), "tool_call")
    assert (call.name, call.args["campaignIds"]) == ("compareCampaigns", [ids["여름 신상품 런칭"], ids["VIP 재구매"]])


def test_a_corrected_change_keeps_its_campaign(mkt: Session) -> None:
    ids = _ids(mkt)
    mkt.run("카카오 채널 유입 예산 10% 올려줘")
    events = mkt.run("아니 10% 말고 2만원만 올려줘")
    call = one(events, "tool_call")
    assert (call.name, call.args["campaignId"], call.args["dailyBudget"]) == ("updateCampaignBudget",
                                                                              ids["카카오 채널 유입"], 70_000)
    assert text_of(events).startswith("'카카오 채널 유입' 일일 예산을 ₩50,000 → ₩70,000(+20,000원)으로 바꿀까요?")


def test_a_pronoun_after_two_campaigns_asks_which_with_both_as_choices(mkt: Session) -> None:
    mkt.run("여름 신상품 런칭이랑 봄 시즌 세일 비교해줘")
    events = mkt.run("그거 멈춰줘")
    assert "action_confirmation" not in types(events)
    call = one(events, "tool_call")
    assert call.name == "askClarification" and call.args["options"] == ["여름 신상품 런칭", "봄 시즌 세일"]
    assert one(events, "clarification").options == ["여름 신상품 런칭", "봄 시즌 세일"]


def test_a_pointer_with_nothing_to_point_at_asks_and_changes_nothing(mkt: Session) -> None:
    events = mkt.run("그거 꺼줘")
    assert "action_confirmation" not in types(events)
    assert one(events, "tool_call").name == "askClarification"


def test_the_dialogue_state_is_persisted_with_the_conversation(mkt: Session, store, clock) -> None:
    shown = _listed(mkt.run("캠페인 목록 보여줘"))
    state = Dialogue.from_state(mkt.conversation().state)
    assert state.tool == "listCampaigns" and [m.id for m in state.listed] == [r["id"] for r in shown]
    later = Session("marketing", conversation_id=mkt.conversation_id, store=mkt.store, clock=clock)
    call = one(later.run("두번째 거 상세"), "tool_call")  # a new session object reads the stored state
    assert call.args == {"campaignId": shown[1]["id"]}


def test_a_change_naming_its_campaign_after_a_kpi_is_that_change_not_the_kpi_again(mkt: Session) -> None:
    # A short message naming one campaign after a KPI reply ("그럼 X는?") reruns the KPI for X; one that asks for
    # a change of its own (an amount, a percentage) is that change, proposed for confirmation (the browser
    # scenario's second message was read as the KPI again).
    mkt.run("이번 주 성과 어때?")
    events = mkt.run("봄 시즌 세일 예산 20% 늘려줘")
    assert one(events, "tool_call").name == "updateCampaignBudget" and "action_confirmation" in types(events)
