"""Issue 29, language mirroring in marketing, on every tool path: an English message gets English everywhere a
person reads it (the reply, the "thinking" stages, the suggestion chips, card titles and their labels and cells,
the clarifying question and its choices, refusals). The only Korean left is the account's own data: campaign names
(and a campaign's stored audience). Before this change each of these was Korean for an English message (the
"before" figures are in the report of branch i29e: 18 of 18 English probes had Hangul outside names).
Every English chip and choice offered is itself understood as its Korean one: the same tool and arguments."""

from __future__ import annotations

import json
import re

import pytest

from agents.core.events import Event
from agents.core.session import Session
from agents.marketing.store import MarketingStore
from tests.support.helpers import one, text_of, types

HANGUL = re.compile(r"[가-힣]")
STAGES = ["Understanding your request", "Looking up the data", "Writing the answer"]
QUERY = ["thinking", "text", "tool_call", "thinking", "tool_result", "thinking", "data_card"]


def _names(s: Session) -> list[str]:
    """What stays as written: the campaigns' names and a campaign's stored audience values."""
    rows = MarketingStore(s.store).campaigns("demo", include_deleted=True)
    audience = [str(x) for c in rows for v in (c["target_audience"] or {}).values()
                for x in ([v, "/".join(map(str, v))] if isinstance(v, list) else [v])]
    return sorted({c["name"] for c in rows} | set(audience), key=len, reverse=True)


def _shown(events: list[Event]) -> list[str]:
    """Every text a person reads in these events."""
    out: list[str] = [text_of(events)]
    for e in events:
        match e.type:
            case "thinking":
                out.append(e.message)
            case "suggested_questions":
                out += e.questions
            case "data_card":
                out += [e.title, json.dumps(e.data, ensure_ascii=False)]
            case "clarification":
                out += [e.question, *e.options]
            case "action_confirmation":
                out += [e.summary, *e.warnings, *(f"{d.label} {d.value}" for d in e.details)]
            case "error":
                out.append(e.message)
    return out


def _assert_english(s: Session, events: list[Event]) -> None:
    names = _names(s)
    for text in _shown(events):
        for name in names:
            text = text.replace(name, "")
        assert not HANGUL.search(text), text


def _stages(events: list[Event]) -> list[str]:
    return [e.message.split(" (")[0] for e in events if e.type == "thinking"]


@pytest.fixture
def s(store, clock) -> Session:
    return Session("marketing", clock=clock)


def test_kpi_reply(s: Session) -> None:
    events = s.run("how did we do this week?")
    assert types(events) == [*QUERY, "data_card", "text", "suggested_questions", "done"]
    assert text_of(events) == (
        "Here is this week's (last 7 days') performance.Over the last 7 days (2026-10-26 to 2026-11-01): total spend "
        "₩4,244,465 (+1.0%), total revenue ₩12,039,606 (+1.8%), ROAS 2.84x (+0.02), CTR 1.76% (-0.01%p), conversions "
        "346 (+8).\n\nPerformance is good overall: revenue rose 1.8% and ROAS is a healthy 2.84x.\n\nCTR dipped "
        "slightly, though: consider refreshing the creatives.")
    assert _stages(events) == STAGES
    assert [e.title for e in events if e.type == "data_card"] == ["Last 7 days KPI", "daily spend, revenue and ROAS"]
    tiles = next(e for e in events if e.type == "data_card").data["tiles"]
    assert [t["label"] for t in tiles] == ["Total spend", "Total revenue", "ROAS", "CTR", "Conversions", "CPA"]
    assert one(events, "suggested_questions").questions == ["Why did CTR drop?", "Which campaigns perform best?",
                                                            "Should I raise the budget?"]
    _assert_english(s, events)


def test_campaign_list(s: Session) -> None:
    events = s.run("show me campaigns sorted by ROAS")
    reply = text_of(events)
    assert reply.startswith("The campaign with the highest ROAS is '여름 신상품 런칭' (ROAS 4.17x, spend ₩1,047,567).\n\n"
                            "9 campaigns (the last 7 days, highest ROAS first):\n"
                            "- 여름 신상품 런칭 [Active] budget ₩200,000/day, spend ₩1,047,567, ROAS 4.17x\n")
    assert reply.endswith("- VIP 재구매 [Paused] budget ₩60,000/day, spend ₩0, ROAS 0.00x")
    card = one(events, "data_card")
    assert card.title == "Campaigns · Last 7 days"
    assert card.data["columns"] == ["Campaign", "Status", "Objective", "Daily budget", "Spend", "Revenue", "ROAS", "CTR",
                                    "CPA"]
    assert one(events, "suggested_questions").questions == ["Show details of 여름 신상품 런칭", "Pause 브랜드 인지도 캠페인",
                                                            "Recommend a budget reallocation"]
    _assert_english(s, events)


