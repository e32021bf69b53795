"""Conversations and their messages."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from agents.core.errors import ConversationBusy
from agents.core.ids import new_id
from agents.core.messages import one, say
from agents.core.redact import redact, redact_data
from agents.core.store.db import AnyDatabase
from agents.core.store.models import ConversationRow, MessageRow, NewMessage

_CONV_COLS = "id, user_id, agent_id, title, archived, created_at, updated_at, message_count, last_preview, state"
_MSG_COLS = "id, conversation_id, seq, turn_id, role, content, tool_calls, tool_call_id, tool_name, status, meta, created_at"
PREVIEW_CHARS = 120
TITLE_CHARS = 40

# The state is JSON text on both; each backend reads and patches it in its own words (PostgreSQL through jsonb).
_FIND_BY_STATE = {
    "duckdb": """SELECT id FROM conversations WHERE user_id = ? AND agent_id = ? AND json_extract_string(state, ?) = ?
                 ORDER BY updated_at DESC, id DESC LIMIT 1""",
    "postgres": """SELECT id FROM conversations WHERE user_id = ? AND agent_id = ? AND state ->> ? = ?
                   ORDER BY updated_at DESC, id DESC LIMIT 1""",
}
# Drop the keys being set, then add the new values (nulls nested in them dropped, as a JSON merge patch does).
_PUT_STATE = {
    "duckdb": "UPDATE conversations SET state = json_merge_patch(json_merge_patch(coalesce(state, '{}'), ?::JSON), "
              "?::JSON) WHERE id = ? AND user_id = ? RETURNING state",
    "postgres": "UPDATE conversations SET state = (coalesce(state::jsonb, '{}'::jsonb) - ?::text[]) "
                "|| jsonb_strip_nulls(?::jsonb) WHERE id = ? AND user_id = ? RETURNING state",
}
_STATE_FOR_UPDATE = {
    "duckdb": "SELECT state FROM conversations WHERE id = ?",
    "postgres": "SELECT state FROM conversations WHERE id = ? FOR UPDATE",
}
_TAKE_STATE = {
    "duckdb": "UPDATE conversations SET state = json_merge_patch(state, ?::JSON) "
              "WHERE id = ? AND user_id = ? AND json_extract_string(state, ?) = ? RETURNING id",
    "postgres": "UPDATE conversations SET state = state::jsonb - ?::text "
                "WHERE id = ? AND user_id = ? AND state #>> ?::text[] = ? RETURNING id",
}


def loads(value: Any, default: Any) -> Any:
    """DuckDB returns JSON columns as text."""
    if value is None:
        return default
    return json.loads(value) if isinstance(value, str) else value


def dumps(value: object) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, default=str)


def title_from(text: str) -> str:
    """The first message, on one line, cut at a word boundary when it is long."""
    # Only the start can reach the title: never split a whole (possibly huge, refused) message.
    line = " ".join(text[: TITLE_CHARS * 8].split())
    if len(line) <= TITLE_CHARS:
        return line
    cut = line[: TITLE_CHARS - 1]
    if " " in cut[TITLE_CHARS // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut + "…"


def _conversation(row: tuple[Any, ...]) -> ConversationRow:
    values = dict(zip(_CONV_COLS.split(", "), row, strict=True))
    values["state"] = loads(values["state"], {})
    return ConversationRow(**values)


def _message(row: tuple[Any, ...]) -> MessageRow:
    values = dict(zip(_MSG_COLS.split(", "), row, strict=True))
    values["tool_calls"] = loads(values["tool_calls"], [])
    values["meta"] = loads(values["meta"], {})
    return MessageRow(**values)


class ConversationRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    def create(self, user_id: str, agent_id: str, first_message: str, now: datetime) -> ConversationRow:
        conv_id = new_id("conv")
        self.db.execute(
            f"INSERT INTO conversations ({_CONV_COLS}) VALUES (?, ?, ?, ?, false, ?, ?, 0, NULL, NULL)",
            [conv_id, user_id, agent_id, redact(title_from(first_message)) or one("new_conversation", "ko"), now, now],
        )
        row = self.get(conv_id, user_id)
        assert row is not None
        return row

    def get(self, conv_id: str, user_id: str) -> ConversationRow | None:
        """Owner-scoped: another user's conversation reads as not found."""
        row = self.db.fetchone(f"SELECT {_CONV_COLS} FROM conversations WHERE id = ? AND user_id = ?", [conv_id, user_id])
        return _conversation(row) if row else None

    def list(
        self,
        user_id: str,
        *,
        agent_id: str | None = None,
        archived: bool | None = False,
        limit: int = 20,
        offset: int = 0,
        search: str | None = None,
    ) -> list[ConversationRow]:
        # The denormalised preview and updated_at make this one filtered Top-N scan, no join.
        # ``search`` matches the title or the last message, case-insensitively.
        pattern = None
        if search and search.strip():
            pattern = "%" + search.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self.db.fetchall(
            f"""SELECT {_CONV_COLS} FROM conversations
                WHERE user_id = ? AND (? IS NULL OR agent_id = ?) AND (? IS NULL OR archived = ?)
                  AND (? IS NULL OR title ILIKE ? ESCAPE '\\' OR last_preview ILIKE ? ESCAPE '\\')
                ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?""",
            [user_id, agent_id, agent_id, archived, archived, pattern, pattern, pattern, limit, offset],
        )
        return [_conversation(r) for r in rows]

    def count(self, user_id: str, *, agent_id: str | None = None, archived: bool | None = False) -> int:
        """How many ``list`` would return without limit and offset (the API's ``total``)."""
        row = self.db.fetchone(
            """SELECT count(*) FROM conversations
               WHERE user_id = ? AND (? IS NULL OR agent_id = ?) AND (? IS NULL OR archived = ?)""",
            [user_id, agent_id, agent_id, archived, archived],
        )
        return int(row[0]) if row else 0

    def rename(self, conv_id: str, user_id: str, title: str) -> bool:
        rows = self.db.fetchall("UPDATE conversations SET title = ? WHERE id = ? AND user_id = ? RETURNING id",
                                [title_from(title), conv_id, user_id])
        return bool(rows)

    def set_archived(self, conv_id: str, user_id: str, archived: bool, now: datetime) -> bool:
        rows = self.db.fetchall(
            "UPDATE conversations SET archived = ?, updated_at = ? WHERE id = ? AND user_id = ? RETURNING id",
            [archived, now, conv_id, user_id],
        )
        return bool(rows)

    def find_by_state(self, user_id: str, agent_id: str, key: str, value: str) -> str | None:
        """The user's newest conversation with this agent whose ``state[key]`` is ``value`` (a client-held
        session id, issue 30), or None."""
        sql, path = _FIND_BY_STATE[self.db.dialect], (f"$.{key}" if self.db.dialect == "duckdb" else key)
        row = self.db.fetchone(sql, [user_id, agent_id, path, value])
        return row[0] if row else None

    def set_state(self, conv_id: str, state: Mapping[str, object]) -> None:
        self.db.execute("UPDATE conversations SET state = ? WHERE id = ?", [dumps(state), conv_id])

    def set_state_keys(self, conv_id: str, changed: Mapping[str, object], removed: Sequence[str]) -> None:
        """Write these top-level keys exactly (nested nulls kept, unlike put_state's merge patch) and remove
        ``removed``, leaving every other key as another writer left it. Read and write in one transaction with
        the row locked (PostgreSQL) or conflict-checked (DuckDB: a concurrent put_state makes it retry)."""
        def apply() -> None:
            row = self.db.fetchone(_STATE_FOR_UPDATE[self.db.dialect], [conv_id])
            if row is None:
                return
            state = {**loads(row[0], {}), **changed}
            for key in removed:
                state.pop(key, None)
            self.db.execute("UPDATE conversations SET state = ? WHERE id = ?", [dumps(state), conv_id])

        self.db.write(apply)

    def put_state(self, conv_id: str, user_id: str, values: Mapping[str, object]) -> dict[str, Any] | None:
        """Replace some top-level keys of the state (None removes one) in one statement, so a writer
        outside a turn (a workspace panel, a confirmed action) never overwrites the other keys. Nulls
        nested inside a value are dropped (JSON merge patch); the new state, or None when the
        conversation is not this user's."""
        kept = {key: value for key, value in values.items() if value is not None}
        if self.db.dialect == "duckdb":
            cleared: str | list[str] | None = dumps({key: None for key in values})
        else:
            cleared = list(values)
        row = self.db.write(lambda: self.db.fetchone(_PUT_STATE[self.db.dialect],
                                                     [cleared, dumps(kept), conv_id, user_id]))
        return None if row is None else loads(row[0], {})

    def take_state(self, conv_id: str, user_id: str, key: str, field: str, value: str) -> bool:
        """Remove ``state[key]`` when its ``field`` equals ``value``; True for the one caller that did
        (claim and read in one statement: two tabs never both take it)."""
        params: list[object]
        if self.db.dialect == "duckdb":
            params = [dumps({key: None}), conv_id, user_id, f'$."{key}"."{field}"', value]
        else:
            params = [key, conv_id, user_id, [key, field], value]
        row = self.db.write(lambda: self.db.fetchone(_TAKE_STATE[self.db.dialect], params))
        return row is not None

    def delete(self, conv_id: str, user_id: str) -> bool:
        """Delete the conversation and everything under it, in one transaction.

        Not while one of its actions runs (CONFIRMED or EXECUTING): that confirm must be able to finish
        and report what it did, so the delete is refused with ``action_running`` (409) instead. A
        write-write conflict with a concurrent confirm or message is retried, so the retry sees the
        winner's committed state; ``conversation_busy`` if the conflicts persist."""
        def remove() -> bool:
            cur = self.db.cursor()
            owned = cur.execute("SELECT 1 FROM conversations WHERE id = ? AND user_id = ?", [conv_id, user_id]).fetchone()
            if not owned:
                return False
            # Running actions are left out of the DELETE (PostgreSQL re-checks this condition on a row a
            # concurrent confirm just claimed), then their presence refuses the whole delete.
            cur.execute("DELETE FROM pending_actions WHERE conversation_id = ? AND status NOT IN ('CONFIRMED', 'EXECUTING')",
                        [conv_id])
            running = cur.execute("SELECT summary FROM pending_actions WHERE conversation_id = ? LIMIT 1",
                                  [conv_id]).fetchone()
            if running:
                raise ConversationBusy(say("delete_action_running", summary=running[0]), code="action_running")
            for table in ("messages", "traces", "feedback", "prompt_picks"):
                cur.execute(f"DELETE FROM {table} WHERE conversation_id = ?", [conv_id])
            cur.execute("DELETE FROM conversations WHERE id = ?", [conv_id])
            return True

        try:
            return self.db.write(remove, attempts=12)
        except self.db.conflict as exc:
            raise ConversationBusy(say("delete_busy")) from exc


