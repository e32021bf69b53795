"""The ``judge`` assertion: a rubric graded by a real model through the run's own provider.

On the offline provider it is skipped, and reported as skipped: the rule-based model cannot grade
prose, and a pass it made up would be a lie.
"""

from __future__ import annotations

import json
from typing import Any

from agents.core.providers import ChatMessage, ModelRequest, complete, make_provider
from agents.services.evals import spec
from agents.services.evals.assertions import Judge, Result, StepRecord

JUDGE_SYSTEM = (
    "You grade one reply of an AI agent against a rubric. Read the user's message, the tools the agent called, "
    "the cards it showed and its reply. Decide whether the reply satisfies the rubric. Answer with one JSON "
    'object and nothing else: {"pass": true or false, "reason": "one sentence"}.'
)


def make_judge(config: spec.Config, settings: dict[str, Any] | None = None) -> Judge:
    if config.provider == "offline":
        def skipped(rubric: str, step: StepRecord) -> Result:
            return Result("skip", None, "skipped on the offline provider: a rubric needs a real model "
                                        "(run with --provider openai or gemini)")
        return skipped

    def grade(rubric: str, step: StepRecord) -> Result:
        model: dict[str, Any] = {"model": config.model} if config.model else {}
        provider = make_provider(config.provider, **(settings or {}), **model)
        request = ModelRequest(agent_id="judge", system=JUDGE_SYSTEM, purpose="judge",
                               messages=[ChatMessage(role="user", content=_prompt(rubric, step))])
        try:
            response = complete(provider, request)
        except Exception as exc:  # noqa: BLE001 - a judge that cannot answer fails the assertion, visibly
            return Result("fail", None, f"the judge model failed: {type(exc).__name__}: {exc}")
        verdict = _verdict(response.text)
        if verdict is None:
            return Result("fail", response.text[:400], "the judge's answer was not the JSON verdict asked for")
        ok, reason = verdict
        return Result("pass" if ok else "fail", {"pass": ok, "reason": reason, "judge": provider.model},
                      f"judge: {reason}")

    return grade


def _prompt(rubric: str, step: StepRecord) -> str:
    calls = [{"name": e.name, "args": e.args} for e in step.of("tool_call")]
    cards = [{"type": e.card_type, "title": e.title} for e in step.of("data_card")]
    user = step.input.get("user") if isinstance(step.input, dict) else None
    return json.dumps({"rubric": rubric, "user_message": user, "tool_calls": calls, "cards": cards,
                       "reply": step.text}, ensure_ascii=False, indent=1)


def _verdict(text: str) -> tuple[bool, str] | None:
    # From the first "{" to the last "}": what `\{.*\}` found, without its quadratic backtracking on a long
    # answer full of "{" and no "}" (the answer comes from a model the run's caller picks).
    text = text or ""
    end = text.rfind("}")
    start = text.find("{", 0, max(end, 0))
    if end < 0 or start < 0:
        return None
    try:
        data: Any = json.loads(text[start:end + 1])
    except json.JSONDecodeError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("pass"), bool):
        return None
    return data["pass"], str(data.get("reason") or "")
