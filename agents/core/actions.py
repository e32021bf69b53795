"""The pending-action state machine of seed 000 and the service around it.

PENDING -> CONFIRMED -> EXECUTING -> COMPLETED | FAILED, or PENDING -> CANCELLED |
EXPIRED. Args change only while PENDING. Each step is a conditional UPDATE, so two
confirms (double click, two tabs, two threads) run the tool exactly once. Every
outcome is written into the conversation so the model knows what really happened.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from pydantic import BaseModel, ConfigDict, ValidationError

from agents.core.agent import get_agent
from agents.core.arg_patch import merge_args, problems_of
from agents.core.clock import Clock, aware, system_clock
from agents.core.errors import ActionNotFound, ActionRefused, ConversationNotFound, InvalidArgs
from agents.core.ids import new_id
from agents.core.locks import holding, recovery_cutoff
from agents.core.messages import Lang, one, say
from agents.core.store import ActionStatus, NewMessage, PendingActionRow, Store
from agents.core.tools import Card, Tool, ToolContext, ToolKind, ToolOutput, format_validation_error
from agents.nlu.language import conversation_language

log = logging.getLogger(__name__)

DEFAULT_TTL_MINUTES = 30.0

_WHY = {  # why a command finds the action in this state refused (a catalogue key, agents/core/messages_runtime.py)
    ActionStatus.PENDING: "action_why_pending",
    ActionStatus.COMPLETED: "action_why_completed",
    ActionStatus.FAILED: "action_why_failed",
    ActionStatus.CANCELLED: "action_why_cancelled",
    ActionStatus.EXPIRED: "action_why_expired",
    ActionStatus.CONFIRMED: "action_why_running",
    ActionStatus.EXECUTING: "action_why_running",
}
_RECENT = 20  # messages looked back through for the person's last ones (tool results come between)


def _cannot(verb: str, action_id: str, status: ActionStatus) -> ActionRefused:
    """Action ``action_id`` cannot be confirmed / cancelled / modified, and why, in both languages."""
    why = _WHY.get(status)
    why_ko, why_en = (one(why, "ko"), one(why, "en")) if why else (str(status), str(status))
    return ActionRefused(say(f"action_cannot_{verb}", action=action_id, why_ko=why_ko, why_en=why_en),
                         code=f"action_{status.value.lower()}")


class ActionOutcome(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    action_id: str
    ok: bool
    status: ActionStatus
    message: str
    result: object = None
    cards: list[Card] = []
    message_id: str | None = None  # the note this outcome left in the conversation
    # Where the action came from: the turn that proposed it (its trace) and the message that proposed it.
    proposed_turn_id: str | None = None
    proposed_message_id: str | None = None


def _origin(row: PendingActionRow) -> dict[str, str | None]:
    return {"proposed_turn_id": row.turn_id, "proposed_message_id": row.proposed_message_id}


class ActionService:
    def __init__(self, store: Store, clock: Clock = system_clock) -> None:
        self.store = store
        self.clock = clock

    # --- reads -------------------------------------------------------------------

    def get(self, action_id: str, user_id: str) -> PendingActionRow:
        row = self.store.actions.get(action_id, user_id)
        if row is None:
            raise ActionNotFound(say("action_not_found", action=action_id, user=user_id))
        return row

    def _tool(self, row: PendingActionRow) -> Tool:
        tool = get_agent(row.agent_id).tools.get(row.tool_name)
        if tool is None:
            raise ActionRefused(say("action_tool_gone", tool=row.tool_name, action=row.id))
        return tool

    def _ctx(self, row: PendingActionRow, now: datetime) -> ToolContext:
        return ToolContext(user_id=row.user_id, conversation_id=row.conversation_id, agent_id=row.agent_id,
                           store=self.store, now=now)

    def _expire_if_due(self, row: PendingActionRow, now: datetime) -> None:
        if row.status is ActionStatus.PENDING and row.expires_at <= now:
            if self.store.actions.transition(row.id, ActionStatus.PENDING, ActionStatus.EXPIRED, now,
                                             error_message="expired before confirmation"):
                self._record(row, ActionStatus.EXPIRED, "note_action_expired", now, summary=row.summary)
            raise ActionRefused(say("action_expired_at", action=row.id,
                                    when=f"{aware(row.expires_at):%Y-%m-%d %H:%M}"), code="action_expired")

    # --- commands ----------------------------------------------------------------

    def confirm(self, action_id: str, user_id: str) -> ActionOutcome:
        row = self.get(action_id, user_id)
        now = self.clock()
        self._expire_if_due(row, now)
        # Claim and read in one statement: the args that run are exactly the ones the row held
        # at the moment of the claim, even when a modify committed a millisecond earlier.
        claimed = self.store.actions.transition(action_id, ActionStatus.PENDING, ActionStatus.CONFIRMED, now,
                                                require_unexpired=True, stamp="confirmed_at")
        if claimed is None:
            current = self.get(action_id, user_id)
            self._expire_if_due(current, now)
            raise _cannot("confirm", action_id, current.status)
        row = claimed
        # Only the winner of the conditional update reaches this line.
        self.store.actions.transition(action_id, ActionStatus.CONFIRMED, ActionStatus.EXECUTING, now)
        tool = self._tool(row)
        try:
            # Domain writes and COMPLETED commit together: a crash leaves EXECUTING, never half-applied.
            with self.store.transaction():
                output = tool.handler(tool.validate(row.tool_args), self._ctx(row, now))
                if not output.ok:
                    raise _HandlerDeclined(output)
                self.store.actions.transition(action_id, ActionStatus.EXECUTING, ActionStatus.COMPLETED, now,
                                              result=output.data, stamp="executed_at")
            # Written after the commit and retried: a turn finishing in the same conversation
            # must not roll back an action that already ran.
            message_id = self._record(row, ActionStatus.COMPLETED, "note_action_done", now, output.cards,
                                      summary=output.summary)
            return ActionOutcome(action_id=action_id, ok=True, status=ActionStatus.COMPLETED, message=output.summary,
                                 result=output.data, cards=output.cards, message_id=message_id, **_origin(row))
        except Exception as exc:
            if isinstance(exc, _HandlerDeclined):
                reason = exc.output.summary
            else:
                log.exception("action %s (%s) failed", action_id, row.tool_name)
                reason = f"{type(exc).__name__}: {exc}"
            self.store.actions.transition(action_id, ActionStatus.EXECUTING, ActionStatus.FAILED, now,
                                          error_message=reason, stamp="executed_at")
            message_id = self._record(row, ActionStatus.FAILED, "note_action_failed", now, summary=row.summary,
                                      reason=reason)
            return ActionOutcome(action_id=action_id, ok=False, status=ActionStatus.FAILED,
                                 message=say("action_failed", reason=reason), message_id=message_id, **_origin(row))

    def cancel(self, action_id: str, user_id: str) -> ActionOutcome:
        row = self.get(action_id, user_id)
        now = self.clock()
        self._expire_if_due(row, now)
        if self.store.actions.transition(action_id, ActionStatus.PENDING, ActionStatus.CANCELLED, now) is None:
            # Lost a race (a confirm, an expiry): say what happened instead.
            current = self.get(action_id, user_id)
            self._expire_if_due(current, now)
            raise _cannot("cancel", action_id, current.status)
        message = one("note_action_cancelled", self._lang(row), summary=row.summary.rstrip("."))
        message_id = self._record(row, ActionStatus.CANCELLED, message, now)
        return ActionOutcome(action_id=action_id, ok=True, status=ActionStatus.CANCELLED, message=message,
                             message_id=message_id, **_origin(row))

    def modify(self, action_id: str, user_id: str, args: dict[str, object]) -> PendingActionRow:
        row = self.get(action_id, user_id)
        now = self.clock()
        self._expire_if_due(row, now)
        if row.status is not ActionStatus.PENDING:
            raise _cannot("modify", action_id, row.status)
        tool = self._tool(row)
        if not isinstance(args, dict):
            raise InvalidArgs(say("modify_not_object", tool=row.tool_name, kind=type(args).__name__))
        # Partial: only the fields sent change; the merged whole is what gets validated and stored.
        merged = merge_args(row.tool_args, args, getattr(tool.args_model, "exclusive_fields", ()))
        try:
            validated = tool.validate(merged)
        except ValidationError as exc:
            raise InvalidArgs(say("modify_invalid", problems=format_validation_error(row.tool_name, exc)),
                              problems=problems_of(exc)) from exc
        original = tool.validate(row.original_args)
        try:
            card = tool.build_confirmation(validated, self._ctx(row, now), original)
        except ValueError as exc:  # the args are well-formed but name something that doesn't exist
            raise InvalidArgs(say("modify_refused", tool=row.tool_name, why=exc),
                              problems=[{"field": "", "kind": "value_error", "limits": {}, "message": str(exc)}]) \
                from exc
        dumped = validated.model_dump(mode="json")
        details = [d.model_dump() for d in card.details]
        # Conditional on PENDING: a confirm that claimed the row first wins, and this says so.
        updated = self.store.actions.update_args(action_id, dumped, card.summary, details, card.warnings, now)
        if updated is None:
            current = self.get(action_id, user_id)
            raise _cannot("modify", action_id, current.status)
        return updated

    def propose(self, *, user_id: str, conversation_id: str, agent_id: str, tool_name: str, args: dict[str, object],
                ttl_minutes: float = DEFAULT_TTL_MINUTES) -> PendingActionRow:
        """A pending action started by the user, not the model (a card's 적용하기 button, an HTTP
        call): the same validation, confirmation card, state machine and expiry as a model's."""
        if self.store.conversations.get(conversation_id, user_id) is None:
            raise ConversationNotFound(say("conversation_missing", conversation=conversation_id, user=user_id))
        tool = get_agent(agent_id).tools.get(tool_name)
        if tool is None or tool.kind is not ToolKind.MUTATION:
            raise InvalidArgs(say("propose_not_action", tool=tool_name, agent=agent_id))
        try:
            validated = tool.validate(args)
        except ValidationError as exc:
            raise InvalidArgs(format_validation_error(tool_name, exc)) from exc
        now = self.clock()
        probe = PendingActionRow(id="", conversation_id=conversation_id, user_id=user_id, agent_id=agent_id,
                                 turn_id=None, tool_name=tool_name, tool_args={}, original_args={}, summary="",
                                 status=ActionStatus.PENDING, expires_at=now, created_at=now, updated_at=now)
        try:
            card = tool.build_confirmation(validated, self._ctx(probe, now))
        except (ValueError, LookupError) as exc:
            raise InvalidArgs(f"{tool_name}: {exc}") from exc
        dumped = validated.model_dump(mode="json")
        row = probe.model_copy(update={
            "id": new_id("act"), "tool_args": dumped, "original_args": dumped, "summary": card.summary,
            "details": card.details, "warnings": card.warnings,
            "expires_at": now + timedelta(minutes=ttl_minutes)})
        meta = {"action_id": row.id, "action_status": "PENDING", "tool_name": tool_name, "proposed_by": "user",
                "confirmation": {"summary": row.summary, "details": [d.model_dump() for d in row.details],
                                 "warnings": row.warnings, "args": dumped,
                                 "expires_at": aware(row.expires_at).isoformat()}}
        note = NewMessage(role="assistant", content=one("note_action_proposed", self._lang(row), summary=row.summary),
                          meta=meta, id=new_id("msg"))

        def write() -> None:
            self.store.actions.insert(row)
            self.store.messages.add(conversation_id, [note], now)

        with holding(conversation_id, db=self.store.db):
            self.store.db.write(write)
        return row

    # --- housekeeping ------------------------------------------------------------

    def sweep_expired(self) -> list[str]:
        now = self.clock()
        expired = self.store.actions.expire_due(now)
        for action_id in expired:
            row = self.store.actions.get(action_id)
            if row is not None:
                self._record(row, ActionStatus.EXPIRED, "note_action_expired", now, summary=row.summary)
        return expired

    def recover_after_crash(self) -> list[str]:
        """At start-up: anything CONFIRMED or EXECUTING was cut off by a crash."""
        now = self.clock()
        failed = self.store.actions.fail_interrupted(now, recovery_cutoff(self.store, now))
        for row in failed:
            self._record(row, ActionStatus.FAILED, "note_action_interrupted", now, summary=row.summary)
        return [row.id for row in failed]

    def _lang(self, row: PendingActionRow) -> Lang:
        """The conversation's language (the person's own last messages): its action lines are written in it."""
        recent = self.store.messages.recent(row.conversation_id, _RECENT)
        return conversation_language([m.content or "" for m in recent if m.role == "user"])

    def _record(self, row: PendingActionRow, status: ActionStatus, message: str, now: datetime,
                cards: list[Card] | None = None, **values: object) -> str | None:
        """The outcome as a message in the conversation (``message``, or the catalogue's ``note_*`` entry of that
        key with ``values``, in the conversation's language); None when the conversation was deleted meanwhile
        (the action's own outcome still stands and is reported to the caller)."""
        if message.startswith("note_"):
            if message != "note_action_done":  # the other lines end the sentence themselves
                values["summary"] = str(values["summary"]).rstrip(".")
            message = one(message, self._lang(row), **values)
        meta = {"action_id": row.id, "action_status": status.value, "tool_name": row.tool_name,
                "cards": [c.model_dump(mode="json") for c in cards or []]}
        note = NewMessage(role="assistant", content=message, meta=meta, id=new_id("msg"))
        # A turn of the same conversation may be writing; wait for it rather than conflict.
        with holding(row.conversation_id, db=self.store.db):
            try:
                return self.store.db.write(lambda: self.store.messages.add(row.conversation_id, [note], now))[0]
            except LookupError:
                log.info("conversation %s was deleted before action %s's outcome was written", row.conversation_id,
                         row.id)
                return None


class _HandlerDeclined(Exception):
    """The handler returned ok=False: roll back its writes and mark the action FAILED."""

    def __init__(self, output: ToolOutput) -> None:
        super().__init__(output.summary)
        self.output = output

