"""The ``simulate`` step: a simulated user with a persona and a goal writes the next messages.

Who plays the user: on the offline provider the step's ``script`` (its messages in order); else the step's
``model`` (``PROVIDER/MODEL``), else the model under test, called through the provider layer like the judge
(its calls are spans of the case, kind ``simulate``, counted against the server's daily budget). Each message is
sent as a real turn (guards, model, tools, trace: each simulated turn is traced like a user step), up to
``max_turns``; after each turn ``until`` is checked on that turn, and the step ends as soon as it passes. The
step's ``expect`` is then checked on the whole simulated conversation (every turn's events), and ``until``
is reported as one more assertion of the step: passed with the turn that reached the goal, or failed (never
passed for lack of evidence) when the turns ran out.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from agents.core import guards
from agents.core.providers import ChatMessage, ModelRequest, Provider, make_provider
from agents.services.evals import spec
from agents.services.evals.assertions import Judge, Result, StepRecord, check
from agents.services.evals.judge import _call
from agents.services.evals.rows import ModelCall

if TYPE_CHECKING:
    from agents.core.session import Session
    from agents.core.store import Store

# (provider, model) -> the provider that plays the user; the runner passes the judge's (cache, typed key).
PersonaFactory = Callable[[str, "str | None"], Provider]
MESSAGE_CHARS = 2_000  # a simulated message is cut here: a model that rambles does not flood the agent
REPLY_CHARS = 1_500  # each assistant reply shown to the persona model
DONE = "DONE"
SYSTEM = ("You play a user talking to an AI assistant, to test the assistant. Stay in character. Persona: {persona}\n"
          "Goal: {goal}\nWrite only the user's next message: one or two sentences, in the persona's language and "
          f"voice, no quotes, no labels. When the goal is reached, or cannot be reached, answer exactly {DONE}.")


class SimulationError(Exception):
    """The simulated user cannot play (no script on the offline provider, a model that fails): the case is an
    error, not a pass."""


def _default_factory(provider: str, model: str | None) -> Provider:
    return make_provider(provider, model=model) if model else make_provider(provider)


class _Persona:
    def __init__(self, sim: spec.Simulate, config: spec.Config, factory: PersonaFactory | None,
                 store: Store | None) -> None:
        self.sim, self.store = sim, store
        self.script: list[str] | None = None
        self.provider: Provider | None = None
        self.spans: list[ModelCall] = []
        chosen = sim.model.partition("/") if sim.model else None
        if (config.provider == "offline" and sim.script) or (chosen is not None and chosen[0] == "offline"):
            if not sim.script:
                raise SimulationError("simulate: the offline provider plays the user from 'script', and this step "
                                      "has none")
            self.script = list(sim.script)
        elif chosen is not None:
            self.provider = (factory or _default_factory)(chosen[0], chosen[2] or None)
        elif config.provider != "offline":
            self.provider = (factory or _default_factory)(config.provider, config.model)
        else:
            raise SimulationError("simulate: on the offline provider the user's messages come from 'script' (or name "
                                  "a model: PROVIDER/MODEL); this step has neither")

    def next(self, turn: int, transcript: list[tuple[str, str]]) -> str | None:
        if self.script is not None:
            return self.script[turn] if turn < len(self.script) else None
        assert self.provider is not None
        lines = [f"{who}: {text[:REPLY_CHARS]}" for who, text in transcript]
        prompt = ("The conversation so far:\n" + "\n".join(lines) + "\n\nWrite the user's next message."
                  if lines else "The conversation has not started. Write the user's first message.")
        request = ModelRequest(agent_id="simulator", purpose="simulate",
                               system=SYSTEM.format(persona=self.sim.persona, goal=self.sim.goal),
                               messages=[ChatMessage(role="user", content=prompt)])
        span, answer, error = _call(self.provider, request, prompt, 1, self.store, guards.GuardSettings.from_env(),
                                    kind="simulate")
        span["status"] = "ok" if error is None else "error"
        self.spans.append(span)
        if error is not None:
            raise SimulationError(f"simulate: the simulated user's model failed: {error}")
        message = answer.strip().strip('"“”').strip()
        if not message or message.rstrip(".!").upper() == DONE:
            return None
        return message[:MESSAGE_CHARS]


def run_simulation(session: Session, step: spec.Step, record: StepRecord, config: spec.Config, judge: Judge | None,
                   send: Callable[[str, StepRecord], None], factory: PersonaFactory | None = None,
                   store: Store | None = None) -> tuple[Result | None, list[ModelCall]]:
    """Play the simulated turns into ``record`` (every turn's events; the turns' ids, messages and replies in
    its input); returns the ``until`` result (None without one) and the model calls made (spans)."""
    sim = step.simulate
    assert sim is not None
    persona = _Persona(sim, config, factory, store)
    transcript: list[tuple[str, str]] = []
    turns: list[dict[str, object]] = []
    spans: list[ModelCall] = []
    verdict: Result | None = None
    reached = None
    for turn in range(sim.max_turns):
        message = persona.next(turn, transcript)
        if message is None:
            break
        sub = StepRecord(index=record.index, kind="user", input={"user": message})
        send(message, sub)
        record.events += sub.events
        record.turn_id = record.turn_id or sub.turn_id
        for name in ("latency_ms", "tokens"):
            mine, theirs = getattr(record, name), getattr(sub, name)
            setattr(record, name, theirs if mine is None else mine + (theirs or 0))
        record.cost = None if (turns and record.cost is None) or sub.cost is None else (record.cost or 0) + sub.cost
        record.provider, record.model = sub.provider, sub.model
        record.outcome, record.action_id, record.state = sub.outcome, sub.action_id, sub.state
        record.error_code, record.error_message = sub.error_code, sub.error_message
        transcript += [("User", message), ("Assistant", sub.text)]
        turns.append({"turn": turn + 1, "user": message, "turn_id": sub.turn_id, "reply": sub.text[:REPLY_CHARS]})
        if sim.until is not None:
            verdict = check(sim.until, sub, judge)
            spans += verdict.spans
            if verdict.status == "pass":
                reached = turn + 1
                break
    spans = persona.spans + spans
    record.input = {"simulate": {"persona": sim.persona, "goal": sim.goal,
                                 "played_by": "script" if persona.script is not None else
                                 f"{persona.provider.name}/{persona.provider.model}" if persona.provider else None},
                    "turns": turns}
    if not turns:
        raise SimulationError("simulate: the simulated user wrote no message")
    if sim.until is None:
        return None, spans
    assert verdict is not None
    if reached is not None:
        return Result("pass", {"turns": reached}, f"until: reached at turn {reached}: {verdict.message}",
                      spans=verdict.spans), spans
    said = f"until: not reached after {len(turns)} turn(s): {verdict.message}"
    return Result(verdict.status if verdict.status == "skip" else "fail", verdict.observed, said,
                  final=verdict.final), spans


def transcript_json(record: StepRecord) -> str:
    return json.dumps(record.input, ensure_ascii=False)
