"""The ``judge`` assertion: a rubric graded by a model chosen apart from the model under test.

The judge is the assertion's own ``judge: {provider, model}``, else the suite's ``judge_model`` (or the run's
``--judge``), never silently the model under test: without one the rubric is skipped, saying how to name one.
On the offline provider it is skipped too, and reported as skipped: the rule-based model cannot grade prose,
and a pass it made up would be a lie. Every call is a span of the case (provider, model, tokens, cost, what
was sent and answered), its cost is the judge's, kept apart from the agent's, and on the server's keys it
counts against the shared daily budget like a turn. An answer that is not the verdict asked for is asked
again once, then the assertion fails as ``judge_error``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from agents.core import guards, limits
from agents.core.clock import system_clock
from agents.core.errors import GuardRefusal, PlaygroundError
from agents.core.pricing import call_cost
from agents.core.providers import ChatMessage, ModelRequest, Provider, complete, make_provider
from agents.core.store import Store
from agents.services.evals import spec
from agents.services.evals.assertions import Judge, Result, StepRecord
from agents.services.evals.rows import ModelCall
from agents.services.messages import say

PASS_FAIL = ('Answer with one JSON object and nothing else: {"pass": true or false, "reason": "one sentence"}.')
SCORE = ('Score how well the reply satisfies the rubric from 1 (not at all) to 5 (fully). Answer with one JSON '
         'object and nothing else: {"score": 1 to 5, "reason": "one sentence"}.')
JUDGE_SYSTEM = (
    "You grade one reply of an AI agent against a rubric. Read the user's message, the tools the agent called, "
    "the cards it showed and its reply. Decide whether the reply satisfies the rubric. ")
DEFAULT_THRESHOLD = 4
ATTEMPTS = 2  # a malformed verdict is asked for once more
SPAN_TEXT_CHARS = 2000
NO_JUDGE = ("no judge model: name one with judge_model: {provider, model} in the suite, judge: {rubric, provider, "
            "model} on the assertion, or --judge PROVIDER/MODEL (the model under test never grades itself)")
OFFLINE = ("skipped on the offline provider: a rubric needs a real model (judge_model: {provider: openai, "
           "model: gpt-4o-mini}, or --judge openai/gpt-4o-mini)")

# (provider, model) -> the provider the judge calls; tests and the Lab's typed key come through it.
JudgeProviderFactory = Callable[[str, "str | None"], Provider]


def judge_model_of(text: str) -> spec.JudgeModel:
    """``--judge openai/gpt-4o-mini`` (or a provider alone)."""
    provider, _, model = text.strip().partition("/")
    return spec.JudgeModel(provider=provider, model=model or None)


MAX_JUDGE_CHARS = 200


def judge_model_from(text: str | None, name: str = "judge") -> spec.JudgeModel | None:
    """A judge model typed in a form (``openai/gpt-4o-mini``, or a provider alone); None when left empty. A bad
    one is refused naming the input ``name``, in Korean then English."""
    from agents.core.providers import PROVIDER_NAMES

    text = (text or "").strip()
    if not text:
        return None
    shown = text if len(text) <= 60 else text[:60] + "…"
    if len(text) > MAX_JUDGE_CHARS or any(c.isspace() or not c.isprintable() for c in text):
        raise PlaygroundError(say("judge_unreadable", name=name, shown=shown, most=MAX_JUDGE_CHARS),
                              code="invalid_input")
    model = judge_model_of(text)
    if model.provider not in PROVIDER_NAMES:
        raise PlaygroundError(say("judge_provider_unknown", name=name, provider=model.provider,
                                  known=", ".join(PROVIDER_NAMES)), code="invalid_input")
    return model


def make_judge(default: spec.JudgeModel | None, *, under_test: spec.Config | None = None, store: Store | None = None,
               provider_factory: JudgeProviderFactory | None = None,
               guard_settings: guards.GuardSettings | None = None) -> Judge:
    """A judge grading with the assertion's model, else ``default``; ``store`` counts its calls against the
    server's daily budget. ``under_test`` is only read to say why a rubric was skipped."""
    def make(provider: str, model: str | None) -> Provider:
        return make_provider(provider, model=model) if model else make_provider(provider)

    factory = provider_factory or make
    settings = guard_settings or guards.GuardSettings.from_env()

    def grade(assertion: spec.JudgeAssertion, step: StepRecord) -> Result:
        judge = assertion.spec
        provider_name = judge.provider or (default.provider if default else None)
        if provider_name is None:
            offline = under_test is None or under_test.provider == "offline"
            return Result("skip", None, OFFLINE if offline else NO_JUDGE)
        if provider_name == "offline":
            return Result("skip", None, OFFLINE)
        model = judge.model or (default.model if default and default.provider == provider_name else None)
        try:
            provider = factory(provider_name, model)
        except Exception as exc:  # noqa: BLE001 - a judge that cannot be built fails visibly, naming why
            return Result("fail", None, f"judge_error: the judge {provider_name}/{model or '-'} cannot run: "
                                        f"{getattr(exc, 'message', None) or exc}", final=True)
        return _grade(provider, judge, step, store, settings)

    return grade


