"""Issue 32: the Lab's traces text search on PostgreSQL is ``search_text LIKE '%word%'`` served by a pg_trgm GIN index
(migration core_056). It must find exactly the turns DuckDB's ``contains()`` finds, and what a plain substring test
finds: Korean words, LIKE's own ``%``, ``_`` and ``\\`` taken literally, and 1-2 character words (which trigrams
cannot index). Where the role may not add pg_trgm the migration still passes and the search still answers alike."""

from __future__ import annotations

import itertools
from datetime import datetime
from pathlib import Path

import pandas as pd
import psycopg
import pytest

from agents.core.agent import all_migrations
from agents.core.store import Store, open_store
from agents.core.store.lab import TraceFilter
from agents.services.lab import traces
from agents.services.lab.access import LabUser
from tests.support.lab_data import load, synthetic_traces
from tests.support.postgres import TempPostgres

NOW = datetime(2026, 11, 2, 9, 0)
# Texts written into some turns' search text (lower-cased, as the runner stores it).
SPECIAL = ("할인율 100% 적용", "snake_case 이름", "50%_off 쿠폰", "back\\slash 경로", "ab", "x", "a_b", "100%",
           "도쿄 라멘 맛집", "예산의 예", "a%b", "zz_top")
NEEDLES = ("라멘", "도쿄 라멘", "  도쿄   라멘 ", "100%", "%", "_", "a_b", "a%b", "50%_", "\\", "back\\s", "ab", "x",
           "예", "zeppelin", "snake_case", "SNAKE_CASE", "캠페인 예산", "budget", "a", "%%", "__")
_names = itertools.count(1)


def _frame() -> pd.DataFrame:
    frame = synthetic_traces(240, NOW, seed=11, heavy=False, users=3)
    for i, text in enumerate(SPECIAL):
        frame.loc[i * 19 + 4, "search_text"] = text.lower()
    return frame


def _expected(frame: pd.DataFrame, needle: str) -> list[str]:
    """The turns a plain substring test finds, newest first (the Lab's order), refused ones included."""
    want = " ".join(needle.split()).lower()
    hits = frame[frame["search_text"].map(lambda s: want in s)]
    return hits.sort_values(["started_at", "turn_id"], ascending=False)["turn_id"].tolist()


def _all_pages(store: Store, needle: str) -> list[str]:
    who, found, cursor = LabUser.cli(), [], None
    filters = TraceFilter(text=needle)
    while True:
        page = traces.list_traces(store, who, filters, limit=50, before=cursor)
        found += [r["turn_id"] for r in page.rows]
        if page.next_cursor is None:
            return found
        cursor = page.next_cursor


def _answers(store: Store) -> dict[str, tuple[list[str], int]]:
    return {n: (_all_pages(store, n), store.lab.count(TraceFilter(text=n, origins=["chat", "api"]))) for n in NEEDLES}


def _loaded(target: str | Path, frame: pd.DataFrame) -> Store:
    store = open_store(target, all_migrations())
    load(store, frame)
    return store


def _indexes(store: Store) -> set[str]:
    return {r[0] for r in store.db.fetchall("SELECT indexname FROM pg_indexes WHERE tablename = 'traces'")}


@pytest.fixture(scope="module")
def duck_answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[list[str], int]]:
    store = _loaded(tmp_path_factory.mktemp("duck") / "search.duckdb", _frame())
    try:
        return _answers(store)
    finally:
        store.close()


def test_duckdb_finds_what_a_substring_test_finds(duck_answers: dict[str, tuple[list[str], int]]) -> None:
    frame = _frame()
    for needle in NEEDLES:
        expected = _expected(frame, needle)
        assert duck_answers[needle] == (expected, len(expected)), needle
    # The cases that matter are really there: literal LIKE characters, Korean, short words, and nothing at all.
    assert len(duck_answers["100%"][0]) == 2 and len(duck_answers["a%b"][0]) == 1
    assert len(duck_answers["50%_"][0]) == 1 and len(duck_answers["\\"][0]) == 1
    assert 0 < len(duck_answers["a_b"][0]) < len(duck_answers["_"][0])
    assert len(duck_answers["도쿄 라멘"][0]) >= 1 and duck_answers["zeppelin"] == ([], 0)
    assert len(duck_answers["라멘"][0]) > 50  # more than one page


def test_postgres_search_uses_the_trigram_index_and_answers_like_duckdb(
        postgres: TempPostgres, duck_answers: dict[str, tuple[list[str], int]]) -> None:
    store = _loaded(postgres.create_database(f"lab_search_{next(_names)}"), _frame())
    try:
        assert "traces_search_trgm" in _indexes(store)
        assert _answers(store) == duck_answers
        # The index serves the search's own WHERE clause: with the other paths off, the plan reads it.
        where, params = TraceFilter(text="zeppelin").where(dialect="postgres")
        with store.db.transaction() as cur:
            cur.execute("SET LOCAL enable_seqscan = off")
            cur.execute("SET LOCAL enable_indexscan = off")
            plan = "\n".join(r[0] for r in cur.execute(f"EXPLAIN SELECT t.turn_id FROM traces t WHERE {where}",
                                                       params).fetchall())
        assert "Bitmap Index Scan on traces_search_trgm" in plan, plan
    finally:
        store.close()


def _limited_role(postgres: TempPostgres, database: str) -> str:
    """A role that may make tables in ``database``'s public schema but not add extensions: a managed server's
    application role. Returns its URL."""
    role = f"app_no_ext_{next(_names)}"
    with psycopg.connect(postgres.socket_url(database), autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN")
        conn.execute(f"REVOKE CREATE ON DATABASE {database} FROM PUBLIC")
        conn.execute(f"GRANT USAGE, CREATE ON SCHEMA public TO {role}")
    return postgres.url(database).replace(f"//{postgres.user}@", f"//{role}@")


def test_without_pg_trgm_the_migration_passes_and_the_search_answers_alike(
        postgres: TempPostgres, duck_answers: dict[str, tuple[list[str], int]]) -> None:
    database = f"lab_search_{next(_names)}"
    postgres.create_database(database)
    url = _limited_role(postgres, database)
    with psycopg.connect(url, autocommit=True) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute("CREATE EXTENSION pg_trgm")  # the failure the migration meets
    store = _loaded(url, _frame())
    try:
        applied = {r[0] for r in store.db.fetchall("SELECT name FROM _migrations")}
        assert "core_056_pg_trgm_search" in applied
        assert store.db.fetchone("SELECT count(*) FROM pg_extension WHERE extname = 'pg_trgm'") == (0,)
        assert "traces_search_trgm" not in _indexes(store) and "traces_started" in _indexes(store)
        assert _answers(store) == duck_answers
    finally:
        store.close()

