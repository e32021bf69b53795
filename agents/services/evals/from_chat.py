"""Save as test case: a stored conversation becomes a case with suggested assertions.

Each user message becomes a ``user`` step (with the extra sent beside it); each action outcome becomes a
``confirm`` / ``cancel`` step (after a ``modify`` when the args were edited, after a ``wait_minutes`` when
it expired). The suggestions are what was observed: the tools with their args, the cards, the approvals
and their outcomes, the intent and the clarifications, no error (or the error's code). A 👎 turn is
flagged, and its comment is offered as a rubric (off by default). The user reviews and edits the draft
before it is saved into a suite.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Mapping, Sequence

import yaml
from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from agents.core import safe_yaml
from agents.core.agent import get_agent
from agents.core.errors import ConversationNotFound, PlaygroundError, UnknownAgentError
from agents.core.store import MessageRow, PendingActionRow, Store
from agents.core.store.feedback import FeedbackEntry
from agents.services.evals import spec
from agents.services.evals.loader import parse_suite
from agents.services.messages import say

_ASSERTION = TypeAdapter(spec.Assertion)
OUTCOME_STATUSES = {"COMPLETED", "FAILED", "CANCELLED", "EXPIRED"}
_INTENT_KEYS = ("budget", "product_numbers", "anchor", "category", "topic")


class Suggestion(BaseModel):
    assertion: dict[str, object]
    why: str
    selected: bool = True


class DraftStep(BaseModel):
    step: dict[str, object]  # user / confirm / cancel / modify / wait_minutes (+ extra)
    turn_id: str | None = None
    feedback: FeedbackEntry | None = None
    suggestions: list[Suggestion] = Field(default_factory=list)


class CaseDraft(BaseModel):
    agent: str
    conversation_id: str
    name: str
    tags: list[str]
    description: str | None = None
    steps: list[DraftStep]

    def to_case(self) -> spec.Case:
        """The case with the selected suggestions; checked like a case in a file."""
        turns = []
        for draft in self.steps:
            expect = [s.assertion for s in draft.suggestions if s.selected]
            turns.append({**draft.step, **({"expect": expect} if expect else {})})
        return spec.Case.model_validate({"name": self.name, "tags": self.tags,
                                         **({"description": self.description} if self.description else {}),
                                         "turns": turns})


# Ids the store generated (cmp_…, trip_…): a replay runs as a fresh sandbox user whose ids differ.
_GENERATED_ID = re.compile(r"^[a-z]{2,8}_[0-9a-f]{8,}$")
_EMPTY: tuple[object, ...] = (None, [], {}, "")


def _clean(args: object) -> object:
    """Args as a subset worth asserting: nulls, empty values and generated ids dropped (they say nothing
    about behaviour, or would not match in a replay)."""
    if isinstance(args, dict):
        out = {k: _clean(v) for k, v in args.items()
               if v not in _EMPTY and not (isinstance(v, str) and _GENERATED_ID.match(v))}
        return {k: v for k, v in out.items() if v not in _EMPTY}
    if isinstance(args, list):
        return [_clean(v) for v in args]
    return args


def _clean_map(args: object) -> dict[str, object]:
    """``_clean`` of a mapping (anything else: nothing to assert)."""
    cleaned = _clean(_mapping(args))
    return cleaned if isinstance(cleaned, dict) else {}


def _mapping(value: object) -> dict[str, object]:
    """A stored event's field read as a mapping (absent or another shape: empty)."""
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}


MAX_ARGS_CHARS = 240


def _concise(args: dict[str, object]) -> dict[str, object]:
    """Long args (a whole itinerary, a preview) keep only their plain fields: a suggestion should say what
    matters at a glance, and the reviewer can add more."""
    if len(json.dumps(args, ensure_ascii=False)) <= MAX_ARGS_CHARS:
        return args
    return {k: v for k, v in args.items() if not isinstance(v, dict | list) and len(str(v)) <= 80}