def test_anomalies(s: Session) -> None:
    events = s.run("any anomalies recently?")
    assert text_of(events) == (
        "Let me check the latest day for anomalies.1 anomaly:\n- [WARNING] 봄 시즌 세일: ROAS drop (ROAS 4.03 → 2.16, "
        "-46.4%)\n\nThe most urgent is '봄 시즌 세일'. Tell me if you want a closer analysis or a budget change.")
    card = one(events, "data_card")
    assert (card.title, card.data["columns"]) == ("Anomalies", ["Severity", "Campaign", "Type", "Before", "Latest",
                                                                "Change"])
    assert _stages(events) == STAGES
    _assert_english(s, events)


def test_report(s: Session) -> None:
    events = s.run("make a weekly report")
    assert text_of(events) == ("I made the weekly report. Total revenue ₩12,039,606 (+1.8%), ROAS 2.84x. The full "
                               "tables are on the report card.")
    card = one(events, "data_card")
    assert card.title == "Weekly report"
    assert card.data["markdown"].startswith("## Weekly performance report (2026-10-26 to 2026-11-01)\n\n| Metric | Value |")
    assert one(events, "suggested_questions").questions == ["Any anomalies recently?", "Recommend a budget reallocation"]
    _assert_english(s, events)


def test_trends_and_a_why_question(s: Session) -> None:
    events = s.run("why did CTR drop?")
    reply = text_of(events)
    assert reply.startswith("CTR fell to 1.77% over the last 14 days, from 1.77% in the period before (-0.002%p). "
                            "The campaigns where it fell most: 리드 수집 - 무료 샘플 (2.52% → 2.50%)")
    assert "\n\nThe last 14 days against the period before: revenue -6.6%, spend -4.6%, ROAS 2.83x (-0.06)." in reply
    assert reply.endswith("Weekdays (last 4 weeks): ROAS is highest on Saturday at 3.15x and lowest on Monday at 2.67x.")
    card = one(events, "data_card")
    assert card.title == "Trends · Last 14 days" and card.data["chart"]["x"][:2] == ["Mon", "Tue"]
    _assert_english(s, events)


def test_budget_advice_and_split(s: Session) -> None:
    events = s.run("recommend a budget reallocation")
    reply = text_of(events)
    assert reply.startswith("Let me look at the budget split by each campaign's ROAS over the last 14 days."
                            "Reallocation against the account's 14-day average ROAS of 2.83x (moving ₩86,000 a day):")
    assert reply.endswith("To apply it, say \"change the (campaign) budget to (amount)\".")
    assert one(events, "data_card").title == "Budget reallocation"
    assert one(events, "suggested_questions").questions == ["Change the 여름 신상품 런칭 budget to ₩246,000",
                                                            "How did we do this week?"]
    _assert_english(s, events)
    events = s.run("how should I split a total budget of 3000000 won next month")
    assert "The total budget of ₩3,000,000 (30 days) split by each campaign's share of 14-day ROAS:" in text_of(events)
    assert one(events, "data_card").title == "Split of a ₩3,000,000 total budget"
    _assert_english(s, events)


def test_detail_and_compare(s: Session) -> None:
    events = s.run("show details of the spring sale")
    assert text_of(events) == ("'봄 시즌 세일': Active, daily budget ₩150,000. Last 14 days: spend ₩1,496,012, revenue "
                               "₩5,304,716, ROAS 3.55x (-0.13 against the 14 days before), CTR 1.74%, CPA ₩9,714.")
    card = one(events, "data_card")
    assert card.title == "봄 시즌 세일 details" and card.data["columns"] == ["Item", "Value"]
    _assert_english(s, events)
    events = s.run("compare spring sale and retargeting")
    assert text_of(events).startswith("Compared over the last 14 days (2026-10-19 to 2026-11-01):\n- Revenue: 봄 시즌 세일 "
                                      "₩5,304,716, 리타겟팅 - 장바구니 ₩2,156,171 → '봄 시즌 세일' is higher")
    _assert_english(s, events)


def test_clarifying_questions_and_their_choices(s: Session) -> None:
    events = s.run("create a new campaign")
    ask = one(events, "clarification")
    assert ask.question == "What is the new campaign's objective?"
    assert ask.options == ["Awareness (brand exposure)", "Traffic (website visits)", "Conversions (purchases/sign-ups)",
                           "Sales (most revenue)"]
    _assert_english(s, events)
    events = s.run("Awareness (brand exposure)")  # the English choice is understood as the Korean one
    assert one(events, "tool_call").args["known"] == {"objective": "OUTCOME_AWARENESS"}
    assert text_of(events) == ("An awareness campaign. What should its daily budget be?\nNote: campaigns with the same "
                               "objective now average a CPA of ₩26,421. At least ₩110,000 is recommended.")
    events = s.run("3000")  # no letters: the conversation stays English
    assert text_of(events).startswith("The daily budget is at least ₩5,000 (you gave ₩3,000). How much should it be?")
    _assert_english(s, events)


