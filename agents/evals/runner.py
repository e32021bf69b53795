"""Running a suite: each case as its own fresh sandbox user in its own conversation, on its own clock,
cases at once on a bounded thread pool (DuckDB: one process, a cursor per thread), each case's
steps, assertions and trace ids stored as the case finishes.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from agents.core.agent import get_agent
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.events import ActionConfirmation, ActionResult, DataCard, Detail, Event
from agents.core.ids import new_id
from agents.core.providers import Provider, make_provider
from agents.core.runner import TurnSettings
from agents.core.session import Session, runtime_store
from agents.core.store import PendingActionRow, Store
from agents.core.store.evals import EvalRepo
from agents.evals import spec
from agents.evals.assertions import Judge, StepRecord, check
from agents.evals.judge import make_judge
from agents.evals.loader import LoadedSuite
from agents.evals.pricing import cost_of

log = logging.getLogger(__name__)

MAX_CONCURRENCY = 16
DEFAULT_CONCURRENCY = 4
# (config, case) -> the provider one case talks to; tests pass scripted models through it.
ProviderFactory = Callable[[spec.Config, spec.Case], Provider]
Progress = Callable[["CaseOutcome", int, int], None]


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
    status: str  # passed, failed or error
    user_id: str
    conversation_id: str | None
    steps: list[StepRecord] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)  # one row per assertion
    error: str | None = None
    duration_ms: float = 0.0

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    def counts(self) -> dict[str, int]:
        out = {"pass": 0, "fail": 0, "skip": 0}
        for row in self.results:
            out[row["status"]] += 1
        return out


@dataclass
class RunOutcome:
    run: dict[str, Any]
    cases: list[CaseOutcome]

    @property
    def id(self) -> str:
        return str(self.run["id"])

    @property
    def passed(self) -> bool:
        return self.run["status"] == "passed"


# --- extra: structured input beside a message ---------------------------------------------------------------


def expand_extra(agent_id: str, extra: dict[str, Any] | None, now: datetime) -> dict[str, Any] | None:
    """``context_text`` given as a mapping is sent as the JSON string the contract wants; ``screen`` (tutor)
    builds the sandbox app's context_text for a route, the way the app does on every send."""
    if not extra:
        return extra
    out = dict(extra)
    if isinstance(out.get("context_text"), dict):
        out["context_text"] = json.dumps(out["context_text"], ensure_ascii=False)
    screen = out.pop("screen", None)
    if screen is not None and agent_id == "tutor":
        from agents.tutor import contract
        from agents.tutor.sandbox import state_for_route

        if isinstance(screen, str):
            screen = {"route": screen}
        changes = {k: v for k, v in dict(screen).items() if k != "route"}
        state = state_for_route(str(screen.get("route", "/home"))).model_copy(update=changes)
        out["context_text"] = contract.build(state, now).to_text()
    return out


def resolve_refs(value: Any, earlier: list[StepRecord]) -> Any:
    """``"{{card.TYPE.path}}"`` / ``"{{done.path}}"`` in ``extra``: a value an earlier step produced (the
    preview a 적용하기 button sends, the trip id in done.meta), looked up in the latest step that has it."""
    if isinstance(value, dict):
        return {k: resolve_refs(v, earlier) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve_refs(v, earlier) for v in value]
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


def _dig(data: Any, path: list[str], ref: str) -> Any:
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


def _usage_tokens(done: Any) -> int:
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


def _action_step(session: Session, step: spec.Step, record: StepRecord) -> None:
    action = _last_action(session)
    if action is None:
        raise _StepFailed(f"step {record.index + 1} ({step.kind}): no action has been proposed in this conversation")
    record.action_id = action.id
    started = time.perf_counter()
    seq = 0

    def stamp(cls: type, **fields: Any) -> Any:
        nonlocal seq
        seq += 1
        return cls(turn_id=action.id, seq=seq, **fields)

    try:
        if step.kind == "modify":
            row = session.modify_action(action.id, dict(step.modify or {}))
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


class _StepFailed(Exception):
    """A step that could not run at all (nothing to confirm): the case is an error, not a pass."""


