"""The suite file format (docs/evals.md) as pydantic models; ``suite_json_schema()`` is its JSON Schema.

A suite is one agent, optional default configuration (and a matrix of configurations), and cases.
A case is a list of steps run in one fresh sandbox conversation; each step may carry ``expect``, a
list of assertions on what that step produced. Every assertion accepts ``not: true``.
"""

from __future__ import annotations

import re
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, model_validator

ActionStatusName = Literal["PENDING", "CONFIRMED", "EXECUTING", "COMPLETED", "FAILED", "CANCELLED", "EXPIRED"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)


class Config(_Strict):
    """What a run is configured with: provider, model and prompt version (plus the sandbox users' prefix)."""

    provider: str = Field("offline", description="offline (default), openai or gemini")
    model: str | None = Field(None, description="the provider's model; the provider's default when left out")
    prompt_version: int | None = Field(None, ge=0, description="a system-prompt version (0: the built-in one); the active one when "
                                                               "left out")
    user: str | None = Field(None, pattern=r"^[A-Za-z0-9_-]{1,24}$",
                             description="prefix of the sandbox user ids the cases run as (default 'eval')")
    temperature: float | None = Field(None, ge=0.0, le=2.0, description="overrides the agent's temperature "
                                                                        "(its seed's when left out)")
    max_output_tokens: int | None = Field(None, ge=16, le=65_536, description="overrides the agent's output "
                                                                              "token limit")

    def label(self) -> str:
        parts = [self.provider + (f"/{self.model}" if self.model else "")]
        if self.prompt_version is not None:
            parts.append(f"prompt v{self.prompt_version}")
        if self.temperature is not None:
            parts.append(f"temperature {self.temperature:g}")
        if self.max_output_tokens is not None:
            parts.append(f"max {self.max_output_tokens:,} tokens")
        return " · ".join(parts)


# --- assertions --------------------------------------------------------------------------------------------


class _Assertion(_Strict):
    kind: ClassVar[str]
    not_: bool = Field(False, alias="not", description="invert: the assertion passes when its check fails")


class ToolAssertion(_Assertion):
    """A tool was called (with at least these args; exactly ``count`` times when given)."""

    kind: ClassVar[str] = "tool"
    tool: str
    args: dict[str, object] | None = Field(None, description="a subset the call's args must contain")
    count: int | None = Field(None, ge=0, description="exactly this many matching calls")


class NoToolAssertion(_Assertion):
    kind: ClassVar[str] = "no_tool"
    no_tool: str


class ToolOrderAssertion(_Assertion):
    kind: ClassVar[str] = "tool_order"
    tool_order: list[str] = Field(min_length=2, description="tools called in this order (other calls may come between)")


class NeedsApprovalAssertion(_Assertion):
    """The step proposed this mutation as a pending action (a confirmation card), optionally with these args."""

    kind: ClassVar[str] = "needs_approval"
    needs_approval: str
    args: dict[str, object] | None = None


class ActionOutcomeAssertion(_Assertion):
    """The outcome of the step's action (confirm / cancel / modify), or of the last action proposed so far."""

    kind: ClassVar[str] = "action_outcome"
    action_outcome: ActionStatusName


class CardAssertion(_Assertion):
    """A data card of this type; ``contains`` is text found in its title or data, or a subset of its data."""

    kind: ClassVar[str] = "card"
    card: str
    contains: str | dict[str, object] | None = None


class TextContainsAssertion(_Assertion):
    kind: ClassVar[str] = "text_contains"
    text_contains: str | list[str] = Field(description="every string must appear in the reply text (any one of "
                                                       "them with any: true)")
    ignore_case: bool = Field(False, description="compare without regard to case (promptfoo's icontains)")
    any: bool = Field(False, description="one of the strings is enough (promptfoo's contains-any)")


class TextEqualsAssertion(_Assertion):
    """The whole reply is this text (or one of these texts); ``normalise`` compares them case-folded, without
    punctuation, English articles and extra spaces (OpenAI evals' fuzzy match)."""

    kind: ClassVar[str] = "text_equals"
    text_equals: str | list[str] = Field(description="the reply, whole (one of several when a list)")
    normalise: bool = Field(False, description="compare normalised texts: case, punctuation, articles, spaces")


class IsJsonAssertion(_Assertion):
    kind: ClassVar[str] = "is_json"
    is_json: Literal[True] = Field(description="the reply text is one valid JSON value")


