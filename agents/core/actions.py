"""The pending-action state machine of seed 000 and the service around it.

PENDING -> CONFIRMED -> EXECUTING -> COMPLETED | FAILED, or PENDING -> CANCELLED |
EXPIRED. Args change only while PENDING. Each step is a conditional UPDATE, so two
confirms (double click, two tabs, two threads) run the tool exactly once. Every
outcome is written into the conversation so the model knows what really happened.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from pydantic import BaseModel, ValidationError

from agents.core.agent import get_agent
from agents.core.arg_patch import merge_args, problems_of
from agents.core.clock import Clock, aware, system_clock
from agents.core.errors import ActionNotFound, ActionRefused, ConversationNotFound, InvalidArgs
from agents.core.ids import new_id
from agents.core.locks import holding, recovery_cutoff
from agents.core.store import ActionStatus, NewMessage, PendingActionRow, Store
from agents.core.tools import Card, Tool, ToolContext, ToolKind, ToolOutput, format_validation_error

log = logging.getLogger(__name__)

DEFAULT_TTL_MINUTES = 30.0

_REFUSALS = {
    ActionStatus.PENDING: "동시에 들어온 다른 요청과 겹쳐 처리하지 못했습니다. 아무것도 실행되지 않았으니 다시 시도하세요 "
                          "(a concurrent request got in the way; nothing ran, try again).",
    ActionStatus.COMPLETED: "이미 실행이 완료된 작업입니다 (already completed; it will not run again).",
    ActionStatus.FAILED: "이미 실행했지만 실패한 작업입니다 (already ran and failed). 다시 요청해 새 확인 카드를 받으세요.",
    ActionStatus.CANCELLED: "취소된 작업입니다 (cancelled). 필요하면 다시 요청해 새 확인 카드를 받으세요.",
    ActionStatus.EXPIRED: "확인 시간이 지나 만료된 작업입니다 (expired). 다시 요청해 새 확인 카드를 받으세요.",
    ActionStatus.CONFIRMED: "다른 요청이 이미 이 작업을 실행하고 있습니다 (already being executed by another request).",
    ActionStatus.EXECUTING: "다른 요청이 이미 이 작업을 실행하고 있습니다 (already being executed by another request).",
}


class ActionOutcome(BaseModel):
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
            raise ActionNotFound(
                f"No action {action_id!r} for user {user_id!r}. "
                "List your actions with `playground actions list` or reload the conversation."
            )
        return row

    def _tool(self, row: PendingActionRow) -> Tool:
        tool = get_agent(row.agent_id).tools.get(row.tool_name)
        if tool is None:
            raise ActionRefused(f"The tool {row.tool_name!r} of action {row.id} no longer exists; it cannot run.")
        return tool

    def _ctx(self, row: PendingActionRow, now: datetime) -> ToolContext:
        return ToolContext(user_id=row.user_id, conversation_id=row.conversation_id, agent_id=row.agent_id,
                           store=self.store, now=now)

    def _expire_if_due(self, row: PendingActionRow, now: datetime) -> None:
        if row.status is ActionStatus.PENDING and row.expires_at <= now:
            if self.store.actions.transition(row.id, ActionStatus.PENDING, ActionStatus.EXPIRED, now,
                                             error_message="expired before confirmation"):
                self._record(row, ActionStatus.EXPIRED, f"⌛ '{row.summary}' 작업은 확인 시간이 지나 만료되어 실행되지 않았습니다.", now)
            raise ActionRefused(
                f"Action {row.id} expired at {aware(row.expires_at):%Y-%m-%d %H:%M} UTC and was not run. "
                + _REFUSALS[ActionStatus.EXPIRED], code="action_expired")

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
            raise ActionRefused(f"Action {action_id} cannot be confirmed: " + _REFUSALS.get(current.status, str(current.status)),
                                code=f"action_{current.status.value.lower()}")
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
            message_id = self._record(row, ActionStatus.COMPLETED, f"✅ {output.summary}", now, output.cards)
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
            message_id = self._record(row, ActionStatus.FAILED, f"❌ '{row.summary}' 실행에 실패했습니다: {reason}", now)
            return ActionOutcome(action_id=action_id, ok=False, status=ActionStatus.FAILED,
                                 message=f"실행 실패 (failed): {reason}", message_id=message_id, **_origin(row))

    def cancel(self, action_id: str, user_id: str) -> ActionOutcome:
        row = self.get(action_id, user_id)
        now = self.clock()
        self._expire_if_due(row, now)
        if self.store.actions.transition(action_id, ActionStatus.PENDING, ActionStatus.CANCELLED, now) is None:
            # Lost a race (a confirm, an expiry): say what happened instead.
            current = self.get(action_id, user_id)
            self._expire_if_due(current, now)
            raise ActionRefused(f"Action {action_id} cannot be cancelled: " + _REFUSALS.get(current.status, ""),
                                code=f"action_{current.status.value.lower()}")
        message = f"🚫 작업을 취소했습니다: {row.summary.rstrip('.')}. 아무것도 변경되지 않았습니다."
        message_id = self._record(row, ActionStatus.CANCELLED, message, now)
        return ActionOutcome(action_id=action_id, ok=True, status=ActionStatus.CANCELLED, message=message,
                             message_id=message_id, **_origin(row))

    def modify(self, action_id: str, user_id: str, args: dict[str, object]) -> PendingActionRow:
        row = self.get(action_id, user_id)
        now = self.clock()
        self._expire_if_due(row, now)
        if row.status is not ActionStatus.PENDING:
            raise ActionRefused(f"Action {action_id} cannot be modified: " + _REFUSALS.get(row.status, ""),
                                code=f"action_{row.status.value.lower()}")
        tool = self._tool(row)
        if not isinstance(args, dict):
            raise InvalidArgs(f"새 인자는 JSON 객체여야 합니다 (the new arguments for {row.tool_name} must be a JSON "
                              f"object, not {type(args).__name__}).")
        # Partial: only the fields sent change; the merged whole is what gets validated and stored.
        merged = merge_args(row.tool_args, args, getattr(tool.args_model, "exclusive_fields", ()))
        try:
            validated = tool.validate(merged)
        except ValidationError as exc:
            raise InvalidArgs("인자가 올바르지 않아 카드를 바꾸지 않았습니다 (" + format_validation_error(row.tool_name, exc)
                              + "; the card was not changed).", problems=problems_of(exc)) from exc
        original = tool.validate(row.original_args)
        try:
            card = tool.build_confirmation(validated, self._ctx(row, now), original)
        except ValueError as exc:  # the args are well-formed but name something that doesn't exist
            raise InvalidArgs(f"{row.tool_name}: {exc}. Fix the arguments and save again; the card was not changed.",
                              problems=[{"field": "", "kind": "value_error", "limits": {}, "message": str(exc)}]) \
                from exc
        dumped = validated.model_dump(mode="json")
        details = [d.model_dump() for d in card.details]
        # Conditional on PENDING: a confirm that claimed the row first wins, and this says so.
        updated = self.store.actions.update_args(action_id, dumped, card.summary, details, card.warnings, now)
        if updated is None:
            current = self.get(action_id, user_id)
            raise ActionRefused(f"Action {action_id} cannot be modified: " + _REFUSALS.get(current.status, ""),
                                code=f"action_{current.status.value.lower()}")
        return updated

    def propose(self, *, user_id: str, conversation_id: str, agent_id: str, tool_name: str, args: dict[str, object],
                ttl_minutes: float = DEFAULT_TTL_MINUTES) -> PendingActionRow:
        """A pending action started by the user, not the model (a card's 적용하기 button, an HTTP
        call): the same validation, confirmation card, state machine and expiry as a model's."""
        if self.store.conversations.get(conversation_id, user_id) is None:
            raise ConversationNotFound(f"Conversation {conversation_id!r} was not found for user {user_id!r}.")
        tool = get_agent(agent_id).tools.get(tool_name)
        if tool is None or tool.kind is not ToolKind.MUTATION:
            raise InvalidArgs(f"{tool_name!r} is not an action of the {agent_id} agent.")
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
        note = NewMessage(role="assistant", content=f"⏳ {row.summary} — 확인 카드에서 실행하거나 취소하세요.", meta=meta,
                          id=new_id("msg"))

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
                self._record(row, ActionStatus.EXPIRED, f"⌛ '{row.summary}' 작업은 확인 시간이 지나 만료되어 실행되지 않았습니다.", now)
        return expired

    def recover_after_crash(self) -> list[str]:
        """At start-up: anything CONFIRMED or EXECUTING was cut off by a crash."""
        now = self.clock()
        failed = self.store.actions.fail_interrupted(now, recovery_cutoff(self.store, now))
        for row in failed:
            self._record(row, ActionStatus.FAILED,
                         f"❌ '{row.summary}' 작업은 실행 중 앱이 중단되어 실패로 처리했습니다. 자동으로 다시 실행하지 않습니다.", now)
        return [row.id for row in failed]

    def _record(self, row: PendingActionRow, status: ActionStatus, message: str, now: datetime,
                cards: list[Card] | None = None) -> str | None:
        """The outcome as a message in the conversation; None when the conversation was deleted meanwhile
        (the action's own outcome still stands and is reported to the caller)."""
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

