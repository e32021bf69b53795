"""The marketing agent's tables: its migrations, apart from its store (store.py) so that reading every agent's
MIGRATIONS to migrate a database (agents.core.agent.all_migrations) loads none of its models."""

from __future__ import annotations

import duckdb

from agents.core.store.ddl import create_table
from agents.core.store.migrations import Migration


def _marketing_001(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "mkt_accounts", [
        ("user_id", "VARCHAR PRIMARY KEY", "whose sandbox ad account"),
        ("seed_version", "INTEGER NOT NULL", "generator version, so a new generator can reseed"),
        ("seeded_at", "TIMESTAMP NOT NULL", "when the account was generated; data ends the day before"),
        ("data_end", "DATE", "last day with metrics, so every KPI query skips a max(date) scan"),
    ])
    create_table(cur, "mkt_campaigns", [
        ("id", "VARCHAR PRIMARY KEY", "campaign id, referenced by tool args"),
        ("user_id", "VARCHAR NOT NULL", "owner; every query filters on it"),
        ("name", "VARCHAR NOT NULL", "Korean display name, matched fuzzily in chat"),
        ("objective", "VARCHAR NOT NULL", "one of the six Meta OUTCOME_* objectives"),
        ("status", "VARCHAR NOT NULL", "ACTIVE, PAUSED or DELETED (soft delete keeps history)"),
        ("daily_budget", "BIGINT NOT NULL", "daily budget in KRW"),
        ("start_date", "DATE NOT NULL", "first day the campaign may spend"),
        ("end_date", "DATE", "last day, or null for open-ended"),
        ("target_audience", "JSON", "{ageMin, ageMax, genders, locations, interests}; null means Advantage+"),
        ("created_at", "TIMESTAMP NOT NULL", "creation time, UTC"),
        ("updated_at", "TIMESTAMP NOT NULL", "last change by a confirmed action"),
    ])
    create_table(cur, "mkt_daily_metrics", [
        ("campaign_id", "VARCHAR NOT NULL", "campaign the day belongs to"),
        ("user_id", "VARCHAR NOT NULL", "denormalised owner so account-wide KPIs need no join"),
        ("date", "DATE NOT NULL", "the reporting day"),
        ("impressions", "BIGINT NOT NULL", "ad impressions"),
        ("clicks", "BIGINT NOT NULL", "link clicks; CTR = clicks / impressions"),
        ("spend", "BIGINT NOT NULL", "KRW spent"),
        ("conversions", "INTEGER NOT NULL", "purchases or sign-ups; CPA = spend / conversions"),
        ("revenue", "BIGINT NOT NULL", "KRW attributed; ROAS = revenue / spend"),
    ], tail="PRIMARY KEY (campaign_id, date)")
    create_table(cur, "mkt_ad_copies", [
        ("id", "VARCHAR PRIMARY KEY", "copy id"),
        ("user_id", "VARCHAR NOT NULL", "owner"),
        ("campaign_id", "VARCHAR", "campaign the copy was written for, if any"),
        ("product", "VARCHAR NOT NULL", "what the copy sells"),
        ("headline", "VARCHAR NOT NULL", "short headline"),
        ("body", "VARCHAR NOT NULL", "primary text"),
        ("created_at", "TIMESTAMP NOT NULL", "when the confirmed action saved it"),
    ])


MIGRATIONS = (Migration("marketing_001", _marketing_001),)
