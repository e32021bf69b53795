"""Copy every table of one store into another (DuckDB file ↔ PostgreSQL): ``playground db copy``.

Both stores are opened (so migrated) by the same code first, so their tables have the same columns. The
target must hold no conversations, or be replaced on purpose: its rows of every copied table are deleted and
the source's inserted in one transaction, so a failure leaves the target as it was. Counts are checked after."""

from __future__ import annotations

from collections.abc import Iterator

from agents.core.errors import PlaygroundError
from agents.core.messages import say
from agents.core.store import Store
from agents.core.store.db import Database

BATCH = 5_000
# Tables the migrations themselves fill (catalogues, seeded sandboxes): a fresh target already has these rows.
_RECORDS = "_migrations"
_TABLES = {
    # current_database(): a process attaches every DuckDB file it opens to one instance (duck_host.py)
    "duckdb": "SELECT table_name FROM information_schema.tables WHERE table_catalog = current_database() "
              "AND table_schema = 'main' AND table_type = 'BASE TABLE' ORDER BY table_name",
    "postgres": "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
                "AND table_type = 'BASE TABLE' ORDER BY table_name",
}
_COLUMNS = {
    "duckdb": "SELECT column_name FROM information_schema.columns WHERE table_catalog = current_database() "
              "AND table_schema = 'main' AND table_name = ? ORDER BY ordinal_position",
    "postgres": "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
                "AND table_name = ? ORDER BY ordinal_position",
}


class CopyRefused(PlaygroundError):
    def __init__(self, message: str) -> None:
        super().__init__(message, code="copy_refused")


def tables(store: Store) -> list[str]:
    return [row[0] for row in store.db.fetchall(_TABLES[store.db.dialect]) if row[0] != _RECORDS]


def columns(store: Store, table: str) -> list[str]:
    return [row[0] for row in store.db.fetchall(_COLUMNS[store.db.dialect], [table])]


def counts(store: Store) -> dict[str, int]:
    """Rows per table (names come from the catalogue, never from a person)."""
    found: dict[str, int] = {}
    for table in tables(store):
        row = store.db.fetchone(f'SELECT count(*) FROM "{table}"')
        found[table] = int(row[0]) if row else 0
    return found


def _rows(source: Store, table: str, names: list[str]) -> Iterator[list[tuple[object, ...]]]:
    select = f'SELECT {", ".join(chr(34) + n + chr(34) for n in names)} FROM "{table}"'
    if isinstance(source.db, Database):
        cur = source.db.cursor().execute(select)  # DuckDB streams: a big table never sits whole in memory
        while batch := cur.fetchmany(BATCH):
            yield batch
        return
    rows = source.db.fetchall(select)
    for start in range(0, len(rows), BATCH):
        yield rows[start:start + BATCH]


def copy_store(source: Store, target: Store, *, replace: bool = False) -> dict[str, int]:
    """Copy every table the two stores share; the rows copied per table. Refused, naming the reason, when the
    target already holds conversations (unless ``replace``), when they differ in migrations, or in a table's
    columns."""
    if source.path == target.path:
        raise CopyRefused(say("copy_same"))
    applied = {d: {row[0] for row in s.db.fetchall("SELECT name FROM _migrations")}
               for d, s in (("source", source), ("target", target))}
    if applied["source"] != applied["target"]:
        missing = sorted(applied["source"] ^ applied["target"])[:5]
        raise CopyRefused(say("copy_migrations", names=", ".join(missing)))
    held = target.db.fetchone("SELECT count(*) FROM conversations")
    if held and held[0] and not replace:
        raise CopyRefused(say("copy_target_full", n=held[0]))
    shared = [t for t in tables(source) if t in set(tables(target))]
    plan: list[tuple[str, list[str]]] = []
    for table in shared:
        names = columns(source, table)
        if names != columns(target, table):
            raise CopyRefused(say("copy_columns", table=table))
        plan.append((table, names))
    copied: dict[str, int] = {}

    def load() -> None:
        copied.clear()
        for table, names in plan:
            target.db.execute(f'DELETE FROM "{table}"')
            copied[table] = 0
            for batch in _rows(source, table, names):
                _insert(target, table, names, batch)
                copied[table] += len(batch)

    target.db.write(load, attempts=1)
    after = counts(target)
    wrong = {t: (n, after.get(t)) for t, n in copied.items() if after.get(t) != n}
    if wrong:
        raise CopyRefused(say("copy_counts", wrong=wrong))
    return copied


def _insert(target: Store, table: str, names: list[str], batch: list[tuple[object, ...]]) -> None:
    # One statement per batch on both: COPY on PostgreSQL, a bulk INSERT on DuckDB (its executemany ran one
    # statement per row: tests/bench/bench_store.py prints both beside DuckDB's own INSERT ... SELECT).
    target.db.copy_rows(f'"{table}"', [f'"{n}"' for n in names], batch)
