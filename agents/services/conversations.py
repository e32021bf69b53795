"""A person's conversations, for every front end: list, open, rename, archive and delete.

Every operation is the caller's own: ``_owned`` is the one place that says so, and another user's
conversation reads as not found. Refusals are PlaygroundErrors in Korean, then English, naming the input."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from agents.core.errors import ConversationNotFound
from agents.core.inputs import InvalidInput
from agents.core.store import ConversationRow, MessageRow, PendingActionRow, Store, TraceRow
from agents.services.messages import say

MAX_SEARCH_CHARS = 200  # a search longer than any title or preview finds nothing more; bound the scan
MAX_TITLE_INPUT = 10_000  # the store keeps the first line, cut; anything longer is refused unread


@dataclass(frozen=True)
class Detail:
    conversation: ConversationRow
    messages: list[MessageRow]
    actions: list[PendingActionRow]


@dataclass(frozen=True)
class Transcript:
    """What a screen rebuilds a conversation from: its rows, traces and this user's ratings."""

    conversation: ConversationRow
    messages: list[MessageRow]
    actions: list[PendingActionRow]
    traces: list[TraceRow]
    ratings: dict[str, str]  # turn id -> "up" / "down"


def _not_found(conversation_id: object, user_id: str) -> ConversationNotFound:
    shown = str(conversation_id)[:80]
    return ConversationNotFound(say("conversation_not_found", shown=shown, user=user_id))


def _owned(store: Store, user_id: str, conversation_id: str, agent_id: str | None = None) -> ConversationRow:
    row = find(store, user_id, conversation_id, agent_id)
    if row is None:
        raise _not_found(conversation_id, user_id)
    return row


def find(store: Store, user_id: str, conversation_id: str | None,
         agent_id: str | None = None) -> ConversationRow | None:
    """The conversation if it is this user's (and this agent's, when given), else None."""
    if not conversation_id or not isinstance(conversation_id, str):
        return None
    row = store.conversations.get(conversation_id, user_id)
    return row if row is not None and (agent_id is None or row.agent_id == agent_id) else None


def get(store: Store, user_id: str, conversation_id: str, agent_id: str | None = None) -> ConversationRow:
    return _owned(store, user_id, conversation_id, agent_id)


def list_conversations(store: Store, user_id: str, *, agent_id: str | None = None, archived: bool | None = False,
                       limit: int = 20, offset: int = 0, search: str | None = None) -> list[ConversationRow]:
    """Newest first; ``archived`` None lists both; ``search`` matches the title or the last message."""
    search = search[:MAX_SEARCH_CHARS] if isinstance(search, str) and search.strip() else None
    return store.conversations.list(user_id, agent_id=agent_id, archived=archived, limit=limit, offset=offset,
                                    search=search)


def count(store: Store, user_id: str, *, agent_id: str | None = None, archived: bool | None = False) -> int:
    return store.conversations.count(user_id, agent_id=agent_id, archived=archived)


def detail(store: Store, user_id: str, conversation_id: str, message_limit: int = 50) -> Detail:
    """The conversation with its latest ``message_limit`` messages and its actions."""
    row = _owned(store, user_id, conversation_id)
    return Detail(row, store.messages.recent(row.id, message_limit), store.actions.list_for_conversation(row.id))


def transcript(store: Store, user_id: str, conversation_id: str, agent_id: str | None = None,
               message_limit: int = 200) -> Transcript:
    row = _owned(store, user_id, conversation_id, agent_id)
    ratings = store.feedback.for_conversation(row.id, user_id)
    return Transcript(row, store.messages.recent(row.id, message_limit), store.actions.list_for_conversation(row.id),
                      store.traces.for_conversation(row.id), {k: v["rating"] for k, v in ratings.items()})


def rename(store: Store, user_id: str, conversation_id: str, title: str) -> ConversationRow:
    if not isinstance(title, str) or not title.strip():
        raise InvalidInput("title", say("title_empty"))
    if len(title) > MAX_TITLE_INPUT:
        raise InvalidInput("title", say("title_too_long", n=len(title), most=MAX_TITLE_INPUT))
    row = _owned(store, user_id, conversation_id)
    store.conversations.rename(row.id, user_id, title)
    return _owned(store, user_id, row.id)


def set_archived(store: Store, user_id: str, conversation_id: str, archived: bool, now: datetime) -> ConversationRow:
    row = _owned(store, user_id, conversation_id)
    store.conversations.set_archived(row.id, user_id, archived, now)
    return _owned(store, user_id, row.id)


def toggle_archived(store: Store, user_id: str, conversation_id: str, now: datetime) -> ConversationRow:
    """Archive an open conversation, or bring an archived one back (the UIs' one button)."""
    row = _owned(store, user_id, conversation_id)
    return set_archived(store, user_id, row.id, not row.archived, now)


def delete(store: Store, user_id: str, conversation_id: str) -> None:
    """The conversation and everything under it; refused (``action_running``) while one of its
    actions runs."""
    if not isinstance(conversation_id, str) or not store.conversations.delete(conversation_id, user_id):
        raise _not_found(conversation_id, user_id)
