"""One model tool call: validate, then run a query or propose a mutation.

Bad calls (unknown tool, malformed JSON, invalid args, a handler that raises) are
answered to the model as tool errors so it can correct itself; they never end the turn.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Generator
from datetime import timedelta
from typing import TYPE_CHECKING

from pydantic import BaseModel, ValidationError

from agents.core.clock import aware
from agents.core.events import ActionConfirmation, ActionResult, Clarification, DataCard, Event, ToolCall, ToolResult
from agents.core.ids import new_id
from agents.core.messages import Lang, one, say
from agents.core.providers.base import ChatMessage, ModelToolCall
from agents.core.store import ActionStatus, NewMessage, PendingActionRow
from agents.core.tools import Confirmation, Tool, ToolContext, ToolKind, ToolOutput, format_validation_error

if TYPE_CHECKING:
    from agents.core.turn import Turn

log = logging.getLogger(__name__)
MODEL_RESULT_CHARS = 12_000  # what a tool result may cost the model's context


def tool_context(turn: Turn) -> ToolContext:
    return ToolContext(user_id=turn.user_id, conversation_id=turn.conversation.id, agent_id=turn.agent.id,
                       store=turn.store, now=turn.now, meta=turn.meta)


def _result_message(turn: Turn, call: ModelToolCall, payload: dict[str, object], meta: dict[str, object]) -> ChatMessage:
    content = json.dumps(payload, ensure_ascii=False, default=str)
    if len(content) > MODEL_RESULT_CHARS:
        payload = {k: v for k, v in payload.items() if k != "data"} | {"data_truncated": True}
        content = json.dumps(payload, ensure_ascii=False, default=str)
    turn.messages_out.append(NewMessage(role="tool", content=content, turn_id=turn.id, tool_call_id=call.id,
                                        tool_name=call.name, meta=meta))
    return ChatMessage(role="tool", content=content, tool_call_id=call.id, name=call.name)


def _refuse(turn: Turn, call: ModelToolCall, args: dict[str, object], message: str) -> Generator[Event, None, ChatMessage]:
    yield turn.emit(ToolCall, call_id=call.id, name=call.name, args=args, status="error")
    yield turn.emit(ToolResult, call_id=call.id, name=call.name, ok=False, summary=message)
    return _result_message(turn, call, {"ok": False, "error": message}, {"ok": False, "summary": message, "args": args})


def _parse(tool: Tool | None, call: ModelToolCall,
           known: list[str]) -> tuple[dict[str, object], BaseModel | None, str | None]:
    """(raw args, validated args or None, error message or None)."""
    if tool is None:
        return {}, None, f"Unknown tool '{call.name}'. Call one of: {', '.join(known)}."
    try:
        raw = json.loads(call.arguments) if call.arguments.strip() else {}
    except json.JSONDecodeError as exc:
        return {}, None, (f"Arguments for tool '{call.name}' are not valid JSON ({exc.msg} at position {exc.pos}). "
                          "Send one JSON object.")
    if not isinstance(raw, dict):
        return {}, None, f"Arguments for tool '{call.name}' must be a JSON object, not {type(raw).__name__}."
    try:
        return raw, tool.validate(raw), None
    except ValidationError as exc:
        return raw, None, format_validation_error(call.name, exc)


def run_tool_call(turn: Turn, call: ModelToolCall, *, from_button: bool = False
                  ) -> Generator[Event, None, tuple[ChatMessage, bool]]:
    """Returns the tool message for the model and whether the call awaits confirmation.
    ``from_button``: a UI button started the call (e.g. 적용하기), so tools hidden from the model run too."""
    tool = turn.agent.tools.tools.get(call.name) if from_button else turn.agent.tools.for_model(call.name)
    raw, args, problem = _parse(tool, call, turn.agent.tools.model_names())
    if problem is not None or tool is None or args is None:  # args is None exactly when there is a problem
        message = yield from _refuse(turn, call, raw, problem or "")
        return message, False
    ctx = tool_context(turn)
    if tool.kind is ToolKind.MUTATION:
        try:
            confirmation = tool.build_confirmation(args, ctx)
        except (ValueError, LookupError) as exc:
            # e.g. the campaign named in the args does not exist: the model should ask or retry.
            message = yield from _refuse(turn, call, args.model_dump(mode="json"), f"Cannot propose {call.name}: {exc}")
            return message, False
        return (yield from _propose(turn, tool, call, args, confirmation)), True
    dumped = args.model_dump(mode="json")
    yield turn.emit(ToolCall, call_id=call.id, name=call.name, args=dumped, status="running")
    started = time.perf_counter()
    try:
        output = tool.handler(args, ctx)
    except Exception as exc:
        # Logged with its traceback for the developer; the person (and the model) get a plain sentence
        # naming the step and what to do, with the error's kind but no internals (seed 001 §10).
        log.exception("tool %s raised", call.name)
        output = ToolOutput(ok=False, summary=say("tool_crashed", tool=call.name, kind=type(exc).__name__))
    turn.spans.append({"kind": "tool", "name": call.name, "ok": output.ok, "call_id": call.id,
                       "ms": round((time.perf_counter() - started) * 1000, 3)})
    yield turn.emit(ToolResult, call_id=call.id, name=call.name, ok=output.ok, summary=output.summary,
                    data=output.data)
    for card in output.cards:
        event = turn.emit(DataCard, card_type=card.card_type, title=card.title, data=card.data)
        turn.tool_card_seqs.add(event.seq)  # kept with this tool message (meta below), not again with the reply
        yield event
    if output.clarification:
        options, context = output.clarification.get("options"), output.clarification.get("context")
        yield turn.emit(Clarification, question=output.clarification["question"],
                        options=list(options) if isinstance(options, list | tuple) else [],
                        context=dict(context) if isinstance(context, dict) else {})
    meta = {"ok": output.ok, "summary": output.summary, "args": dumped,
            "cards": [c.model_dump(mode="json") for c in output.cards]}
    payload = {"ok": output.ok, "summary": output.summary, "data": output.data}
    return _result_message(turn, call, payload, meta), False


def _propose(turn: Turn, tool: Tool, call: ModelToolCall, args: BaseModel,
             confirmation: Confirmation) -> Generator[Event, None, ChatMessage]:
    dumped = args.model_dump(mode="json")
    action = PendingActionRow(
        id=new_id("act"), conversation_id=turn.conversation.id, user_id=turn.user_id, agent_id=turn.agent.id,
        turn_id=turn.id, tool_name=tool.name, tool_args=dumped, original_args=dumped,
        summary=confirmation.summary, details=confirmation.details, warnings=confirmation.warnings,
        status=ActionStatus.PENDING, expires_at=turn.now + timedelta(minutes=turn.settings.action_ttl_minutes),
        created_at=turn.now, updated_at=turn.now, proposed_message_id=_proposer(turn, call),
    )
    turn.actions_out.append(action)
    yield turn.emit(ToolCall, call_id=call.id, name=call.name, args=dumped, status="awaiting_confirmation")
    yield turn.emit(ActionConfirmation, action_id=action.id, tool_name=tool.name, summary=action.summary,
                    details=action.details, warnings=action.warnings, expires_at=aware(action.expires_at), args=dumped)
    payload = {"ok": True, "status": "pending_confirmation", "action_id": action.id, "summary": action.summary,
               "note": "Not executed yet. The user must confirm the card; do not say it was done."}
    return _result_message(turn, call, payload, {"action_id": action.id, "status": "PENDING", "args": dumped})


def _proposer(turn: Turn, call: ModelToolCall) -> str | None:
    """The message that proposed the call: the assistant message carrying it (its id given now, so the
    action and the message agree when both are written), else the user's message (a button, an API call)."""
    for message in reversed(turn.messages_out):
        if message.role == "assistant" and any(c.get("id") == call.id for c in message.tool_calls):
            message.id = message.id or new_id("msg")
            return message.id
    return turn.user_message_id


