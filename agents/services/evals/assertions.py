"""Checking one assertion against what one step produced.

Every check returns pass, fail or skip with the value it observed, so a failure says what was seen
instead of what was wanted, and ``not: true`` flips pass and fail (never skip). A check never passes
for lack of evidence: a ``tool`` assertion on a turn with no calls fails, an ``action_outcome`` on a
step with no action fails, ``cost_max`` without a known price is skipped, not passed.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from agents.core.events import Event
from agents.core.reply_text import joined
from agents.core.user_regex import PatternRefused, PatternTimeout, compile_pattern
from agents.services.evals import spec
from agents.services.evals.code import run_check
from agents.services.evals.rows import ModelCall

Status = Literal["pass", "fail", "skip"]
OBSERVED_TEXT_CHARS = 600


@dataclass
class StepRecord:
    """What one step of a case produced: its events (synthesised for confirm / cancel / modify)."""

    index: int
    kind: str
    input: dict[str, object]  # the step as the suite gave it (cases._step_input)
    events: list[Event] = field(default_factory=list)
    turn_id: str | None = None
    action_id: str | None = None
    outcome: str | None = None  # the action's status after a confirm / cancel / modify, or the last one proposed
    error_code: str | None = None
    error_message: str | None = None
    latency_ms: float | None = None
    tokens: int | None = None
    cost: float | None = None
    provider: str = ""
    model: str = ""
    state: dict[str, object] | None = None  # the conversation's stored state after the step

    @property
    def text(self) -> str:
        """The reply's text; for a confirm / cancel, the outcome message the chat shows instead."""
        streamed = joined(self.events)  # blocks of text split by a tool call stay apart
        return streamed or "\n".join(e.message for e in self.events if e.type == "action_result")

    def of(self, kind: str) -> list[Any]:
        return [e for e in self.events if e.type == kind]


@dataclass
class Result:
    status: Status
    observed: object
    message: str
    final: bool = False  # a check that could not be made (a regex out of time): ``not: true`` does not flip it
    spans: list[ModelCall] = field(default_factory=list)  # model calls the check made (a judge's)


# (assertion, step) -> Result: grades with a real judge model, or skips without one or on the offline provider.
Judge = Callable[["spec.JudgeAssertion", StepRecord], Result]


