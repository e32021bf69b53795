"""The tutor's tables: its migrations, apart from its store (store.py) so that reading every agent's
MIGRATIONS to migrate a database (agents.core.agent.all_migrations) loads none of its models."""

from __future__ import annotations

import duckdb

from agents.core.store.ddl import create_table
from agents.core.store.migrations import Migration


def _tutor_001(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "tutor_portfolios", [
        ("user_id", "VARCHAR PRIMARY KEY", "owner; one sandbox portfolio per user"),
        ("cash", "BIGINT NOT NULL", "sandbox cash in KRW"),
        ("reset_at", "TIMESTAMP NOT NULL", "when it was created or last reset to data/tutor/portfolio.json"),
    ])
    create_table(cur, "tutor_holdings", [
        ("user_id", "VARCHAR NOT NULL", "owner; every query filters on it"),
        ("code", "VARCHAR NOT NULL", "KRX code from data/tutor/stocks.json"),
        ("quantity", "INTEGER NOT NULL", "shares held (sandbox)"),
        ("avg_price", "BIGINT NOT NULL", "average purchase price in KRW (sandbox)"),
        ("position", "INTEGER NOT NULL", "display order, as in portfolio.json"),
    ], tail="PRIMARY KEY (user_id, code)")


MIGRATIONS = (Migration("tutor_001", _tutor_001),)
