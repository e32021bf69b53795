"""The offline model for the english tutor: it answers each sub-agent's call by its ``purpose``.

analysis / analysis_repair -> the extractive analysis JSON; correction -> the rule checker's union JSON;
conversation -> the composed reply. The requests are the ones a real model gets (``subagents.py``,
``conversation.py``); the conversation call also carries its context as data in ``options.extra``."""

from __future__ import annotations

import json

from agents.core.providers.base import ModelRequest
from agents.core.providers.offline import PolicyReply
from agents.english.analysis_offline import analyse
from agents.english.checker import check
from agents.english.models import (
    CORRECTION,
    Correction,
    CorrectionJson,
    CorrectionNoErrors,
    CorrectionWithErrors,
    NewsAnalysis,
    NewsArticle,
    correction_json,
)
from agents.english.reply import Context, compose


def offline_correction(text: str) -> Correction:
    result = check(text)
    if result.has_errors:
        return CorrectionWithErrors(original=text, corrected=result.corrected, explanation=result.explanation())
    return CorrectionNoErrors(feedback=result.feedback())


def _correction(raw: object) -> CorrectionJson:
    """The context's correction read back ({} at a session's start, when nothing was checked)."""
    return correction_json(CORRECTION.validate_python(raw)) if raw else {}


def policy(request: ModelRequest) -> PolicyReply:
    match request.purpose:
        case "analysis" | "analysis_repair":
            article = NewsArticle.model_validate_json(request.messages[0].content)
            return PolicyReply(text=analyse(article).model_dump_json())
        case "correction":
            return PolicyReply(text=offline_correction(request.messages[-1].content).model_dump_json())
        case "conversation":
            extra = request.options.extra.get("english")  # the pipeline's context (JSON)
            context = extra if isinstance(extra, dict) else {}
            previous = [m.content for m in request.messages[:-1] if m.role == "assistant" and m.content]
            turn = sum(m.role == "user" for m in request.messages)
            ctx = Context(text=request.messages[-1].content if request.messages else "", name=context.get("name", "there"),
                          level=context.get("level", "intermediate"),
                          analysis=NewsAnalysis.model_validate(context["analysis"]), title=context.get("title", ""),
                          article_text=context.get("article_text") or context["analysis"]["summary"],
                          correction=_correction(context.get("correction")), previous=previous, turn=turn,
                          start=bool(context.get("start")))
            return PolicyReply(text=compose(ctx))
    return PolicyReply(text=json.dumps({"note": f"no offline rule for purpose {request.purpose!r}"}))
