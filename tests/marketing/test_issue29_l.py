"""Issue 29, blind set L (tune half), marketing: a message that amends the change waiting on its confirmation card
(a new amount, percent, direction or campaign) proposes it again with that change, on a fresh card, in Korean and
English; an amendment that gives no figure asks how much, knowing the campaign. Sentences of our own, as real
Session conversations."""

from __future__ import annotations

import re
from typing import Any

import pytest

from agents.core.session import Session
from agents.marketing.store import MarketingStore
from tests.marketing.turns import CONFIRM, REPLACED, campaign_ids, given, shown
from tests.support.helpers import one, text_of

HANGUL = re.compile(r"[가-힣]")


def _budget(mkt: Session, name: str) -> int:
    return next(int(c["daily_budget"]) for c in MarketingStore(mkt.store).campaigns("demo") if c["name"] == name)


def _card(mkt: Session, first: str, text: str) -> tuple[Any, list[Any]]:
    """The call the amendment ``text`` made after ``first`` left a budget change on its card, and its events. When
    the amendment made a new card, the one that waited is cancelled (its event names it) and only the new one waits."""
    proposed = mkt.run(first)
    assert shown(proposed) == CONFIRM, first
    waiting = next(a for a in mkt.pending_actions() if a.id == one(proposed, "action_confirmation").action_id)
    events = mkt.run(text)
    if "action_confirmation" in shown(events):
        assert shown(events) == REPLACED, text
        gone, new = one(events, "action_result"), one(events, "action_confirmation")
        assert (gone.action_id, gone.status) == (waiting.id, "CANCELLED")
        status = {a.id: a.status for a in mkt.pending_actions()}
        assert (status[waiting.id], status[new.action_id]) == ("CANCELLED", "PENDING")
        words = first + text
        for name in campaign_ids(mkt):
            words = words.replace(name, "")
        said = "기다리던 확인 카드(" if HANGUL.search(words) else "I cancelled the card that was still waiting"
        assert said in text_of(events) and waiting.summary.rstrip(".") in text_of(events), text_of(events)
    return one(events, "tool_call"), events


@pytest.mark.parametrize(("first", "text", "campaign", "change"), [
    ("봄 시즌 세일 예산 20만원으로 올려줘", "금액 말고 비율로, 15%만 인상하는 걸로 고쳐줄래요", "봄 시즌 세일", {"changePercent": 15}),
    ("신규 회원 전환 예산 30% 올려줘", "아 30 말고 12%로 해줘", "신규 회원 전환", {"changePercent": 12}),
    ("브랜드 인지도 캠페인 하루 예산 20% 줄여줘", "감액폭을 5%로 바꿔서 다시", "브랜드 인지도 캠페인", {"changePercent": -5}),
    ("여름 신상품 런칭 예산 10% 증액", "올리지 말고 오히려 10% 내리는 걸로 변경해", "여름 신상품 런칭", {"changePercent": -10}),
    ("앱 설치 프로모션 예산 5만원 올려줘", "ㄴㄴ 금액은 9만원으로 정정", "앱 설치 프로모션", {"dailyBudget": 90000}),
    ("raise the daily budget of 리드 수집 - 무료 샘플 by 25%", "hmm, change that to 8 percent",
     "리드 수집 - 무료 샘플", {"changePercent": 8}),
    ("cut 카카오 채널 유입's budget by 30%", "actually make it a 10% cut instead", "카카오 채널 유입",
     {"changePercent": -10}),
    ("set the budget of 봄 시즌 세일 to 180,000 won", "update the amount to 165,000 won please", "봄 시즌 세일",
     {"dailyBudget": 165000}),
])
def test_a_new_size_for_the_pending_change_is_proposed_again_on_a_fresh_card(
        mkt: Session, first: str, text: str, campaign: str, change: dict[str, int]) -> None:
    call, events = _card(mkt, first, text)
    assert shown(events) == REPLACED, text
    assert (call.name, given(call.args)) == ("updateCampaignBudget",
                                               {"campaignId": campaign_ids(mkt)[campaign], **change}), text
    card = one(events, "action_confirmation")
    assert given(card.args) == given(call.args)  # the fresh card shows the amended change
    pending = {a.id: given(a.tool_args) for a in mkt.pending_actions()}
    assert pending[card.action_id] == given(call.args)
    english = not HANGUL.search(first.replace(campaign, ""))
    assert bool(HANGUL.search(text_of(events).replace(campaign, ""))) != english, text_of(events)


