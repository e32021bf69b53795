"""Issue 9's shopping defects, each through the whole turn (Session -> pipeline -> store)."""

from __future__ import annotations

import importlib
import io
import json
from collections import Counter

import pytest

from agents.cli.main import main
from agents.core.errors import ProviderError
from agents.core.providers.offline import OfflineProvider, fail
from agents.core.session import Session
from data.shopping.catalog import PATH, build_catalog
from tests.support.helpers import one, text_of, types


def state(session: Session) -> dict:
    return session.conversation().state


def test_anchor_does_not_lock_the_category(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    second = state(s)["top3"][1]["id"]
    s.run("2번 제품 기반으로 다시 추천해줘")
    assert state(s)["anchor"] == second
    events = s.run("젖병소독기 추천해줘")
    recs = one(events, "data_card").data["recommendations"]
    assert state(s)["category"] == "젖병소독기" and "anchor" not in state(s)
    assert all("젖병소독기" in r["title"] for r in recs)


def test_in_budget_first_fillers_marked_and_none_in_budget_said(store):
    s = Session("shopping")
    events = s.run("분유포트 15만원 이상으로 추천해줘")
    recs = one(events, "data_card").data["recommendations"]
    catalog = [p for p in json.loads(PATH.read_text(encoding="utf-8"))["products"] if p["category"] == "분유포트"]
    inside = sorted(p["id"] for p in catalog if p["price"] >= 150000)
    assert len(inside) == 2
    assert sorted(r["id"] for r in recs[:2]) == inside and all(r["in_budget"] for r in recs[:2])
    assert recs[2]["in_budget"] is False and recs[2]["price"] < 150000
    assert "예산 미달" in text_of(events) and recs[2]["budget_flag"] == "예산 미달"
    events = s.run("젖병소독기 1만원 이하로 보여줘")
    assert "1만원 이하에 맞는 젖병소독기가 없어요" in text_of(events) and "⚠️ 예산 초과" in text_of(events)
    assert not any(r["in_budget"] for r in one(events, "data_card").data["recommendations"])


def test_anchor_kept_after_the_budget_question(store):
    """A product named with a vague price ("합리적인 가격"), then "8만원". (The seed's own "2번 제품 비슷한데 더
    저렴한 걸로" names its amount, the anchor's price: tests/shopping/test_routing.py.)"""
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    second = state(s)["top3"][1]["id"]
    asked = s.run("2번 제품 비슷한데 합리적인 가격으로")
    assert one(asked, "intent").name == "ASK_CLARIFICATION"
    answered = s.run("8만원")
    assert one(answered, "intent").args["budget"]["max"] == 80000
    assert state(s)["anchor"] == second
    assert "기준 제품" in text_of(answered)
    assert second not in [r["id"] for r in one(answered, "data_card").data["recommendations"]]


def test_product_names_are_unique():
    products = json.loads(PATH.read_text(encoding="utf-8"))["products"]
    assert not [t for t, n in Counter(p["title"] for p in products).items() if n > 1]
    assert not [t for t, n in Counter(p["name_en"] for p in products).items() if n > 1]
    assert products == build_catalog()


def test_tags_in_the_first_message_are_kept(store):
    s = Session("shopping")
    events = s.run("베이비모니터 야간에 잘 보이는 걸로 15만원 이하")
    assert state(s)["pros"] == ["night-vision"]
    assert state(s)["budget"]["max"] == 150000
    assert all("night-vision" in r["pros"] for r in one(events, "data_card").data["recommendations"])


def test_tags_before_the_category_wait_for_it(store):
    s = Session("shopping")
    asked = s.run("세척 쉬운 걸로 10만원 이하")
    assert one(asked, "clarification").options[:2] == ["분유포트", "젖병소독기"]
    s.run("젖병소독기")
    assert state(s)["category"] == "젖병소독기" and "hygiene-easy" in state(s)["pros"]
    assert state(s)["budget"]["max"] == 100000


def test_cheaper_is_70_percent_of_a_known_budget_and_correctable(store):
    s = Session("shopping")
    s.run("분유포트 10만원 이하로 추천해줘")
    events = s.run("더 저렴한 걸로")
    assert one(events, "intent").args["budget"]["max"] == 70000
    assert "70%" in text_of(events) and "7만원 이하" in text_of(events)
    suggestions = one(events, "suggested_questions").questions
    assert all("만원" not in q or int(q.split("만원")[0].split()[-1]) * 10_000 < 100_000 for q in suggestions)
    corrected = s.run("아니 8만원 이하로")
    assert state(s)["budget"]["max"] == 80000 and one(corrected, "intent").name == "REFILTER"


def test_offline_summary_is_cumulative(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    s.run("세척 쉬운 걸로")
    events = s.run("10만원 이하로")
    summary = one(events, "data_card").data["updatedSession"]["summary"]
    for said in ("분유포트 추천해줘", "세척 쉬운 걸로", "10만원 이하로"):
        assert said in summary
    assert "세척이 쉬워요" in summary and "10만원 이하" in summary


def test_failed_refilter_keeps_the_state(store, monkeypatch):
    s = Session("shopping")
    s.run("분유포트 15만원 이하로 추천해줘")
    before = state(s)

    def broken(*args, **kwargs):
        raise RuntimeError("Recommendation API failed: 500")

    monkeypatch.setattr(importlib.import_module("agents.shopping.refilter"), "recommend", broken)
    events = s.run("8만원 아래로 조용한 걸로")
    assert events[-1].type == "error"
    assert state(s) == before


def test_classification_exception_falls_back_to_general(store):
    provider = OfflineProvider.scripted(fail(ProviderError("model down"), expect_purpose="classify"))
    events = Session("shopping", provider=provider).run("분유포트 추천해줘")
    assert "error" not in types(events)
    intent = one(events, "intent")
    assert (intent.name, intent.confidence) == ("GENERAL", 0.0)
    assert text_of(events).startswith("죄송해요, 잘 이해하지 못했어요.")
    assert events[-1].type == "done"


@pytest.fixture
def top3(store):
    s = Session("shopping")
    s.run("분유포트 15만원 이하로 조용한 걸로 추천해줘")
    return s


def test_price_question_answers_the_price(top3):
    third = state(top3)["top3"][2]
    events = top3.run("3번 제품 가격은?")
    assert one(events, "intent").name == "PRODUCT_QA"
    assert f"{third['price']:,}원" in text_of(events) and third["title"] in text_of(events)


def test_not_number_3_refilters_without_it(top3):
    third = state(top3)["top3"][2]["id"]
    events = top3.run("3번 말고 다른 걸로")
    assert one(events, "intent").name == "REFILTER"
    assert third not in [r["id"] for r in one(events, "data_card").data["recommendations"]]
    assert "제외" in text_of(events)


def test_dropping_a_condition(top3):
    assert "quiet" in state(top3)["pros"]
    events = top3.run("소음은 상관없어")
    assert one(events, "intent").name == "REFILTER"
    assert "quiet" not in state(top3)["pros"] and "noise-loud" not in state(top3)["cons"]
    assert "- 작동 소음이 적어요" in text_of(events)


def test_cheaper_choices_are_below_the_budget(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    s.run("10만원 이하로")
    events = s.run("더 싼 거 없어? 가격 낮춰서")
    # With a known budget the reply applies 70% and offers lower amounts only.
    for q in one(events, "suggested_questions").questions:
        if "만원" in q:
            assert int(q.split("만원")[0].split()[-1]) * 10_000 < 100_000


def test_vague_budget_choices_go_the_asked_way(store):
    s = Session("shopping")
    s.run("분유포트 10만원 이하로 추천해줘")
    events = s.run("더 좋은 걸로 보여줘")
    assert all(int(o.split("만원")[0]) * 10_000 > 100_000 for o in one(events, "clarification").options)


def test_first_recommendation_reads_as_a_first_answer(store):
    events = Session("shopping").run("분유포트 10만원 아래로 추천해줘")
    text = text_of(events)
    assert text.startswith("**분유포트** 추천 Top 3예요")
    for word in ("다시", "예산 조정", "조건 변경", "새로운"):
        assert word not in text
    out = io.StringIO()
    assert main(["chat", "shopping", "분유포트 10만원 아래로 추천해줘"], out=out) == 0
    assert "예산 조정" not in out.getvalue() and "추천 Top 3예요" in out.getvalue()


def test_suggestions_fit_the_state(store):
    from agents.core.agent import get_agent

    assert not any("번" in q for q in get_agent("shopping").examples)
    s = Session("shopping")
    asked = s.run("적당한 가격으로")
    assert "suggested_questions" not in types(asked)  # the question's own choices are the chips
    first = s.run("분유포트 추천해줘")
    questions = one(first, "suggested_questions").questions
    assert 2 <= len(questions) <= 3 and questions[0].startswith("1번 제품")
    compare = s.run("1번이랑 2번 비교해줘")
    assert 2 <= len(one(compare, "suggested_questions").questions) <= 3


def test_a_product_named_in_text_is_the_anchor(store):
    s = Session("shopping")
    s.run("분유포트 추천해줘")
    events = s.run("보르르 분유포트 기반으로 다시 추천해줘")
    intent = one(events, "intent")
    assert intent.name == "REFILTER_WITH_ANCHOR"
    anchor = s.store.db.fetchone("SELECT brand FROM shop_products WHERE id = ?", [state(s)["anchor"]])
    assert anchor[0] == "보르르"
    typo = s.run("보르를 미니 분유포트랑 비슷한 거")
    assert one(typo, "intent").name == "REFILTER_WITH_ANCHOR"
    assert s.store.db.fetchone("SELECT title FROM shop_products WHERE id = ?", [state(s)["anchor"]])[0] == \
        "보르르 미니 분유포트"


def test_a_question_without_a_product_asks_which_then_answers_it(top3):
    asked = top3.run("세척 편해?")
    assert one(asked, "intent").name == "ASK_CLARIFICATION"
    assert one(asked, "clarification").options[0].startswith("1번 ")
    first = state(top3)["top3"][0]["title"]
    answered = top3.run("1번")
    assert one(answered, "intent").name == "PRODUCT_QA"
    assert first in text_of(answered) and "세척" in text_of(answered)
