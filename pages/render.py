"""Pure rendering: events (live) or stored rows (reload) -> chat messages and cards.

No Gradio import here: the page turns a ``ChatView`` into components, and tests
check these functions directly.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field

from agents.core.events import Detail, Event
from agents.core.store.models import MessageRow, PendingActionRow

TOOL_ICON = "🛠️"
PENDING, DONE = "pending", "done"
AWAITING = " · 확인 대기 (awaiting confirmation)"


class CardView(BaseModel):
    card_type: str
    title: str
    data: dict[str, Any] = Field(default_factory=dict)
    group: str | None = None  # the turn (or message) that produced it; newest group shows first


class ActionView(BaseModel):
    action_id: str
    tool_name: str
    summary: str
    details: list[Detail] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    expires_at: datetime
    args: dict[str, Any] = Field(default_factory=dict)
    status: str = "PENDING"
    message: str = ""

    def is_open(self, now: datetime) -> bool:
        return self.status == "PENDING" and _aware(self.expires_at) > _aware(now)


class ChatView(BaseModel):
    """Everything one agent tab shows for one conversation."""

    conversation_id: str | None = None
    messages: list[dict[str, Any]] = Field(default_factory=list)
    cards: list[CardView] = Field(default_factory=list)
    actions: list[ActionView] = Field(default_factory=list)
    suggestions: list[str] = Field(default_factory=list)
    clarification: str | None = None
    badge: str = ""
    error: str | None = None


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _args_block(args: dict[str, Any]) -> str:
    args_text = json.dumps(args, ensure_ascii=False, indent=1) if args else "{}"
    return f"```json\n{args_text}\n```"


def _tool_message(call_id: str, name: str, args: dict[str, Any], status: str) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": _args_block(args),
        "metadata": {"title": f"{TOOL_ICON} {name}", "id": call_id, "status": status},
    }


def _find_tool(view: ChatView, call_id: str) -> dict[str, Any] | None:
    for message in reversed(view.messages):
        if (message.get("metadata") or {}).get("id") == call_id:
            return message
    return None


def _append_text(view: ChatView, text: str) -> None:
    last = view.messages[-1] if view.messages else None
    if last is not None and last["role"] == "assistant" and not last.get("metadata"):
        last["content"] += text
    else:
        view.messages.append({"role": "assistant", "content": text})


def add_user_message(view: ChatView, text: str) -> ChatView:
    view = view.model_copy(deep=True)
    view.messages.append({"role": "user", "content": text})
    view.suggestions, view.clarification, view.error = [], None, None
    return view


def badge_text(provider: str, model: str, latency_ms: float, input_tokens: int, output_tokens: int,
               ttft_ms: float | None = None) -> str:
    first = f" · first token {ttft_ms:.0f} ms" if ttft_ms is not None else ""
    return f"{provider}/{model} · {latency_ms:.0f} ms{first} · {input_tokens}+{output_tokens} tokens"


def apply_event(view: ChatView, event: Event) -> ChatView:
    """Fold one event into a copy of the view."""
    view = view.model_copy(deep=True)
    match event.type:
        case "text_delta":
            _append_text(view, event.content)
        case "thinking":
            view.badge = f"… {event.message or event.stage}"
        case "intent":
            args = json.dumps(event.args, ensure_ascii=False) if event.args else ""
            view.messages.append({"role": "assistant", "content": f"{event.reasoning}\n{args}".strip(),
                                  "metadata": {"title": f"🧭 intent: {event.name} ({event.confidence:.0%})",
                                               "status": DONE}})
        case "tool_call":
            status = DONE if event.status in ("done", "error") else PENDING
            existing = _find_tool(view, event.call_id)
            if existing is None:
                view.messages.append(_tool_message(event.call_id, event.name, event.args, status))
            else:
                existing["metadata"]["status"] = status
            if event.status == "awaiting_confirmation":
                view.messages[-1]["metadata"]["title"] = f"{TOOL_ICON} {event.name}{AWAITING}"
        case "tool_result":
            message = _find_tool(view, event.call_id)
            if message is None:
                message = _tool_message(event.call_id, event.name, {}, DONE)
                view.messages.append(message)
            mark = "✅" if event.ok else "⚠️"
            message["content"] += f"\n{mark} {event.summary}"
            message["metadata"]["status"] = DONE
        case "data_card":
            view.cards.append(CardView(card_type=event.card_type, title=event.title, data=event.data,
                                       group=event.turn_id))
        case "action_confirmation":
            view.actions = [a for a in view.actions if a.action_id != event.action_id]
            view.actions.append(ActionView(
                action_id=event.action_id, tool_name=event.tool_name, summary=event.summary, details=event.details,
                warnings=event.warnings, expires_at=event.expires_at, args=event.args))
        case "action_result":
            apply_action_outcome(view, event.action_id, event.status or ("COMPLETED" if event.ok else "FAILED"),
                                 event.message, in_place=True)
        case "ui_action":
            view.messages.append({"role": "assistant", "content": json.dumps(event.params, ensure_ascii=False),
                                  "metadata": {"title": f"🖱️ UI action: {event.action_id} ({event.risk})",
                                               "status": DONE}})
        case "clarification":
            # The question itself arrives as text; its options become the suggestion buttons.
            view.clarification = event.question
            if event.options:
                view.suggestions = list(event.options)
        case "suggested_questions":
            view.suggestions = list(event.questions)
        case "alert":
            view.cards.append(CardView(card_type="alert", title=event.title,
                                       data={"severity": event.severity, "message": event.message,
                                             "alert_id": event.alert_id}))
        case "done":
            view.conversation_id = event.conversation_id
            view.badge = badge_text(event.provider, event.model, event.latency_ms, event.usage.input_tokens,
                                    event.usage.output_tokens, event.ttft_ms)
            for message in view.messages:
                meta = message.get("metadata")
                if meta and meta.get("status") == PENDING and not meta.get("title", "").endswith(AWAITING):
                    meta["status"] = DONE
        case "error":
            view.conversation_id = event.conversation_id or view.conversation_id
            view.error = f"{event.message} [{event.code}]"
            view.messages.append({"role": "assistant", "content": f"⚠️ {event.message}",
                                  "metadata": {"title": f"⚠️ error: {event.code}", "status": DONE}})
            view.badge = ""
    return view


def apply_action_outcome(view: ChatView, action_id: str, status: str, message: str, *, in_place: bool = False,
                         chat_text: str | None = None, cards: list[dict[str, Any]] | None = None) -> ChatView:
    """A confirm / cancel / modify result: update the card, add the outcome to the chat."""
    if not in_place:
        view = view.model_copy(deep=True)
    for action in view.actions:
        if action.action_id == action_id:
            action.status, action.message = status, message
    if chat_text:
        view.messages.append({"role": "assistant", "content": chat_text})
    for card in cards or []:
        view.cards.append(CardView(**card, group=action_id))
    return view


def replace_action(view: ChatView, row: PendingActionRow) -> ChatView:
    """After Modify: the stored row is the truth for the card."""
    view = view.model_copy(deep=True)
    fresh = action_from_row(row)
    view.actions = [fresh if a.action_id == row.id else a for a in view.actions]
    return view


def action_from_row(row: PendingActionRow) -> ActionView:
    return ActionView(action_id=row.id, tool_name=row.tool_name, summary=row.summary, details=row.details,
                      warnings=row.warnings, expires_at=_aware(row.expires_at), args=row.tool_args,
                      status=row.status.value, message=row.error_message or "")


def view_from_history(conversation_id: str | None, rows: list[MessageRow],
                      actions: list[PendingActionRow]) -> ChatView:
    """Rebuild a tab from the store, so cards and buttons survive a reload."""
    view = ChatView(conversation_id=conversation_id)
    action_status = {a.id: a.status.value for a in actions}
    for row in rows:
        if row.role == "user":
            refused = row.meta.get("refused") if row.status == "refused" else None
            content = row.content or ""
            view.messages.append({"role": "user", "content": content if len(content) < 2_000 else content[:2_000] + "…"})
            if refused:
                view.messages.append({"role": "assistant", "content": f"⚠️ refused: {refused}",
                                      "metadata": {"title": f"⚠️ error: {refused}", "status": DONE}})
        elif row.role == "assistant":
            if row.content:
                view.messages.append({"role": "assistant", "content": row.content})
            for call in row.tool_calls:
                try:
                    args = json.loads(call.get("arguments") or "{}")
                except json.JSONDecodeError:
                    args = {"raw": call.get("arguments")}
                view.messages.append(_tool_message(call["id"], call["name"], args if isinstance(args, dict) else {}, DONE))
            for card in row.meta.get("cards", []):
                view.cards.append(CardView(**card, group=row.id))
        elif row.role == "tool":
            message = _find_tool(view, row.tool_call_id or "")
            if message is not None:
                if "args" in row.meta:  # the validated args, as the live tool_call event showed them
                    message["content"] = _args_block(row.meta["args"])
                if "action_id" in row.meta:
                    status = action_status.get(row.meta["action_id"], "PENDING")
                    if status == "PENDING":
                        message["metadata"].update(title=message["metadata"]["title"] + AWAITING, status=PENDING)
                    else:
                        message["metadata"]["title"] += f" · {status}"
                elif "summary" in row.meta:
                    message["content"] += f"\n{'✅' if row.meta.get('ok', True) else '⚠️'} {row.meta['summary']}"
            for card in row.meta.get("cards", []):
                view.cards.append(CardView(**card, group=row.turn_id))
    view.actions = [action_from_row(a) for a in actions]
    return view


def newest_first(cards: list[CardView]) -> list[CardView]:
    """Cards of the newest turn first, each turn's cards in the order they came."""
    order: list[str | None] = []
    for card in cards:
        if card.group not in order:
            order.append(card.group)
    rank = {group: i for i, group in enumerate(reversed(order))}
    return sorted(cards, key=lambda c: rank[c.group])
