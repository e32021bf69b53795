"""The notes agent's part of the store: its tables (two migrations) and all its SQL."""

from __future__ import annotations

import re
from typing import Any

import duckdb

from agents.core.ids import new_id
from agents.core.store import Store
from agents.core.store.ddl import create_table
from agents.core.store.migrations import Migration

TAG = re.compile(r"#(\w{1,30})")
MAX_TAGS = 5  # a note's text is bounded (200 chars); so is what a hostile one can fan out into


def _notes_001(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "test_notes", [
        ("id", "VARCHAR PRIMARY KEY", "note id"),
        ("user_id", "VARCHAR NOT NULL", "owner"),
        ("text", "VARCHAR NOT NULL", "the note"),
        ("pinned", "BOOLEAN NOT NULL", "pinned notes list first"),
    ])


def _notes_002_tags(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "test_note_tags", [
        ("note_id", "VARCHAR NOT NULL", "the note (test_notes.id)"),
        ("user_id", "VARCHAR NOT NULL", "owner, as on the note"),
        ("tag", "VARCHAR NOT NULL", "a #tag written in the note's text, without the #"),
    ])


MIGRATIONS = (Migration("notes_001", _notes_001), Migration("notes_002_tags", _notes_002_tags))


class NotesStore:
    def __init__(self, store: Store) -> None:
        self.db = store.db

    def add(self, user_id: str, text: str, pinned: bool) -> list[str]:
        """The note and its #tags (the first few, each once); returns the tags."""
        note_id = new_id("note")
        tags = list(dict.fromkeys(TAG.findall(text)))[:MAX_TAGS]
        self.db.execute("INSERT INTO test_notes (id, user_id, text, pinned) VALUES (?, ?, ?, ?)",
                        [note_id, user_id, text, pinned])
        for tag in tags:
            self.db.execute("INSERT INTO test_note_tags (note_id, user_id, tag) VALUES (?, ?, ?)",
                            [note_id, user_id, tag])
        return tags

    def notes(self, user_id: str, limit: int) -> list[dict[str, Any]]:
        # The note's tags as a list: DuckDB's list(), PostgreSQL's array_agg().
        tags = {"duckdb": "coalesce(list(t.tag ORDER BY t.tag) FILTER (WHERE t.tag IS NOT NULL), [])",
                "postgres": "coalesce(array_agg(t.tag ORDER BY t.tag) FILTER (WHERE t.tag IS NOT NULL), '{}')"}
        rows = self.db.fetchall(
            f"SELECT n.text, n.pinned, {tags[self.db.dialect]} "
            "FROM test_notes n LEFT JOIN test_note_tags t ON t.note_id = n.id AND t.user_id = n.user_id "
            "WHERE n.user_id = ? GROUP BY n.id, n.text, n.pinned ORDER BY n.pinned DESC, n.id LIMIT ?",
            [user_id, limit])
        return [{"text": text, "pinned": pinned, "tags": list(tags)} for text, pinned, tags in rows]

    def pinned(self, user_id: str) -> list[str]:
        rows = self.db.fetchall("SELECT text FROM test_notes WHERE user_id = ? AND pinned ORDER BY id LIMIT 20",
                                [user_id])
        return [text for (text,) in rows]