def run_case(
    *, run_id: str, index: int, case: spec.Case, config: spec.Config, agent_id: str, store: Store, user_id: str,
    provider: Provider, judge: Judge | None,
) -> CaseOutcome:
    started = time.perf_counter()
    clock = CaseClock()
    outcome = CaseOutcome(run_id=run_id, index=index, case=case, config=config, status="passed", user_id=user_id,
                          conversation_id=None)
    settings = TurnSettings(prompt_version=config.prompt_version)
    try:
        session = Session(agent_id, user_id=user_id, provider=provider, store=store, clock=clock, settings=settings)
        for step_index, step in enumerate(case.turns):
            record = StepRecord(index=step_index, kind=step.kind, input=_step_input(step))
            outcome.steps.append(record)
            if step.kind == "wait_minutes":
                clock.advance(float(step.wait_minutes or 0))
                continue
            if step.kind == "user":
                _user_step(session, step, record, clock, outcome.steps[:-1])
            else:
                _action_step(session, step, record)
            outcome.conversation_id = session.conversation_id
            for assertion_index, assertion in enumerate(step.expect):
                result = check(assertion, record, judge)
                outcome.results.append({
                    "step_index": step_index, "assertion_index": assertion_index, "kind": assertion.kind,
                    "spec": assertion.model_dump(mode="json", by_alias=True, exclude_defaults=True),
                    "negated": assertion.not_, "status": result.status, "observed": result.observed,
                    "message": result.message})
    except _StepFailed as exc:
        outcome.status, outcome.error = "error", str(exc)
    except Exception as exc:  # a crash in one case must not take the run down with it
        log.exception("eval case %r crashed", case.name)
        outcome.status, outcome.error = "error", f"{type(exc).__name__}: {exc}"
    if outcome.status == "passed" and any(r["status"] == "fail" for r in outcome.results):
        outcome.status = "failed"
    outcome.duration_ms = (time.perf_counter() - started) * 1000
    return outcome


def _step_input(step: spec.Step) -> Any:
    match step.kind:
        case "user":
            return {"user": step.user, **({"extra": step.extra} if step.extra else {})}
        case "modify":
            return {"modify": step.modify}
        case "wait_minutes":
            return {"wait_minutes": step.wait_minutes}
    return {step.kind: "last"}


# --- persistence -------------------------------------------------------------------------------------------


def _sum(values: Iterable[float | int | None]) -> float | None:
    present = [v for v in values if v is not None]
    return sum(present) if present else None


def _store_case(repo: EvalRepo, outcome: CaseOutcome, started_at: datetime) -> None:
    runnable = [s for s in outcome.steps if s.kind != "wait_minutes"]
    costs = [s.cost for s in runnable if s.kind == "user"]
    case_row = {
        "run_id": outcome.run_id, "case_index": outcome.index, "name": outcome.case.name, "tags": outcome.case.tags,
        "status": outcome.status, "error": outcome.error, "user_id": outcome.user_id,
        "conversation_id": outcome.conversation_id, "steps": len(outcome.steps),
        "latency_ms": _sum(s.latency_ms for s in runnable), "tokens": _sum(s.tokens for s in runnable),
        "cost": None if any(c is None for c in costs) else _sum(costs), "duration_ms": outcome.duration_ms,
        "started_at": started_at,
    }
    steps = [{
        "run_id": outcome.run_id, "case_index": outcome.index, "step_index": s.index, "kind": s.kind,
        "input": s.input, "turn_id": s.turn_id, "action_id": s.action_id, "outcome": s.outcome,
        "error_code": s.error_code, "latency_ms": s.latency_ms, "tokens": s.tokens, "cost": s.cost,
        "reply": s.text or None, "event_types": _types(s.events),
    } for s in outcome.steps]
    rows = [{"run_id": outcome.run_id, "case_index": outcome.index, **r} for r in outcome.results]
    repo.add_case(case_row, steps, rows)


def _types(events: list[Event]) -> list[str]:
    out: list[str] = []
    for e in events:
        if not (e.type == "text_delta" and out and out[-1] == "text_delta"):
            out.append(e.type)
    return out


# --- a run, a matrix ---------------------------------------------------------------------------------------


def bounded_concurrency(value: int | None) -> int:
    if value is None:
        return DEFAULT_CONCURRENCY
    if not 1 <= int(value) <= MAX_CONCURRENCY:
        raise PlaygroundError(f"concurrency must be from 1 to {MAX_CONCURRENCY}, not {value}.", code="invalid_input")
    return int(value)


