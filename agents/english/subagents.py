"""The model-backed sub-agents of one turn: Analysis (§4.2, with one repair call and the fallback object)
and Correction (§4.3, the discriminated union). Each is one call through the turn's provider, so the
offline model, a scripted test and a real model run the very same path."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Generator

from pydantic import ValidationError

from agents.core.events import Event
from agents.core.providers.base import ChatMessage, ModelRequest
from agents.core.providers.offline import ScriptError
from agents.core.turn import Turn
from agents.english.models import (
    CORRECTION,
    Correction,
    CorrectionNoErrors,
    CorrectionWithErrors,
    NewsAnalysis,
    NewsArticle,
    VocabItem,
)
from agents.english.prompts import ANALYSIS_PROMPT, CORRECTION_PROMPT, REPAIR_PROMPT, article_message

log = logging.getLogger(__name__)

# Seed §4.2 "최종 안전 장치": the predefined analysis when neither the answer nor its repair parses.
FALLBACK_ANALYSIS = NewsAnalysis(
    summary="This article could not be analysed automatically, so let's read it together and talk about it.",
    vocabulary=[
        VocabItem(word="headline", definition="the title of a news article, printed in large letters",
                  example="The headline made me want to read the whole article."),
        VocabItem(word="opinion", definition="what you think or believe about something",
                  example="In my opinion, the idea is useful."),
        VocabItem(word="discuss", definition="to talk about something with other people",
                  example="Let's discuss the main points of the article."),
    ],
    questions=["What is the main point of this article, in your own words?",
               "Do you agree with the people in the article? Why or why not?",
               "Has anything like this happened where you live?"],
)


class Unusable(ValueError):
    """A model answer that is not the JSON asked for."""


def _json(text: str) -> object:
    """The JSON object in a model's answer: code fences and prose around it are tolerated."""
    body = re.sub(r"^```(?:json)?\s*|\s*```$", "", text.strip(), flags=re.I)
    start, end = body.find("{"), body.rfind("}")
    if start < 0 or end <= start:
        raise Unusable("the answer contains no JSON object")
    try:
        return json.loads(body[start:end + 1])
    except json.JSONDecodeError as exc:
        raise Unusable(f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from exc


def _validation(exc: ValidationError) -> str:
    parts = [f"{'.'.join(str(p) for p in e['loc']) or 'value'}: {e['msg']}" for e in exc.errors()[:4]]
    return "; ".join(parts)


def parse_analysis(text: str) -> NewsAnalysis:
    try:
        return NewsAnalysis.model_validate(_json(text))
    except ValidationError as exc:
        raise Unusable(f"does not match NewsAnalysis ({_validation(exc)})") from exc


def _request(turn: Turn, system: str, messages: list[ChatMessage], purpose: str,
             context: dict[str, object] | None = None) -> ModelRequest:
    request = turn.request(messages, purpose=purpose, tools=False)
    update: dict[str, object] = {"system": system}
    if context is not None:
        update["options"] = request.options.model_copy(update={"extra": {**request.options.extra, "english": context}})
    return request.model_copy(update=update)


def analyse(turn: Turn, article: NewsArticle) -> Generator[Event, None, tuple[NewsAnalysis, str, str | None]]:
    """(analysis, how: model | repaired | fallback, the problem when not model)."""
    message = ChatMessage(role="user", content=article_message(article))
    try:
        response = yield from turn.stream_model(_request(turn, ANALYSIS_PROMPT, [message], "analysis"),
                                                forward_text=False)
    except ScriptError:
        raise
    except Exception as exc:  # noqa: BLE001 - seed §4.2: any failure ends in the fallback analysis
        log.warning("analysis call failed: %s", exc)
        return FALLBACK_ANALYSIS, "fallback", f"{type(exc).__name__}: {exc}"
    try:
        return parse_analysis(response.text), "model", None
    except Unusable as first:
        problem = str(first)
    repair = [message, ChatMessage(role="assistant", content=response.text),
              ChatMessage(role="user", content=REPAIR_PROMPT.format(error=problem, bad=response.text[:4000]))]
    try:
        fixed = yield from turn.stream_model(_request(turn, ANALYSIS_PROMPT, repair, "analysis_repair"),
                                             forward_text=False)
        return parse_analysis(fixed.text), "repaired", problem
    except ScriptError:
        raise
    except Exception as exc:  # noqa: BLE001 - the repair failed too: the predefined fallback (seed §4.2)
        log.warning("analysis repair failed: %s (first problem: %s)", exc, problem)
        return FALLBACK_ANALYSIS, "fallback", f"{problem}; repair: {exc}"


def parse_correction(text: str, original: str) -> Correction:
    try:
        correction = CORRECTION.validate_python(_json(text))
    except ValidationError as exc:
        raise Unusable(f"does not match Correction ({_validation(exc)})") from exc
    if isinstance(correction, CorrectionWithErrors):
        if " ".join(correction.corrected.split()) == " ".join(original.split()):
            return CorrectionNoErrors(feedback="Looks good: no mistakes found. (틀린 곳이 없어요!)")
        # The message is the learner's own, whatever the model echoed back.
        return correction.model_copy(update={"original": original})
    return correction


def correct(turn: Turn, text: str) -> Generator[Event, None, tuple[Correction, str | None]]:
    """(correction, the problem when the model's answer could not be used and the rules answered)."""
    from agents.english.policy import offline_correction  # the rule-based checker, as a fallback

    try:
        response = yield from turn.stream_model(
            _request(turn, CORRECTION_PROMPT, [ChatMessage(role="user", content=text)], "correction"),
            forward_text=False)
        return parse_correction(response.text, text), None
    except ScriptError:
        raise
    except Exception as exc:  # noqa: BLE001 - a correction the model got wrong must not end the turn
        log.warning("correction call unusable: %s", exc)
        return offline_correction(text), f"{type(exc).__name__}: {exc}"
