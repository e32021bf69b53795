"""Issue 9's marketing understanding defects, each on the kit-based offline model, plus the
labelled test phrasings (tests/marketing/phrasings.yaml, written apart from training.yaml)."""

from __future__ import annotations

import pytest

from agents.marketing import evaluate
from agents.marketing.nlu import MUTATIONS, classifier, understand
from agents.nlu.leaks import shared_sentences

ROSTER = [(cid, name) for cid, name, *_ in evaluate.roster()]
IDS = {name: cid for cid, name in ROSTER}


def said(text: str, **kw):
    return understand(text, ROSTER, "2026-11", **kw)


@pytest.mark.parametrize(("text", "tool", "args"), [
    ("지난주 광고 성과 어땠어?", "getPerformanceKPI", {"period": "7d"}),  # past tense
    ("how did my ads do", "getPerformanceKPI", {"period": "7d"}),
    ("CPA가 제일 높은 캠페인", "listCampaigns", {"sortBy": "cpa", "order": "desc"}),  # comparative, not ROAS
    ("광고비 가장 많이 쓴 캠페인", "listCampaigns", {"sortBy": "spend", "order": "desc"}),
    ("Pause the summer launch campaign", "pauseCampaign", {"campaignId": IDS["여름 신상품 런칭"]}),  # English name
    ("봄 시즌 세일 예산 반으로 줄여줘", "updateCampaignBudget", {"campaignId": IDS["봄 시즌 세일"], "changePercent": -50}),
    ("트래픽 캠페인 하루 3만원으로 만들어줘", "createCampaign", {"objective": "OUTCOME_TRAFFIC", "dailyBudget": 30000}),
    ("전환 캠페인 하루 10만원 25세-34세 여성 타겟으로 만들어줘", "createCampaign",
     {"objective": "OUTCOME_SALES", "dailyBudget": 100000,
      "targetAudience": {"ageMin": 25, "ageMax": 34, "genders": ["female"]}}),
    ("여름 신상품 런칭 광고 카피 만들어줘", "generateAdCopy",
     {"product": "여름 신상품 런칭", "campaignId": IDS["여름 신상품 런칭"]}),  # the name is not cut
    ("봄 시즌 세일이랑 여름 신상품 런칭 비교해줘", "compareCampaigns",
     {"campaignIds": [IDS["봄 시즌 세일"], IDS["여름 신상품 런칭"]]}),
    ("<script>alert(1)</script> 캠페인 목록 보여줘", "listCampaigns", {"status": "ALL"}),  # words, not substrings
])
def test_issue_9_phrasings(text, tool, args):
    decided = said(text)
    assert decided.tool == tool, decided
    for key, value in args.items():
        got = decided.args.get(key)
        if key == "targetAudience":
            got = {k: got.get(k) for k in value}
        assert got == value, (key, decided.args)


def test_a_new_product_copy_attaches_to_no_campaign():
    decided = said("우리 신상 텀블러 광고 문구 좀 써줘")
    assert decided.tool == "generateAdCopy"
    assert decided.args["product"] == "신상 텀블러" and "campaignId" not in decided.args


def test_a_fraction_without_a_campaign_asks_which_and_keeps_the_change():
    decided = said("예산 반으로 줄여줘")
    assert decided.tool == "askClarification"
    assert decided.args["slot"] == "campaign" and decided.args["known"] == {"changePercent": -50.0}


@pytest.mark.parametrize("text", ["응 진행해", "네 그렇게 해주세요", "ok do it", "확인"])
def test_yes_after_a_confirmation_card_points_to_its_buttons_and_runs_nothing(text):
    decided = said(text, awaiting_confirmation=True)
    assert decided.tool is None and "[실행] 버튼" in decided.text


@pytest.mark.parametrize("text", ["음.. 잘 모르겠어", "그거 좀 어떻게 해봐", "이거 뭐야"])
def test_unclear_domain_messages_get_a_question_with_choices_not_generic_help(text):
    decided = said(text)
    assert decided.tool == "askClarification"
    assert 2 <= len(decided.args["options"]) <= 3 and decided.args["slot"] == "intent"


def test_a_mutation_is_never_started_from_a_classifier_guess(monkeypatch):
    # Every message the rules don't decide goes to the classifier; whatever it guesses, a
    # mutation tool is never the result.
    for text in ("그거 꺼버려", "저거 좀 없애", "돈 좀 더 넣어", "하나 새로 뽑아줘"):
        decided = said(text)
        if decided.source != "rule":
            assert decided.tool not in MUTATIONS, (text, decided)


HOLDOUT_C_FLOOR = 0.97  # 46/46 after its fixes; 41/46 before


@pytest.mark.corpus
def test_phrasings_figures():
    if not evaluate.PHRASINGS.exists():
        pytest.skip("tests/marketing/phrasings.yaml is not written yet")
    report = evaluate.run_report()
    report.print()
    assert report.accuracy >= 0.95, report.summary()
    mutated = [o for o in report.outcomes if o.item.get("clarify") and o.got in MUTATIONS]
    assert mutated == []


