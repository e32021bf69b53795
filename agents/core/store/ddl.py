"""Table DDL that explains itself: the helper every migration module (core, Lab, limits, agents) uses.
Kept apart from ``migrations`` so that the modules it lists can import it without an import cycle."""

from __future__ import annotations

from collections.abc import Sequence

import duckdb

Column = tuple[str, str, str]  # name, DDL type and constraints, why it exists


def create_table(cur: duckdb.DuckDBPyConnection, table: str, columns: Sequence[Column], tail: str = "") -> None:
    """CREATE TABLE plus a COMMENT ON COLUMN for each column, so the schema explains itself."""
    body = ",\n  ".join(f"{name} {ddl}" for name, ddl, _ in columns)
    cur.execute(f"CREATE TABLE {table} (\n  {body}{',' + tail if tail else ''}\n)")
    for name, _, why in columns:
        cur.execute(f"COMMENT ON COLUMN {table}.{name} IS '{why.replace(chr(39), chr(39) * 2)}'")