def check_config(agent_id: str, config: spec.Config, store: Store,
                 provider_settings: dict[str, Any] | None = None) -> None:
    """Refuse what cannot run before anything runs: an unknown prompt version, a provider without its key."""
    if config.prompt_version is not None:
        versions = {int(v["version"]) for v in store.prompts.versions(agent_id)}
        if config.prompt_version not in versions:
            known = ", ".join(f"v{v}" for v in sorted(versions)) or "none (the built-in prompt only)"
            raise PlaygroundError(f"{agent_id} has no system-prompt version {config.prompt_version}; stored versions: "
                                  f"{known}.", code="unknown_prompt_version")
    if config.provider != "offline":  # a missing key is said now, not once per case
        provider_factory_for(provider_settings)(config, spec.Case(name="probe", turns=[
            spec.Step(user="probe", expect=[spec.NoErrorAssertion(no_error=True)])]))


def provider_factory_for(settings: dict[str, Any] | None = None) -> ProviderFactory:
    """Real providers by name; ``settings`` (an API key typed in the browser, a base URL) go to each."""
    def make(config: spec.Config, case: spec.Case) -> Provider:
        return make_provider(config.provider, **(settings or {}), **({"model": config.model} if config.model else {}))
    return make


def run_suite(
    loaded: LoadedSuite, *, configs: list[spec.Config] | None = None, concurrency: int | None = None,
    owner: str = "demo", store: Store | None = None, provider_factory: ProviderFactory | None = None,
    on_progress: Progress | None = None, judge_factory: Callable[[spec.Config], Judge | None] | None = None,
    provider_settings: dict[str, Any] | None = None, stop: threading.Event | None = None,
) -> list[RunOutcome]:
    """Run every case against each configuration (one run per configuration; several share a matrix id).
    All cases of all configurations share one bounded pool. Setting ``stop`` lets running cases finish,
    starts no more, and marks the runs aborted. Returns the stored runs."""
    suite = loaded.suite
    agent = get_agent(suite.agent)
    store = store or runtime_store()
    repo = EvalRepo(store.db)
    workers = bounded_concurrency(concurrency)
    configs = configs or suite.configs()
    for config in configs:
        check_config(agent.id, config, store, provider_settings)
    warm = agent.extra.get("warm")
    if callable(warm):
        warm()  # train the offline classifiers once, not in every worker at the same time
    factory = provider_factory or provider_factory_for(provider_settings)
    matrix_id = new_id("evm") if len(configs) > 1 else None
    runs: list[dict[str, Any]] = []
    jobs: list[tuple[dict[str, Any], spec.Config, int, spec.Case, Judge | None]] = []
    for config in configs:
        run_id = new_id("evr")
        probe = factory(config, suite.cases[0])
        run = {"id": run_id, "suite": suite.suite, "suite_file": loaded.path, "suite_text": loaded.text,
               "agent_id": agent.id, "provider": config.provider, "model": config.model or probe.model,
               "prompt_version": config.prompt_version, "matrix_id": matrix_id, "owner": owner,
               "concurrency": workers, "started_at": system_clock(), "cases_total": len(suite.cases)}
        repo.start_run(run)
        runs.append(run)
        judge = judge_factory(config) if judge_factory else make_judge(config, provider_settings)
        jobs += [(run, config, index, case, judge) for index, case in enumerate(suite.cases)]
    total = len(jobs)
    done = 0
    lock = threading.Lock()
    results: dict[str, list[CaseOutcome]] = {r["id"]: [] for r in runs}
    started = {r["id"]: time.perf_counter() for r in runs}

    def one(job: tuple[dict[str, Any], spec.Config, int, spec.Case, Judge | None]) -> CaseOutcome | None:
        if stop is not None and stop.is_set():
            return None  # stopped: cases not yet started never start
        run, config, index, case, judge = job
        at = system_clock()
        prefix = config.user or "eval"
        user_id = f"{prefix}-{run['id'][-8:]}-{index:03d}"
        outcome = run_case(run_id=run["id"], index=index, case=case, config=config, agent_id=agent.id, store=store,
                           user_id=user_id, provider=factory(config, case), judge=judge)
        _store_case(repo, outcome, at)
        return outcome

    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="eval") as pool:
        futures = [pool.submit(one, job) for job in jobs]
        for future in as_completed(futures):
            outcome = future.result()
            if outcome is None:
                continue
            with lock:
                done += 1
                results[outcome.run_id].append(outcome)
            if on_progress is not None:
                on_progress(outcome, done, total)
    out = []
    for run in runs:
        stopped = stop is not None and stop.is_set() and len(results[run["id"]]) < len(suite.cases)
        final = repo.finish_run(run["id"], system_clock(), (time.perf_counter() - started[run["id"]]) * 1000,
                                error="stopped before every case ran" if stopped else None)
        out.append(RunOutcome(final, sorted(results[run["id"]], key=lambda c: c.index)))
    return out