def _masked(message: NewMessage) -> NewMessage:
    """The message as stored: no secret in its text, tool calls or meta (agents.core.redact)."""
    return message.model_copy(update={"content": None if message.content is None else redact(message.content),
                                      "tool_calls": redact_data(message.tool_calls), "meta": redact_data(message.meta)})


class MessageRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    def add(self, conv_id: str, messages: Sequence[NewMessage], now: datetime) -> list[str]:
        """Append messages; seq comes from the denormalised counter, in the caller's transaction."""
        if not messages:
            return []
        messages = [_masked(m) for m in messages]
        last_text = next((m.content for m in reversed(messages) if m.content and m.role != "tool"), None)
        preview = None if last_text is None else " ".join(last_text.split())[:PREVIEW_CHARS]
        row = self.db.fetchone(
            """UPDATE conversations SET message_count = message_count + ?, updated_at = ?,
                   last_preview = coalesce(?, last_preview)
               WHERE id = ? RETURNING message_count""",
            [len(messages), now, preview, conv_id],
        )
        if row is None:
            raise LookupError(f"conversation {conv_id} does not exist")
        first_seq = row[0] - len(messages) + 1
        ids = [m.id or new_id("msg") for m in messages]
        params: list[object] = []
        for i, m in enumerate(messages):
            params += [ids[i], conv_id, first_seq + i, m.turn_id, m.role, m.content,
                       dumps(m.tool_calls) if m.tool_calls else None, m.tool_call_id, m.tool_name, m.status,
                       dumps(m.meta) if m.meta else None, now]
        # One multi-row INSERT: executemany would run one statement per row.
        placeholders = ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"] * len(messages))
        self.db.execute(f"INSERT INTO messages ({_MSG_COLS}) VALUES {placeholders}", params)
        return ids

    def recent(self, conv_id: str, limit: int = 50) -> list[MessageRow]:
        """The last ``limit`` messages in order. DuckDB ignores the conversation_id index under
        ORDER BY ... LIMIT (a full scan, ~40 ms at 1M rows); the MATERIALIZED CTE fetches the
        conversation's rows through the index first (~5 ms)."""
        rows = self.db.fetchall(
            f"""WITH conv AS MATERIALIZED (SELECT {_MSG_COLS} FROM messages WHERE conversation_id = ?)
                SELECT {_MSG_COLS} FROM conv ORDER BY seq DESC LIMIT ?""",
            [conv_id, limit],
        )
        return [_message(r) for r in reversed(rows)]

    def get(self, message_id: str) -> MessageRow | None:
        row = self.db.fetchone(f"SELECT {_MSG_COLS} FROM messages WHERE id = ?", [message_id])
        return _message(row) if row else None

    def unanswered_turns(self, before: datetime | None = None) -> list[tuple[str, str]]:
        """(conversation id, turn id) of user messages whose turn left no reply and no trace:
        the process died mid-turn (kill -9, power loss). ``before``: only messages older than that."""
        return [(r[0], r[1]) for r in self.db.fetchall(
            """SELECT m.conversation_id, m.turn_id FROM messages m
               WHERE m.role = 'user' AND m.turn_id IS NOT NULL AND (? IS NULL OR m.created_at < ?)
                 AND NOT EXISTS (SELECT 1 FROM traces t WHERE t.turn_id = m.turn_id)
                 AND NOT EXISTS (SELECT 1 FROM messages a WHERE a.turn_id = m.turn_id AND a.role <> 'user')
               ORDER BY m.created_at, m.seq""", [before, before])]
