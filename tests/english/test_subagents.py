"""Seed §4.2 and §4.3 with the scripted provider: the analysis parses, or is repaired by one call that
gets the bad output and the validation error, or falls back to the predefined object (said in done.meta);
the correction is the discriminated union on both branches, and an unusable answer falls back to the
rule checker."""

from __future__ import annotations

import json

import pytest

from agents.core.errors import ProviderError
from agents.core.providers.offline import fail
from agents.core.session import Session
from agents.english.models import CORRECTION, CorrectionNoErrors, CorrectionWithErrors
from agents.english.subagents import FALLBACK_ANALYSIS, Unusable, parse_analysis, parse_correction
from tests.english.conftest import (
    ANALYSIS,
    NO_ERRORS,
    WITH_ERRORS,
    analysis_step,
    cards,
    correction_step,
    purposes,
    reply_step,
    scripted,
)

BAD = '{"summary": "x", "vocabulary": [{"word": "cautious"}], "questions": []}'  # no definition, no questions


def _run(store, clock, *steps, text="Hello"):
    provider = scripted(*steps)
    events = Session("english", user_id="mina", provider=provider, store=store, clock=clock).run(text)
    provider.assert_complete()
    return provider, events


def test_valid_analysis_in_a_code_fence_is_used(store, clock) -> None:
    fenced = "Here you go:\n```json\n" + json.dumps(ANALYSIS) + "\n```"
    _provider, events = _run(store, clock, analysis_step(fenced), correction_step(), reply_step())
    card = cards(events, "article")[0]
    assert card.data["summary"] == ANALYSIS["summary"] and card.data["analysis_source"] == "model"
    assert [v["word"] for v in card.data["vocabulary"]] == ["cautious", "reflection"]
    assert "example" not in card.data["vocabulary"][1]  # example is optional
    assert "analysis_repaired" not in events[-1].meta and "analysis_fallback" not in events[-1].meta


def test_invalid_analysis_is_repaired_by_one_call_with_the_error(store, clock) -> None:
    provider, events = _run(store, clock, analysis_step(BAD), analysis_step(ANALYSIS, purpose="analysis_repair"),
                            correction_step(), reply_step())
    assert purposes(provider) == ["analysis", "analysis_repair", "correction", "conversation"]
    repair = provider.calls[1]
    assert [m.role for m in repair.messages] == ["user", "assistant", "user"]
    assert repair.messages[1].content == BAD  # the bad output goes back to the model ...
    assert "vocabulary.0.definition" in repair.messages[2].content and "questions" in repair.messages[2].content
    done = events[-1]
    assert done.meta["analysis_repaired"] is True and done.meta["analysis"] == "repaired"
    assert "analysis_fallback" not in done.meta
    assert cards(events, "article")[0].data["summary"] == ANALYSIS["summary"]


def test_a_failed_repair_gives_the_predefined_fallback_and_says_so(store, clock) -> None:
    provider, events = _run(store, clock, analysis_step("not json at all"),
                            analysis_step("{still: not json}", purpose="analysis_repair"), correction_step(),
                            reply_step())
    assert purposes(provider) == ["analysis", "analysis_repair", "correction", "conversation"]
    done = events[-1]
    assert done.meta["analysis_fallback"] is True and done.meta["analysis"] == "fallback"
    assert "no JSON object" in done.meta["analysis_problem"]
    card = cards(events, "article")[0]
    assert card.data["summary"] == FALLBACK_ANALYSIS.summary and card.data["analysis_source"] == "fallback"
    assert card.data["article"]["title"]  # the article itself is still shown
    # The session keeps the fallback analysis: the next turn does not analyse again.
    assert FALLBACK_ANALYSIS.summary in provider.calls[-1].system


def test_a_provider_error_during_analysis_falls_back_without_a_repair(store, clock) -> None:
    provider, events = _run(store, clock, fail(ProviderError("upstream 503"), expect_purpose="analysis"),
                            correction_step(), reply_step())
    assert purposes(provider) == ["analysis", "correction", "conversation"]
    assert events[-1].meta["analysis_fallback"] is True and "upstream 503" in events[-1].meta["analysis_problem"]


def test_correction_with_errors_branch(store, clock) -> None:
    _provider, events = _run(store, clock, analysis_step(), correction_step(WITH_ERRORS), reply_step(),
                            text="he go to school")
    card = cards(events, "correction")[0]
    assert {k: v for k, v in card.data.items() if k != "markdown"} == {**WITH_ERRORS, "original": "he go to school"}
    assert card.data["markdown"].startswith("~~he go to school~~ → **he goes to school**")
    assert isinstance(CORRECTION.validate_python(card.data), CorrectionWithErrors)
    assert events[-1].meta["correction"] == {"has_errors": True}


def test_correction_no_errors_branch(store, clock) -> None:
    _provider, events = _run(store, clock, analysis_step(), correction_step(NO_ERRORS), reply_step(),
                            text="He goes to school.")
    card = cards(events, "correction")[0]
    assert {k: v for k, v in card.data.items() if k != "markdown"} == {**NO_ERRORS, "original": "He goes to school."}
    assert isinstance(CORRECTION.validate_python(card.data), CorrectionNoErrors)
    assert card.title == "피드백"


def test_an_unusable_correction_answer_falls_back_to_the_rule_checker(store, clock) -> None:
    _provider, events = _run(store, clock, analysis_step(), correction_step('{"has_errors": true}'), reply_step(),
                            text="she don't like coffee")
    card = cards(events, "correction")[0]
    assert card.data["has_errors"] is True and card.data["corrected"] == "she doesn't like coffee"
    assert events[-1].meta["correction_fallback"] is True


@pytest.mark.parametrize(("raw", "want"), [
    ({"has_errors": True, "original": "x", "corrected": "He goes.", "explanation": "e"}, "with"),
    ({"has_errors": True, "original": "He goes.", "corrected": "He  goes.", "explanation": "e"}, "none"),
    ({"has_errors": False, "feedback": "ok"}, "none"),
])
def test_parse_correction_keeps_the_learners_words_and_drops_empty_fixes(raw, want) -> None:
    parsed = parse_correction(json.dumps(raw), "He goes.") if want == "none" else parse_correction(json.dumps(raw),
                                                                                                   "he go.")
    if want == "with":
        assert isinstance(parsed, CorrectionWithErrors) and parsed.original == "he go."
    else:
        assert isinstance(parsed, CorrectionNoErrors)


def test_parse_analysis_names_what_is_wrong() -> None:
    with pytest.raises(Unusable, match="questions"):
        parse_analysis(BAD)
    with pytest.raises(Unusable, match="invalid JSON"):
        parse_analysis('{"summary": "a",}')
    assert parse_analysis(json.dumps(ANALYSIS)).questions == ANALYSIS["questions"]


def test_a_failed_reply_keeps_the_marker_and_the_correction(store, clock) -> None:
    provider = scripted(analysis_step(), correction_step(WITH_ERRORS),
                        fail(ProviderError("model overloaded", retryable=True), expect_purpose="conversation"))
    session = Session("english", user_id="mina", provider=provider, store=store, clock=clock)
    events = session.run("he go to school")
    assert [e.type for e in events][-1] == "error" and events[-1].code == "provider_error"
    assert [c.card_type for c in cards(events)] == ["article", "correction"]
    assert [r.role for r in session.history()][:2] == ["user", "system"]  # the message and the marker are kept
    session.provider = scripted(correction_step(), reply_step())
    session.run("he go to school")  # sent again: the session's article is still there
    assert purposes(session.provider) == ["correction", "conversation"]