def subset(expected: object, actual: object) -> bool:
    """``expected`` is contained in ``actual``: mappings key by key, lists item by item in order (a
    prefix), numbers by value (1 == 1.0), everything else by equality."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and subset(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) <= len(actual) and all(
            subset(e, a) for e, a in zip(expected, actual, strict=False))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return float(expected) == float(actual)
    return bool(expected == actual)


def is_subsequence(wanted: list[str], seen: list[str]) -> bool:
    it = iter(seen)
    return all(any(w == s for s in it) for w in wanted)


def _short(text: str) -> str:
    return text if len(text) <= OBSERVED_TEXT_CHARS else text[:OBSERVED_TEXT_CHARS] + "…"


class _Call(TypedDict):
    name: str
    args: dict[str, object]


def _calls(step: StepRecord) -> list[_Call]:
    return [{"name": e.name, "args": e.args} for e in step.of("tool_call")]


def _event_types(step: StepRecord) -> list[str]:
    out: list[str] = []
    for e in step.events:  # consecutive text deltas read as one
        if not (e.type == "text_delta" and out and out[-1] == "text_delta"):
            out.append(e.type)
    return out


def check(assertion: spec._Assertion, step: StepRecord, judge: Judge | None = None) -> Result:
    result = _check(assertion, step, judge)
    if assertion.not_ and result.status != "skip" and not result.final:
        flipped: Status = "fail" if result.status == "pass" else "pass"
        return Result(flipped, result.observed, f"not: {result.message}", spans=result.spans)
    return result


def _ok(ok: bool, observed: object, yes: str, no: str) -> Result:
    return Result("pass" if ok else "fail", observed, yes if ok else no)


def _check(a: spec._Assertion, step: StepRecord, judge: Judge | None) -> Result:
    match a:
        case spec.ToolAssertion():
            calls = _calls(step)
            hits = [c for c in calls if c["name"] == a.tool and (a.args is None or subset(a.args, c["args"]))]
            want = f"{a.tool}" + (f" with {json.dumps(a.args, ensure_ascii=False)}" if a.args else "")
            if a.count is not None:
                return _ok(len(hits) == a.count, calls, f"{want} called {a.count} time(s)",
                           f"{want} called {len(hits)} time(s), expected {a.count}")
            return _ok(bool(hits), calls, f"{want} was called",
                       f"{want} was not called" + ("" if calls else " (no tool was called)"))
        case spec.NoToolAssertion():
            calls = _calls(step)
            used = [c for c in calls if c["name"] == a.no_tool]
            return _ok(not used, calls, f"{a.no_tool} was not called", f"{a.no_tool} was called")
        case spec.ToolOrderAssertion():
            names = [c["name"] for c in _calls(step)]
            return _ok(is_subsequence(a.tool_order, names), names, f"called in order {a.tool_order}",
                       f"expected the calls in order {a.tool_order}")
        case spec.NeedsApprovalAssertion():
            cards = [{"tool": e.tool_name, "args": e.args, "summary": e.summary} for e in step.of("action_confirmation")]
            proposed = [c for c in cards if c["tool"] == a.needs_approval and (a.args is None or subset(a.args, c["args"]))]
            want = a.needs_approval + (f" with {json.dumps(a.args, ensure_ascii=False)}" if a.args else "")
            return _ok(bool(proposed), cards, f"{want} waits for approval",
                       f"no confirmation card for {want}" + ("" if cards else " (no action was proposed)"))
        case spec.ActionOutcomeAssertion():
            return _ok(step.outcome == a.action_outcome, step.outcome, f"the action is {a.action_outcome}",
                       f"the action is {step.outcome or 'missing (no action in this conversation)'}, "
                       f"expected {a.action_outcome}")
        case spec.CardAssertion():
            return _card(a, step)
        case spec.TextContainsAssertion():
            wanted = [a.text_contains] if isinstance(a.text_contains, str) else a.text_contains
            fold = str.casefold if a.ignore_case else str
            missing = [w for w in wanted if fold(w) not in fold(step.text)]
            how = (" (any of them)" if a.any else "") + (" ignoring case" if a.ignore_case else "")
            ok = len(missing) < len(wanted) if a.any else not missing
            return _ok(ok, _short(step.text), f"the reply contains {wanted}{how}",
                       f"the reply lacks {missing}{how}" + ("" if step.text else " (the step produced no text)"))
        case spec.TextEqualsAssertion():
            return text_equals(a, step.text)
        case spec.IsJsonAssertion():
            try:
                json.loads(step.text)
            except ValueError as exc:
                return Result("fail", _short(step.text), f"the reply is not JSON: {exc}"
                              + ("" if step.text else " (the step produced no text)"))
            return Result("pass", _short(step.text), "the reply is valid JSON")
        case spec.PythonAssertion():
            said, observed, message = run_check(a.python, step)
            if said is None:  # refused, raised or answered nonsense: a failure `not: true` cannot flip
                return Result("fail", observed, message, final=True)
            return Result("pass" if said else "fail", observed, message)
        case spec.TextMatchesAssertion():
            try:
                found = compile_pattern(a.text_matches).search(step.text)
            except (PatternRefused, PatternTimeout) as exc:
                return Result("fail", _short(step.text), exc.message, final=True)
            return _ok(found is not None, _short(step.text), f"matched {found!r}" if found is not None else "",
                       f"no match for /{a.text_matches}/" + ("" if step.text else " (the step produced no text)"))
        case spec.TextNotContainsAssertion():
            unwanted = [a.text_not_contains] if isinstance(a.text_not_contains, str) else a.text_not_contains
            present = [w for w in unwanted if w in step.text]
            return _ok(not present, _short(step.text), f"the reply has none of {unwanted}",
                       f"the reply contains {present}")
        case spec.IntentAssertion():
            intents = [{"name": e.name, "confidence": e.confidence, "args": e.args} for e in step.of("intent")]
            read_as = [i for i in intents if i["name"] == a.intent and (a.args is None or subset(a.args, i["args"]))]
            want = a.intent + (f" with {json.dumps(a.args, ensure_ascii=False)}" if a.args else "")
            return _ok(bool(read_as), intents, f"intent {want}",
                       f"no intent {want}" + ("" if intents else " (the turn emitted no intent)"))
        case spec.ClarificationAssertion():
            return _clarification(a, step)
        case spec.EventOrderAssertion():
            seen = _event_types(step)
            return _ok(is_subsequence(a.event_order, seen), seen, f"events in order {a.event_order}",
                       f"expected events in order {a.event_order}")
        case spec.NoErrorAssertion():
            errors = [{"code": e.code, "message": e.message} for e in step.of("error")]
            if step.error_code and not errors:
                errors = [{"code": step.error_code, "message": step.error_message}]
            return _ok(not errors, errors or None, "no error", f"error {errors[0]['code'] if errors else ''}")
        case spec.ErrorCodeAssertion():
            codes = [e.code for e in step.of("error")] or ([step.error_code] if step.error_code else [])
            return _ok(a.error_code in codes, codes, f"error {a.error_code}",
                       f"expected error {a.error_code}, got {codes or 'no error'}")
        case spec.MetaAssertion():
            done = step.of("done")
            meta = done[-1].meta if done else None
            if meta is None:
                return Result("fail", None, "the step has no done event, so no meta")
            return _ok(subset(a.meta, meta), meta, f"done.meta has {a.meta}", f"done.meta lacks {a.meta}")
        case spec.StateAssertion():
            if step.state is None:
                return Result("fail", None, "the step left no stored conversation")
            return _ok(subset(a.state, step.state), step.state, f"the conversation's state has {a.state}",
                       f"the conversation's state lacks {a.state}")
        case spec.LatencyAssertion():
            if step.latency_ms is None:
                return Result("fail", None, "the step has no measured latency")
            return _ok(step.latency_ms <= a.latency_ms_max, round(step.latency_ms, 1),
                       f"{step.latency_ms:.0f} ms ≤ {a.latency_ms_max:g} ms",
                       f"{step.latency_ms:.0f} ms > {a.latency_ms_max:g} ms")
        case spec.TokensAssertion():
            if step.tokens is None:
                return Result("fail", None, "the step reported no token usage")
            return _ok(step.tokens <= a.tokens_max, step.tokens, f"{step.tokens} tokens ≤ {a.tokens_max}",
                       f"{step.tokens} tokens > {a.tokens_max}")
        case spec.CostAssertion():
            if step.cost is None:
                return Result("skip", None, f"no price is known for {step.provider}/{step.model}, so the cost is "
                                            "unknown (never guessed)")
            return _ok(step.cost <= a.cost_max, step.cost, f"${step.cost:.6f} ≤ ${a.cost_max:g}",
                       f"${step.cost:.6f} > ${a.cost_max:g}")
        case spec.JudgeAssertion():
            if judge is None:
                return Result("skip", None, "no judge model is configured")
            return judge(a, step)
    raise TypeError(f"no check for {type(a).__name__}")  # pragma: no cover - every kind is matched above


_ARTICLES = re.compile(r"\b(a|an|the)\b")


def normalise(text: str) -> str:
    """OpenAI evals' fuzzy-match normalisation: NFKC, case-folded, no punctuation, no English articles, one
    space between words."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(" " if unicodedata.category(ch).startswith("P") else ch for ch in text)
    return " ".join(_ARTICLES.sub(" ", text).split())