class PythonAssertion(_Assertion):
    """Code of yours grades the step: ``module:function`` gets the reply and a context (tool calls, events, cards,
    meta, state) and returns a bool, ``(bool, reason)`` or ``{"pass", "reason"}``. Local mode and the CLI only."""

    kind: ClassVar[str] = "python"
    python: str = Field(pattern=r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*:[A-Za-z_][\w]*$",
                        description="module:function, imported from the suite's folder, the current folder or the "
                                    "Python path")


class TextMatchesAssertion(_Assertion):
    kind: ClassVar[str] = "text_matches"
    text_matches: str = Field(description="a Python regular expression searched in the reply text (at most 1,000 "
                                          "characters; run on RE2, or with a 0.5 s limit when it needs Python's "
                                          "own features: see docs/evals.md)")


class TextNotContainsAssertion(_Assertion):
    kind: ClassVar[str] = "text_not_contains"
    text_not_contains: str | list[str]


class IntentAssertion(_Assertion):
    kind: ClassVar[str] = "intent"
    intent: str
    args: dict[str, object] | None = None


class ClarificationAssertion(_Assertion):
    """The agent asked back: ``true``, or text its question must contain."""

    kind: ClassVar[str] = "clarification"
    clarification: bool | str
    options: list[str] | None = Field(None, description="choices that must be offered")


class EventOrderAssertion(_Assertion):
    kind: ClassVar[str] = "event_order"
    event_order: list[str] = Field(min_length=1, description="event types in this order (others may come between)")


class NoErrorAssertion(_Assertion):
    kind: ClassVar[str] = "no_error"
    no_error: Literal[True]


class ErrorCodeAssertion(_Assertion):
    kind: ClassVar[str] = "error_code"
    error_code: str


class MetaAssertion(_Assertion):
    """The turn's ``done.meta`` contains at least these keys and values (fallback flags, screen, search_used...)."""

    kind: ClassVar[str] = "meta"
    meta: dict[str, object] = Field(min_length=1)


class StateAssertion(_Assertion):
    """The conversation's stored state after the step contains at least these keys and values (what the agent
    keeps between turns: english counts the session's turns and corrections and names its article)."""

    kind: ClassVar[str] = "state"
    state: dict[str, object] = Field(min_length=1)


class LatencyAssertion(_Assertion):
    kind: ClassVar[str] = "latency_ms_max"
    latency_ms_max: float = Field(gt=0)


class TokensAssertion(_Assertion):
    kind: ClassVar[str] = "tokens_max"
    tokens_max: int = Field(ge=0)


class CostAssertion(_Assertion):
    kind: ClassVar[str] = "cost_max"
    cost_max: float = Field(ge=0, description="US dollars")


class JudgeModel(_Strict):
    """The model that grades a ``judge`` rubric: chosen apart from the model under test, never it by default."""

    provider: str = Field(description="openai or gemini (offline: every judge is skipped, with the reason)")
    model: str | None = Field(None, description="the provider's model; the provider's default when left out")

    def label(self) -> str:
        return self.provider + (f"/{self.model}" if self.model else "")


class JudgeSpec(_Strict):
    """A rubric with its own judge model and scale."""

    rubric: str = Field(min_length=3, description="the rubric the reply must satisfy")
    provider: str | None = Field(None, description="the judge's provider (default: the suite's judge_model)")
    model: str | None = Field(None, description="the judge's model (default: the suite's judge_model's)")
    scale: Literal["pass/fail", "1-5"] = Field("pass/fail", description="a verdict, or a score from 1 to 5")
    threshold: int | None = Field(None, ge=1, le=5, description="with scale 1-5: the lowest passing score "
                                                                "(default 4)")

    @model_validator(mode="after")
    def _threshold_needs_a_score(self) -> JudgeSpec:
        if self.threshold is not None and self.scale != "1-5":
            raise ValueError("'threshold' goes with scale: 1-5 (a pass/fail verdict has no score)")
        return self


