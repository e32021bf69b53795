"""The evaluation tables' rows as ``EvalRepo`` reads them (one TypedDict per SELECT), and the run detail the
report builds from them. JSON columns come back decoded: the runner wrote them from the types given here."""

from __future__ import annotations

from datetime import datetime

from typing_extensions import TypedDict  # pydantic refuses typing.TypedDict in its models before 3.12


class _RunConfig(TypedDict):
    """What a run is started with (``eval_runs``' configuration columns)."""

    id: str
    suite: str
    suite_file: str | None
    agent_id: str
    provider: str
    model: str | None
    prompt_version: int | None
    matrix_id: str | None
    owner: str
    temperature: float | None
    max_output_tokens: int | None
    concurrency: int
    started_at: datetime
    cases_total: int


class NewRun(_RunConfig):
    """A run as ``EvalRepo.start_run`` stores it (its totals start at zero)."""

    suite_text: str


class RunListed(_RunConfig):
    """A row of ``EvalRepo.runs``: every column but the suite's text."""

    status: str  # running, passed, failed or aborted
    finished_at: datetime | None
    duration_ms: float | None
    cases_passed: int
    cases_failed: int
    cases_skipped: int
    assertions_passed: int
    assertions_failed: int
    assertions_skipped: int
    error: str | None


class RunRow(RunListed):
    """A row of ``EvalRepo.run``: the whole run."""

    suite_text: str


class CaseFields(TypedDict):
    """``eval_cases`` but its ``steps`` count: what a stored case and its detail share."""

    run_id: str
    case_index: int
    name: str
    tags: list[str]
    status: str  # passed, failed, error or skipped
    error: str | None
    user_id: str
    conversation_id: str | None
    latency_ms: float | None
    tokens: int | None
    cost: float | None
    duration_ms: float | None
    started_at: datetime
    judge_tokens: int | None
    judge_cost: float | None
    repeats: int
    passes: int | None
    pass_rate: float | None
    min_pass_rate: float | None
    repetitions: list[Repetition] | None  # each repetition: status, conversation, turns, tokens, cost
    cached: bool


class CaseRow(CaseFields):
    steps: int


class StepRow(TypedDict):
    run_id: str
    case_index: int
    step_index: int
    kind: str  # user, confirm, cancel, modify, wait_minutes, simulate
    input: object  # the message (and extra), the modify args or the minutes: as the suite gave them
    turn_id: str | None
    action_id: str | None
    outcome: str | None
    error_code: str | None
    latency_ms: float | None
    tokens: int | None
    cost: float | None
    reply: str | None
    event_types: list[str]


class AssertionRow(TypedDict):
    run_id: str
    case_index: int
    step_index: int
    assertion_index: int
    kind: str
    spec: dict[str, object]  # the assertion as written in the suite
    negated: bool
    status: str  # pass, fail or skip
    observed: object  # what the step produced that the assertion looked at
    message: str


class SpanRow(TypedDict):
    """A judge's (or simulated user's) model call."""

    run_id: str
    case_index: int
    span_index: int
    kind: str
    step_index: int | None
    assertion_index: int | None
    provider: str
    model: str
    attempt: int
    started_at: datetime
    ms: float
    input_tokens: int
    output_tokens: int
    cost_usd: float | None
    status: str
    request: str | None
    response: str | None
    repeat_index: int


class SuiteRow(TypedDict):
    """A suite saved in the Lab, as ``EvalRepo.suites`` lists it."""

    owner: str
    name: str
    agent_id: str
    cases: int
    created_at: datetime
    updated_at: datetime


class SuiteText(SuiteRow):
    yaml: str


class StepMetric(TypedDict):
    case_index: int
    step_index: int
    latency_ms: float | None
    tokens: int | None
    cost: float | None


class FailedCase(TypedDict):
    """A failed or errored case of the owner's runs (the review queue)."""

    run_id: str
    case_index: int
    name: str
    status: str
    error: str | None
    user_id: str
    conversation_id: str | None
    steps: int
    started_at: datetime
    suite: str
    agent_id: str
    provider: str
    model: str | None
    failed_step: int | None
    failures: int


# --- the run detail (agents/services/evals/report.py) ---------------------------------------------------------


class StepDetail(StepRow):
    step: int  # 1-based, as every screen and message numbers steps


class AssertionDetail(AssertionRow):
    step: int


class CaseDetail(CaseFields):
    steps: list[StepDetail]
    assertions: list[AssertionDetail]
    spans: list[SpanRow]


class JudgeTotals(TypedDict):
    calls: int
    tokens: int
    cost: float | None  # None: a price is unknown


class RunView(RunRow):
    pass_rate: float | None
    judge: JudgeTotals


class RunDetail(TypedDict):
    run: RunView
    cases: list[CaseDetail]


# --- what a case produces before it is stored (cases.py, judge.py, repeats.py) --------------------------------


class ModelCall(TypedDict):
    """One call a check made: a judge's (``kind`` judge) or a simulated user's (``simulate``)."""

    kind: str
    provider: str
    model: str
    attempt: int
    started_at: datetime
    ms: float
    input_tokens: int
    output_tokens: int
    cost_usd: float | None
    status: str  # ok, malformed or error
    request: str | None
    response: str | None


class CaseSpan(ModelCall):
    """A call placed in its case: the step and assertion that made it, and its repetition (repeats.combine)."""

    step_index: int | None
    assertion_index: int | None
    repeat_index: int


class AssertionResult(TypedDict):
    """One assertion's verdict on one step (a row of ``eval_assertions`` once its run and case are added)."""

    step_index: int
    assertion_index: int
    kind: str
    spec: dict[str, object]
    negated: bool
    status: str  # pass, fail or skip
    observed: object
    message: str


class Totals(TypedDict):
    tokens: float | int | None
    cost: float | int | None  # None: a price is unknown


class Repetition(TypedDict):
    """One run of a repeated case (``eval_cases.repetitions``)."""

    repeat_index: int
    status: str
    user_id: str
    conversation_id: str | None
    turn_ids: list[str]
    error: str | None
    duration_ms: float
    tokens: int | None
    cost: float | None
    cached: bool
