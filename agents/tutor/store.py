"""The tutor's part of the store: each user's sandbox portfolio (holdings and cash). All SQL here."""

from __future__ import annotations

from datetime import datetime

import duckdb

from agents.core.store import Store
from agents.core.store.ddl import create_table
from agents.core.store.migrations import Migration
from agents.tutor.sandbox_data import Holding, default_portfolio


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


class PortfolioStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    def ensure(self, user_id: str, now: datetime) -> None:
        """Seed the default sandbox portfolio the first time (idempotent, race-safe)."""
        if self.db.fetchone("SELECT 1 FROM tutor_portfolios WHERE user_id = ?", [user_id]) is None:
            self.db.write(lambda: self._seed(user_id, now, replace=False))

    def _seed(self, user_id: str, now: datetime, *, replace: bool) -> None:
        base = default_portfolio()
        if replace:
            self.db.execute("DELETE FROM tutor_holdings WHERE user_id = ?", [user_id])
            self.db.execute("DELETE FROM tutor_portfolios WHERE user_id = ?", [user_id])
        elif self.db.fetchone("SELECT 1 FROM tutor_portfolios WHERE user_id = ?", [user_id]) is not None:
            return
        self.db.execute("INSERT INTO tutor_portfolios VALUES (?, ?, ?)", [user_id, base["cash"], now])
        holdings = [[user_id, h["code"], h["quantity"], h["avg_price"], i] for i, h in enumerate(base["holdings"])]
        if holdings:  # one multi-row INSERT: DuckDB's executemany runs a statement per row
            self.db.execute("INSERT INTO tutor_holdings VALUES " + ", ".join(["(?, ?, ?, ?, ?)"] * len(holdings)),
                            [v for row in holdings for v in row])

    def holdings(self, user_id: str) -> list[Holding]:
        rows = self.db.fetchall("SELECT code, quantity, avg_price FROM tutor_holdings WHERE user_id = ? "
                                "ORDER BY position", [user_id])
        return [{"code": str(code), "quantity": int(quantity), "avg_price": int(price)} for code, quantity, price in rows]

    def cash(self, user_id: str) -> int:
        row = self.db.fetchone("SELECT cash FROM tutor_portfolios WHERE user_id = ?", [user_id])
        return int(row[0]) if row else int(default_portfolio()["cash"])

    def remove(self, user_id: str, code: str) -> Holding | None:
        """Delete one holding; the removed row, or None when it was not held. Run inside a transaction."""
        row = self.db.fetchone("DELETE FROM tutor_holdings WHERE user_id = ? AND code = ? "
                               "RETURNING code, quantity, avg_price", [user_id, code])
        return None if row is None else {"code": str(row[0]), "quantity": int(row[1]), "avg_price": int(row[2])}

    def reset(self, user_id: str, now: datetime) -> None:
        """Back to data/tutor/portfolio.json. Run inside a transaction (the pending action's)."""
        self._seed(user_id, now, replace=True)
