"""Evaluation runs in the store (DuckDB or PostgreSQL): the run, each case, each step (with its turn's trace id) and each
assertion with pass / fail / skip and the value it observed.

The tables are created by the ``evals_`` migrations the first time the repo is used on a store, so
the core's migration list stays the core's.
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from functools import partial
from typing import cast

import duckdb

from agents.core.store.conversations import dumps, loads
from agents.core.store.db import AnyCursor, AnyDatabase
from agents.core.store.ddl import column_type, create_table
from agents.core.store.migrations import Migration, migrate
from agents.services.evals.rows import (
    AssertionRow,
    CaseRow,
    FailedCase,
    NewRun,
    RunListed,
    RunRow,
    SpanRow,
    StepMetric,
    StepRow,
    SuiteRow,
    SuiteText,
)


def _evals_001_runs(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "eval_runs", [
        ("id", "VARCHAR PRIMARY KEY", "run id (evr_...) used by eval show / compare / export"),
        ("suite", "VARCHAR NOT NULL", "the suite's name (suite: in the file)"),
        ("suite_file", "VARCHAR", "path of the suite file the run was loaded from"),
        ("suite_text", "VARCHAR NOT NULL", "the suite's YAML exactly as run, so a run can be reproduced and shown"),
        ("agent_id", "VARCHAR NOT NULL", "the agent under test"),
        ("provider", "VARCHAR NOT NULL", "configuration: provider"),
        ("model", "VARCHAR", "configuration: model as reported by the provider"),
        ("prompt_version", "INTEGER", "configuration: system-prompt version (null: the active one)"),
        ("matrix_id", "VARCHAR", "runs started together against several configurations share it"),
        ("owner", "VARCHAR NOT NULL", "who started the run; lists and reads filter on it"),
        ("status", "VARCHAR NOT NULL", "running, passed, failed (an assertion failed or a case errored) or aborted"),
        ("concurrency", "INTEGER NOT NULL", "cases run at once"),
        ("started_at", "TIMESTAMP NOT NULL", "UTC"),
        ("finished_at", "TIMESTAMP", "UTC; null while running"),
        ("duration_ms", "DOUBLE", "wall time of the run"),
        ("cases_total", "INTEGER NOT NULL", "cases in the suite"),
        ("cases_passed", "INTEGER NOT NULL DEFAULT 0", "cases whose assertions all passed or were skipped"),
        ("cases_failed", "INTEGER NOT NULL DEFAULT 0", "cases with a failed assertion or an error"),
        ("assertions_passed", "INTEGER NOT NULL DEFAULT 0", "assertion results: pass"),
        ("assertions_failed", "INTEGER NOT NULL DEFAULT 0", "assertion results: fail"),
        ("assertions_skipped", "INTEGER NOT NULL DEFAULT 0", "assertion results: skip (judge offline, unknown price)"),
        ("error", "VARCHAR", "why the run was aborted, if it was"),
    ])
    cur.execute("CREATE INDEX eval_runs_owner ON eval_runs(owner)")
    create_table(cur, "eval_cases", [
        ("run_id", "VARCHAR NOT NULL", "the run"),
        ("case_index", "INTEGER NOT NULL", "position in the suite"),
        ("name", "VARCHAR NOT NULL", "case name; compare matches cases of two runs by it"),
        ("tags", "JSON", "the case's tags"),
        ("status", "VARCHAR NOT NULL", "passed, failed or error (a step could not run)"),
        ("error", "VARCHAR", "why a step could not run"),
        ("user_id", "VARCHAR NOT NULL", "the fresh sandbox user the case ran as"),
        ("conversation_id", "VARCHAR", "the case's conversation (open it in the agent tab)"),
        ("steps", "INTEGER NOT NULL", "steps run"),
        ("latency_ms", "DOUBLE", "sum of the steps' latencies"),
        ("tokens", "BIGINT", "input + output tokens over the case"),
        ("cost", "DOUBLE", "US dollars; null when a price is unknown"),
        ("duration_ms", "DOUBLE", "wall time of the case"),
        ("started_at", "TIMESTAMP NOT NULL", "UTC"),
    ], tail="PRIMARY KEY (run_id, case_index)")
    create_table(cur, "eval_steps", [
        ("run_id", "VARCHAR NOT NULL", "the run"),
        ("case_index", "INTEGER NOT NULL", "the case"),
        ("step_index", "INTEGER NOT NULL", "position in the case's turns"),
        ("kind", "VARCHAR NOT NULL", "user, confirm, cancel, modify or wait_minutes"),
        ("input", "JSON", "the message (and extra), the modify args or the minutes waited"),
        ("turn_id", "VARCHAR", "the trace of a user step's turn (traces.turn_id)"),
        ("action_id", "VARCHAR", "the pending action a confirm / cancel / modify acted on"),
        ("outcome", "VARCHAR", "the action's status after the step"),
        ("error_code", "VARCHAR", "the step's error code, if any"),
        ("latency_ms", "DOUBLE", "the turn's latency (done.latency_ms) or the action call's wall time"),
        ("tokens", "BIGINT", "input + output tokens of the turn"),
        ("cost", "DOUBLE", "US dollars; null when unknown"),
        ("reply", "VARCHAR", "the reply text"),
        ("event_types", "JSON", "the step's event types in order"),
    ], tail="PRIMARY KEY (run_id, case_index, step_index)")
    create_table(cur, "eval_assertions", [
        ("run_id", "VARCHAR NOT NULL", "the run"),
        ("case_index", "INTEGER NOT NULL", "the case"),
        ("step_index", "INTEGER NOT NULL", "the step the assertion is on"),
        ("assertion_index", "INTEGER NOT NULL", "position in the step's expect list"),
        ("kind", "VARCHAR NOT NULL", "tool, card, text_contains, judge..."),
        ("spec", "JSON NOT NULL", "the assertion as written in the suite"),
        ("negated", "BOOLEAN NOT NULL", "not: true"),
        ("status", "VARCHAR NOT NULL", "pass, fail or skip"),
        ("observed", "JSON", "what the step produced that the assertion looked at"),
        ("message", "VARCHAR NOT NULL", "why it passed, failed or was skipped"),
    ], tail="PRIMARY KEY (run_id, case_index, step_index, assertion_index)")


def _evals_002_suites(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "eval_suites", [
        ("owner", "VARCHAR NOT NULL", "whose suite; lists and reads filter on it"),
        ("name", "VARCHAR NOT NULL", "the suite's name (suite: in its YAML), unique per owner"),
        ("agent_id", "VARCHAR NOT NULL", "the agent the suite tests"),
        ("yaml", "VARCHAR NOT NULL", "the suite file's text, comments included; checked before it is saved"),
        ("cases", "INTEGER NOT NULL", "how many cases it has, for lists"),
        ("created_at", "TIMESTAMP NOT NULL", "UTC"),
        ("updated_at", "TIMESTAMP NOT NULL", "last save, UTC"),
    ], tail="PRIMARY KEY (owner, name)")


def _evals_003_skipped(cur: duckdb.DuckDBPyConnection) -> None:
    """A case whose every assertion was skipped checked nothing: it is ``skipped``, counted apart (it was
    counted as passed before; those rows stay as they were)."""
    cur.execute("DROP INDEX eval_runs_owner")  # DuckDB alters no table that an index depends on
    cur.execute("ALTER TABLE eval_runs ADD COLUMN cases_skipped INTEGER NOT NULL DEFAULT 0")
    cur.execute("CREATE INDEX eval_runs_owner ON eval_runs(owner)")
    for table, column, why in (
        ("eval_runs", "cases_skipped", "cases whose every assertion was skipped (nothing was checked); a skip is "
                                       "never a pass"),
        ("eval_runs", "cases_passed", "cases with no failed assertion and at least one passed (runs before "
                                      "evals_003 also counted all-skipped cases here)"),
        ("eval_runs", "cases_failed", "cases with a failed assertion or an error"),
        ("eval_cases", "status", "passed, failed, error (a step could not run) or skipped (every assertion was "
                                 "skipped)"),
    ):
        cur.execute(f"COMMENT ON COLUMN {table}.{column} IS '{why}'")


def _evals_004_settings(cur: duckdb.DuckDBPyConnection) -> None:
    """Issue 30: a configuration may override the agent's model settings; the run records them, so two matrix
    entries that differ only there are told apart."""
    cur.execute("DROP INDEX eval_runs_owner")  # DuckDB alters no table that an index depends on
    for column, ddl, why in (("temperature", "DOUBLE", "the temperature the configuration set (null: the agent own)"),
                             ("max_output_tokens", "INTEGER", "the output token limit the configuration set (null: "
                                                              "the agent own)")):
        cur.execute(f"ALTER TABLE eval_runs ADD COLUMN {column} {column_type(cur, ddl)}")
        cur.execute(f"COMMENT ON COLUMN eval_runs.{column} IS '{why}'")
    cur.execute("CREATE INDEX eval_runs_owner ON eval_runs(owner)")


def _evals_005_judge_spans(cur: duckdb.DuckDBPyConnection) -> None:
    """The judge's model calls, as child spans of their case, and its cost kept apart from the agent's."""
    create_table(cur, "eval_spans", [
        ("run_id", "VARCHAR NOT NULL", "the run"),
        ("case_index", "INTEGER NOT NULL", "the case: the span's parent"),
        ("span_index", "INTEGER NOT NULL", "order within the case"),
        ("kind", "VARCHAR NOT NULL", "judge: a model call grading a rubric"),
        ("step_index", "INTEGER", "the step whose reply was graded"),
        ("assertion_index", "INTEGER", "the assertion that made the call"),
        ("provider", "VARCHAR NOT NULL", "the judge's provider (chosen apart from the model under test)"),
        ("model", "VARCHAR NOT NULL", "the judge's model"),
        ("attempt", "INTEGER NOT NULL", "1, or 2 when the first answer was not the verdict asked for"),
        ("started_at", "TIMESTAMP NOT NULL", "UTC"),
        ("ms", "DOUBLE NOT NULL", "the call's wall time"),
        ("input_tokens", "BIGINT NOT NULL", "tokens sent"),
        ("output_tokens", "BIGINT NOT NULL", "tokens answered"),
        ("cost_usd", "DOUBLE", "US dollars; null when the price is unknown"),
        ("status", "VARCHAR NOT NULL", "ok, malformed (no verdict in the answer) or error (the call failed or "
                                      "was refused)"),
        ("request", "VARCHAR", "what the judge was sent (the rubric, the message, the calls, the cards, the reply)"),
        ("response", "VARCHAR", "what it answered, or why the call failed"),
    ], tail="PRIMARY KEY (run_id, case_index, span_index)")
    cur.execute("ALTER TABLE eval_cases ADD COLUMN judge_tokens BIGINT")
    cur.execute(f"ALTER TABLE eval_cases ADD COLUMN judge_cost {column_type(cur, 'DOUBLE')}")
    cur.execute("COMMENT ON COLUMN eval_cases.judge_tokens IS 'tokens of the judge''s calls (eval_spans), apart "
                "from the agent''s'")
    cur.execute("COMMENT ON COLUMN eval_cases.judge_cost IS 'US dollars the judge''s calls cost, apart from the "
                "agent''s cost; null when a price is unknown'")


def _evals_006_repeats_cache(cur: duckdb.DuckDBPyConnection) -> None:
    """Repeats (a case's pass rate over N repetitions) and the response cache (a re-run replays for $0)."""
    for column, sql_type, why in (
        ("repeats", "INTEGER NOT NULL DEFAULT 1", "how many times the case ran (eval run --repeat, a suite's repeat)"),
        ("passes", "INTEGER", "repetitions that passed"),
        ("pass_rate", "DOUBLE", "passes over the repetitions that checked something; null when none did"),
        ("min_pass_rate", "DOUBLE", "the pass rate the case needed (its min_pass_rate, default 1)"),
        ("repetitions", "JSON", "each repetition: status, conversation, turn ids, tokens, cost, cached"),
        ("cached", "BOOLEAN NOT NULL DEFAULT false", "every model call of the case came from the response cache"),
    ):
        cur.execute(f"ALTER TABLE eval_cases ADD COLUMN {column} {column_type(cur, sql_type)}")
        quoted = why.replace("'", "''")
        cur.execute(f"COMMENT ON COLUMN eval_cases.{column} IS '{quoted}'")
    cur.execute("ALTER TABLE eval_spans ADD COLUMN repeat_index INTEGER NOT NULL DEFAULT 0")
    cur.execute("COMMENT ON COLUMN eval_spans.repeat_index IS 'the repetition of the case that made the call'")
    create_table(cur, "eval_response_cache", [
        ("key", "VARCHAR PRIMARY KEY", "sha256 of (provider, model, settings, request, repetition)"),
        ("provider", "VARCHAR NOT NULL", "the provider that answered"),
        ("model", "VARCHAR NOT NULL", "its model"),
        ("purpose", "VARCHAR", "turn, judge, classify..."),
        ("events", "JSON NOT NULL", "the answer's stream: text, tool calls, usage, finish"),
        ("created_at", "TIMESTAMP NOT NULL", "when it was stored (UTC)"),
        ("hits", "BIGINT NOT NULL DEFAULT 0", "replays served from it"),
    ])


EVAL_MIGRATIONS: list[Migration] = [Migration("evals_001_runs", _evals_001_runs),
                                    Migration("evals_002_suites", _evals_002_suites),
                                    Migration("evals_003_skipped", _evals_003_skipped),
                                    Migration("evals_004_settings", _evals_004_settings),
                                    Migration("evals_005_judge_spans", _evals_005_judge_spans),
                                    Migration("evals_006_repeats_cache", _evals_006_repeats_cache)]

_RUN_COLS = ("id, suite, suite_file, suite_text, agent_id, provider, model, prompt_version, matrix_id, owner, status, "
             "concurrency, started_at, finished_at, duration_ms, cases_total, cases_passed, cases_failed, "
             "cases_skipped, assertions_passed, assertions_failed, assertions_skipped, error, temperature, "
             "max_output_tokens")
_CASE_COLS = ("run_id, case_index, name, tags, status, error, user_id, conversation_id, steps, latency_ms, tokens, "
              "cost, duration_ms, started_at, judge_tokens, judge_cost, repeats, passes, pass_rate, min_pass_rate, "
              "repetitions, cached")
_STEP_COLS = ("run_id, case_index, step_index, kind, input, turn_id, action_id, outcome, error_code, latency_ms, "
              "tokens, cost, reply, event_types")
_ASSERT_COLS = "run_id, case_index, step_index, assertion_index, kind, spec, negated, status, observed, message"
_SPAN_COLS = ("run_id, case_index, span_index, kind, step_index, assertion_index, provider, model, attempt, "
              "started_at, ms, input_tokens, output_tokens, cost_usd, status, request, response, repeat_index")
_JSON = {"tags", "input", "event_types", "spec", "observed", "repetitions"}
# Databases already migrated (weak: tests open and close many; an id() could be reused).
_migrated: weakref.WeakSet[AnyDatabase] = weakref.WeakSet()
_migrate_lock = threading.Lock()


def _ph(cols: str) -> str:
    return ", ".join("?" * len(cols.split(", ")))


def _decode(row: Mapping[str, object]) -> dict[str, object]:
    return {k: (loads(v, None) if k in _JSON else v) for k, v in row.items()}


_ABORT = "UPDATE eval_runs SET status = 'aborted', error = 'the app stopped during the run' WHERE status = 'running'"


@contextmanager
def run_owner(db: AnyDatabase, run_id: str) -> Iterator[None]:
    """Held by the process that drives ``run_id`` while it runs (PostgreSQL: an advisory lock, which goes with
    the process if it dies; DuckDB: one process per file, nothing to hold)."""
    if db.dialect == "duckdb":
        yield
        return
    with db.advisory(f"eval_run:{run_id}"):
        yield


def _abort_orphans(db: AnyDatabase) -> None:
    """A run still "running" that no process drives was cut off when its app stopped. On DuckDB that is every
    one at a process's first use; on PostgreSQL only those whose owner lock is free (their process is gone)."""
    if db.dialect == "duckdb":
        db.write(lambda: db.execute(_ABORT))
        return
    for (run_id,) in db.fetchall("SELECT id FROM eval_runs WHERE status = 'running'"):
        with db.advisory(f"eval_run:{run_id}", wait=0) as free:
            if free:
                db.write(partial(db.execute, _ABORT + " AND id = ?", [run_id]))


# Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement (eval_steps has the widest rows).
_ROWS_PER_INSERT = 500


def _insert_rows(cur: AnyCursor, table: str, cols: str, rows: list[list[object]]) -> None:
    """``rows`` as multi-row INSERTs: DuckDB's executemany runs one statement per row (about 4x slower for a
    case's ten-odd rows, measured), and a case's rows are written while its worker holds the transaction."""
    for at in range(0, len(rows), _ROWS_PER_INSERT):
        chunk = rows[at:at + _ROWS_PER_INSERT]
        values = ", ".join([f"({_ph(cols)})"] * len(chunk))
        cur.execute(f"INSERT INTO {table} ({cols}) VALUES {values}", [v for row in chunk for v in row])


class EvalRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db
        with _migrate_lock:
            if db not in _migrated:
                migrate(db, EVAL_MIGRATIONS)
                _abort_orphans(db)  # first use in this process
                _migrated.add(db)

    # --- writes --------------------------------------------------------------------------------------------

    def start_run(self, run: NewRun) -> None:
        row: dict[str, object] = {"status": "running", "finished_at": None, "duration_ms": None, "cases_passed": 0, "cases_failed": 0,
               "cases_skipped": 0, "assertions_passed": 0, "assertions_failed": 0, "assertions_skipped": 0, "error": None,
               "temperature": None, "max_output_tokens": None, **run}
        cols = _RUN_COLS.split(", ")
        self.db.write(lambda: self.db.execute(f"INSERT INTO eval_runs ({_RUN_COLS}) VALUES ({_ph(_RUN_COLS)})",
                                              [row[c] for c in cols]))

    def add_case(self, case: Mapping[str, object], steps: Sequence[Mapping[str, object]],
                 assertions: Sequence[Mapping[str, object]], spans: Sequence[Mapping[str, object]] | None = None) -> None:
        """One case with its steps, assertions and spans, in one transaction (a worker thread's own cursor)."""
        def write() -> None:
            cur = self.db.cursor()
            cur.execute(f"INSERT INTO eval_cases ({_CASE_COLS}) VALUES ({_ph(_CASE_COLS)})",
                        [dumps(case[c]) if c in _JSON else case[c] for c in _CASE_COLS.split(", ")])
            _insert_rows(cur, "eval_steps", _STEP_COLS,
                         [[dumps(s[c]) if c in _JSON else s[c] for c in _STEP_COLS.split(", ")] for s in steps])
            _insert_rows(cur, "eval_assertions", _ASSERT_COLS,
                         [[dumps(a[c]) if c in _JSON else a[c] for c in _ASSERT_COLS.split(", ")] for a in assertions])
            _insert_rows(cur, "eval_spans", _SPAN_COLS, [[s[c] for c in _SPAN_COLS.split(", ")] for s in spans or []])

        self.db.write(write)

    def finish_run(self, run_id: str, now: datetime, duration_ms: float, error: str | None = None) -> RunRow:
        """Totals from the stored rows (never from counters kept elsewhere), and the final status."""
        def write() -> None:
            cur = self.db.cursor()
            cur.execute("""
                UPDATE eval_runs r SET
                    cases_passed = (SELECT count(*) FROM eval_cases c WHERE c.run_id = r.id AND c.status = 'passed'),
                    cases_failed = (SELECT count(*) FROM eval_cases c WHERE c.run_id = r.id
                                    AND c.status NOT IN ('passed', 'skipped')),
                    cases_skipped = (SELECT count(*) FROM eval_cases c WHERE c.run_id = r.id AND c.status = 'skipped'),
                    assertions_passed = (SELECT count(*) FROM eval_assertions a WHERE a.run_id = r.id AND a.status = 'pass'),
                    assertions_failed = (SELECT count(*) FROM eval_assertions a WHERE a.run_id = r.id AND a.status = 'fail'),
                    assertions_skipped = (SELECT count(*) FROM eval_assertions a WHERE a.run_id = r.id AND a.status = 'skip'),
                    finished_at = ?, duration_ms = ?, error = ?
                WHERE r.id = ?""", [now, duration_ms, error, run_id])
            cur.execute("""UPDATE eval_runs SET status = CASE WHEN error IS NOT NULL THEN 'aborted'
                               WHEN cases_failed = 0 AND cases_passed + cases_skipped = cases_total THEN 'passed'
                               ELSE 'failed' END
                           WHERE id = ?""", [run_id])

        self.db.write(write)
        run = self.run(run_id)
        assert run is not None
        return run

    # --- reads ---------------------------------------------------------------------------------------------

    def run(self, run_id: str, owner: str | None = None) -> RunRow | None:
        sql = f"SELECT {_RUN_COLS} FROM eval_runs WHERE id = ?" + (" AND owner = ?" if owner is not None else "")
        rows = self.db.fetch_dicts(sql, [run_id] if owner is None else [run_id, owner])
        return cast(RunRow, rows[0]) if rows else None  # SELECT _RUN_COLS: the columns RunRow names

    def runs(self, owner: str | None = None, *, suite: str | None = None, agent_id: str | None = None,
             matrix_id: str | None = None, limit: int = 50, offset: int = 0) -> list[RunListed]:
        where, params = ["true"], list[object]()
        for column, value in (("owner", owner), ("suite", suite), ("agent_id", agent_id), ("matrix_id", matrix_id)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        cols = _RUN_COLS.replace("suite_text, ", "")
        return cast(list[RunListed], self.db.fetch_dicts(  # _RUN_COLS but suite_text: the columns RunListed names
            f"SELECT {cols} FROM eval_runs WHERE {' AND '.join(where)} ORDER BY started_at DESC, id DESC "
            "LIMIT ? OFFSET ?", [*params, limit, offset]))

    def cases(self, run_id: str) -> list[CaseRow]:
        rows = self.db.fetch_dicts(f"SELECT {_CASE_COLS} FROM eval_cases WHERE run_id = ? ORDER BY case_index",
                                   [run_id])
        return [cast(CaseRow, _decode(r)) for r in rows]  # _CASE_COLS, JSON as the runner wrote it

    def steps(self, run_id: str, case_index: int | None = None) -> list[StepRow]:
        sql = f"SELECT {_STEP_COLS} FROM eval_steps WHERE run_id = ?"
        params: list[object] = [run_id]
        if case_index is not None:
            sql += " AND case_index = ?"
            params.append(case_index)
        rows = self.db.fetch_dicts(sql + " ORDER BY case_index, step_index", params)
        return [cast(StepRow, _decode(r)) for r in rows]  # _STEP_COLS, JSON as the runner wrote it

    def assertions(self, run_id: str, case_index: int | None = None) -> list[AssertionRow]:
        sql = f"SELECT {_ASSERT_COLS} FROM eval_assertions WHERE run_id = ?"
        params: list[object] = [run_id]
        if case_index is not None:
            sql += " AND case_index = ?"
            params.append(case_index)
        rows = self.db.fetch_dicts(sql + " ORDER BY case_index, step_index, assertion_index", params)
        return [cast(AssertionRow, _decode(r)) for r in rows]  # _ASSERT_COLS, JSON as the runner wrote it

    # --- suites made in the Lab ------------------------------------------------------------------------------

    def save_suite(self, owner: str, name: str, agent_id: str, text: str, cases: int, now: datetime) -> None:
        self.db.write(lambda: self.db.execute(
            """INSERT INTO eval_suites (owner, name, agent_id, yaml, cases, created_at, updated_at)
               VALUES (?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (owner, name) DO UPDATE SET agent_id = excluded.agent_id, yaml = excluded.yaml,
                   cases = excluded.cases, updated_at = excluded.updated_at""",
            [owner, name, agent_id, text, cases, now, now]))

    def suites(self, owner: str) -> list[SuiteRow]:
        return cast(list[SuiteRow], self.db.fetch_dicts(  # the columns SuiteRow names
            "SELECT owner, name, agent_id, cases, created_at, updated_at FROM eval_suites "
            "WHERE owner = ? ORDER BY updated_at DESC, name", [owner]))

    def suite(self, owner: str, name: str) -> SuiteText | None:
        rows = self.db.fetch_dicts("SELECT owner, name, agent_id, yaml, cases, created_at, updated_at FROM eval_suites "
                                   "WHERE owner = ? AND name = ?", [owner, name])
        return cast(SuiteText, rows[0]) if rows else None  # the columns SuiteText names

    def delete_suite(self, owner: str, name: str) -> bool:
        rows = self.db.write(lambda: self.db.fetchall(
            "DELETE FROM eval_suites WHERE owner = ? AND name = ? RETURNING name", [owner, name]))
        return bool(rows)

    def spans(self, run_id: str, case_index: int | None = None) -> list[SpanRow]:
        sql = f"SELECT {_SPAN_COLS} FROM eval_spans WHERE run_id = ?"
        params: list[object] = [run_id]
        if case_index is not None:
            sql += " AND case_index = ?"
            params.append(case_index)
        rows = self.db.fetch_dicts(sql + " ORDER BY case_index, span_index", params)
        return cast(list[SpanRow], rows)  # _SPAN_COLS: the columns SpanRow names

    # --- the response cache ---------------------------------------------------------------------------------

    def cached_response(self, key: str) -> list[dict[str, object]] | None:
        row = self.db.fetchone("SELECT events FROM eval_response_cache WHERE key = ?", [key])
        if row is None:
            return None
        with contextlib.suppress(duckdb.TransactionException):  # a count of replays; the replay does not need it
            self.db.write(lambda: self.db.execute("UPDATE eval_response_cache SET hits = hits + 1 WHERE key = ?",
                                                  [key]), attempts=5)
        events = loads(row[0], None)
        return [e for e in events if isinstance(e, dict)] if isinstance(events, list) else None

    def store_response(self, key: str, provider: str, model: str, purpose: str, events: Sequence[Mapping[str, object]],
                       now: datetime) -> None:
        self.db.write(lambda: self.db.execute(
            """INSERT INTO eval_response_cache (key, provider, model, purpose, events, created_at)
               VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET events = excluded.events, created_at = excluded.created_at""",
            [key, provider, model, purpose, dumps(events), now]), attempts=5)

    def step_metrics(self, run_id: str) -> list[StepMetric]:
        """Per-step latency, tokens and cost of a run's user turns, for compare's percentiles."""
        return cast(list[StepMetric], self.db.fetch_dicts(  # the columns StepMetric names
            "SELECT case_index, step_index, latency_ms, tokens, cost FROM eval_steps "
            "WHERE run_id = ? AND kind = 'user' ORDER BY case_index, step_index", [run_id]))

    # --- the review queue (agents/services/review.py) -------------------------------------------------------

    _FAILED = """SELECT c.run_id, c.case_index, c.name, c.status, c.error, c.user_id, c.conversation_id, c.steps,
                        c.started_at, r.suite, r.agent_id, r.provider, r.model,
                        (SELECT min(a.step_index) FROM eval_assertions a WHERE a.run_id = c.run_id
                         AND a.case_index = c.case_index AND a.status = 'fail') AS failed_step,
                        (SELECT count(*) FROM eval_assertions a WHERE a.run_id = c.run_id
                         AND a.case_index = c.case_index AND a.status = 'fail') AS failures
                 FROM eval_cases c JOIN eval_runs r ON r.id = c.run_id
                 WHERE r.owner = ? AND c.status IN ('failed', 'error')"""

    def failed_cases(self, owner: str, limit: int) -> list[FailedCase]:
        """The owner's failed or errored cases over all their runs, newest first."""
        rows = self.db.fetch_dicts(self._FAILED + " ORDER BY c.started_at DESC, c.run_id DESC, c.case_index LIMIT ?",
                                   [owner, limit])
        return cast(list[FailedCase], rows)  # _FAILED: the columns FailedCase names

    def failed_case(self, owner: str, run_id: str, case_index: int) -> FailedCase | None:
        rows = self.db.fetch_dicts(self._FAILED + " AND c.run_id = ? AND c.case_index = ?",
                                   [owner, run_id, case_index])
        return cast(FailedCase, rows[0]) if rows else None  # _FAILED: the columns FailedCase names

    def first_failure(self, run_id: str, case_index: int) -> str | None:
        row = self.db.fetchone("SELECT message FROM eval_assertions WHERE run_id = ? AND case_index = ? AND "
                               "status = 'fail' ORDER BY step_index, assertion_index LIMIT 1", [run_id, case_index])
        return str(row[0]) if row else None