def _grade(provider: Provider, judge: spec.JudgeSpec, step: StepRecord, store: Store | None,
           settings: guards.GuardSettings) -> Result:
    system = JUDGE_SYSTEM + (SCORE if judge.scale == "1-5" else PASS_FAIL)
    prompt = _prompt(judge.rubric, step)
    request = ModelRequest(agent_id="judge", system=system, purpose="judge",
                           messages=[ChatMessage(role="user", content=prompt)])
    spans: list[ModelCall] = []
    answer = ""
    for attempt in range(1, ATTEMPTS + 1):
        span, answer, error = _call(provider, request, prompt, attempt, store, settings)
        spans.append(span)
        if error is not None:
            return Result("fail", None, f"judge_error: {error}", final=True, spans=spans)
        verdict = _scored(answer, judge)
        if verdict is not None:
            ok, reason, score = verdict
            span["status"] = "ok"
            observed: dict[str, object] = {"pass": ok, "reason": reason, "judge": f"{provider.name}/{provider.model}"}
            if score is not None:
                observed["score"] = score
            return Result("pass" if ok else "fail", observed, f"judge: {reason}", spans=spans)
        span["status"] = "malformed"
    return Result("fail", answer[:400],
                  f"judge_error: the judge {provider.name}/{provider.model} did not answer with the verdict asked for "
                  f"({ATTEMPTS} attempts)", final=True, spans=spans)


def _call(provider: Provider, request: ModelRequest, prompt: str, attempt: int, store: Store | None,
          settings: guards.GuardSettings, kind: str = "judge") -> tuple[ModelCall, str, str | None]:
    """One judge call (or a simulated user's: ``kind``) as a span; (span, answer, error message or None)."""
    now = system_clock()
    span: ModelCall = {"kind": kind, "provider": provider.name, "model": provider.model, "attempt": attempt,
                            "started_at": now, "ms": 0.0, "input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0,
                            "status": "error", "request": prompt[:SPAN_TEXT_CHARS], "response": None}
    try:
        claim = limits.claim_call(store, provider, now, settings) if store is not None else None
    except GuardRefusal as exc:
        span["response"] = exc.message
        return span, "", f"{exc.code}: {exc.message}"
    started = time.perf_counter()
    try:
        response = complete(provider, request)
    except Exception as exc:  # noqa: BLE001 - a judge that cannot answer fails the assertion, visibly
        span["ms"] = round((time.perf_counter() - started) * 1000, 3)
        if claim is not None and store is not None:
            claim.settle(store, 0.0)
        span["response"] = f"{type(exc).__name__}: {exc}"[:SPAN_TEXT_CHARS]
        return span, "", f"the judge model failed: {type(exc).__name__}: {exc}"
    cost = call_cost(provider.name, provider.model, response.usage.input_tokens, response.usage.output_tokens, now)
    if claim is not None and store is not None:
        claim.settle(store, cost)
    span["ms"] = round((time.perf_counter() - started) * 1000, 3)
    span["input_tokens"], span["output_tokens"] = response.usage.input_tokens, response.usage.output_tokens
    span["cost_usd"], span["response"] = cost, response.text[:SPAN_TEXT_CHARS]
    return span, response.text or "", None


def _prompt(rubric: str, step: StepRecord) -> str:
    calls = [{"name": e.name, "args": e.args} for e in step.of("tool_call")]
    cards = [{"type": e.card_type, "title": e.title} for e in step.of("data_card")]
    user = step.input.get("user") if isinstance(step.input, dict) else None
    return json.dumps({"rubric": rubric, "user_message": user, "tool_calls": calls, "cards": cards,
                       "reply": step.text}, ensure_ascii=False, indent=1)


def _answer(text: str) -> dict[str, object] | None:
    # From the first "{" to the last "}": what `\{.*\}` found, without its quadratic backtracking on a long
    # answer full of "{" and no "}" (the answer comes from a model the run's caller picks).
    text = text or ""
    end = text.rfind("}")
    start = text.find("{", 0, max(end, 0))
    if end < 0 or start < 0:
        return None
    try:
        data: object = json.loads(text[start:end + 1])
    except json.JSONDecodeError:
        return None
    return data if isinstance(data, dict) else None


def _verdict(text: str) -> tuple[bool, str] | None:
    """A pass/fail verdict: ``{"pass": true|false, "reason": …}``."""
    data = _answer(text)
    ok = data.get("pass") if data is not None else None
    if data is None or not isinstance(ok, bool):
        return None
    return ok, str(data.get("reason") or "")


def _scored(text: str, judge: spec.JudgeSpec) -> tuple[bool, str, int | None] | None:
    """The verdict on the judge's scale: pass/fail, or a 1-5 score against the threshold."""
    if judge.scale != "1-5":
        verdict = _verdict(text)
        return None if verdict is None else (*verdict, None)
    data = _answer(text)
    score = None if data is None else data.get("score")
    if data is None or isinstance(score, bool) or not isinstance(score, int | float) or not 1 <= score <= 5:
        return None
    threshold = judge.threshold or DEFAULT_THRESHOLD
    reason = str(data.get("reason") or "")
    return score >= threshold, f"{score:g}/5 (needs {threshold}): {reason}", int(score)
