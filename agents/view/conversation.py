"""What both front ends need around one conversation, framework-neutral: the stored truth as a
``ChatView``, a pending action's text, and the Modify editor's JSON check."""

from __future__ import annotations

import json

from agents.core import identity
from agents.core.agent import AgentSpec
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.core.store import ConversationRow, Store
from agents.services import conversations
from agents.view import render
from agents.view.render import ChatView
from agents.view.render_workspace import ActionView
from agents.view.texts import Lang, t


def load_view(spec: AgentSpec, user: Viewer | None, conversation_id: str | None,
              store: Store | None = None) -> ChatView:
    """The stored truth for a conversation: messages, actions, traces, state and ratings."""
    if not conversation_id:
        return ChatView()
    # Reads through the service, with no Session: a Session would also seed the agent's sandbox for
    # the user, which the page load already does once (alerts) and must not race.
    user_id = identity.require(user)
    store = store or runtime_store()
    stored = conversations.transcript(store, user_id, conversation_id, spec.id)
    return render.view_from_history(conversation_id, stored.messages, stored.actions, stored.traces,
                                    state=stored.conversation.state, feedback=stored.ratings)


def listed(spec: AgentSpec, user_id: str, selected: str | None, search: str | None = None, archived: bool = False,
           limit: int = 50, store: Store | None = None) -> list[ConversationRow]:
    """The sidebar's conversations, newest first; the open one stays listed even when filtered out."""
    store = store or runtime_store()  # reads only: no Session, so no sandbox seeding racing the page load
    rows = conversations.list_conversations(store, user_id, agent_id=spec.id, archived=None if archived else False,
                                            limit=limit, search=search)
    if selected and all(r.id != selected for r in rows):
        current = conversations.find(store, user_id, selected, spec.id)
        if current is not None:
            rows = [current, *rows]
    return rows


def action_body(action: ActionView, lang: Lang) -> str:
    """A pending confirmation as markdown: heading with the summary, details (✏️ marks what Modify
    changed), warnings. Each front end adds the tool name and expiry in its own way."""
    rows = "\n".join(f"- **{d.label}**: {d.value}{' ✏️' if d.changed else ''}" for d in action.details)
    warnings = "\n".join(f"- ⚠️ {w}" for w in action.warnings)
    return f"**⏸ {t('pending_heading', lang)} · {action.summary}**\n\n{rows}\n\n{warnings}".rstrip()


class BadEdit(ValueError):
    """The editor's text is not a JSON object; the message is already in the UI's language."""


def parse_args(edited: str | None, lang: Lang) -> dict[str, object]:
    try:
        args = json.loads(edited or "")
    except json.JSONDecodeError as exc:
        where = f"{exc.lineno}:{exc.colno}" if lang == "en" else f"{exc.lineno}번째 줄 {exc.colno}번째 글자"
        raise BadEdit(t("bad_json", lang, where=where)) from None
    if not isinstance(args, dict):
        raise BadEdit(t("not_object", lang))
    return args


def conversation_choices(rows: list[ConversationRow], untitled: str = "(untitled)") -> list[tuple[str, str]]:
    """(label, id) newest first; identical titles get " (2)", " (3)"... in the order they were made."""
    titles = {r.id: (r.title or untitled) for r in rows}
    counts: dict[str, int] = {}
    for title in titles.values():
        counts[title] = counts.get(title, 0) + 1
    number: dict[str, int] = {}
    seen: dict[str, int] = {}
    for row in sorted(rows, key=lambda r: (r.created_at, r.id)):
        title = titles[row.id]
        if counts[title] > 1:
            seen[title] = seen.get(title, 0) + 1
            number[row.id] = seen[title]
    labels = []
    for row in rows:
        title = titles[row.id] + (f" ({number[row.id]})" if number.get(row.id, 1) > 1 else "")
        labels.append((f"{title} · {row.updated_at:%m-%d %H:%M}", row.id))
    return labels
