"""Issue 29, language mirroring in marketing: a marketer who writes English sees English on the confirmation
card (summary, details, warnings), in the sentence that comes with it and in the rule-of-thumb and meaning
answers; Korean stays Korean. Before: every one of these texts was Korean whatever the message's language."""

from __future__ import annotations

import re

import pytest

from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from tests.support.helpers import one, text_of, types

HANGUL = re.compile(r"[가-힣]")
CARD = ["thinking", "text", "tool_call", "action_confirmation", "done"]
SANDBOX = "Applies to the sandbox ad account only (syncing with Meta is outside this playground)"


def _shown(card: object) -> str:
    return " ".join([card.summary, *(f"{d.label} {d.value}" for d in card.details), *card.warnings])


def test_an_english_budget_change_gets_an_english_card_and_sentence(mkt) -> None:
    events = mkt.run("increase the spring sale budget by 20%")
    assert types(events) == CARD
    card = one(events, "action_confirmation")
    assert card.summary == "Change the daily budget of '봄 시즌 세일' from ₩150,000 to ₩180,000"
    assert [(d.label, d.value, d.changed) for d in card.details] == [
        ("Campaign", "봄 시즌 세일", False), ("Current daily budget", "₩150,000", False),
        ("New daily budget", "₩180,000 (+20%)", True)]
    assert card.warnings == [SANDBOX]
    assert text_of(events) == ("Change the daily budget of '봄 시즌 세일' from ₩150,000 to ₩180,000 (+₩30,000)? "
                               "Press [Confirm] on the confirmation card to run it.")
    outcome = mkt.confirm_action(card.action_id)
    assert outcome.status == "COMPLETED"


@pytest.mark.parametrize(("text", "name", "summary", "before", "after", "warning", "sentence"), [
    ("pause the retargeting campaign", "리타겟팅 - 장바구니", "Pause the campaign '리타겟팅 - 장바구니'", "Active",
     "Paused", "Pausing stops the ads' delivery and spend at once",
     "Pause the campaign '리타겟팅 - 장바구니'? Press [Confirm] on the confirmation card to run it."),
    ("please delete the VIP repurchase campaign", "VIP 재구매", "Delete the campaign 'VIP 재구매'", "Paused", "Deleted",
     "A deleted campaign cannot be restored (its performance records are kept)",
     "Delete the campaign 'VIP 재구매'? Its performance records are kept. Press [Confirm] on the confirmation card to "
     "run it."),
])
def test_english_status_changes_get_english_cards(mkt, text, name, summary, before, after, warning, sentence) -> None:
    events = mkt.run(text)
    assert types(events) == CARD
    card = one(events, "action_confirmation")
    assert card.summary == summary
    assert [(d.label, d.value) for d in card.details][:3] == [("Campaign", name), ("Current status", before),
                                                              ("Status after", after)]
    assert card.details[3].label == "Daily budget" and card.warnings == [SANDBOX, warning]
    assert text_of(events) == sentence
    assert not HANGUL.search(_shown(card).replace(name, ""))


def test_korean_stays_korean(mkt) -> None:
    card = one(mkt.run("봄 시즌 세일 예산 20% 늘려줘"), "action_confirmation")
    assert card.summary == "'봄 시즌 세일' 일일 예산을 ₩150,000에서 ₩180,000으로 변경합니다"
    assert card.details[0].label == "캠페인" and card.warnings[0].startswith("샌드박스 광고 계정에만")


@pytest.mark.parametrize(("text", "starts", "has"), [
    ("is a ROAS of 3 good?", "ROAS (return on ad spend) is the revenue each won of ad spend brings",
     "usually 3 to 4 or more is healthy"),
    ("what does CTR mean?", "CTR (click-through rate) is the share of impressions that were clicked", "clicks ÷"),
])
def test_english_meaning_and_rule_of_thumb_answers(mkt, text, starts, has) -> None:
    events = mkt.run(text)
    assert types(events) == ["thinking", "text", "suggested_questions", "done"]
    reply = text_of(events)
    assert reply.startswith(starts) and has in reply and not HANGUL.search(reply), reply


def test_an_english_create_gets_an_english_card_and_sentence(mkt) -> None:
    events = mkt.run("create a sales campaign called Winter Sale with a daily budget of 50000 won")
    assert types(events) == CARD
    card = one(events, "action_confirmation")
    assert card.summary == "Create the Sales campaign 'Winter Sale' with a daily budget of ₩50,000"
    assert [(d.label, d.value) for d in card.details] == [
        ("Campaign name", "Winter Sale"), ("Objective", "Sales (OUTCOME_SALES)"), ("Daily budget", "₩50,000"),
        ("Start date", "2026-11-02"), ("End date", "none"), ("Audience", "Advantage+ (automatic)")]
    assert card.warnings == [SANDBOX, "The budget may start being spent at once"]
    assert text_of(events) == ("Create the campaign 'Winter Sale' as set out on the card? Press [Confirm] on the "
                               "confirmation card to run it.")


def test_english_ad_copies_get_an_english_card_and_sentence(mkt) -> None:
    events = mkt.run("write 3 ad copies for our winter coat")
    assert types(events) == CARD
    card = one(events, "action_confirmation")
    assert card.summary == "Save 3 ad copies for 'winter coat' as drafts"
    assert [(d.label, d.value) for d in card.details][:4] == [
        ("Product", "winter coat"), ("Tone", "friendly"), ("Count", "3"), ("Campaign", "none")]
    assert [d.label for d in card.details][4:] == ["Copy 1", "Copy 2", "Copy 3"] and card.warnings == [SANDBOX]
    assert text_of(events) == ("Here are draft ad copies for 'winter coat'; please check the card. Press [Confirm] "
                               "on the confirmation card to run it.")


def test_a_real_model_is_told_to_mirror_the_language_and_its_english_reply_passes_through(store, clock) -> None:
    """Before: the marketing prompt said "항상 한국어로 응답합니다" (always Korean), whatever the person wrote."""
    seen: list[str] = []
    reply = "Your spring sale ran at a ROAS of 3.39x over the last 7 days."
    provider = OfflineProvider.scripted(say(reply, check=lambda request: seen.append(request.system)))
    events = Session("marketing", provider=provider, clock=clock).run("how did the spring sale do?")
    assert types(events) == ["thinking", "text", "suggested_questions", "done"] and text_of(events) == reply
    assert "사용자가 쓴 언어로 응답합니다: 영어 메시지에는 영어로" in seen[0] and "항상 한국어로 응답" not in seen[0]
