"""Table DDL that explains itself: the helper every migration module (core, Lab, limits, agents) uses.
Kept apart from ``migrations`` so that the modules it lists can import it without an import cycle.

The migrations are written in DuckDB's types; on PostgreSQL ``column_type`` names the same type in its
dialect (``DOUBLE`` is ``DOUBLE PRECISION``). ``JSON`` stays ``JSON``, not ``JSONB``: it keeps the text as
written (key order included, as DuckDB does); the state patches cast to ``jsonb`` where they need it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agents.core.store.db import AnyCursor

Column = tuple[str, str, str]  # name, DDL type and constraints, why it exists
_PG_TYPES = ((re.compile(r"\bDOUBLE\b"), "DOUBLE PRECISION"),)


def dialect(cur: AnyCursor) -> str:
    """``duckdb`` or ``postgres``: which database a migration's cursor writes to."""
    return str(getattr(cur, "dialect", "duckdb"))


def column_type(cur: AnyCursor, ddl: str) -> str:
    if dialect(cur) != "postgres":
        return ddl
    for pattern, name in _PG_TYPES:
        ddl = pattern.sub(name, ddl)
    return ddl


def create_table(cur: AnyCursor, table: str, columns: Sequence[Column], tail: str = "") -> None:
    """CREATE TABLE plus a COMMENT ON COLUMN for each column, so the schema explains itself."""
    body = ",\n  ".join(f"{name} {column_type(cur, ddl)}" for name, ddl, _ in columns)
    cur.execute(f"CREATE TABLE {table} (\n  {body}{',' + tail if tail else ''}\n)")
    for name, _, why in columns:
        cur.execute(f"COMMENT ON COLUMN {table}.{name} IS '{why.replace(chr(39), chr(39) * 2)}'")
