"""The english tutor's tables: its migrations, apart from its store (store.py) so that reading every agent's
MIGRATIONS to migrate a database (agents.core.agent.all_migrations) loads none of its models."""

from __future__ import annotations

import duckdb

from agents.core.store.ddl import create_table
from agents.core.store.migrations import Migration


def _english_001(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "english_profiles", [
        ("user_id", "VARCHAR PRIMARY KEY", "owner; one profile per user, seeded with defaults on first use"),
        ("name", "VARCHAR NOT NULL", "what the tutor calls the learner"),
        ("interests", "JSON NOT NULL", "free-text interests; the NewsAgent builds its query and picks articles from them"),
        ("learning_level", "VARCHAR NOT NULL", "beginner, intermediate or advanced; the reply adapts to it"),
        ("recent_corrections", "JSON NOT NULL", "the last 10 corrections that had errors, oldest first"),
        ("news_cursor", "INTEGER NOT NULL DEFAULT 0", "how many articles were served: the rotation's next position"),
        ("updated_at", "TIMESTAMP NOT NULL", "last change, UTC"),
    ])


MIGRATIONS = (Migration("english_001", _english_001),)