def _suggest_turn(events: Sequence[Mapping[str, object]]) -> list[Suggestion]:
    out: list[Suggestion] = []
    seen: set[str] = set()

    def add(assertion: dict[str, object], why: str, selected: bool = True) -> None:
        key = json.dumps(assertion, sort_keys=True, ensure_ascii=False)
        if key not in seen:
            seen.add(key)
            out.append(Suggestion(assertion=assertion, why=why, selected=selected))

    pending = {e.get("tool_name") for e in events if e["type"] == "action_confirmation"}
    # A clarification is asserted as one; the asking tool's question text would only repeat it.
    asked = any(e["type"] == "clarification" for e in events)
    for e in events:
        match e["type"]:
            case "intent":
                given = _mapping(e.get("args"))
                args = _clean_map({k: given.get(k) for k in _INTENT_KEYS})
                add({"intent": e["name"], **({"args": args} if args else {})}, f"the turn was read as {e['name']}")
            case "tool_call" if e["name"] not in pending and e.get("status") != "awaiting_confirmation":
                args = _concise(_clean_map({k: v for k, v in _mapping(e.get("args")).items()
                                            if not (asked and k in ("question", "options"))}))
                add({"tool": e["name"], **({"args": args} if args else {})}, f"called {e['name']}")
            case "action_confirmation":
                args = _concise(_clean_map(e.get("args")))
                add({"needs_approval": e["tool_name"], **({"args": args} if args else {})},
                    f"proposed {e['tool_name']} for approval: {e.get('summary', '')}")
            case "data_card":
                add({"card": e["card_type"]}, f"showed a {e['card_type']} card ({e.get('title', '')})")
            case "clarification":
                given_options = e.get("options")
                options = [o for o in (given_options if isinstance(given_options, list) else []) if o][:3]
                add({"clarification": True, **({"options": options} if options else {})},
                    f"asked back: {e.get('question', '')}")
    errors = [e for e in events if e["type"] == "error"]
    if errors:
        add({"error_code": errors[-1]["code"]}, f"ended in error {errors[-1]['code']}")
    else:
        add({"no_error": True}, "ended without an error")
    if not any(e["type"] == "clarification" for e in events) and any(e["type"] == "done" for e in events):
        add({"clarification": False}, "did not ask back", selected=False)
    return out


def _outcome_steps(row: PendingActionRow, note: MessageRow | None) -> list[DraftStep]:
    status = row.status.value
    steps: list[DraftStep] = []
    if row.tool_args != row.original_args:
        steps.append(DraftStep(step={"modify": row.tool_args}, suggestions=[
            Suggestion(assertion={"needs_approval": row.tool_name, "args": _clean(row.tool_args)},
                       why="the card was modified before it ran"),
            Suggestion(assertion={"action_outcome": "PENDING"}, why="still waiting after the edit")]))
    if status == "EXPIRED":
        steps.append(DraftStep(step={"wait_minutes": 31}))
        steps.append(DraftStep(step={"confirm": "last"}, suggestions=[
            Suggestion(assertion={"action_outcome": "EXPIRED"}, why="the proposal expired before confirmation"),
            Suggestion(assertion={"error_code": "action_expired"}, why="a late confirm is refused")]))
        return steps
    kind = "cancel" if status == "CANCELLED" else "confirm"
    suggestions = [Suggestion(assertion={"action_outcome": status}, why=f"the action ended {status}")]
    for card in (note.meta.get("cards") if note is not None else None) or []:
        suggestions.append(Suggestion(assertion={"card": card["card_type"]},
                                      why=f"the outcome showed a {card['card_type']} card"))
    steps.append(DraftStep(step={kind: "last"}, suggestions=suggestions))
    return steps