def replace_pending(turn: Turn, replaced: Callable[[list[PendingActionRow]], list[PendingActionRow]]
                    ) -> Generator[Event, None, list[str]]:
    """Cancel the cards ``replaced`` picks among this conversation's cards still waiting for Confirm (oldest first),
    because the new request takes their place. Each gets an ``action_result`` (CANCELLED), so a page that shows it
    marks it as a reload would, and its Confirm can no longer run. A card confirmed or cancelled elsewhere meanwhile
    is left as it is. Returns the summaries, for the reply to say what it replaced (``replaced_sentence``)."""
    lang: Lang = "en" if turn.meta.get("lang") == "en" else "ko"
    waiting = [row for row in turn.store.actions.list_for_conversation(turn.conversation.id)
               if row.status == ActionStatus.PENDING and aware(row.expires_at) > aware(turn.now)]
    summaries: list[str] = []
    for row in replaced(waiting):
        done = turn.store.actions.transition(row.id, ActionStatus.PENDING, ActionStatus.CANCELLED, turn.now)
        if done is None:
            continue
        summary = done.summary.rstrip(".")
        yield turn.emit(ActionResult, action_id=done.id, ok=True, status=ActionStatus.CANCELLED.value,
                        message=one("note_action_cancelled", lang, summary=summary))
        summaries.append(summary)
    return summaries


def replaced_sentence(turn: Turn, summaries: list[str]) -> str:
    """The reply's sentence saying which waiting cards a new one replaced, in the turn's language."""
    return one("note_card_replaced", "en" if turn.meta.get("lang") == "en" else "ko", summary=", ".join(summaries))


# For pipelines that run a call themselves (the tutor's ui_action is checked against the screen's
# catalog): the same refusal and result message as a registered tool's.
refuse = _refuse
result_message = _result_message