class JudgeAssertion(_Assertion):
    """A rubric graded by a real model, chosen apart from the model under test (``judge: {rubric, provider,
    model, scale, threshold}``, or a rubric alone with the suite's ``judge_model``); skipped (and reported as
    skipped) without a judge model or on the offline provider."""

    kind: ClassVar[str] = "judge"
    judge: str | JudgeSpec = Field(description="the rubric the reply must satisfy, or {rubric, provider, model, "
                                               "scale, threshold}")

    @model_validator(mode="after")
    def _rubric_long_enough(self) -> JudgeAssertion:
        if isinstance(self.judge, str) and len(self.judge) < 3:
            raise ValueError("a judge rubric needs at least 3 characters")
        return self

    @property
    def spec(self) -> JudgeSpec:
        return self.judge if isinstance(self.judge, JudgeSpec) else JudgeSpec(rubric=self.judge)


ASSERTION_TYPES: tuple[type[_Assertion], ...] = (
    ToolAssertion, NoToolAssertion, ToolOrderAssertion, NeedsApprovalAssertion, ActionOutcomeAssertion,
    CardAssertion, TextContainsAssertion, TextMatchesAssertion, TextNotContainsAssertion, IntentAssertion,
    ClarificationAssertion, EventOrderAssertion, NoErrorAssertion, ErrorCodeAssertion, MetaAssertion, StateAssertion,
    LatencyAssertion,
    TokensAssertion, CostAssertion, JudgeAssertion, TextEqualsAssertion, IsJsonAssertion, PythonAssertion,
)
ASSERTION_KINDS: dict[str, type[_Assertion]] = {cls.kind: cls for cls in ASSERTION_TYPES}
# Keys that only modify another assertion: never a kind on their own.
MODIFIERS = frozenset({"not", "args", "count", "contains", "options", "ignore_case", "any", "normalise"})


def assertion_kind(value: object) -> str | None:
    if isinstance(value, _Assertion):
        return value.kind
    if isinstance(value, dict):
        kinds = [k for k in value if k in ASSERTION_KINDS]
        return kinds[0] if len(kinds) == 1 else None
    return None


Assertion = Annotated[
    Annotated[ToolAssertion, Tag("tool")] | Annotated[NoToolAssertion, Tag("no_tool")]
    | Annotated[ToolOrderAssertion, Tag("tool_order")] | Annotated[NeedsApprovalAssertion, Tag("needs_approval")]
    | Annotated[ActionOutcomeAssertion, Tag("action_outcome")] | Annotated[CardAssertion, Tag("card")]
    | Annotated[TextContainsAssertion, Tag("text_contains")] | Annotated[TextMatchesAssertion, Tag("text_matches")]
    | Annotated[TextNotContainsAssertion, Tag("text_not_contains")] | Annotated[IntentAssertion, Tag("intent")]
    | Annotated[ClarificationAssertion, Tag("clarification")] | Annotated[EventOrderAssertion, Tag("event_order")]
    | Annotated[NoErrorAssertion, Tag("no_error")] | Annotated[ErrorCodeAssertion, Tag("error_code")]
    | Annotated[MetaAssertion, Tag("meta")] | Annotated[StateAssertion, Tag("state")]
    | Annotated[LatencyAssertion, Tag("latency_ms_max")] | Annotated[TokensAssertion, Tag("tokens_max")]
    | Annotated[CostAssertion, Tag("cost_max")] | Annotated[JudgeAssertion, Tag("judge")]
    | Annotated[TextEqualsAssertion, Tag("text_equals")] | Annotated[IsJsonAssertion, Tag("is_json")]
    | Annotated[PythonAssertion, Tag("python")],
    Discriminator(assertion_kind),
]


# --- steps, cases, suites ----------------------------------------------------------------------------------

MAX_REPEAT = 100
STEP_KINDS = ("user", "confirm", "cancel", "modify", "wait_minutes", "simulate")
MAX_SIMULATED_TURNS = 20
# "{{card.TYPE.path}}" or "{{done.path}}" inside extra: a value an earlier step produced.
REF = re.compile(r"^\{\{\s*(card|done)((?:\.[^.\s{}]+)*)\s*\}\}$")


