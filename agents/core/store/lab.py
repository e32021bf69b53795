"""The Lab's reads over ``traces`` (issue 14): filtered pages of turns, one turn's detail, the
values the filters offer, metrics per agent x provider x model x prompt version, and exports.

``owner`` scopes every read to one person's turns (shared mode always passes it). Text search
looks in ``search_text``, lower-cased when the turn was written, newest rows first (see
``TraceRepo`` and ``tests/bench/bench_lab.py`` for why it is done in time windows).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from agents.core.messages import say
from agents.core.redact import sql_pattern
from agents.core.store.db import AnyDatabase
from agents.core.store.lab_metrics import group_all, metrics_statement, quantile

if TYPE_CHECKING:  # the metrics come back as DataFrames (DuckDB's .df()); the CLI's other paths never load pandas
    import pandas as pd

Status = Literal["done", "error", "interrupted", "refused"]
FeedbackFilter = Literal["up", "down", "none"]
ExportKind = Literal["traces", "feedback", "votes"]
ExportFormat = Literal["csv", "jsonl", "parquet"]
Origin = Literal["chat", "api", "compare", "eval"]
ORIGINS: tuple[str, ...] = ("chat", "api", "compare", "eval")
# What the Lab shows unless asked for more: people's turns, never eval cases or side-by-side sandboxes.
DEFAULT_ORIGINS: tuple[str, ...] = ("chat", "api")


def _contains(dialect: str, alias: str, needle: str) -> tuple[str, str]:
    """A substring test on the lower-cased search text and its parameter. PostgreSQL's is LIKE '%…%' with the
    needle's %, _ and \\ escaped (taken literally, as DuckDB's contains() takes them), which the trigram index of
    core_056 serves; strpos() can use no index and read every row for a word in no turn."""
    if dialect == "duckdb":
        return f"contains({alias}.search_text, ?)", needle
    escaped = needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"{alias}.search_text LIKE ?", f"%{escaped}%"


ROW_COLS = ("turn_id, started_at, owner_id, user_id, agent_id, provider, model, prompt_version, status, error_code, "
            "conversation_id, comparison_id, comparison_side, latency_ms, ttft_ms, input_tokens, output_tokens, "
            "cost_usd, fallbacks, message, origin, recorded_at")


class TraceFilter(BaseModel):
    """What the traces table shows; every field optional. ``owner`` is set by the service from the
    caller's identity (never from what a client sends in shared mode)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)  # built on first use: a chat turn seldom makes one

    owner: str | None = None
    agent: str | None = None
    provider: str | None = None
    model: str | None = None
    prompt_version: int | None = None
    status: Status | None = None
    feedback: FeedbackFilter | None = None
    since: datetime | None = None
    until: datetime | None = None
    text: str | None = Field(None, max_length=200)
    comparison: str | None = None
    # None: every origin (the services default to DEFAULT_ORIGINS: see agents/services/lab/traces.scoped)
    origins: list[Origin] | None = None

    def cheap_where(self, before: str | None = None, dialect: str = "duckdb") -> tuple[str, list[Any]]:
        """The plain column filters only (no feedback, no text): what sizes the search windows."""
        plain = self.model_copy(update={"feedback": None, "text": None})
        where, params = plain.where(dialect=dialect)
        if before is not None:
            where += " AND t.started_at <= ?"
            params.append(decode_cursor(before)[0])
        return where, params

    def needle(self) -> str:
        return " ".join((self.text or "").split()).lower()

    def where(self, alias: str = "t", *, text: bool = True, dialect: str = "duckdb",
              plain_origin: bool = False) -> tuple[str, list[Any]]:
        """The WHERE clause (started_at first, so zone maps prune by time) and its parameters. ``plain_origin``:
        the origin test on the bare column (PostgreSQL's pages, see below)."""
        clauses: list[str] = []
        params: list[Any] = []
        for column, value in (("started_at >=", self.since), ("started_at <", self.until)):
            if value is not None:
                clauses.append(f"{alias}.{column} ?")
                params.append(value)
        for column, wanted in (("owner_id", self.owner), ("agent_id", self.agent), ("provider", self.provider),
                              ("model", self.model), ("prompt_version", self.prompt_version), ("status", self.status),
                              ("comparison_id", self.comparison)):
            if wanted is not None:
                clauses.append(f"{alias}.{column} = ?")
                params.append(wanted)
        if self.origins is not None:
            marks = ", ".join("?" * len(self.origins))
            if plain_origin:  # PostgreSQL has statistics for origin, none for coalesce(origin, ...): a guess
                # of 0.5% made a page scan and sort the table instead of walking traces_started (core_055), and the
                # metrics sort every turn instead of reading core_057's index in configuration order.
                null = f" OR {alias}.origin IS NULL" if "chat" in self.origins else ""
                clauses.append(f"({alias}.origin IN ({marks}){null})")
            else:
                clauses.append(f"coalesce({alias}.origin, 'chat') IN ({marks})")
            params += list(self.origins)
        # Semi and anti joins on the small feedback table (a correlated EXISTS ran per row).
        if self.feedback == "none":
            clauses.append(f"{alias}.turn_id NOT IN (SELECT turn_id FROM feedback)")
        elif self.feedback is not None:
            clauses.append(f"{alias}.turn_id IN (SELECT turn_id FROM feedback WHERE rating = ?)")
            params.append(self.feedback)
        needle = self.needle()
        if needle and text:
            test, pattern = _contains(dialect, alias, needle)
            clauses.append(test)
            params.append(pattern)
        return (" AND ".join(clauses) or "true"), params


