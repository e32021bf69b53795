"""The view model beside the chat: pending actions waiting for an answer and an agent's workspace slots.

Pure like ``agents/view/render.py`` (no Gradio import). The chat keeps history; this is current state:
the confirmations the dock can still answer, and the newest card of each kind a workspace panel shows.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from agents.core.agent_ui import Slot
from agents.core.clock import aware
from agents.core.events import ActionConfirmation, Detail
from agents.core.store.models import PendingActionRow
from agents.nlu import past

if TYPE_CHECKING:
    from agents.view.render import CardView, ChatView


class ActionView(BaseModel):
    action_id: str
    tool_name: str
    summary: str
    details: list[Detail] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    expires_at: datetime
    args: dict[str, object] = Field(default_factory=dict)
    status: str = "PENDING"
    message: str = ""

    def is_open(self, now: datetime) -> bool:
        return self.status == "PENDING" and aware(self.expires_at) > aware(now)


# --- pending actions ------------------------------------------------------------------------

def propose_action(view: ChatView, event: ActionConfirmation) -> None:
    """An ``action_confirmation``: the awaiting tool step learns its action id; the card joins the dock."""
    for step in reversed(view.messages):
        if step.kind == "step" and step.status == "awaiting" and step.name == event.tool_name \
                and step.action_id is None:
            step.action_id = event.action_id
            break
    view.actions = [a for a in view.actions if a.action_id != event.action_id]
    view.actions.append(ActionView(
        action_id=event.action_id, tool_name=event.tool_name, summary=event.summary, details=event.details,
        warnings=event.warnings, expires_at=event.expires_at, args=event.args))


def set_action(view: ChatView, action_id: str, status: str, message: str) -> None:
    """An action's outcome: its card and the tool step that proposed it (in the past tense once done)."""
    for action in view.actions:
        if action.action_id == action_id:
            action.status, action.message = status, message
    for step in view.messages:
        if step.kind == "step" and step.action_id == action_id:
            step.status, step.action_status = "done", status
            if status == "COMPLETED":
                step.output = past(step.output or "")


def replace_action(view: ChatView, row: PendingActionRow) -> ChatView:
    """After Modify: the stored row is the truth for the card."""
    view = view.model_copy(deep=True)
    fresh = action_from_row(row)
    view.actions = [fresh if a.action_id == row.id else a for a in view.actions]
    return view


def action_from_row(row: PendingActionRow) -> ActionView:
    return ActionView(action_id=row.id, tool_name=row.tool_name, summary=row.summary, details=row.details,
                      warnings=row.warnings, expires_at=aware(row.expires_at), args=row.tool_args,
                      status=row.status.value, message=row.error_message or "")


def open_actions(view: ChatView, now: datetime) -> list[ActionView]:
    """What the dock above the input shows: confirmations that can still be answered."""
    return [a for a in view.actions if a.is_open(now)]


# --- the workspace: current state, declared per agent -------------------------------------

def workspace_cards(view: ChatView, slots: list[Slot]) -> dict[str, CardView | None]:
    """The newest card for each slot; the workspace shows current state, the chat keeps history."""
    latest: dict[str, CardView | None] = {slot.key: None for slot in slots}
    for message in view.messages:
        if message.card is None:
            continue
        for slot in slots:
            if message.card.card_type in slot.card_types:
                latest[slot.key] = message.card
    return latest