class Simulate(_Strict):
    """A simulated user: a persona with a goal writes the next messages, played by a model, or on the offline
    provider by ``script``, up to ``max_turns`` turns, ending as soon as ``until`` holds (simulate.py)."""

    persona: str = Field(min_length=3, max_length=2_000, description="who the simulated user is")
    goal: str = Field(min_length=3, max_length=2_000, description="what they want from the conversation")
    model: str | None = Field(None, pattern=r"^[a-z]+(/[\w.:-]{1,100})?$",
                              description="PROVIDER/MODEL playing the user (default: the model under test; on the "
                                          "offline provider the script)")
    max_turns: int = Field(5, ge=1, le=MAX_SIMULATED_TURNS, description="at most this many simulated turns")
    until: Assertion | None = Field(None, description="checked after each simulated turn: the goal is reached "
                                                      "when it passes (one assertion)")
    script: list[Annotated[str, Field(min_length=1, max_length=20_000)]] | None = Field(
        None, min_length=1, max_length=MAX_SIMULATED_TURNS,
        description="the user's messages in order, for the offline provider (or a persona without a model)")


class Step(_Strict):
    """Exactly one of ``user``, ``confirm``, ``cancel``, ``modify``, ``wait_minutes`` or ``simulate``."""

    user: str | None = Field(None, min_length=1, description="a message the user sends")
    confirm: Literal["last"] | None = Field(None, description="confirm the last proposed action")
    cancel: Literal["last"] | None = Field(None, description="cancel the last proposed action")
    modify: dict[str, object] | None = Field(None, description="new args for the last proposed action")
    wait_minutes: float | None = Field(None, gt=0, le=7 * 24 * 60, description="move the case's clock forward")
    simulate: Simulate | None = Field(None, description="a simulated user writes the next messages (several turns)")
    extra: dict[str, object] | None = Field(
        None, description="structured input with a user step: anchor_product_id, start, context_text "
                          "(a mapping is sent as JSON), screen (an app screen, for an agent with one), use_web_search...")
    expect: list[Assertion] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_kind(self) -> Step:
        given = [k for k in STEP_KINDS if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(f"a step needs exactly one of {', '.join(STEP_KINDS)} (got {', '.join(given) or 'none'})")
        if self.extra is not None and self.user is None:
            raise ValueError("'extra' goes with a 'user' step (it is structured input sent beside the message)")
        if self.wait_minutes is not None and self.expect:
            raise ValueError("a 'wait_minutes' step only moves the clock: put 'expect' on the step after it")
        return self

    @property
    def kind(self) -> str:
        return next(k for k in STEP_KINDS if getattr(self, k) is not None)


class Case(_Strict):
    name: str = Field(min_length=1, max_length=200)
    description: str | None = None
    tags: list[str] = Field(default_factory=list)
    min_pass_rate: float | None = Field(None, ge=0, le=1, description="with repeats: the share of repetitions that "
                                                                      "must pass (default 1: every one)")
    turns: list[Step] = Field(min_length=1)

    @model_validator(mode="after")
    def _has_assertions(self) -> Case:
        if not any(step.expect or (step.simulate and step.simulate.until) for step in self.turns):
            raise ValueError("this case has no 'expect' anywhere: a case without assertions would always pass")
        if self.turns[0].user is None and self.turns[0].simulate is None:
            raise ValueError("a case starts with a 'user' or 'simulate' step (there is no conversation before it)")
        return self


class Suite(_Strict):
    suite: str = Field(min_length=1, max_length=100, pattern=r"^[\w.-]+$", description="the suite's name")
    agent: str
    description: str | None = None
    defaults: Config = Field(default_factory=Config)
    matrix: list[Config] | None = Field(None, min_length=1, description="run every case against each configuration "
                                                                        "(fields left out come from defaults)")
    judge_model: JudgeModel | None = Field(None, description="the model that grades every judge rubric that names "
                                                             "none; never the model under test by default")
    repeat: int | None = Field(None, ge=1, le=MAX_REPEAT, description="run every case this many times and keep its "
                                                                      "pass rate (eval run --repeat replaces it)")
    cases: list[Case] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_names(self) -> Suite:
        seen: set[str] = set()
        for case in self.cases:
            if case.name in seen:
                raise ValueError(f"two cases are named {case.name!r}: names identify cases across runs, make them unique")
            seen.add(case.name)
        return self

    def configs(self) -> list[Config]:
        if not self.matrix:
            return [self.defaults]
        base = self.defaults.model_dump(exclude_none=True)
        return [Config(**{**base, **c.model_dump(exclude_unset=True)}) for c in self.matrix]


def suite_json_schema() -> dict[str, object]:
    schema = Suite.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Agent Playground evaluation suite"
    schema["patternProperties"] = {"^x-": {"description": "free-form: a place for YAML anchors to reuse"}}
    return schema