def suggest_case(store: Store, conversation_id: str, user_id: str, *, name: str | None = None) -> CaseDraft:
    """A draft case from one of ``user_id``'s conversations (another user's reads as not found)."""
    conversation = store.conversations.get(conversation_id, user_id)
    if conversation is None:
        raise ConversationNotFound(f"Conversation {conversation_id!r} was not found for user {user_id!r}.")
    messages = store.messages.recent(conversation_id, 10_000)
    traces = {t.turn_id: t for t in store.traces.for_conversation(conversation_id)}
    actions = store.actions.list_for_conversation(conversation_id)
    feedback = store.feedback.for_conversation(conversation_id, user_id)
    steps: list[DraftStep] = []
    disliked: list[str] = []
    by_id = {a.id: a for a in actions}
    earlier: list[list[dict[str, object]]] = []
    for message in messages:
        action_id = message.meta.get("action_id") if message.role == "assistant" else None
        if action_id in by_id and message.meta.get("action_status") in OUTCOME_STATUSES:
            # The outcome sits where it happened in the conversation: "last" is then the action it was.
            steps.extend(_outcome_steps(by_id.pop(action_id), message))
            continue
        if message.role != "user" or message.turn_id is None:
            continue
        step: dict[str, object] = {"user": message.content or ""}
        trace = traces.get(message.turn_id)
        events = trace.events if trace is not None else []
        extra = message.meta.get("extra")
        if isinstance(extra, dict) and extra:
            step["extra"] = _readable_extra(conversation.agent_id, extra, earlier)
        earlier.append(events)
        rating = feedback.get(message.turn_id)
        draft = DraftStep(step=step, turn_id=message.turn_id, feedback=rating, suggestions=_suggest_turn(events))
        if rating and rating["rating"] == "down":
            comment = (rating.get("comment") or "").strip()
            disliked.append(f"step {len(steps) + 1}" + (f": {comment}" if comment else ""))
            if comment:
                draft.suggestions.append(Suggestion(assertion={"judge": f"The reply avoids this problem: {comment}"},
                                                    why="your 👎 comment, as a rubric for a real model",
                                                    selected=False))
        steps.append(draft)
    if not steps:
        raise PlaygroundError(f"Conversation {conversation_id!r} has no user messages to turn into a case.",
                              code="empty_conversation")
    tags = ["saved", *(["thumbs-down"] if disliked else [])]
    description = f"Saved from conversation {conversation_id}" + (f"; 👎 on {'; '.join(disliked)}" if disliked else "")
    return CaseDraft(agent=conversation.agent_id, conversation_id=conversation_id,
                     name=name or (conversation.title or "saved conversation"), tags=tags, description=description,
                     steps=steps)


def _references(value: object, earlier: Sequence[Sequence[Mapping[str, object]]]) -> object:
    """A value an earlier turn produced (the preview a 적용하기 sends, the trip id) becomes a reference to it,
    so the replay sends what its own earlier turn produced, not the ids of the saved conversation."""
    if isinstance(value, dict | list) or (isinstance(value, str) and _GENERATED_ID.match(value)):
        for events in reversed(earlier):
            for event in reversed(events):
                if event["type"] == "data_card":
                    for key, data in _mapping(event.get("data")).items():
                        if data == value and isinstance(key, str) and "." not in key:
                            return f"{{{{card.{event['card_type']}.{key}}}}}"
                elif event["type"] == "done":
                    for key, data in _mapping(event.get("meta")).items():
                        if data == value and "." not in key:
                            return f"{{{{done.meta.{key}}}}}"
    if isinstance(value, dict):
        return {k: _references(v, earlier) for k, v in value.items()}
    return value


def _readable_extra(agent: str, extra: Mapping[str, object],
                    earlier: Sequence[Sequence[Mapping[str, object]]]) -> dict[str, object]:
    """A context_text an agent builds from an app screen (a few KB of JSON) becomes the ``screen`` it
    describes (``AgentSpec.eval_screen_of``), which the runner turns back into the same contract; any other
    context_text reads better as a mapping."""
    out = {k: _references(v, earlier) for k, v in extra.items()}  # a mapping is never itself a reference
    text = out.get("context_text")
    if isinstance(text, str):
        with contextlib.suppress(json.JSONDecodeError):
            out["context_text"] = json.loads(text)
    context = out.get("context_text")
    screen_of = _agent_screen_of(agent) if isinstance(context, dict) else None
    screen = screen_of(context) if screen_of is not None and isinstance(context, dict) else None
    if screen is not None:
        out.pop("context_text")
        out["screen"] = screen
    return out


def _agent_screen_of(agent: str) -> Callable[[dict[str, object]], object] | None:
    try:
        return get_agent(agent).eval_screen_of
    except UnknownAgentError:
        return None


# --- YAML --------------------------------------------------------------------------------------------------


class _Dumper(yaml.SafeDumper):
    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)  # "turns:\n  - user: …", as people write it


class _Flow(dict[str, object]):  # a mapping written on one line: {period: 7d}
    pass


class _FlowList(list):  # type: ignore[type-arg]
    pass


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)
_Dumper.add_representer(_Flow, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True))
_Dumper.add_representer(_FlowList, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))