@pytest.mark.parametrize(("text", "tool", "args"), [
    ("광고비 제일 많이 쓰는 캠페인 top 2", "listCampaigns", {"sortBy": "spend", "order": "desc", "limit": 2}),
    ("ROAS 낮은 캠페인 두 개만 보여줘", "listCampaigns", {"sortBy": "roas", "order": "asc", "limit": 2}),
    ("제주 감귤 홍보 문구 두 개 써줘", "generateAdCopy", {"product": "제주 감귤", "count": 2}),
    ("ad copy for our spring jackets", "generateAdCopy", {"product": "spring jackets", "campaignId": None}),
    ("copy for the spring sale campaign", "generateAdCopy", {"campaignId": IDS["봄 시즌 세일"]}),
    ("예산 30% 정도 옮기면 어떻게 나누는 게 좋아?", "getBudgetRecommendation", {"shiftShare": 0.3}),
    ("예산 10% 옮긴다면 어디로 가야 돼?", "getBudgetRecommendation", {"shiftShare": 0.1}),  # a hypothetical move asks
    ("CPA 제일 낮은 캠페인 하나만", "listCampaigns", {"sortBy": "cpa", "order": "asc", "limit": 1}),
    ("list campaigns by spend ascending", "listCampaigns", {"sortBy": "spend", "order": "asc"}),
    ("write three short ad copies for our oat milk", "generateAdCopy", {"product": "oat milk", "count": 3}),
    ("전환 급변한 캠페인 있나?", "checkAnomalies", {}),
    ("ad copy for our yoga mats, upscale feel", "generateAdCopy", {"product": "yoga mats", "tone": "고급스러운"}),
    ("텀블러 광고 문구 친구처럼 따뜻하게", "generateAdCopy", {"tone": "친근한"}),
    ("요즘 광고 잘 되고 있나?", "getPerformanceKPI", {}),  # asks how it goes; "잘 되는 캠페인" ranks
    ("잘 되는 캠페인 순서대로", "listCampaigns", {"order": "desc"}),
    ("a 30-day report please", "generateReport", {"period": "30d"}),
    ("'감사 세일' 매출 캠페인 하루 4만원", "createCampaign", {"name": "감사 세일", "dailyBudget": 40000}),  # a name, no thanks
    ("VIP 재구매 다시 켜", "resumeCampaign", {"campaignId": IDS["VIP 재구매"]}),
    ("what's our CPA this week", "getPerformanceKPI", {"period": "7d"}),
])
def test_the_kinds_hold_out_c_missed(text, tool, args):
    """A count (N개, top N, 두 개) limits a list or sets the copies; a product that shares one word with a
    campaign's alias is the product; a share to move is a fraction."""
    decided = said(text)
    assert decided.tool == tool, decided
    assert {k: decided.args.get(k) for k in args} == args


@pytest.mark.parametrize("text", ["CPA가 뭐예요?", "what does CTR mean?", "ROAS 뜻이 뭐야", "전환율은 어떻게 계산해?",
                                  "CTR이 무슨 뜻이에요?", "CPA가 뭔지 설명해줘"])
def test_a_question_about_a_metric_word_is_answered_in_text(text):
    decided = said(text)
    assert decided.tool is None and "÷" in decided.text, decided


def test_holdout_c_figures():
    """Hold-out C's tune half (tests/marketing/phrasings_c.yaml): 41/46 before its fixes."""
    report = evaluate.run_report(evaluate.HOLDOUT_C, "marketing (hold-out C)")
    report.print()
    assert report.total >= 40 and report.accuracy >= HOLDOUT_C_FLOOR, [(o.text, o.problems) for o in report.misses()]
    assert [o.text for o in report.outcomes if o.item.get("clarify") and o.got in MUTATIONS] == []


@pytest.mark.corpus
def test_nlu_report_measures_every_set():
    reports = evaluate.nlu_report()
    assert [r.name for r in reports] == ["marketing", "marketing (hold-out C)", "marketing (follow-up)"]
    assert [r.total for r in reports] == [len(evaluate.load()), len(evaluate.load(evaluate.HOLDOUT_C)),
                                          len(evaluate.load(evaluate.FOLLOWUP))]


def test_test_phrasings_are_apart_from_the_training_examples():
    if not evaluate.PHRASINGS.exists():
        pytest.skip("tests/marketing/phrasings.yaml is not written yet")
    # Compared without spaces, punctuation or contractions: "좋을까?" in training is "좋을까" in a test.
    training = [t for texts in classifier().examples.values() for t in texts]
    assert shared_sentences([i["text"] for i in evaluate.load()], training) == []
    followups = evaluate.load(evaluate.FOLLOWUP)
    assert shared_sentences([t for i in followups for t in [i["text"], *i["before"]]], training) == []
    # Hold-out C's writer happened to write three of the commonest requests word for word as
    # training has them; no other of its sentences may go into training.
    assert shared_sentences([i["text"] for i in evaluate.load(evaluate.HOLDOUT_C)], training) == [
        "캠페인 목록 보여줘", "roas 높은 순으로 캠페인 정렬해주세요", "주간 리포트 만들어줘"]
