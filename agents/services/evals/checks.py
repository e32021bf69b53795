"""The checks of a suite that need the running app: the agent and its tools, event types, providers,
regexes, extra references, and that every case asserts something. Read from the raw document, so these
problems are reported together with the shape problems pydantic finds."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, get_args

from agents.core.errors import UnknownAgentError
from agents.core.user_regex import PatternRefused, compile_pattern
from agents.services.evals.spec import REF, STEP_KINDS, assertion_kind

if TYPE_CHECKING:
    from agents.services.evals.loader import Path_, _Checker


def near(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def semantics(data: object, check: _Checker) -> None:
    """Names that must exist: the agent, its tools, event types, providers, regexes. Read from the raw
    document, so these are reported together with any shape problems."""
    from agents.core.agent import get_agent
    from agents.core.providers import PROVIDER_NAMES

    if not isinstance(data, dict):
        return
    configs: list[tuple[Path_, object]] = [(("defaults",), data.get("defaults")),
                                           (("judge_model",), data.get("judge_model"))]
    if isinstance(data.get("matrix"), list):
        configs += [(("matrix", i), c) for i, c in enumerate(data["matrix"])]
    for path, config in configs:
        provider = config.get("provider") if isinstance(config, dict) else None
        if isinstance(provider, str) and provider not in PROVIDER_NAMES:
            check.add((*path, "provider"), f"unknown provider {provider!r}{near(provider, list(PROVIDER_NAMES))}; "
                                           f"known: {', '.join(PROVIDER_NAMES)}")
    agent_id = data.get("agent")
    tools: list[str] | None = None
    screens = False  # whether the agent reads an extra.screen (AgentSpec.eval_screen)
    if isinstance(agent_id, str):
        try:
            tools = get_agent(agent_id).tools.names()
            screens = get_agent(agent_id).eval_screen is not None
        except UnknownAgentError:
            known = _agent_ids()
            check.add(("agent",), f"unknown agent {agent_id!r}{near(agent_id, known)}; known: {', '.join(known)}")
    event_types = _event_types()
    names: set[str] = set()
    for ci, case in enumerate(data.get("cases") or [] if isinstance(data.get("cases"), list) else []):
        if not isinstance(case, dict):
            continue
        name = case.get("name")
        if isinstance(name, str):
            if name in names:
                check.add(("cases", ci, "name"), f"two cases are named {name!r}: names identify cases across runs, "
                                                 "make them unique")
            names.add(name)
        turns = case.get("turns")
        steps = turns if isinstance(turns, list) else []
        if steps and not any(isinstance(s, dict) and (s.get("expect") or (
                isinstance(s.get("simulate"), dict) and s["simulate"].get("until"))) for s in steps):
            check.add(("cases", ci), "this case has no 'expect' anywhere: a case without assertions would always pass")
        for si, step in enumerate(steps):
            if not isinstance(step, dict):
                continue
            base: Path_ = ("cases", ci, "turns", si)
            if isinstance(step.get("extra"), dict) and "screen" in step["extra"] and not screens:
                check.add((*base, "extra", "screen"), "'screen' builds an app screen's context_text; this suite's "
                                                      f"agent {agent_id!r} has no screens")
            for key in ("extra", "modify"):
                if not isinstance(step.get(key), dict):
                    continue
                for where, text in _strings(step[key], (*base, key)):
                    if "{{" in text and not REF.match(text):
                        check.add(where, f"{text!r} is not a reference: write \"{{{{card.TYPE.path}}}}\" (a card an "
                                         "earlier step showed) or \"{{done.meta.KEY}}\" as the whole value")
            simulated = step.get("simulate")
            played = simulated.get("model") if isinstance(simulated, dict) else None
            if isinstance(played, str) and played.partition("/")[0] not in PROVIDER_NAMES:
                check.add((*base, "simulate", "model"), f"unknown provider {played.partition('/')[0]!r} for the "
                                                        f"simulated user; known: {', '.join(PROVIDER_NAMES)}")
            kind = next((k for k in STEP_KINDS if k in step), None)
            listed = step.get("expect")
            expect = listed if isinstance(listed, list) else []
            for ai, item in enumerate(expect):
                akind = assertion_kind(item)
                if akind is None:
                    continue
                path = (*base, "expect", ai, akind)
                for tool in _tool_names(akind, item):
                    if tools is not None and tool not in tools:
                        hint = (f"; {agent_id} has no tools (assert on intent, card or text instead)" if not tools
                                else f"{near(tool, tools)}; {agent_id}'s tools: {', '.join(tools)}")
                        check.add(path, f"unknown tool {tool!r} for agent {agent_id!r}{hint}")
                if akind == "event_order" and isinstance(item[akind], list):
                    for event in item[akind]:
                        if event not in event_types:
                            check.add(path, f"unknown event type {event!r}{near(str(event), event_types)}; "
                                            f"known: {', '.join(event_types)}")
                judged = item[akind].get("provider") if akind == "judge" and isinstance(item[akind], dict) else None
                if isinstance(judged, str) and judged not in PROVIDER_NAMES:
                    check.add((*path, "provider"), f"unknown judge provider {judged!r}"
                                                   f"{near(judged, list(PROVIDER_NAMES))}; known: "
                                                   f"{', '.join(PROVIDER_NAMES)}")
                if akind == "text_matches" and isinstance(item[akind], str):
                    try:  # the engine the run will use: RE2, or `regex` with a time limit
                        compile_pattern(item[akind])
                    except PatternRefused as exc:
                        check.add(path, exc.message)
                if kind in ("confirm", "cancel", "modify") and akind in ("tool", "no_tool", "tool_order", "intent",
                                                                          "judge", "meta"):
                    check.add(path, f"a {kind!r} step runs no model turn, so {akind!r} has nothing to check; "
                                    "put it on a 'user' step")


def _strings(value: object, path: Path_) -> Iterator[tuple[Path_, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, (*path, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))


def _tool_names(kind: str, item: Mapping[str, object]) -> list[str]:
    value = item.get(kind)
    if kind in ("tool", "no_tool", "needs_approval") and isinstance(value, str):
        return [value]
    if kind == "tool_order" and isinstance(value, list):
        return [str(v) for v in value]
    return []


def _event_types() -> list[str]:
    from agents.core.events import Event

    union = get_args(Event)[0]
    return sorted(cls.model_fields["type"].default for cls in get_args(union))


def _agent_ids() -> list[str]:
    from agents.core.agent import list_agents

    return [a.id for a in list_agents()]