def test_a_bare_size_keeps_the_direction_of_the_change_it_amends(mkt: Session) -> None:
    """"15%로 하자" after a cut is a cut of 15%; "2만원만" after "5만원 올려" raises by 2만원."""
    call, _ = _card(mkt, "신규 회원 전환 예산 40% 줄여줘", "그냥 15%로 하자")
    assert given(call.args) == {"campaignId": campaign_ids(mkt)["신규 회원 전환"], "changePercent": -15}
    now = _budget(mkt, "리타겟팅 - 장바구니")
    call, _ = _card(mkt, "리타겟팅 - 장바구니 예산 5만원 올려줘", "아니 2만원만")
    assert given(call.args) == {"campaignId": campaign_ids(mkt)["리타겟팅 - 장바구니"], "dailyBudget": now + 20000}


@pytest.mark.parametrize(("first", "text", "campaign", "change"), [
    ("봄 시즌 세일 예산 10% 올려줘", "대상은 카카오 채널 유입으로 바꿔줘", "카카오 채널 유입", {"changePercent": 10}),
    ("여름 신상품 런칭 예산 20% 줄여줘", "그거 말고 앱 설치 프로모션에 적용하는 걸로", "앱 설치 프로모션", {"changePercent": -20}),
    ("raise 브랜드 인지도 캠페인's budget by 15%", "do it on 신규 회원 전환 instead", "신규 회원 전환", {"changePercent": 15}),
    ("신규 회원 전환 예산 12만원으로", "캠페인을 리드 수집 - 무료 샘플로 변경해줘", "리드 수집 - 무료 샘플", {"dailyBudget": 120000}),
])
def test_another_campaign_for_the_pending_change_moves_it_there(mkt: Session, first: str, text: str, campaign: str,
                                                                change: dict[str, int]) -> None:
    call, events = _card(mkt, first, text)
    assert shown(events) == REPLACED, text
    assert (call.name, given(call.args)) == ("updateCampaignBudget",
                                               {"campaignId": campaign_ids(mkt)[campaign], **change}), text


@pytest.mark.parametrize(("first", "text", "sign"), [
    ("봄 시즌 세일 예산 10% 올려줘", "금액을 좀 고치고 싶은데", 1),
    ("여름 신상품 런칭 예산 20% 줄여줘", "조금만 덜 깎아줘", 1),
    ("신규 회원 전환 예산 15만원으로 올려줘", "음 그거보다 살짝 더 올리는 걸로", 1),
    ("raise 카카오 채널 유입's budget by 20%", "can you change the amount?", 1),
    ("cut 앱 설치 프로모션's budget by 10%", "lower it a bit more", -1),
])
def test_a_vague_amendment_asks_how_much_for_the_same_campaign(mkt: Session, first: str, text: str, sign: int) -> None:
    """No figure: the agent asks the amount, with the campaign kept, and changes nothing yet."""
    call, events = _card(mkt, first, text)
    assert call.name == "askClarification", text
    assert call.args["slot"] == "dailyBudget" and call.args["intent"] == "updateCampaignBudget"
    campaign = next(n for n in campaign_ids(mkt) if n in first)
    assert call.args["known"]["campaignId"] == campaign_ids(mkt)[campaign]
    assert "action_confirmation" not in shown(events)
    english = not HANGUL.search(first.replace(campaign, ""))
    assert bool(HANGUL.search(text_of(events))) != english, text_of(events)


def test_the_figure_answering_the_question_proposes_the_change(mkt: Session) -> None:
    ids = campaign_ids(mkt)
    _card(mkt, "봄 시즌 세일 예산 10% 올려줘", "금액은 다시 정할게, 바꿔줘")
    events = mkt.run("25%")
    assert shown(events) == REPLACED
    assert given(one(events, "tool_call").args) == {"campaignId": ids["봄 시즌 세일"], "changePercent": 25}


@pytest.mark.parametrize(("text", "tool"), [
    ("카카오 채널 유입 이번 주 성과 어때?", "getPerformanceKPI"),
    ("이상 징후 있는지 봐줘", "checkAnomalies"),
    ("how many campaigns are running?", "listCampaigns"),
])
def test_a_request_of_its_own_after_the_card_is_not_an_amendment(mkt: Session, text: str, tool: str) -> None:
    call, _ = _card(mkt, "봄 시즌 세일 예산 10% 올려줘", text)
    assert call.name == tool, text


def test_a_message_at_the_size_limit_after_a_card_is_read_without_scanning_ahead(mkt: Session) -> None:
    """Every message after a card is searched for amending words: no alternative may scan ahead (".*" made the
    search quadratic, 0.26 s on 8,000 characters); the attack, at the input limit, gets an ordinary turn."""
    from agents.marketing.amend import _AMENDS

    assert ".*" not in _AMENDS.pattern and ".+" not in _AMENDS.pattern
    assert shown(mkt.run("봄 시즌 세일 예산 10% 올려줘")) == CONFIRM
    events = mkt.run(("on x " * 1600)[:7990])
    assert shown(events)[-1] == "done"
    assert [a.status for a in mkt.pending_actions()] == ["PENDING"]  # nothing amended, nothing replaced
