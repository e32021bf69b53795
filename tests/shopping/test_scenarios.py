"""Seed 003 "테스트 시나리오": five normal and three error scenarios, event by event."""

from __future__ import annotations

import importlib
import json
import re

import pytest

from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from tests.support.helpers import one, text_of, types

REFILTER_EVENTS = ["thinking", "intent", "text", "data_card", "suggested_questions", "done"]


@pytest.fixture
def shop(store):
    session = Session("shopping")
    events = session.run("분유포트 15만원 아래로 추천해줘")
    assert types(events) == REFILTER_EVENTS
    return session


def test_start_from_the_first_message(shop):
    state = shop.conversation().state
    assert state["category"] == "분유포트"
    assert state["budget"] == {"min": 0, "max": 150000, "label": "0-150000"}
    assert len(state["top3"]) == 3 and all(p["price"] <= 150000 for p in state["top3"])
    assert state["inputs"] == ["분유포트 15만원 아래로 추천해줘"]


def test_normal_1_specific_budget(shop):
    before = shop.conversation().state["summary"]
    events = shop.run("10만원 아래로 다시 보여줘")
    assert types(events) == REFILTER_EVENTS
    intent = one(events, "intent")
    assert intent.name == "REFILTER"
    assert intent.args["budget"] == {"min": 0, "max": 100000, "kind": "below", "previous": None, "label": "0-100000"}
    card = one(events, "data_card")
    assert card.card_type == "recommendations"
    assert all(r["price"] <= 100000 for r in card.data["recommendations"])
    assert card.data["updatedSession"]["budget"]["label"] == "0-100000"
    text = text_of(events)
    assert text.startswith("**10만원 이하**로 다시 찾아봤어요!")
    assert "💰 **예산 조정**: 15만원 이하 → 10만원 이하" in text
    assert re.search(r"\*\*1\. .+\*\* \(\d+(\.5)?점\)", text)
    after = shop.conversation().state["summary"]
    assert after != before and "10만원 이하" in after
    spans = shop.store.traces.get(events[0].turn_id).spans
    assert [s["kind"] for s in spans] == ["model", "classify", "model", "tool"]  # classify, summary, tool
    assert spans[-1]["name"] == "refilter_with_anchor"


def test_normal_2_vague_budget_asks(store):
    shop = Session("shopping")
    shop.run("분유포트 추천해줘")  # no budget yet, so "cheaper" has nothing to be 70% of
    events = shop.run("더 저렴한 걸로 다시 보여줘")
    assert types(events) == ["thinking", "intent", "text", "clarification", "done"]
    assert one(events, "intent").name == "ASK_CLARIFICATION"
    assert text_of(events) == "최대 얼마까지 쓸 수 있을까요?"
    top_price = max(p["price"] for p in shop.conversation().state["top3"])
    options = one(events, "clarification").options
    assert len(options) >= 2 and all(int(o.split("만원")[0]) * 10_000 < top_price for o in options)
    answered = shop.run("7만원")  # the answer continues the refilter
    assert one(answered, "intent").args["budget"]["max"] == 70000


def test_normal_3_product_qa(shop):
    top = shop.conversation().state["top3"]
    events = shop.run("1번 제품 세척 편해?")
    assert types(events) == ["thinking", "intent", "text", "suggested_questions", "done"]
    intent = one(events, "intent")
    assert intent.name == "PRODUCT_QA" and intent.args["product_numbers"] == [1]
    answer = text_of(events)
    assert top[0]["title"] in answer
    assert not re.search(r"리뷰\s*\d|#\d|\[\d\]|\d번\s*리뷰", answer)  # cites no review numbers


def test_normal_4_compare(shop):
    top = shop.conversation().state["top3"]
    events = shop.run("1번이랑 2번 비교해줘")
    assert types(events) == REFILTER_EVENTS
    card = one(events, "data_card")
    assert card.card_type == "compare"
    assert card.data["columns"] == ["항목", f"1번 {top[0]['title']}", f"2번 {top[1]['title']}"]
    assert card.data["rows"][0] == ["가격", f"{top[0]['price']:,}원", f"{top[1]['price']:,}원"]
    assert "장점은" in text_of(events) and "저렴하고" in text_of(events)


def test_normal_5_general_empathy_with_category(shop):
    events = shop.run("요즘 육아 너무 힘들다")
    assert one(events, "intent").name == "GENERAL"
    text = text_of(events)
    assert text.startswith("육아 정말 힘드시죠") and "분유포트를 고르고 계셨죠?" in text


