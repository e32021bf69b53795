"""The Lab's reads over ``traces`` (issue 14): filtered pages of turns, one turn's detail, the
values the filters offer, metrics per agent x provider x model x prompt version, and exports.

``owner`` scopes every read to one person's turns (shared mode always passes it). Text search
looks in ``search_text``, lower-cased when the turn was written, newest rows first (see
``TraceRepo`` and ``tests/bench/bench_lab.py`` for why it is done in time windows).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import pandas as pd
from pydantic import BaseModel, ConfigDict, Field

from agents.core.fallbacks import FALLBACKS
from agents.core.store.db import Database

Status = Literal["done", "error", "interrupted", "refused"]
FeedbackFilter = Literal["up", "down", "none"]
ExportKind = Literal["traces", "feedback", "votes"]
ExportFormat = Literal["csv", "jsonl", "parquet"]

ROW_COLS = ("turn_id, started_at, owner_id, user_id, agent_id, provider, model, prompt_version, status, error_code, "
            "conversation_id, comparison_id, comparison_side, latency_ms, ttft_ms, input_tokens, output_tokens, "
            "cost_usd, fallbacks, message")
# Newest first; a text search scans windows of this many days at a time, newest window first,
# so a common word fills a page from the last few days without reading the whole table.
SEARCH_WINDOW_DAYS = (1, 7, 30, 365)


class TraceFilter(BaseModel):
    """What the traces table shows; every field optional. ``owner`` is set by the service from the
    caller's identity (never from what a client sends in shared mode)."""

    model_config = ConfigDict(extra="forbid")

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

    def needle(self) -> str:
        return " ".join((self.text or "").split()).lower()

    def where(self, alias: str = "t", *, text: bool = True) -> tuple[str, list[Any]]:
        """The WHERE clause (started_at first, so zone maps prune by time) and its parameters."""
        clauses: list[str] = []
        params: list[Any] = []
        for column, value in (("started_at >=", self.since), ("started_at <", self.until)):
            if value is not None:
                clauses.append(f"{alias}.{column} ?")
                params.append(value)
        for column, value in (("owner_id", self.owner), ("agent_id", self.agent), ("provider", self.provider),
                              ("model", self.model), ("prompt_version", self.prompt_version), ("status", self.status),
                              ("comparison_id", self.comparison)):
            if value is not None:
                clauses.append(f"{alias}.{column} = ?")
                params.append(value)
        if self.feedback == "none":
            clauses.append(f"NOT EXISTS (SELECT 1 FROM feedback f2 WHERE f2.turn_id = {alias}.turn_id)")
        elif self.feedback is not None:
            clauses.append(f"EXISTS (SELECT 1 FROM feedback f2 WHERE f2.turn_id = {alias}.turn_id AND f2.rating = ?)")
            params.append(self.feedback)
        needle = self.needle()
        if needle and text:
            clauses.append(f"contains({alias}.search_text, ?)")
            params.append(needle)
        return (" AND ".join(clauses) or "true"), params


class TracePage(BaseModel):
    rows: list[dict[str, Any]]
    # Pass as ``before`` to get the next (older) page; None when this is the last one.
    next_cursor: str | None = None


def encode_cursor(started_at: datetime, turn_id: str) -> str:
    return f"{started_at.isoformat()}|{turn_id}"


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    moment, _, turn_id = cursor.partition("|")
    return datetime.fromisoformat(moment), turn_id


class LabRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    # --- traces ----------------------------------------------------------------------

    def page(self, filters: TraceFilter, limit: int = 50, before: str | None = None) -> TracePage:
        """One page of turns, newest first, each with its feedback (rating and comment)."""
        where, params = filters.where(text=False)
        if before is not None:
            moment, turn_id = decode_cursor(before)
            where += " AND (t.started_at < ? OR (t.started_at = ? AND t.turn_id < ?))"
            params += [moment, moment, turn_id]
        if filters.needle():
            rows = self._windowed(where, params, filters.needle(), limit + 1)
        else:
            rows = self._select(where, params, limit + 1)
        more = len(rows) > limit
        rows = rows[:limit]
        cursor = encode_cursor(rows[-1]["started_at"], rows[-1]["turn_id"]) if more and rows else None
        return TracePage(rows=rows, next_cursor=cursor)

    def _select(self, where: str, params: list[Any], limit: int) -> list[dict[str, Any]]:
        cols = ", ".join(f"t.{c}" for c in ROW_COLS.split(", "))
        return self.db.fetch_dicts(
            f"""SELECT {cols}, f.rating, f.comment FROM (
                    SELECT * FROM traces t WHERE {where} ORDER BY t.started_at DESC, t.turn_id DESC LIMIT ?) t
                LEFT JOIN feedback f ON f.turn_id = t.turn_id
                ORDER BY t.started_at DESC, t.turn_id DESC""", [*params, limit])

    def _windowed(self, where: str, params: list[Any], needle: str, limit: int) -> list[dict[str, Any]]:
        """A text search, newest time window first: a word most turns contain fills the page from the
        last day's row groups; a rare one widens the window until the whole range was read once."""
        row = self.db.fetchone(f"SELECT max(t.started_at) FROM traces t WHERE {where}", params)
        newest = row[0] if row else None
        if newest is None:
            return []
        where += " AND contains(t.search_text, ?)"
        params = [*params, needle]
        found: list[dict[str, Any]] = []
        upper: datetime | None = None
        for days in SEARCH_WINDOW_DAYS:
            lower = newest - timedelta(days=days)
            window = where + " AND t.started_at >= ?" + ("" if upper is None else " AND t.started_at < ?")
            window_params = [*params, lower, *([] if upper is None else [upper])]
            found += self._select(window, window_params, limit - len(found))
            if len(found) >= limit:
                return found
            upper = lower
        return found + self._select(where + " AND t.started_at < ?", [*params, upper], limit - len(found))

    def count(self, filters: TraceFilter) -> int:
        where, params = filters.where()
        row = self.db.fetchone(f"SELECT count(*) FROM traces t WHERE {where}", params)
        return int(row[0]) if row else 0

    def owner_of(self, turn_id: str) -> str | None:
        row = self.db.fetchone("SELECT owner_id FROM traces WHERE turn_id = ?", [turn_id])
        return None if row is None else str(row[0])

    def facets(self, owner: str | None) -> dict[str, list[Any]]:
        """The values each filter can take for this person (or everyone), for the dropdowns."""
        rows = self.db.fetchall(
            f"""SELECT agent_id, provider, model, prompt_version, owner_id FROM traces
                {'WHERE owner_id = ?' if owner else ''} GROUP BY ALL""", [owner] if owner else [])
        out: dict[str, list[Any]] = {}
        for index, key in enumerate(("agents", "providers", "models", "prompt_versions", "users")):
            out[key] = sorted({r[index] for r in rows if r[index] is not None})
        return out

    # --- metrics ---------------------------------------------------------------------

    def metrics(self, filters: TraceFilter) -> pd.DataFrame:
        """Per agent x provider x model x prompt version: turns, error rate, latency and TTFT p50/p95,
        tokens, cost, 👍/👎, fallbacks and side-by-side votes. Refused turns are not turns."""
        where, params = filters.where()
        fallback_cols = ", ".join(f"count(*) FILTER (WHERE list_contains(t.fallbacks, '{name}')) AS fb_{name}"
                                  for name in FALLBACKS)
        frame = self.db.execute(
            f"""SELECT t.agent_id, t.provider, t.model, t.prompt_version,
                       count(*) AS turns,
                       count(*) FILTER (WHERE t.status = 'error') AS errors,
                       count(*) FILTER (WHERE t.status = 'interrupted') AS interrupted,
                       quantile_cont(t.latency_ms, 0.5) AS latency_p50, quantile_cont(t.latency_ms, 0.95) AS latency_p95,
                       quantile_cont(t.ttft_ms, 0.5) AS ttft_p50, quantile_cont(t.ttft_ms, 0.95) AS ttft_p95,
                       coalesce(sum(t.input_tokens), 0)::BIGINT AS input_tokens,
                       coalesce(sum(t.output_tokens), 0)::BIGINT AS output_tokens,
                       sum(t.cost_usd) AS cost_usd, count(t.cost_usd) = count(*) AS cost_known,
                       count(f.rating) FILTER (WHERE f.rating = 'up') AS thumbs_up,
                       count(f.rating) FILTER (WHERE f.rating = 'down') AS thumbs_down,
                       {fallback_cols}
                FROM traces t LEFT JOIN feedback f ON f.turn_id = t.turn_id
                WHERE {where} AND t.status <> 'refused'
                GROUP BY ALL ORDER BY turns DESC, t.agent_id, t.provider, t.model, t.prompt_version""", params).df()
        votes = self.votes(filters)
        keys = ["agent_id", "provider", "model", "prompt_version"]
        if frame.empty:
            frame = frame.assign(**{c: pd.Series(dtype="int64") for c in ("wins", "losses", "ties", "both_bad")})
        else:
            frame = frame.merge(votes, on=keys, how="left") if not votes.empty else frame.assign(
                wins=0, losses=0, ties=0, both_bad=0)
            for column in ("wins", "losses", "ties", "both_bad"):
                frame[column] = frame[column].fillna(0).astype("int64")
        frame["error_rate"] = frame["errors"] / frame["turns"]
        rated = frame["thumbs_up"] + frame["thumbs_down"]
        frame["thumbs_up_ratio"] = (frame["thumbs_up"] / rated).where(rated > 0)
        frame.loc[~frame["cost_known"].astype(bool), "cost_usd"] = None
        return frame

    def votes(self, filters: TraceFilter) -> pd.DataFrame:
        """Side-by-side votes per configuration: a win for the side voted better, a loss for the other."""
        where, params = filters.where("t")
        return self.db.execute(
            f"""WITH sides AS (
                    SELECT turn_a AS turn_id, 'a' AS side, vote FROM comparison_rounds WHERE vote IS NOT NULL
                    UNION ALL
                    SELECT turn_b, 'b', vote FROM comparison_rounds WHERE vote IS NOT NULL)
                SELECT t.agent_id, t.provider, t.model, t.prompt_version,
                       count(*) FILTER (WHERE s.vote = s.side) AS wins,
                       count(*) FILTER (WHERE s.vote IN ('a', 'b') AND s.vote <> s.side) AS losses,
                       count(*) FILTER (WHERE s.vote = 'tie') AS ties,
                       count(*) FILTER (WHERE s.vote = 'both_bad') AS both_bad
                FROM sides s JOIN traces t ON t.turn_id = s.turn_id
                WHERE {where} GROUP BY ALL""", params).df()

    def over_time(self, filters: TraceFilter, bucket: Literal["hour", "day"] = "day") -> pd.DataFrame:
        """Turns, errors, latency p50 and cost per time bucket and configuration, for the charts."""
        where, params = filters.where()
        return self.db.execute(
            f"""SELECT date_trunc('{bucket}', t.started_at) AS bucket, t.agent_id, t.provider, t.model,
                       t.prompt_version, count(*) AS turns, count(*) FILTER (WHERE t.status = 'error') AS errors,
                       quantile_cont(t.latency_ms, 0.5) AS latency_p50, quantile_cont(t.ttft_ms, 0.5) AS ttft_p50,
                       sum(t.cost_usd) AS cost_usd
                FROM traces t WHERE {where} AND t.status <> 'refused'
                GROUP BY ALL ORDER BY bucket""", params).df()

    # --- exports ---------------------------------------------------------------------

    def export(self, kind: ExportKind, fmt: ExportFormat, path: Path, filters: TraceFilter, *,
               full: bool = False) -> int:
        """Write ``kind`` rows matching ``filters`` to ``path`` with DuckDB ``COPY``; returns the row count."""
        where, params = filters.where()
        match kind:
            case "traces":
                extra = ", t.events, t.spans, t.phases, t.system_prompt, t.requests" if full else ""
                # CSV has no lists: the fallbacks go as a JSON array, like the JSON columns.
                cols = ", ".join("to_json(t.fallbacks) AS fallbacks" if c == "fallbacks" and fmt == "csv" else "t." + c
                                 for c in ROW_COLS.split(", "))
                select = (f"SELECT {cols}, f.rating, f.comment{extra} "
                          f"FROM traces t LEFT JOIN feedback f ON f.turn_id = t.turn_id WHERE {where} "
                          "ORDER BY t.started_at, t.turn_id")
            case "feedback":
                select = ("SELECT f.turn_id, f.user_id, f.conversation_id, f.message_id, f.rating, f.comment, "
                          "f.created_at, f.updated_at, t.agent_id, t.provider, t.model, t.prompt_version "
                          f"FROM feedback f JOIN traces t ON t.turn_id = f.turn_id WHERE {where} "
                          "ORDER BY f.updated_at, f.turn_id")
            case "votes":
                select = ("SELECT r.comparison_id, r.round, r.message, r.vote, r.voted_at, c.agent_id, c.owner_id, "
                          "r.turn_a, ta.provider AS provider_a, ta.model AS model_a, ta.prompt_version AS prompt_version_a, "
                          "r.turn_b, tb.provider AS provider_b, tb.model AS model_b, tb.prompt_version AS prompt_version_b "
                          "FROM comparison_rounds r JOIN comparisons c ON c.id = r.comparison_id "
                          "JOIN traces t ON t.turn_id = r.turn_a LEFT JOIN traces ta ON ta.turn_id = r.turn_a "
                          f"LEFT JOIN traces tb ON tb.turn_id = r.turn_b WHERE r.vote IS NOT NULL AND {where} "
                          "ORDER BY r.voted_at, r.comparison_id, r.round")
        options = {"csv": "FORMAT csv, HEADER", "jsonl": "FORMAT json", "parquet": "FORMAT parquet"}[fmt]
        target = str(path).replace("'", "''")  # a path we made ourselves; quoted all the same
        cur = self.db.cursor()
        cur.execute(f"COPY ({select}) TO '{target}' ({options})", params)
        row = cur.fetchone()
        return int(row[0]) if row else 0