def text_equals(a: spec.TextEqualsAssertion, text: str) -> Result:
    wanted = [a.text_equals] if isinstance(a.text_equals, str) else a.text_equals
    same = (lambda w: normalise(w) == normalise(text)) if a.normalise else (lambda w: w == text)
    how = " (normalised)" if a.normalise else ""
    choices = repr(wanted[0]) if len(wanted) == 1 else f"one of {wanted}"
    return _ok(any(same(w) for w in wanted), _short(text), f"the reply is {choices}{how}",
               f"the reply is not {choices}{how}" + ("" if text else " (the step produced no text)"))


def _card(a: spec.CardAssertion, step: StepRecord) -> Result:
    cards = step.of("data_card")
    observed = [{"card_type": c.card_type, "title": c.title} for c in cards]
    typed = [c for c in cards if c.card_type == a.card]
    if not typed:
        return Result("fail", observed, f"no {a.card} card" + ("" if cards else " (the step showed no card)"))
    if a.contains is None:
        return Result("pass", observed, f"a {a.card} card")
    if isinstance(a.contains, dict):
        hit = any(subset(a.contains, c.data) for c in typed)
        return _ok(hit, observed, f"a {a.card} card with {a.contains}", f"no {a.card} card has {a.contains}")
    texts = [c.title + " " + json.dumps(c.data, ensure_ascii=False, default=str) for c in typed]
    hit = any(a.contains in t for t in texts)
    return _ok(hit, observed, f"a {a.card} card mentioning {a.contains!r}", f"no {a.card} card mentions {a.contains!r}")


def _clarification(a: spec.ClarificationAssertion, step: StepRecord) -> Result:
    asked = [{"question": e.question, "options": e.options} for e in step.of("clarification")]
    if a.clarification is False:
        return _ok(not asked, asked, "no question back", "the agent asked back")
    hits = asked
    if isinstance(a.clarification, str):
        hits = [q for q in hits if a.clarification in q["question"]]
    if a.options:
        hits = [q for q in hits if all(any(o in opt for opt in q["options"]) for o in a.options)]
    want = "a question back" + (f" about {a.clarification!r}" if isinstance(a.clarification, str) else "") + (
        f" offering {a.options}" if a.options else "")
    return _ok(bool(hits), asked, want, f"no {want.removeprefix('a ')}" + ("" if asked else " (none was asked)"))
