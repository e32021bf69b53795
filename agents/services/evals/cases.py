"""One case: a fresh sandbox user in one new conversation on its own clock; each step run as the app would
(a message, the Confirm / Cancel / Modify of the last proposed action, the clock moved), and each step's
assertions checked against what it produced."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TypeVar, cast

from agents.core import telemetry
from agents.core.agent import get_agent
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.events import ActionConfirmation, ActionResult, DataCard, Detail, Done, E, Event
from agents.core.providers import ModelOptions, Provider
from agents.core.session import Session
from agents.core.store import PendingActionRow, Store
from agents.core.turn import TurnSettings
from agents.services.evals import spec
from agents.services.evals.assertions import Judge, Result, StepRecord, check
from agents.services.evals.pricing import cost_of
from agents.services.evals.rows import AssertionResult, CaseSpan, Repetition, Totals
from agents.services.evals.simulate import PersonaFactory, SimulationError, run_simulation

log = logging.getLogger(__name__)
T = TypeVar("T")


class CaseClock:
    """The real clock plus the minutes a case has waited: ``wait_minutes`` moves only this case's time,
    so a pending action's expiry really happens (the store compares expires_at with this clock)."""

    def __init__(self) -> None:
        self.offset = timedelta()

    def __call__(self) -> datetime:
        return system_clock() + self.offset

    def advance(self, minutes: float) -> None:
        self.offset += timedelta(minutes=minutes)


@dataclass
class CaseOutcome:
    run_id: str
    index: int
    case: spec.Case
    config: spec.Config
    status: str  # passed, failed, error, or skipped (every assertion was skipped: nothing was checked)
    user_id: str
    conversation_id: str | None
    steps: list[StepRecord] = field(default_factory=list)
    results: list[AssertionResult] = field(default_factory=list)  # one row per assertion
    error: str | None = None
    duration_ms: float = 0.0
    spans: list[CaseSpan] = field(default_factory=list)  # the case's own model calls (the judge's)
    # Repeats (repeats.py): this repetition's index, and once combined the pass rate over all of them.
    repeat_index: int = 0
    repeats: int = 1
    passes: int | None = None
    pass_rate: float | None = None
    min_pass_rate: float | None = None
    repetitions: list[Repetition] = field(default_factory=list)
    totals: Totals | None = None  # tokens and cost over every repetition
    started_at: datetime | None = None

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    def tokens(self) -> int | None:
        present = [s.tokens for s in self.steps if s.tokens is not None]
        return sum(present) if present else None

    def cost(self) -> float | None:
        """The agent's cost over the user steps; None when one price is unknown."""
        costs = [s.cost for s in self.steps if s.kind == "user"]
        return None if any(c is None for c in costs) else sum(c for c in costs if c is not None)

    def cached(self) -> bool:
        """Whether every model call of the case was answered from the response cache."""
        done = [e for s in self.steps for e in s.events if e.type == "done"]
        return bool(done) and all((e.meta or {}).get("cache") == "hit" for e in done)

    def counts(self) -> dict[str, int]:
        out = {"pass": 0, "fail": 0, "skip": 0}
        for row in self.results:
            out[row["status"]] += 1
        return out


# --- extra: structured input beside a message ---------------------------------------------------------------


def expand_extra(agent_id: str, extra: dict[str, object] | None, now: datetime) -> dict[str, object] | None:
    """``context_text`` given as a mapping is sent as the JSON string the contract wants; ``screen`` builds
    the context_text the agent's app sends for that screen (``AgentSpec.eval_screen``)."""
    if not extra:
        return extra
    out = dict(extra)
    if isinstance(out.get("context_text"), dict):
        out["context_text"] = json.dumps(out["context_text"], ensure_ascii=False)
    screen = out.pop("screen", None)
    build = get_agent(agent_id).eval_screen if screen is not None else None
    if build is not None:
        out["context_text"] = build(screen, now)
    return out


def resolve_refs(value: T, earlier: list[StepRecord]) -> T:
    """``"{{card.TYPE.path}}"`` / ``"{{done.path}}"`` in ``extra``: a value an earlier step produced (the
    preview a 적용하기 button sends, the trip id in done.meta), looked up in the latest step that has it."""
    return cast(T, _resolved(value, earlier))  # a mapping stays a mapping, a list a list; only a "{{…}}" changes