class TracePage(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    rows: list[dict[str, Any]]
    # Pass as ``before`` to get the next (older) page; None when this is the last one.
    next_cursor: str | None = None


def encode_cursor(started_at: datetime, turn_id: str) -> str:
    return f"{started_at.isoformat()}|{turn_id}"


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    moment, _, turn_id = cursor.partition("|")
    try:
        when = datetime.fromisoformat(moment)
    except ValueError:
        when = None
    if when is None or not turn_id:
        from agents.core.inputs import InvalidInput

        raise InvalidInput("before", say("bad_cursor", shown=cursor[:60]))
    return when.replace(tzinfo=None), turn_id


class LabRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    # --- traces ----------------------------------------------------------------------

    def page(self, filters: TraceFilter, limit: int = 50, before: str | None = None) -> TracePage:
        """One page of turns, newest first, each with its feedback (rating and comment)."""
        dialect = self.db.dialect
        where, params = filters.where(text=False, dialect=dialect, plain_origin=dialect == "postgres")
        if before is not None:
            moment, turn_id = decode_cursor(before)
            where += " AND (t.started_at < ? OR (t.started_at = ? AND t.turn_id < ?))"
            params += [moment, moment, turn_id]
        needle = filters.needle()
        if needle:
            test, pattern = _contains(dialect, "t", needle)
            where += " AND " + test
            params.append(pattern)
        # The rated turns are few: read them straight. PostgreSQL walks the start-time index backwards and stops
        # at the page (core_055); the time windows are for DuckDB, whose zone maps prune by time but cannot stop.
        if filters.feedback in ("up", "down") or dialect == "postgres":
            rows = self._select(where, params, limit + 1)
        else:
            rows = self._windowed(where, params, filters.cheap_where(before, dialect), limit + 1)
        more = len(rows) > limit
        rows = rows[:limit]
        cursor = encode_cursor(rows[-1]["started_at"], rows[-1]["turn_id"]) if more and rows else None
        return TracePage(rows=rows, next_cursor=cursor)

    def _windowed(self, where: str, params: list[Any], cheap: tuple[str, list[Any]], limit: int) -> list[dict[str, Any]]:
        """Newest time window first. Sorting every matching row for a top 50 costs a scan and a sort of
        the whole table; a window of the newest rows, sized from the rows' density over time to hold
        about four pages, holds the page in most cases. When it does not (a rare word), the rest of the
        range is read in one query: more windows would each pay a query (tests/bench/bench_lab.py)."""
        stats = self.db.fetchone(f"SELECT min(t.started_at), max(t.started_at), count(*) FROM traces t WHERE {cheap[0]}",
                                 cheap[1])
        if stats is None or stats[2] == 0:
            return []
        oldest, newest, count = stats
        span = newest - oldest
        if count <= limit * 4 or span.total_seconds() <= 0:
            return self._select(where, params, limit)
        lower = newest - span * (limit * 4 / count)
        found = self._select(where + " AND t.started_at >= ?", [*params, lower], limit)
        if len(found) >= limit:
            return found
        return found + self._select(where + " AND t.started_at < ?", [*params, lower], limit - len(found))

    def _select(self, where: str, params: list[Any], limit: int) -> list[dict[str, Any]]:
        # Only the table's columns go through the sort: the events and prompts stay on disk.
        cols = ", ".join(f"t.{c}" for c in ROW_COLS.split(", "))
        return self.db.fetch_dicts(
            f"""SELECT p.*, f.rating, f.comment FROM (
                    SELECT {cols} FROM traces t WHERE {where} ORDER BY t.started_at DESC, t.turn_id DESC LIMIT ?) p
                LEFT JOIN feedback f ON f.turn_id = p.turn_id
                ORDER BY p.started_at DESC, p.turn_id DESC""", [*params, limit])

    def count(self, filters: TraceFilter) -> int:
        where, params = filters.where(dialect=self.db.dialect)
        row = self.db.fetchone(f"SELECT count(*) FROM traces t WHERE {where}", params)
        return int(row[0]) if row else 0

    def span(self, filters: TraceFilter) -> tuple[datetime | None, datetime | None]:
        """The first and last turn's start under ``filters`` (refused ones included)."""
        where, params = filters.where(dialect=self.db.dialect)
        row = self.db.fetchone(f"SELECT min(t.started_at), max(t.started_at) FROM traces t WHERE {where}", params)
        return (row[0], row[1]) if row else (None, None)

    def owner_of(self, turn_id: str) -> str | None:
        row = self.db.fetchone("SELECT owner_id FROM traces WHERE turn_id = ?", [turn_id])
        return None if row is None else str(row[0])

    def facets(self, owner: str | None) -> dict[str, list[Any]]:
        """The values each filter can take for this person (or everyone), for the dropdowns."""
        rows = self.db.fetchall(
            f"""SELECT agent_id, provider, model, prompt_version, owner_id FROM traces
                {'WHERE owner_id = ?' if owner else ''} {group_all(self.db.dialect, 5)}""", [owner] if owner else [])
        out: dict[str, list[Any]] = {}
        for index, key in enumerate(("agents", "providers", "models", "prompt_versions", "users")):
            out[key] = sorted({r[index] for r in rows if r[index] is not None})
        return out

    # --- metrics ---------------------------------------------------------------------

    def metrics(self, filters: TraceFilter) -> pd.DataFrame:
        """Per agent x provider x model x prompt version: turns, error rate, latency and TTFT p50/p95,
        tokens, cost, 👍/👎, fallbacks and side-by-side votes (agents/core/store/lab_metrics.py)."""
        d = self.db.dialect
        # PostgreSQL's plan needs the true count of turns (plain_origin): with coalesce's guess of 0.5% it read the
        # time-ordered index and sorted all the turns (1,090 ms in bench_lab) where the configuration-ordered one
        # needs no sort.
        where, params = filters.where(dialect=d, plain_origin=d == "postgres")
        where += " AND t.status <> 'refused'"
        # Votes are side-by-side turns' own measure: counted whatever origins the turn figures show.
        vote_where, vote_params = filters.model_copy(update={"origins": None}).where(dialect=d)
        return self.db.execute(*metrics_statement(d, where, params, vote_where, vote_params)).df()

    def over_time(self, filters: TraceFilter, bucket: Literal["hour", "day"] = "day") -> pd.DataFrame:
        """Turns, errors, latency p50 and cost per time bucket and configuration, for the charts."""
        d = self.db.dialect
        where, params = filters.where(dialect=d)
        return self.db.execute(
            f"""SELECT date_trunc('{bucket}', t.started_at) AS bucket, t.agent_id, t.provider, t.model,
                       t.prompt_version, count(*) AS turns, count(*) FILTER (WHERE t.status = 'error') AS errors,
                       {quantile(d, "t.latency_ms", 0.5)} AS latency_p50, {quantile(d, "t.ttft_ms", 0.5)} AS ttft_p50,
                       sum(t.cost_usd) AS cost_usd
                FROM traces t WHERE {where} AND t.status <> 'refused'
                {group_all(d, 5)} ORDER BY bucket""", params).df()

    # --- exports ---------------------------------------------------------------------

    def _masked(self, select: str, params: list[Any]) -> tuple[str, list[Any]]:
        """``select`` with agents.core.redact's rule over every text and JSON column, in DuckDB: rows stored
        before a key was configured (or before the rule existed) leave the app masked all the same."""
        pattern, replacement = sql_pattern()
        columns, masked_params = [], []
        for name, kind, *_ in self.db.fetchall(f"DESCRIBE ({select})", params):
            quoted = '"' + str(name).replace('"', '""') + '"'
            if kind in ("VARCHAR", "JSON"):
                masked = f"regexp_replace(CAST({quoted} AS VARCHAR), ?, ?, 'g')"
                columns.append(f"CAST({masked} AS {kind}) AS {quoted}")
                masked_params += [pattern, replacement]
            else:
                columns.append(quoted)
        return f"SELECT {', '.join(columns)} FROM ({select})", [*masked_params, *params]

    def export(self, kind: ExportKind, fmt: ExportFormat, path: Path, filters: TraceFilter, *,
               full: bool = False, limit: int | None = None) -> int:
        """Write ``kind`` rows matching ``filters`` to ``path`` with DuckDB ``COPY``, oldest first (with
        ``limit``: the newest ``limit`` rows, still oldest first); returns the row count."""
        where, params = filters.where(dialect=self.db.dialect)
        match kind:
            case "traces":
                extra = ", t.events, t.spans, t.phases, t.system_prompt, t.requests" if full else ""
                # CSV has no lists: the fallbacks go as a JSON array, like the JSON columns.
                cols = ", ".join("to_json(t.fallbacks) AS fallbacks" if c == "fallbacks" and fmt == "csv" else "t." + c
                                 for c in ROW_COLS.split(", "))
                select = (f"SELECT {cols}, f.rating, f.comment{extra} "
                          f"FROM traces t LEFT JOIN feedback f ON f.turn_id = t.turn_id WHERE {where}")
                order: tuple[str, ...] = ("t.started_at", "t.turn_id")
            case "feedback":
                select = ("SELECT f.turn_id, f.user_id, f.conversation_id, f.message_id, f.rating, f.comment, "
                          "f.created_at, f.updated_at, t.agent_id, t.provider, t.model, t.prompt_version "
                          f"FROM feedback f JOIN traces t ON t.turn_id = f.turn_id WHERE {where}")
                order = ("f.updated_at", "f.turn_id")
            case "votes":
                select = ("SELECT r.comparison_id, r.round, r.message, r.vote, r.voted_at, c.agent_id, c.owner_id, "
                          "r.turn_a, ta.provider AS provider_a, ta.model AS model_a, ta.prompt_version AS prompt_version_a, "
                          "r.turn_b, tb.provider AS provider_b, tb.model AS model_b, tb.prompt_version AS prompt_version_b "
                          "FROM comparison_rounds r JOIN comparisons c ON c.id = r.comparison_id "
                          "JOIN traces t ON t.turn_id = r.turn_a LEFT JOIN traces ta ON ta.turn_id = r.turn_a "
                          f"LEFT JOIN traces tb ON tb.turn_id = r.turn_b WHERE r.vote IS NOT NULL AND {where}")
                order = ("r.voted_at", "r.comparison_id", "r.round")
        if limit is None:
            select += " ORDER BY " + ", ".join(order)
        else:  # the newest rows, then back in time order (the outer query sees the output column names)
            select = (f"SELECT * FROM ({select} ORDER BY {', '.join(c + ' DESC' for c in order)} LIMIT ?) AS newest "
                      f"ORDER BY {', '.join(c.split('.')[1] for c in order)}")
            params = [*params, int(limit)]
        options = {"csv": "FORMAT csv, HEADER", "jsonl": "FORMAT json", "parquet": "FORMAT parquet"}[fmt]
        target = str(path).replace("'", "''")  # a path we made ourselves; quoted all the same
        if self.db.dialect != "duckdb":
            return _copy_rows_out(self.db.execute(select, params), target, options)
        select, params = self._masked(select, params)
        row = self.db.fetchone(f"COPY ({select}) TO '{target}' ({options})", params)
        return int(row[0]) if row else 0


def _copy_rows_out(result: Any, target: str, options: str) -> int:
    """PostgreSQL has no COPY to a client's Parquet file: the rows, masked here by agents.core.redact's rule (the
    same rule DuckDB applies in SQL), are written by an in-memory DuckDB with the same COPY options. JSON
    columns are written as their JSON text."""
    import json

    import duckdb
    import pandas as pd

    from agents.core.redact import redact, redact_data

    csv = "csv" in options  # CSV has no lists: they go as JSON arrays, like the JSON columns

    def masked(value: Any) -> Any:
        if isinstance(value, str):
            return redact(value)
        is_text_list = isinstance(value, list) and all(isinstance(v, str) for v in value)
        if isinstance(value, dict | list) and (csv or not is_text_list):
            return json.dumps(redact_data(value), ensure_ascii=False, default=str)
        if isinstance(value, list):
            return [redact(v) for v in value]
        return value

    names = [d[0] for d in result.description or []]
    rows = [[masked(v) for v in row] for row in result.fetchall()]
    frame = pd.DataFrame.from_records(rows, columns=names)
    with duckdb.connect() as con:
        con.register("export_rows", frame)
        con.execute(f"COPY export_rows TO '{target}' ({options})")
    return len(rows)