def test_error_1_missing_product(shop):
    events = shop.run("5번 제품은 어때?")
    assert text_of(events).startswith("죄송해요, 해당 제품을 찾을 수 없어요.")
    assert events[-1].type == "done"


def test_error_2_recommendation_failure(shop, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("Recommendation API failed: 500")

    monkeypatch.setattr(importlib.import_module("agents.shopping.refilter"), "recommend", broken)
    events = shop.run("8만원 아래로")
    assert types(events) == ["thinking", "intent", "error"]
    assert events[-1].code == "recommendation_failed" and events[-1].retryable
    assert "재추천 중 오류가 발생했습니다" in events[-1].message
    assert shop.history()[-1].content == "8만원 아래로"  # the input is kept


def test_error_3_unparseable_classification_falls_back_to_general(store):
    provider = OfflineProvider.scripted(say("this is not JSON at all", expect_purpose="classify"))
    events = Session("shopping", provider=provider).run("아무 말")
    intent = one(events, "intent")
    assert (intent.name, intent.confidence, intent.reasoning) == ("GENERAL", 0.0, "Error fallback")
    assert text_of(events).startswith("죄송해요, 잘 이해하지 못했어요.")
    provider.assert_complete()


def test_start_panel_extra_and_anchor_click(store):
    session = Session("shopping")
    events = session.run("아기띠 추천해줘", extra={"start": {"category": "아기띠", "pros": ["breathable"],
                                                            "cons": ["hot"], "budget_max": 100000}})
    state = session.conversation().state
    assert (state["category"], state["pros"], state["cons"]) == ("아기띠", ["breathable"], ["hot"])
    recs = one(events, "data_card").data["recommendations"]
    assert all(r["price"] <= 100000 for r in recs)
    clicked = recs[1]["id"]
    events = session.run("이 제품 기반으로 다시 추천해줘", extra={"anchor_product_id": clicked})
    intent = one(events, "intent")
    assert intent.name == "REFILTER_WITH_ANCHOR" and intent.args["anchor"] == clicked
    assert clicked not in [r["id"] for r in one(events, "data_card").data["recommendations"]]
    assert session.conversation().state["anchor"] == clicked
    assert "기준 제품 유사도" in one(events, "data_card").data["recommendations"][0]["breakdown"]


def test_model_classification_is_post_processed(store):
    """A real provider's JSON goes through the same deterministic rules."""
    def model(tool):
        return say(json.dumps({"tool": tool, "confidence": 60, "args": {}, "reasoning": "model"}),
                   expect_purpose="classify")

    provider = OfflineProvider.scripted(model("GENERAL"), say("요약", expect_purpose="summary"),
                                        model("REFILTER"))
    session = Session("shopping", provider=provider)
    first = session.run("분유포트 10만원 아래로 보여줘")  # model said GENERAL; a specific budget means REFILTER
    assert one(first, "intent").name == "REFILTER"
    assert one(first, "intent").args["budget"]["max"] == 100000
    assert session.conversation().state["summary"] == "요약"
    second = session.run("더 비싼 걸로")  # model said REFILTER; a vague budget means a question
    assert one(second, "intent").name == "ASK_CLARIFICATION"
    provider.assert_complete()


def test_summary_failure_uses_the_seed_fallback(store):
    rules = Session("shopping").agent.offline_policy

    def classify(request):
        return say(rules(request).text)

    from agents.core.errors import ProviderError
    from agents.core.providers.offline import fail

    provider = OfflineProvider.scripted(classify, fail(ProviderError("summary model down")))
    session = Session("shopping", provider=provider)
    events = session.run("젖병소독기 추천해줘")
    summary = one(events, "data_card").data["updatedSession"]["summary"]
    assert "**추가 요청**" in summary and "- 젖병소독기 추천해줘" in summary
    assert events[-1].meta["summary_fallback"] is True


def test_cheaper_than_a_clicked_anchor_is_not_vague(store):
    session = Session("shopping")
    session.run("분유포트 추천해줘")
    anchor = max(session.conversation().state["top3"], key=lambda p: p["price"])
    events = session.run("이 제품 기반으로 더 저렴한 걸로", extra={"anchor_product_id": anchor["id"]})
    assert one(events, "intent").name == "REFILTER_WITH_ANCHOR"
    assert all(r["price"] < anchor["price"] for r in one(events, "data_card").data["recommendations"])