def _resolved(value: object, earlier: list[StepRecord]) -> object:
    if isinstance(value, dict):
        return {k: _resolved(v, earlier) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolved(v, earlier) for v in value]
    if not isinstance(value, str) or (match := spec.REF.match(value)) is None:
        return value
    root, path = match.group(1), [p for p in match.group(2).split(".") if p]
    for record in reversed(earlier):
        if root == "card":
            if not path:
                break
            cards = [e for e in record.events if e.type == "data_card" and e.card_type == path[0]]
            if cards:
                return _dig(cards[-1].data, path[1:], value)
        else:
            done = [e for e in record.events if e.type == "done"]
            if done:
                return _dig(done[-1].model_dump(mode="json"), path, value)
    raise _StepFailed(f"{value} found nothing: no earlier step produced it")


def _dig(data: object, path: list[str], ref: str) -> object:
    for part in path:
        if isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        elif isinstance(data, dict) and part in data:
            data = data[part]
        else:
            raise _StepFailed(f"{ref}: there is no {part!r} there")
    return data


# --- one case ----------------------------------------------------------------------------------------------


def _last_action(session: Session) -> PendingActionRow | None:
    actions = session.pending_actions()
    return max(actions, key=lambda a: (a.created_at, a.id)) if actions else None


def _usage_tokens(done: Done) -> int:
    return int(done.usage.input_tokens + done.usage.output_tokens)


def _user_step(session: Session, step: spec.Step, record: StepRecord, clock: CaseClock,
               earlier: list[StepRecord]) -> None:
    extra = expand_extra(session.agent.id, resolve_refs(step.extra, earlier), clock())
    started = time.perf_counter()
    events: list[Event] = session.run(step.user or "", extra)
    record.events = events
    record.turn_id = events[0].turn_id if events else None
    terminal = events[-1] if events else None
    if terminal is not None and terminal.type == "done":
        record.latency_ms = terminal.latency_ms
        record.tokens = _usage_tokens(terminal)
        record.provider, record.model = terminal.provider, terminal.model
        record.cost = cost_of(terminal.provider, terminal.model, terminal.usage)
    else:
        record.latency_ms = (time.perf_counter() - started) * 1000
        if terminal is not None and terminal.type == "error":
            record.error_code, record.error_message = terminal.code, terminal.message
    last = _last_action(session)
    record.outcome = last.status.value if last is not None else None
    record.action_id = last.id if last is not None else None
    record.state = _state(session)


def _state(session: Session) -> dict[str, object] | None:
    """The conversation's stored state (what the agent keeps between turns), read after the step."""
    if session.conversation_id is None:
        return None
    row = session.store.conversations.get(session.conversation_id, session.user_id)
    return dict(row.state) if row is not None else None


def _action_step(session: Session, step: spec.Step, record: StepRecord,
                 earlier: list[StepRecord] | None = None) -> None:
    action = _last_action(session)
    if action is None:
        raise _StepFailed(f"step {record.index + 1} ({step.kind}): no action has been proposed in this conversation")
    record.action_id = action.id
    started = time.perf_counter()
    seq = 0

    def stamp(cls: type[E], **fields: object) -> E:
        nonlocal seq
        seq += 1
        return cls(turn_id=action.id, seq=seq, **fields)

    try:
        if step.kind == "modify":
            # The named arguments change, the others keep their proposed values; "{{…}}" is what an earlier
            # step produced, as in extra.
            changes = resolve_refs(dict(step.modify or {}), earlier or [])
            row = session.modify_action(action.id, {**action.tool_args, **changes})
            record.events = [stamp(ActionConfirmation, action_id=row.id, tool_name=row.tool_name, summary=row.summary,
                                   details=[Detail(**d.model_dump()) for d in row.details], warnings=row.warnings,
                                   expires_at=row.expires_at, args=row.tool_args)]
            record.outcome = row.status.value
        else:
            outcome = (session.confirm_action if step.kind == "confirm" else session.cancel_action)(action.id)
            record.events = [stamp(ActionResult, action_id=action.id, ok=outcome.ok, message=outcome.message,
                                   status=outcome.status.value)]
            record.events += [stamp(DataCard, card_type=c.card_type, title=c.title, data=c.data) for c in outcome.cards]
            record.outcome = outcome.status.value
    except PlaygroundError as exc:
        # Refused (expired, already done, bad modify args): what the user would see, and the real status.
        record.error_code, record.error_message = exc.code, exc.message
        current = session.store.actions.get(action.id, session.user_id)
        record.outcome = current.status.value if current is not None else None
        record.events = [stamp(ActionResult, action_id=action.id, ok=False, message=exc.message,
                               status=record.outcome or "")]
    record.latency_ms = (time.perf_counter() - started) * 1000
    record.state = _state(session)


class _StepFailed(Exception):
    """A step that could not run at all (nothing to confirm): the case is an error, not a pass."""


