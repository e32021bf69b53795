"""The tutor's part of the store: each user's sandbox portfolio (holdings and cash). All SQL here
but the tables' migrations (migrations.py)."""

from __future__ import annotations

from datetime import datetime

from agents.core.store import Store
from agents.tutor.sandbox_data import Holding, default_portfolio


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