def test_a_campaign_choice_clicked_keeps_english(s: Session) -> None:
    events = s.run("increase the budget")
    assert one(events, "clarification").question == "Which campaign's budget should I change?"
    events = s.run("봄 시즌 세일")
    assert one(events, "clarification").question == "What should the daily budget be? (e.g. 150000 won, up 20%, half)"
    events = s.run("20%")
    assert one(events, "action_confirmation").summary == "Change the daily budget of '봄 시즌 세일' from ₩150,000 to ₩180,000"
    _assert_english(s, events)


@pytest.mark.parametrize(("text", "said"), [
    ("hello", "Hello! I can look up ad performance"), ("thanks", "You're welcome!"),
    ("what's the weather", "Sorry, I only help with managing ad campaigns"),
    ("pause the VIP repurchase campaign", "⚠️ The campaign 'VIP 재구매' is paused now, so it cannot be paused"),
    ("resume the spring sale", "⚠️ The campaign '봄 시즌 세일' is active now, so it cannot be resumed"),
])
def test_small_talk_and_refusals(s: Session, text: str, said: str) -> None:
    events = s.run(text)
    assert text_of(events).startswith(said)
    _assert_english(s, events)


def test_an_argument_check_names_no_tool_or_argument(s: Session) -> None:
    events = s.run("set the spring sale daily budget to 1000 won")
    assert text_of(events).endswith("⚠️ The daily budget must be at least ₩5,000.")
    assert "updateCampaignBudget" not in text_of(events) and "dailyBudget" not in text_of(events)
    _assert_english(s, events)


def _calls(events: list[Event]) -> list[tuple[str, dict]]:
    return [(e.name, {k: v for k, v in e.args.items() if k not in ("question", "options")})
            for e in events if e.type == "tool_call"]


@pytest.mark.parametrize(("english", "korean"), [
    ("how did we do this week?", "이번 주 성과 어때?"), ("show me the campaign list", "캠페인 목록 보여줘"),
    ("show me campaigns sorted by ROAS", "ROAS 높은 순으로 캠페인 보여줘"), ("any anomalies recently?", "최근 이상 징후가 있어?"),
    ("show details of the spring sale", "봄 시즌 세일 상세 보여줘"), ("recommend a budget reallocation", "예산 재분배 추천해줘"),
    ("compare spring sale and retargeting", "봄 시즌 세일이랑 리타겟팅 비교해줘"), ("make a weekly report", "주간 보고서 만들어줘"),
])
def test_every_english_chip_is_understood_as_its_korean_one(store, clock, english: str, korean: str) -> None:
    en_chips = one(Session("marketing", clock=clock).run(english), "suggested_questions").questions
    ko_chips = one(Session("marketing", clock=clock).run(korean), "suggested_questions").questions
    assert len(en_chips) == len(ko_chips) and en_chips != ko_chips
    for en_chip, ko_chip in zip(en_chips, ko_chips, strict=True):
        en_session, ko_session = Session("marketing", clock=clock), Session("marketing", clock=clock)
        en_session.run(english)
        ko_session.run(korean)
        assert _calls(en_session.run(en_chip)) == _calls(ko_session.run(ko_chip)), (en_chip, ko_chip)


def test_the_same_messages_in_korean_stay_korean(s: Session) -> None:
    events = s.run("이번 주 성과 어때?")
    assert [e.message.split(" (")[0] for e in events if e.type == "thinking"] == [
        "요청을 이해하고 있어요", "데이터를 조회하고 있어요", "답변을 작성하고 있어요"]
    assert [e.title for e in events if e.type == "data_card"] == ["최근 7일 KPI", "일별 지출·매출·ROAS"]
    assert one(events, "suggested_questions").questions == ["CTR이 왜 떨어졌어?", "성과 좋은 캠페인은 어떤 거야?",
                                                            "예산을 늘려도 될까?"]
    assert text_of(events).startswith("이번 주(최근 7일) 성과를 분석해봤습니다.최근 7일(2026-10-26~2026-11-01) 기준 총 지출")


@pytest.mark.parametrize(("text", "outcome"), [
    ("pause the spring sale", "Paused the campaign '봄 시즌 세일'."),
    ("increase the spring sale budget by 20%", "Changed the daily budget of '봄 시즌 세일' from ₩150,000 to ₩180,000."),
    ("create a sales campaign called Winter Sale with a daily budget of 50000 won",
     "Created the Sales campaign 'Winter Sale' (daily budget ₩50,000) in the sandbox account. Expect its performance "
     "to vary during the learning period (3-5 days)."),
])
def test_the_outcome_after_confirm_is_english(s: Session, text: str, outcome: str) -> None:
    card = one(s.run(text), "action_confirmation")
    done = s.confirm_action(card.action_id)
    assert done.ok and done.message == outcome
