"""Running a suite: each case as its own fresh sandbox user in its own conversation, on its own clock,
cases at once on a bounded thread pool (DuckDB: one process, a cursor per thread), each case's
steps, assertions and trace ids stored as the case finishes.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime

from typing_extensions import TypedDict, Unpack

from agents.core import guards
from agents.core.agent import get_agent
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.events import Event
from agents.core.ids import new_id
from agents.core.providers import Provider, make_provider
from agents.core.session import runtime_store
from agents.core.store import Store
from agents.core.store.prompts import BUILTIN
from agents.services.evals import spec
from agents.services.evals.assertions import Judge
from agents.services.evals.cache import cached, check_cache_mode
from agents.services.evals.cases import CaseClock, CaseOutcome, expand_extra, resolve_refs, run_case
from agents.services.evals.judge import JudgeProviderFactory, make_judge
from agents.services.evals.loader import LoadedSuite
from agents.services.evals.repeats import combine
from agents.services.evals.rows import NewRun, RunRow
from agents.services.evals.store import EvalRepo, run_owner
from agents.services.messages import say

__all__ = ["CaseClock", "CaseOutcome", "RunOutcome", "expand_extra", "resolve_refs", "run_suite", "start_suite"]

log = logging.getLogger(__name__)

MAX_CONCURRENCY = 16
DEFAULT_CONCURRENCY = 4
# (config, case) -> the provider one case talks to; tests pass scripted models through it.
ProviderFactory = Callable[[spec.Config, spec.Case], Provider]
Progress = Callable[["CaseOutcome", int, int], None]


@dataclass
class RunOutcome:
    run: RunRow
    cases: list[CaseOutcome]

    @property
    def id(self) -> str:
        return str(self.run["id"])

    @property
    def passed(self) -> bool:
        return bool(self.run["status"] == "passed")


# --- persistence -------------------------------------------------------------------------------------------


def _sum(values: Iterable[float | int | None]) -> float | None:
    present = [v for v in values if v is not None]
    return sum(present) if present else None


def _store_case(repo: EvalRepo, outcome: CaseOutcome, started_at: datetime) -> None:
    runnable = [s for s in outcome.steps if s.kind != "wait_minutes"]
    costs = [s.cost for s in runnable if s.kind == "user"]
    judged = [s for s in outcome.spans if s["kind"] == "judge"]  # a simulated user's calls are not the judge's
    totals = outcome.totals or {"tokens": _sum(s.tokens for s in runnable),
                                "cost": None if any(c is None for c in costs) else _sum(costs)}
    case_row = {
        "run_id": outcome.run_id, "case_index": outcome.index, "name": outcome.case.name, "tags": outcome.case.tags,
        "status": outcome.status, "error": outcome.error, "user_id": outcome.user_id,
        "conversation_id": outcome.conversation_id, "steps": len(outcome.steps),
        "latency_ms": _sum(s.latency_ms for s in runnable), "tokens": totals["tokens"],
        "cost": totals["cost"], "duration_ms": outcome.duration_ms, "started_at": started_at,
        "repeats": outcome.repeats, "passes": outcome.passes, "pass_rate": outcome.pass_rate,
        "min_pass_rate": outcome.min_pass_rate, "repetitions": outcome.repetitions or None,
        "cached": outcome.cached() if outcome.repeats == 1 else all(r["cached"] for r in outcome.repetitions),
        # The judge's calls are costed apart: what grading cost is not what the agent cost.
        "judge_tokens": _sum(s["input_tokens"] + s["output_tokens"] for s in judged),
        "judge_cost": None if any(s["cost_usd"] is None for s in judged) else _sum(s["cost_usd"] for s in judged),
    }
    steps = [{
        "run_id": outcome.run_id, "case_index": outcome.index, "step_index": s.index, "kind": s.kind,
        "input": s.input, "turn_id": s.turn_id, "action_id": s.action_id, "outcome": s.outcome,
        "error_code": s.error_code, "latency_ms": s.latency_ms, "tokens": s.tokens, "cost": s.cost,
        "reply": s.text or None, "event_types": _types(s.events),
    } for s in outcome.steps]
    rows = [{"run_id": outcome.run_id, "case_index": outcome.index, **r} for r in outcome.results]
    spans = [{"run_id": outcome.run_id, "case_index": outcome.index, "span_index": i, "repeat_index": 0, **span}
             for i, span in enumerate(outcome.spans)]
    repo.add_case(case_row, steps, rows, spans)


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
                 provider_settings: Mapping[str, object] | None = None) -> None:
    """Refuse what cannot run before anything runs: an unknown prompt version, a provider without its key."""
    if config.prompt_version is not None and config.prompt_version != BUILTIN:  # v0: the code's own prompt
        versions = {int(v["version"]) for v in store.prompts.versions(agent_id)}
        if config.prompt_version not in versions:
            newest = sorted(versions)[-10:]  # anyone can add versions: the message names the latest few, not all
            known = ", ".join(f"v{v}" for v in newest) or "none (the built-in prompt only)"
            if len(versions) > len(newest):
                known = f"… {known} ({len(versions)} in all)"
            raise PlaygroundError(say("prompt_version_unknown", agent=agent_id, number=config.prompt_version,
                                      known=known), code="unknown_prompt_version")
    if config.provider != "offline":  # a missing key is said now, not once per case
        provider_factory_for(provider_settings)(config, spec.Case(name="probe", turns=[
            spec.Step(user="probe", expect=[spec.NoErrorAssertion(no_error=True)])]))


def provider_factory_for(settings: Mapping[str, object] | None = None) -> ProviderFactory:
    """Real providers by name; ``settings`` (an API key typed in the browser, a base URL) go to each."""
    def make(config: spec.Config, case: spec.Case) -> Provider:
        model: dict[str, object] = {"model": config.model} if config.model else {}
        return make_provider(config.provider, pace_ms=None, **(settings or {}), **model)  # the default pace, as before
    return make


def _judge_provider(config: spec.Config, settings: Mapping[str, object] | None, store: Store, cache_mode: str,
                    repeat_index: int) -> JudgeProviderFactory:
    """The judge's provider (through the response cache); a key typed in the browser goes only to the provider
    it was typed for."""
    def make(provider: str, model: str | None) -> Provider:
        chosen: dict[str, object] = dict(settings) if settings and provider == config.provider else {}
        if model:
            chosen["model"] = model
        made = make_provider(provider, pace_ms=None, **chosen)
        return cached(made, store, cache_mode, repeat_index)
    return make


@dataclass
class Job:
    """One repetition of one case against one configuration."""

    run: NewRun
    config: spec.Config
    index: int
    case: spec.Case
    judge: Judge | None
    repeat_index: int = 0


class RunHandle:
    """Runs started in the background: their rows exist at once (ids to show, poll, link), the cases run on
    a bounded pool in a driver thread, ``progress()`` says how far, ``wait()`` returns the stored runs."""

    def __init__(self, runs: list[NewRun], total: int, stop: threading.Event) -> None:
        self.runs = runs
        self.total = total
        self.done = 0
        self.stop_event = stop
        self.latest: CaseOutcome | None = None
        self._outcomes: list[RunOutcome] | None = None
        self._error: BaseException | None = None
        self._finished = threading.Event()

    @property
    def run_ids(self) -> list[str]:
        return [r["id"] for r in self.runs]

    @property
    def matrix_id(self) -> str | None:
        return self.runs[0]["matrix_id"] if self.runs else None

    def progress(self) -> tuple[int, int]:
        return self.done, self.total

    def finished(self) -> bool:
        return self._finished.is_set()

    def stop(self) -> None:
        self.stop_event.set()

    def wait(self, timeout: float | None = None) -> list[RunOutcome]:
        if not self._finished.wait(timeout):
            raise TimeoutError(f"the runs {', '.join(self.run_ids)} are still running")
        if self._error is not None:
            raise self._error
        assert self._outcomes is not None
        return self._outcomes


def start_suite(
    loaded: LoadedSuite, *, configs: list[spec.Config] | None = None, concurrency: int | None = None,
    owner: str = "demo", store: Store | None = None, provider_factory: ProviderFactory | None = None,
    on_progress: Progress | None = None, judge_factory: Callable[[spec.Config], Judge | None] | None = None,
    provider_settings: Mapping[str, object] | None = None, stop: threading.Event | None = None,
    judge_model: spec.JudgeModel | None = None, repeat: int | None = None, cache: str = "off",
) -> RunHandle:
    """Check the configurations, store one run per configuration (several share a matrix id) and start
    every case of every configuration on one bounded pool. Refusals (an unknown prompt version, a missing
    key) are raised here, before anything runs. ``judge_model`` replaces the suite's ``judge_model``, ``repeat``
    its ``repeat`` (each case run that many times: repeats.py); ``cache`` is the response cache's mode
    (cache.py: read, write or off)."""
    suite = loaded.suite
    agent = get_agent(suite.agent)
    store = store or runtime_store()
    repo = EvalRepo(store.db)
    workers = bounded_concurrency(concurrency)
    configs = configs or suite.configs()
    for config in configs:
        check_config(agent.id, config, store, provider_settings)
    if agent.warm is not None:
        agent.warm()  # train the offline classifiers once, not in every worker at the same time
    guards.warm()  # and the injection guard every turn passes first: concurrent cold turns each waited for it
    factory = provider_factory or provider_factory_for(provider_settings)
    matrix_id = new_id("evm") if len(configs) > 1 else None
    repeats = repeat if repeat is not None else (suite.repeat or 1)  # 0 is refused below, not the default
    if not 1 <= repeats <= spec.MAX_REPEAT:
        raise PlaygroundError(say("repeat_bad", most=spec.MAX_REPEAT, n=repeats), code="invalid_input")
    cache_mode = check_cache_mode(cache)
    runs: list[NewRun] = []
    jobs: list[Job] = []
    # Each run's owner lock, held from before its row exists until it is finished: another process that
    # starts up never takes a run still driven here for one cut off by a crash (EvalRepo's clean-up).
    owned = ExitStack()
    for config in configs:
        probe = factory(config, suite.cases[0])
        run: NewRun = {"id": new_id("evr"), "suite": suite.suite, "suite_file": loaded.path, "suite_text": loaded.text,
               "agent_id": agent.id, "provider": config.provider, "model": config.model or probe.model,
               "prompt_version": config.prompt_version, "matrix_id": matrix_id, "owner": owner,
               "temperature": config.temperature, "max_output_tokens": config.max_output_tokens,
               "concurrency": workers, "started_at": system_clock(), "cases_total": len(suite.cases)}
        owned.enter_context(run_owner(store.db, str(run["id"])))
        repo.start_run(run)
        runs.append(run)
        for k in range(repeats):  # each repetition's responses are cached apart: a replay keeps the variance
            judge = judge_factory(config) if judge_factory else make_judge(
                judge_model or suite.judge_model, under_test=config, store=store,
                provider_factory=_judge_provider(config, provider_settings, store, cache_mode, k))
            jobs += [Job(run, config, index, case, judge, k) for index, case in enumerate(suite.cases)]
    handle = RunHandle(runs, len(jobs) // repeats, stop or threading.Event())
    finished: dict[tuple[str, int], list[CaseOutcome | None]] = {}
    lock = threading.Lock()

    def one(job: Job) -> CaseOutcome | None:
        outcome: CaseOutcome | None = None
        if not handle.stop_event.is_set():  # stopped: cases not yet started never start
            at = system_clock()
            suffix = f"-r{job.repeat_index}" if repeats > 1 else ""
            user_id = f"{job.config.user or 'eval'}-{job.run['id'][-8:]}-{job.index:03d}{suffix}"
            provider = cached(factory(job.config, job.case), store, cache_mode, job.repeat_index)
            outcome = run_case(run_id=job.run["id"], index=job.index, case=job.case, config=job.config,
                               agent_id=agent.id, store=store, user_id=user_id, owner=owner, provider=provider,
                               judge=job.judge, persona=_judge_provider(job.config, provider_settings, store,
                                                                        cache_mode, job.repeat_index))
            outcome.repeat_index = job.repeat_index
            outcome.started_at = at
        with lock:  # the last repetition of a case to finish stores it
            done = finished.setdefault((job.run["id"], job.index), [])
            done.append(outcome)
            if len(done) < repeats:
                return None
        ran = [o for o in done if o is not None]
        if not ran:
            return None
        combined = combine(ran, repeats)
        _store_case(repo, combined, min(o.started_at or system_clock() for o in ran))
        return combined

    def drive() -> None:
        started = time.perf_counter()
        results: dict[str, list[CaseOutcome]] = {r["id"]: [] for r in runs}
        try:
            with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="eval") as pool:
                for future in as_completed([pool.submit(one, job) for job in jobs]):
                    outcome = future.result()
                    if outcome is None:
                        continue
                    results[outcome.run_id].append(outcome)
                    handle.done += 1
                    handle.latest = outcome
                    if on_progress is not None:
                        on_progress(outcome, handle.done, handle.total)
            out = []
            for run in runs:
                stopped = handle.stop_event.is_set() and len(results[run["id"]]) < len(suite.cases)
                final = repo.finish_run(run["id"], system_clock(), (time.perf_counter() - started) * 1000,
                                        error="stopped before every case ran" if stopped else None)
                out.append(RunOutcome(final, sorted(results[run["id"]], key=lambda c: c.index)))
            handle._outcomes = out
        except BaseException as exc:
            log.exception("eval runs %s failed", handle.run_ids)
            handle._error = exc
            for run in runs:
                stored = repo.run(run["id"])
                if stored is not None and stored["status"] == "running":
                    repo.finish_run(run["id"], system_clock(), (time.perf_counter() - started) * 1000,
                                    error=f"{type(exc).__name__}: {exc}")
        finally:
            owned.close()
            handle._finished.set()

    threading.Thread(target=drive, name=f"eval-{runs[0]['id']}", daemon=True).start()
    return handle


class SuiteOptions(TypedDict, total=False):
    """``start_suite``'s keyword arguments, for ``run_suite``."""

    configs: list[spec.Config] | None
    concurrency: int | None
    owner: str
    store: Store | None
    provider_factory: ProviderFactory | None
    on_progress: Progress | None
    judge_factory: Callable[[spec.Config], Judge | None] | None
    provider_settings: Mapping[str, object] | None
    stop: threading.Event | None
    judge_model: spec.JudgeModel | None
    repeat: int | None
    cache: str


def run_suite(loaded: LoadedSuite, **options: Unpack[SuiteOptions]) -> list[RunOutcome]:
    """``start_suite`` and wait: every case against each configuration; returns the stored runs."""
    return start_suite(loaded, **options).wait()
