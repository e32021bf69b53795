"""Numbered migrations recorded in ``_migrations``. Never edit one that has shipped:
add the next number instead. Agents add their own with a prefix ("marketing_001")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import duckdb

from agents.core.store.ddl import create_table, dialect

if TYPE_CHECKING:
    from agents.core.store.db import AnyDatabase, Database
    from agents.core.store.pg import PgDatabase


@dataclass(frozen=True)
class Migration:
    name: str
    apply: Callable[[Any], None]  # a DuckDB connection or a PostgreSQL cursor (agents.core.store.pg)


def _core_001_init(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "conversations", [
        ("id", "VARCHAR PRIMARY KEY", "conversation id used by every front end"),
        ("user_id", "VARCHAR NOT NULL", "owner; every read filters on it so users never see each other"),
        ("agent_id", "VARCHAR NOT NULL", "which agent tab the conversation belongs to"),
        ("title", "VARCHAR", "made from the first message for the conversation picker"),
        ("archived", "BOOLEAN NOT NULL DEFAULT false", "archived conversations leave the default list but keep data"),
        ("created_at", "TIMESTAMP NOT NULL", "creation time, UTC"),
        ("updated_at", "TIMESTAMP NOT NULL", "last activity, UTC; the list sorts on it"),
        ("message_count", "INTEGER NOT NULL DEFAULT 0", "denormalised: next message seq without scanning messages"),
        ("last_preview", "VARCHAR", "denormalised: the last message text for the list, no join needed"),
        ("state", "JSON", "agent-specific session state (slots, budget, anchor...)"),
    ])
    # No index on user_id: a user's conversations are scattered over the table, and DuckDB's
    # point fetches (~0.1 ms a row here) lose to a filtered scan with Top-N (measured in tests/bench).

    create_table(cur, "messages", [
        ("id", "VARCHAR PRIMARY KEY", "message id, returned in done.message_id"),
        ("conversation_id", "VARCHAR NOT NULL", "conversation the message belongs to"),
        ("seq", "INTEGER NOT NULL", "order inside the conversation; history loads by it"),
        ("turn_id", "VARCHAR", "turn that produced the message; links to traces"),
        ("role", "VARCHAR NOT NULL", "user, assistant or tool, as sent to the model"),
        ("content", "VARCHAR", "text of the message"),
        ("tool_calls", "JSON", "assistant tool calls [{id, name, arguments}] to replay the exchange"),
        ("tool_call_id", "VARCHAR", "for role=tool: the call this result answers"),
        ("tool_name", "VARCHAR", "for role=tool: which tool ran"),
        ("status", "VARCHAR NOT NULL DEFAULT 'complete'", "complete, refused or interrupted"),
        ("meta", "JSON", "cards, action outcome, suggested questions and other render data"),
        ("created_at", "TIMESTAMP NOT NULL", "creation time, UTC"),
    ])
    cur.execute("CREATE INDEX messages_conversation ON messages(conversation_id)")

    create_table(cur, "pending_actions", [
        ("id", "VARCHAR PRIMARY KEY", "action id shown on the confirmation card"),
        ("conversation_id", "VARCHAR NOT NULL", "conversation that proposed the action"),
        ("user_id", "VARCHAR NOT NULL", "owner; only they may confirm, cancel or modify"),
        ("agent_id", "VARCHAR NOT NULL", "agent whose tool runs on confirmation"),
        ("turn_id", "VARCHAR", "turn that proposed it, for the trace"),
        ("tool_name", "VARCHAR NOT NULL", "mutation tool to run"),
        ("tool_args", "JSON NOT NULL", "validated arguments; modify replaces them while PENDING"),
        ("original_args", "JSON NOT NULL", "arguments as first proposed, to flag changed details"),
        ("summary", "VARCHAR NOT NULL", "one-line Korean summary for the card"),
        ("details", "JSON", "[{label, value, changed}] rows for the card"),
        ("warnings", "JSON", "warnings shown on the card"),
        ("status", "VARCHAR NOT NULL", "PENDING, CONFIRMED, EXECUTING, COMPLETED, FAILED, CANCELLED, EXPIRED"),
        ("result", "JSON", "tool output after COMPLETED"),
        ("error_message", "VARCHAR", "why it FAILED, EXPIRED or was refused"),
        ("expires_at", "TIMESTAMP NOT NULL", "after this a PENDING action can only expire"),
        ("confirmed_at", "TIMESTAMP", "when confirm won the conditional update"),
        ("executed_at", "TIMESTAMP", "when execution finished"),
        ("created_at", "TIMESTAMP NOT NULL", "creation time, UTC"),
        ("updated_at", "TIMESTAMP NOT NULL", "last state change, UTC"),
    ])
    cur.execute("CREATE INDEX pending_actions_conversation ON pending_actions(conversation_id)")

    create_table(cur, "alerts", [
        ("id", "VARCHAR PRIMARY KEY", "alert id"),
        ("user_id", "VARCHAR NOT NULL", "whose account the alert is about"),
        ("agent_id", "VARCHAR NOT NULL", "agent tab that shows the alert"),
        ("type", "VARCHAR NOT NULL", "anomaly, budget, milestone or recommendation"),
        ("severity", "VARCHAR NOT NULL", "INFO, WARNING or CRITICAL"),
        ("status", "VARCHAR NOT NULL DEFAULT 'UNREAD'", "UNREAD, READ, DISMISSED or ACTED_ON"),
        ("title", "VARCHAR NOT NULL", "banner title"),
        ("message", "VARCHAR NOT NULL", "banner text"),
        ("data", "JSON", "metric, value, threshold and ids behind the alert"),
        ("dedupe_key", "VARCHAR NOT NULL", "same key while open means the same alert: no duplicates"),
        ("created_at", "TIMESTAMP NOT NULL", "creation time, UTC"),
        ("read_at", "TIMESTAMP", "when it left UNREAD"),
    ])
    cur.execute("CREATE INDEX alerts_user ON alerts(user_id)")

    create_table(cur, "traces", [
        ("turn_id", "VARCHAR PRIMARY KEY", "one row per turn"),
        ("conversation_id", "VARCHAR", "conversation of the turn (null when refused before one existed)"),
        ("user_id", "VARCHAR NOT NULL", "who ran the turn"),
        ("agent_id", "VARCHAR NOT NULL", "which agent"),
        ("provider", "VARCHAR NOT NULL", "offline, openai or gemini"),
        ("model", "VARCHAR NOT NULL", "model name as reported"),
        ("status", "VARCHAR NOT NULL", "done, error, interrupted, or refused by a guard (not counted as a turn)"),
        ("error_code", "VARCHAR", "code of the terminal error event, if any"),
        ("started_at", "TIMESTAMP NOT NULL", "turn start, UTC"),
        ("latency_ms", "DOUBLE", "turn wall time"),
        ("ttft_ms", "DOUBLE", "time to the first text delta"),
        ("input_tokens", "BIGINT", "prompt tokens over all model calls"),
        ("output_tokens", "BIGINT", "completion tokens over all model calls"),
        ("events", "JSON NOT NULL", "every event of the turn, in order, each with elapsed_ms"),
        ("spans", "JSON", "model and tool calls with their durations"),
    ])
    cur.execute("CREATE INDEX traces_conversation ON traces(conversation_id)")
    # Usage is derived from traces rather than upserted per turn: an upsert costs more than
    # the rest of the turn's writes, and traces are appended in time order, so zone maps on
    # started_at keep the daily-limit count to today's row groups.
    group_by = "GROUP BY ALL" if dialect(cur) == "duckdb" else "GROUP BY 1, 2, 3"  # PostgreSQL has no GROUP BY ALL
    cur.execute(f"""CREATE VIEW usage AS
        SELECT user_id, CAST(started_at AS DATE) AS day, agent_id,
               count(*) FILTER (WHERE status <> 'refused') AS turns,
               count(*) FILTER (WHERE status = 'refused') AS refused,
               coalesce(sum(input_tokens), 0) AS input_tokens, coalesce(sum(output_tokens), 0) AS output_tokens
        FROM traces {group_by}""")
    cur.execute("COMMENT ON VIEW usage IS 'turns, refusals and tokens per user, day and agent, for limits and the usage view'")

    create_table(cur, "prompts", [
        ("agent_id", "VARCHAR NOT NULL", "agent the system prompt is for"),
        ("version", "INTEGER NOT NULL", "1, 2, ...; the highest is active"),
        ("content", "VARCHAR NOT NULL", "the system prompt text"),
        ("note", "VARCHAR", "why this version was made"),
        ("created_at", "TIMESTAMP NOT NULL", "creation time, UTC"),
    ], tail="PRIMARY KEY (agent_id, version)")


def _core_002_settings(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "app_settings", [
        ("key", "VARCHAR PRIMARY KEY", "setting name, e.g. identity_secret"),
        ("value", "VARCHAR NOT NULL", "setting value; the identity secret signs anonymous browser ids"),
    ])


def _core_003_api_tokens(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "api_tokens", [
        ("id", "VARCHAR PRIMARY KEY", "token id shown in lists and used to revoke; not a secret"),
        ("user_id", "VARCHAR NOT NULL", "owner; a request with this token acts as this user and nobody else"),
        ("label", "VARCHAR NOT NULL", "what the owner called it, e.g. the script that uses it"),
        ("token_hash", "VARCHAR NOT NULL UNIQUE", "sha256 hex of the plain token; the plain token is never stored"),
        ("prefix", "VARCHAR NOT NULL", "first characters of the plain token, so the owner can tell tokens apart"),
        ("created_at", "TIMESTAMP NOT NULL", "creation time, UTC"),
        ("last_used_at", "TIMESTAMP", "last accepted request, UTC, updated at most once a minute"),
        ("revoked_at", "TIMESTAMP", "set when revoked; a revoked token is refused with 401"),
    ])
    cur.execute("CREATE INDEX api_tokens_user ON api_tokens(user_id)")


def _core_010_feedback(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "feedback", [
        ("turn_id", "VARCHAR NOT NULL", "the rated turn; joins traces.turn_id"),
        ("user_id", "VARCHAR NOT NULL", "who rated it; one rating per user and turn, replaced on change"),
        ("conversation_id", "VARCHAR", "conversation of the turn, so deleting a conversation deletes its ratings"),
        ("message_id", "VARCHAR", "the assistant message the thumb was on, when known"),
        ("rating", "VARCHAR NOT NULL", "up or down"),
        ("comment", "VARCHAR", "optional free text with the rating"),
        ("created_at", "TIMESTAMP NOT NULL", "first rating, UTC"),
        ("updated_at", "TIMESTAMP NOT NULL", "last change of rating or comment, UTC"),
    ], tail="PRIMARY KEY (turn_id, user_id)")


CORE_MIGRATIONS: list[Migration] = [
    Migration("core_001_init", _core_001_init),
    Migration("core_002_settings", _core_002_settings),
    Migration("core_003_api_tokens", _core_003_api_tokens),
    Migration("core_010_feedback", _core_010_feedback),
]


def _core_030_lab(cur: duckdb.DuckDBPyConnection) -> None:
    from agents.core.store.lab_migrations import core_030_lab

    core_030_lab(cur)


CORE_MIGRATIONS.append(Migration("core_030_lab", _core_030_lab))


def _core_040_limits(cur: duckdb.DuckDBPyConnection) -> None:
    from agents.core.store.limits import core_040_limits

    core_040_limits(cur)


CORE_MIGRATIONS.append(Migration("core_040_limits", _core_040_limits))


def _core_050_action_provenance(cur: duckdb.DuckDBPyConnection) -> None:
    """Issue 30: an action records the message that proposed it (its turn was already turn_id)."""
    cur.execute("ALTER TABLE pending_actions ADD COLUMN proposed_message_id VARCHAR")
    cur.execute("COMMENT ON COLUMN pending_actions.proposed_message_id IS 'the message that proposed the action: "
                "the assistant message carrying the tool call, or the user message when a button or an API call "
                "proposed it; joins messages.id (null for actions stored before this migration)'")
    cur.execute("CREATE INDEX pending_actions_turn ON pending_actions(turn_id)")


CORE_MIGRATIONS.append(Migration("core_050_action_provenance", _core_050_action_provenance))


def _core_051_origin(cur: duckdb.DuckDBPyConnection) -> None:
    """Every turn's origin (issue 31), so eval and side-by-side traffic stay out of the Lab's default views.
    Older turns: a side-by-side side is compare, an eval case's sandbox user (eval-…) is eval, the rest chat
    (the API's turns before this column cannot be told apart from the app's)."""
    cur.execute("ALTER TABLE traces ADD COLUMN origin VARCHAR DEFAULT 'chat'")  # NOT NULL: blocked by the index
    cur.execute("COMMENT ON COLUMN traces.origin IS 'where the turn came from: chat (the app), api (the HTTP API), "
                "eval (an eval case) or compare (a side-by-side side)'")
    cur.execute("UPDATE traces SET origin = CASE WHEN comparison_id IS NOT NULL THEN 'compare' "
                "WHEN user_id LIKE 'eval-%' AND user_id <> owner_id THEN 'eval' ELSE 'chat' END")


CORE_MIGRATIONS.append(Migration("core_051_origin", _core_051_origin))


def _core_052_trace_recorded_at(cur: duckdb.DuckDBPyConnection) -> None:
    """Issue 28: an eval case runs on a virtual clock (wait_minutes moves it ahead), so its traces'
    started_at can lie in the future. The wall-clock time of the write is kept beside it; rows from
    before are given the earlier of started_at and now, so none is shown in the future."""
    cur.execute("ALTER TABLE traces ADD COLUMN recorded_at TIMESTAMP")
    cur.execute("COMMENT ON COLUMN traces.recorded_at IS 'wall-clock UTC time the trace was written (started_at is "
                "the conversation''s clock, virtual in eval runs)'")
    cur.execute("UPDATE traces SET recorded_at = least(started_at, CAST(now() AT TIME ZONE 'UTC' AS TIMESTAMP))")


CORE_MIGRATIONS.append(Migration("core_052_trace_recorded_at", _core_052_trace_recorded_at))


def _core_053_alerts_pushed(cur: duckdb.DuckDBPyConnection) -> None:
    from agents.core.store.alerts import core_053_alerts_pushed

    core_053_alerts_pushed(cur)


CORE_MIGRATIONS.append(Migration("core_053_alerts_pushed", _core_053_alerts_pushed))


def _core_054_review(cur: duckdb.DuckDBPyConnection) -> None:
    from agents.core.store.review import core_054_review

    core_054_review(cur)


CORE_MIGRATIONS.append(Migration("core_054_review", _core_054_review))


def _core_055_pg_lab_indexes(cur: duckdb.DuckDBPyConnection) -> None:
    from agents.core.store.lab_migrations import core_055_pg_lab_indexes

    core_055_pg_lab_indexes(cur)


CORE_MIGRATIONS.append(Migration("core_055_pg_lab_indexes", _core_055_pg_lab_indexes))


def _core_056_pg_trgm_search(cur: duckdb.DuckDBPyConnection) -> None:
    from agents.core.store.lab_migrations import core_056_pg_trgm_search

    core_056_pg_trgm_search(cur)


CORE_MIGRATIONS.append(Migration("core_056_pg_trgm_search", _core_056_pg_trgm_search))


def _core_057_pg_metrics_indexes(cur: duckdb.DuckDBPyConnection) -> None:
    from agents.core.store.lab_migrations import core_057_pg_metrics_indexes

    core_057_pg_metrics_indexes(cur)


CORE_MIGRATIONS.append(Migration("core_057_pg_metrics_indexes", _core_057_pg_metrics_indexes))


def migrate(db: Database | PgDatabase, migrations: Sequence[Migration]) -> list[str]:
    """Apply the ones not yet recorded, each in its own transaction. Returns their names.

    Processes that start at once (app processes sharing one PostgreSQL) take turns on an advisory lock
    and re-read ``_migrations`` under it, so each migration runs exactly once."""
    if _pending(db, migrations) == []:
        return []
    with db.advisory("playground._migrations"):
        db.execute(
            "CREATE TABLE IF NOT EXISTS _migrations (name VARCHAR PRIMARY KEY, applied_at TIMESTAMP DEFAULT now())"
        )
        applied: list[str] = []
        for migration in _pending(db, migrations) or []:
            with db.transaction() as cur:
                migration.apply(cur)
                cur.execute("INSERT INTO _migrations (name) VALUES (?)", [migration.name])
            applied.append(migration.name)
        return applied


def _pending(db: AnyDatabase, migrations: Sequence[Migration]) -> list[Migration] | None:
    """The migrations not yet recorded; None when the ``_migrations`` table is not there yet."""
    try:
        done = {row[0] for row in db.fetchall("SELECT name FROM _migrations")}
    except db.missing:
        return None
    return [m for m in migrations if m.name not in done]