def _scalar(value: object) -> bool:
    return not isinstance(value, dict | list)


def _flowed(value: object) -> object:
    """Steps and assertions (list items) in block style; small mappings and lists of plain values on one
    line: ``args: {period: 7d}``, ``tags: [saved]``."""
    if isinstance(value, dict):
        if all(_scalar(v) for v in value.values()):
            return _Flow(value)
        return {k: _flowed(v) for k, v in value.items()}
    if isinstance(value, list):
        if all(_scalar(v) for v in value):
            return _FlowList(value)
        return [_block(v) if isinstance(v, dict) else _flowed(v) for v in value]
    return value


def _block(item: Mapping[str, object]) -> dict[str, object]:
    return {k: _flowed(v) for k, v in item.items()}


def to_yaml(value: object) -> str:
    data = _block(value) if isinstance(value, dict) else _flowed(value)
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=110)


def case_yaml(case: spec.Case) -> str:
    """One case as a YAML list item, ready to go under a suite's ``cases:``."""
    data = case.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_defaults=True)
    data["turns"] = [{k: v for k, v in t.items() if k != "expect" or v} for t in data["turns"]]
    return to_yaml([data])


def draft_text(draft: CaseDraft) -> str:
    """The draft as the reviewer edits it: the case with the selected suggestions, then the others as
    commented lines to uncomment."""
    text = case_yaml(draft.to_case())
    unused = [(i, s) for i, d in enumerate(draft.steps) for s in d.suggestions if not s.selected]
    if unused:
        text += say("draft_more") + "\n"
        for index, suggestion in unused:
            line = to_yaml([suggestion.assertion]).strip().replace("\n", "\n#     ")
            text += f"#   step {index + 1} ({suggestion.why}): {line}\n"
    return text


def case_from_text(text: str) -> spec.Case:
    """A reviewed case (one YAML list item or mapping) checked like a case in a suite file."""
    try:
        data = safe_yaml.load(text or "")
    except yaml.YAMLError as exc:
        raise PlaygroundError(f"The case is not valid YAML: {exc}", code="bad_suite") from None
    if isinstance(data, list) and len(data) == 1:
        data = data[0]
    if not isinstance(data, dict):
        raise PlaygroundError("The case must be one mapping with name and turns (or a one-item list).",
                              code="bad_suite")
    try:
        return spec.Case.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise PlaygroundError(f"{where}: {first['msg']} ({exc.error_count()} problem(s) in all).",
                              code="bad_suite") from None


def add_case(suite_text: str | None, case: spec.Case, *, agent: str, suite_name: str | None = None,
             file: str = "<suite>") -> str:
    """The suite's text with ``case`` appended (a new suite when there is none). Comments and layout of the
    existing file are kept when ``cases:`` is its last key; the result is checked like any suite file."""
    item = case_yaml(case)
    if not suite_text or not suite_text.strip():
        header = to_yaml({"suite": suite_name or f"{agent}-saved", "agent": agent, "defaults": {"provider": "offline"}})
        text = header + "cases:\n" + _indent(item)
    else:
        loaded = parse_suite(suite_text, file)
        if loaded.suite.agent != agent:
            raise PlaygroundError(f"This case is for the {agent} agent, but {file} is a {loaded.suite.agent} suite.",
                                  code="agent_mismatch")
        if any(c.name == case.name for c in loaded.suite.cases):
            raise PlaygroundError(f"{file} already has a case named {case.name!r}; give this one another name.",
                                  code="duplicate_case")
        data, more = safe_yaml.load(suite_text), safe_yaml.load(item)
        if not isinstance(data, dict) or not isinstance(more, list):  # parse_suite read a mapping; item is a list
            raise PlaygroundError(f"{file} is not a suite mapping.", code="bad_suite")
        if list(data)[-1] == "cases":
            text = suite_text.rstrip("\n") + "\n\n" + _indent(item)
        else:
            data["cases"] = [*data["cases"], *more]
            text = to_yaml(data)
    parse_suite(text, file)  # never write a file that would be refused
    return text


def _indent(item: str) -> str:
    return "".join(f"  {line}" if line.strip() else line for line in item.splitlines(keepends=True))