def run_case(
    *, run_id: str, index: int, case: spec.Case, config: spec.Config, agent_id: str, store: Store, user_id: str,
    provider: Provider, judge: Judge | None, owner: str | None = None, persona: PersonaFactory | None = None,
) -> CaseOutcome:
    started = time.perf_counter()
    clock = CaseClock()
    outcome = CaseOutcome(run_id=run_id, index=index, case=case, config=config, status="passed", user_id=user_id,
                          conversation_id=None)
    # The case runs as its own fresh user, but its turns are the run owner's: they show in the owner's Lab
    # (a failure links to its trace, in shared mode too) and count against the owner's daily limit, as a
    # side-by-side side's turns do.
    options = ModelOptions(temperature=config.temperature, max_output_tokens=config.max_output_tokens)
    settings = TurnSettings(prompt_version=config.prompt_version, owner_id=owner, options=options,
                             origin="eval")
    # The parent span of the case's turns and judge calls, when turns are exported to OpenTelemetry.
    span = telemetry.open_case(case.name, {
        "playground.eval.run_id": run_id, "playground.eval.case_index": index, "playground.eval.case": case.name,
        "playground.eval.tags": list(case.tags), "playground.eval.provider": config.provider,
        "playground.eval.model": config.model, "gen_ai.agent.name": agent_id, "user.id": user_id})
    try:
        session = Session(agent_id, user_id=user_id, provider=provider, store=store, clock=clock, settings=settings)
        for step_index, step in enumerate(case.turns):
            record = StepRecord(index=step_index, kind=step.kind, input=_step_input(step))
            outcome.steps.append(record)
            if step.kind == "wait_minutes":
                clock.advance(float(step.wait_minutes or 0))
                continue
            until: Result | None = None
            if step.kind == "user":
                _user_step(session, step, record, clock, outcome.steps[:-1])
            elif step.kind == "simulate":
                def send(message: str, sub: StepRecord, earlier: list[StepRecord] = outcome.steps[:-1]) -> None:
                    _user_step(session, spec.Step(user=message), sub, clock, earlier)

                until, made = run_simulation(session, step, record, config, judge, send, persona, store)
                outcome.spans += [{**span, "step_index": step_index, "assertion_index": None, "repeat_index": 0}
                                  for span in made]  # repeats.combine numbers a repeated case's
            else:
                _action_step(session, step, record, outcome.steps[:-1])
            outcome.conversation_id = session.conversation_id
            if until is not None and step.simulate is not None and step.simulate.until is not None:
                outcome.results.append({  # the goal, reported after the step's own assertions
                    "step_index": step_index, "assertion_index": len(step.expect), "kind": step.simulate.until.kind,
                    "spec": {"until": step.simulate.until.model_dump(mode="json", by_alias=True,
                                                                     exclude_defaults=True)},
                    "negated": step.simulate.until.not_, "status": until.status, "observed": until.observed,
                    "message": until.message})
            for assertion_index, assertion in enumerate(step.expect):
                result = check(assertion, record, judge)
                outcome.results.append({
                    "step_index": step_index, "assertion_index": assertion_index, "kind": assertion.kind,
                    "spec": assertion.model_dump(mode="json", by_alias=True, exclude_defaults=True),
                    "negated": assertion.not_, "status": result.status, "observed": result.observed,
                    "message": result.message})
                outcome.spans += [{**span, "step_index": step_index, "assertion_index": assertion_index,
                                   "repeat_index": 0} for span in result.spans]
    except (_StepFailed, SimulationError) as exc:
        outcome.status, outcome.error = "error", str(exc)
    except Exception as exc:  # a crash in one case must not take the run down with it
        log.exception("eval case %r crashed", case.name)
        outcome.status, outcome.error = "error", f"{type(exc).__name__}: {exc}"
    if outcome.status == "passed" and any(r["status"] == "fail" for r in outcome.results):
        outcome.status = "failed"
    elif outcome.status == "passed" and outcome.results and all(r["status"] == "skip" for r in outcome.results):
        outcome.status = "skipped"  # a skip is never a pass
    telemetry.close_case(span, outcome.status, {"playground.eval.error": outcome.error,
                                                "playground.eval.assertions": len(outcome.results)}, outcome.spans)
    outcome.duration_ms = (time.perf_counter() - started) * 1000
    return outcome


def _step_input(step: spec.Step) -> dict[str, object]:
    match step.kind:
        case "user":
            return {"user": step.user, **({"extra": step.extra} if step.extra else {})}
        case "modify":
            return {"modify": step.modify}
        case "wait_minutes":
            return {"wait_minutes": step.wait_minutes}
        case "simulate":
            return {"simulate": step.simulate.model_dump(mode="json", exclude_none=True) if step.simulate else None}
    return {step.kind: "last"}
