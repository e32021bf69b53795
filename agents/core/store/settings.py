"""Process-wide settings kept in the database (the generated identity secret, for one)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

from agents.core.store.db import AnyDatabase


class SettingsRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    def get(self, key: str) -> str | None:
        row = self.db.fetchone("SELECT value FROM app_settings WHERE key = ?", [key])
        return None if row is None else str(row[0])

    def get_or_create(self, key: str, make: Callable[[], str]) -> str:
        """The stored value, or ``make()`` stored once; a concurrent first call keeps the winner's."""
        for _ in range(100):
            value = self.get(key)
            if value is not None:
                return value
            # Two first calls at once: DuckDB answers the second insert with a constraint error (or a
            # write-write conflict) rather than doing nothing, until the winner commits; read it then.
            with contextlib.suppress(*self.db.constraint, *self.db.conflict):
                self.db.execute("INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                                [key, make()])
                continue
            time.sleep(0.01)
        raise RuntimeError(f"the setting {key!r} could not be stored")
