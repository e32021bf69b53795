"""Migration ``core_030_lab`` (issue 14): what the Lab reads.

Each trace records the prompt version, the exact system prompt, the requests sent to the
model, its owner (the person, even when a side-by-side sandbox user ran it), its cost and
fallbacks, and a lower-cased searchable text. Prompt versions gain a label, an author and a
visibility; activations are an append-only log (so roll back knows what came before);
a conversation can pin a version; side-by-side comparisons and their votes are stored.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import duckdb

from agents.core.store.ddl import column_type, create_table, dialect

log = logging.getLogger(__name__)

_TRACE_COLUMNS = [
    ("owner_id", "VARCHAR", "the person the turn belongs to: user_id, or the owner of a side-by-side sandbox user"),
    ("prompt_version", "INTEGER", "system-prompt version used: 0 = the agent's built-in prompt; null before core_030"),
    ("system_prompt", "VARCHAR", "the exact system prompt sent (stored version + domain context + open actions)"),
    ("requests", "JSON", "the messages sent to the model, one entry per model call"),
    ("phases", "JSON", "the runner's own steps with start offsets: guards, saving the message, saving the reply"),
    ("comparison_id", "VARCHAR", "the side-by-side comparison this turn ran in, if any"),
    ("comparison_side", "VARCHAR", "a or b, for a side-by-side turn"),
    ("message", "VARCHAR", "the user's message (first 300 characters) for the traces table"),
    ("search_text", "VARCHAR", "lower-cased user message, reply, tool names and error: the traces text search"),
    ("cost_usd", "DOUBLE", "tokens x price from genai-prices at the turn's time; null when the model is unknown"),
    ("fallbacks", "VARCHAR[]", "fallback paths the turn took (responses_to_chat, travel_parse, ...)"),
]


def core_030_lab(cur: duckdb.DuckDBPyConnection) -> None:
    for name, ddl, why in _TRACE_COLUMNS:
        cur.execute(f"ALTER TABLE traces ADD COLUMN {name} {column_type(cur, ddl)}")
        cur.execute(f"COMMENT ON COLUMN traces.{name} IS '{why.replace(chr(39), chr(39) * 2)}'")
    cur.execute("UPDATE traces SET owner_id = user_id")
    if dialect(cur) == "duckdb":  # a PostgreSQL database starts at this code: it has no older turns to fill in
        _backfill_traces(cur)

    for name, ddl, why in [
        ("label", "VARCHAR", "a short name for the version, e.g. 'shorter replies'"),
        ("created_by", "VARCHAR", "user id of the author; 'system' for versions made by the CLI or code"),
        ("shared", "BOOLEAN NOT NULL DEFAULT true",
         "false: a shared-mode visitor's draft, visible to its author (and admins) only"),
    ]:
        cur.execute(f"ALTER TABLE prompts ADD COLUMN {name} {ddl}")
        cur.execute(f"COMMENT ON COLUMN prompts.{name} IS '{why.replace(chr(39), chr(39) * 2)}'")

    create_table(cur, "prompt_activations", [
        ("agent_id", "VARCHAR NOT NULL", "agent whose active system prompt changed"),
        ("seq", "INTEGER NOT NULL", "1, 2, ... per agent; the highest row names the active version"),
        ("version", "INTEGER NOT NULL", "the version made active; 0 = the built-in prompt"),
        ("action", "VARCHAR NOT NULL", "activate or rollback"),
        ("activated_by", "VARCHAR NOT NULL", "who did it ('system' for the CLI and migrations)"),
        ("activated_at", "TIMESTAMP NOT NULL", "when, UTC"),
    ], tail="PRIMARY KEY (agent_id, seq)")
    # Before core_030 the highest version was the active one: keep it so.
    cur.execute("""INSERT INTO prompt_activations
                   SELECT agent_id, 1, max(version), 'activate', 'system', max(created_at) FROM prompts GROUP BY agent_id""")

    create_table(cur, "prompt_picks", [
        ("conversation_id", "VARCHAR PRIMARY KEY", "the conversation that uses a version other than the active one"),
        ("agent_id", "VARCHAR NOT NULL", "agent of the conversation"),
        ("user_id", "VARCHAR NOT NULL", "owner of the conversation, who picked it"),
        ("version", "INTEGER NOT NULL", "the pinned version; 0 = the built-in prompt"),
        ("picked_at", "TIMESTAMP NOT NULL", "when, UTC"),
    ])

    create_table(cur, "comparisons", [
        ("id", "VARCHAR PRIMARY KEY", "comparison id (cmp_…)"),
        ("owner_id", "VARCHAR NOT NULL", "the person who runs it; only they see it"),
        ("agent_id", "VARCHAR NOT NULL", "both sides run this agent"),
        ("title", "VARCHAR", "the first message, for the list"),
        ("config_a", "JSON NOT NULL", "side A: provider, model, prompt_version"),
        ("config_b", "JSON NOT NULL", "side B: provider, model, prompt_version"),
        ("user_a", "VARCHAR NOT NULL", "side A's sandbox user: its own data, so B's mutations cannot touch it"),
        ("user_b", "VARCHAR NOT NULL", "side B's sandbox user"),
        ("conversation_a", "VARCHAR", "side A's conversation (its own history)"),
        ("conversation_b", "VARCHAR", "side B's conversation"),
        ("created_at", "TIMESTAMP NOT NULL", "creation time, UTC"),
        ("updated_at", "TIMESTAMP NOT NULL", "last round, UTC"),
    ])
    create_table(cur, "comparison_rounds", [
        ("comparison_id", "VARCHAR NOT NULL", "the comparison"),
        ("round", "INTEGER NOT NULL", "1, 2, ...: one message sent to both sides"),
        ("message", "VARCHAR NOT NULL", "what the user sent"),
        ("turn_a", "VARCHAR", "side A's turn (traces.turn_id)"),
        ("turn_b", "VARCHAR", "side B's turn"),
        ("vote", "VARCHAR", "a, b, tie or both_bad; null until voted"),
        ("voted_at", "TIMESTAMP", "when the vote was cast or last changed, UTC"),
        ("created_at", "TIMESTAMP NOT NULL", "when the message was sent, UTC"),
    ], tail="PRIMARY KEY (comparison_id, round)")


def _backfill_traces(cur: duckdb.DuckDBPyConnection) -> None:
    """Turns stored before core_030 get their message, search text, fallbacks and cost (the same rules
    as new ones), set-based: a database with many turns migrates in seconds, not one UPDATE a row."""
    import pandas as pd

    from agents.core.fallbacks import fallback_names
    from agents.core.pricing import turn_cost

    cur.execute("""UPDATE traces SET message = m.message, search_text = m.search_text FROM (
                       SELECT turn_id, left(min(content) FILTER (WHERE role = 'user'), 300) AS message,
                              lower(string_agg(coalesce(content, '') || ' ' || coalesce(tool_name, ''), ' '))
                                  AS search_text
                       FROM messages WHERE turn_id IS NOT NULL GROUP BY turn_id) m
                   WHERE traces.turn_id = m.turn_id""")
    rows = cur.execute("""SELECT turn_id, provider, model, started_at, input_tokens, output_tokens, spans,
                                 CASE WHEN json_extract_string(events, '$[#-1].type') = 'done'
                                      THEN json_extract(events, '$[#-1].meta') END
                          FROM traces""").fetchall()
    if not rows:
        return
    frame = pd.DataFrame({
        "turn_id": [r[0] for r in rows],
        "cost_usd": [turn_cost(r[1], r[2], _loads(r[6]), r[4] or 0, r[5] or 0, r[3]) for r in rows],
        "fallbacks": [fallback_names(_loads(r[7]) or {}) for r in rows],
    })
    cur.register("core_030_backfill", frame)
    try:
        cur.execute("""UPDATE traces SET cost_usd = b.cost_usd, fallbacks = b.fallbacks FROM core_030_backfill b
                       WHERE traces.turn_id = b.turn_id""")
    finally:
        cur.unregister("core_030_backfill")


def _loads(raw: Any) -> Any:
    return json.loads(raw) if isinstance(raw, str) else raw or []


def core_055_pg_lab_indexes(cur: Any) -> None:
    """Issue 32: on PostgreSQL the Lab's newest-first pages read ``traces`` through an index on the start time
    (a page of 50 walks the index backwards and stops; without it every page scanned and sorted the table,
    150-560 ms at 100,000 turns: tests/bench/bench_lab.py). DuckDB keeps its zone maps on started_at: an index
    there costs every write and does not serve a range."""
    if dialect(cur) != "postgres":
        return
    cur.execute("CREATE INDEX traces_started ON traces(started_at DESC, turn_id DESC)")
    # Shared mode reads one person's turns only: 1 in 200 users' rows were a scan of the whole table.
    cur.execute("CREATE INDEX traces_owner_started ON traces(owner_id, started_at DESC, turn_id DESC)")


def core_056_pg_trgm_search(cur: Any) -> None:
    """Issue 32: on PostgreSQL the traces text search (``search_text LIKE '%word%'``, agents/core/store/lab.py) reads
    a GIN trigram index: a word in no turn walked all 100,000 rows (206 ms) where the index answers at once. The
    index needs the pg_trgm extension (trusted since PostgreSQL 13: a role with CREATE on the database may add it).
    Where it cannot be added (no privilege on a managed server, the contrib files missing) the migration still
    passes and the search still answers the same, unindexed; an administrator may add both later (docs/deploy.md)."""
    if dialect(cur) != "postgres":
        return
    import psycopg

    cur.execute("SAVEPOINT core_056_trgm")  # a failed CREATE EXTENSION must not abort the migration's transaction
    try:
        cur.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except psycopg.Error as exc:
        cur.execute("ROLLBACK TO SAVEPOINT core_056_trgm")
        log.warning("pg_trgm could not be added (%s): the Lab's text search runs without its index", exc)
    cur.execute("RELEASE SAVEPOINT core_056_trgm")
    # The operator class lives in the extension's schema, which may be off the search path if an admin chose it.
    row = cur.execute("SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace "
                      "WHERE e.extname = 'pg_trgm'").fetchone()
    if row is not None:
        schema = '"' + str(row[0]).replace('"', '""') + '"'
        cur.execute(f"CREATE INDEX traces_search_trgm ON traces USING gin (search_text {schema}.gin_trgm_ops)")


# What the metrics' filters test (agents/core/store/lab.py TraceFilter.where) and what they add up: with these in
# the index, the metrics read no heap row.
_METRICS_COLUMNS = ("started_at, status, origin, owner_id, comparison_id, turn_id, latency_ms, ttft_ms, input_tokens, "
                    "output_tokens, cost_usd")


def core_057_pg_metrics_indexes(cur: Any) -> None:
    """Issue 32: on PostgreSQL the Lab's metrics over all turns read the table's heap (170 MB at 100,000 turns:
    the events and prompts sit beside the figures), sorted it by configuration and scanned it three times
    (610 ms; agents/core/store/lab_metrics.py). A covering index in configuration order holds every column the
    metrics filter on or add up (18 MB), read in order without a sort; one in time order serves a period; a
    partial one holds the few turns that took a fallback path. DuckDB reads its columns apart already and keeps
    no such index. A turn's trace insert measured the same with and without them (p50 9-10 ms, loaded machine)."""
    if dialect(cur) != "postgres":
        return
    keys = "agent_id, provider, model, prompt_version"
    cur.execute(f"CREATE INDEX traces_metrics ON traces ({keys}) INCLUDE ({_METRICS_COLUMNS})")
    cur.execute(f"CREATE INDEX traces_metrics_fallbacks ON traces ({keys}) INCLUDE ({_METRICS_COLUMNS}, fallbacks) "
                "WHERE cardinality(fallbacks) > 0")
    # A period (the last 7 days) reads its range in time order instead of every turn in configuration order
    # (the 11,000 turns of a week at 100,000, then a sort of those: 258 -> 169 ms on a loaded machine). Keyed as
    # traces_started, the pages' order: the planner walks either for a page, and neither needs a sort then.
    cur.execute(f"CREATE INDEX traces_metrics_started ON traces (started_at DESC, turn_id DESC) "
                f"INCLUDE ({keys}, {_METRICS_COLUMNS.replace('started_at, ', '').replace('turn_id, ', '')})")
    # An index-only scan reads a row from the heap unless its page is marked all-visible, which VACUUM does. By
    # default autovacuum visits an insert-only table after 20% new rows (20,000 turns at 100,000, each a heap
    # read for the metrics); 1% keeps the map fresh, and a vacuum of new pages only is cheap.
    cur.execute("ALTER TABLE traces SET (autovacuum_vacuum_insert_scale_factor = 0.01)")
