"""Process-wide settings kept in the database (the generated identity secret, for one)."""

from __future__ import annotations

from collections.abc import Callable

from agents.core.store.db import Database


class SettingsRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    def get(self, key: str) -> str | None:
        row = self.db.fetchone("SELECT value FROM app_settings WHERE key = ?", [key])
        return None if row is None else str(row[0])

    def get_or_create(self, key: str, make: Callable[[], str]) -> str:
        """The stored value, or ``make()`` stored once; a concurrent first call keeps the winner's."""
        self.db.execute("INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                        [key, make()])
        value = self.get(key)
        assert value is not None
        return value
