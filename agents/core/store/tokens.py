"""Per-user API tokens (HTTP API access in shared mode). Only the sha256 of a token is stored."""

from __future__ import annotations

import contextlib
import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, ConfigDict

from agents.core.ids import new_id
from agents.core.store.db import AnyDatabase

_COLS = "id, user_id, label, prefix, created_at, last_used_at, revoked_at"
TOKEN_PREFIX = "pgt_"
PREFIX_CHARS = 10
MAX_ACTIVE_TOKENS = 20
# Writing last_used_at on every request would make concurrent requests conflict on the row.
_TOUCH_EVERY = timedelta(minutes=1)


class ApiTokenRow(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    id: str
    user_id: str
    label: str
    prefix: str
    created_at: datetime
    last_used_at: datetime | None = None
    revoked_at: datetime | None = None

    @property
    def active(self) -> bool:
        return self.revoked_at is None


def hash_token(plain: str) -> str:
    return hashlib.sha256(plain.encode("utf-8", "surrogatepass")).hexdigest()


def _row(row: tuple[Any, ...]) -> ApiTokenRow:
    return ApiTokenRow(**dict(zip(_COLS.split(", "), row, strict=True)))


class ApiTokenRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db

    def create(self, user_id: str, label: str, now: datetime) -> tuple[ApiTokenRow, str]:
        """A new token; the plain value is returned here once and never again."""
        plain = TOKEN_PREFIX + secrets.token_urlsafe(32)
        token_id = new_id("tok")
        self.db.execute(
            f"INSERT INTO api_tokens ({_COLS}, token_hash) VALUES (?, ?, ?, ?, ?, NULL, NULL, ?)",
            [token_id, user_id, label, plain[:PREFIX_CHARS], now, hash_token(plain)],
        )
        row = self.get(token_id, user_id)
        assert row is not None
        return row, plain

    def get(self, token_id: str, user_id: str) -> ApiTokenRow | None:
        row = self.db.fetchone(f"SELECT {_COLS} FROM api_tokens WHERE id = ? AND user_id = ?", [token_id, user_id])
        return _row(row) if row else None

    def list(self, user_id: str, *, include_revoked: bool = True) -> list[ApiTokenRow]:
        rows = self.db.fetchall(
            f"""SELECT {_COLS} FROM api_tokens WHERE user_id = ? AND (? OR revoked_at IS NULL)
                ORDER BY created_at DESC, id DESC""",
            [user_id, include_revoked],
        )
        return [_row(r) for r in rows]

    def count_active(self, user_id: str) -> int:
        row = self.db.fetchone("SELECT count(*) FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL", [user_id])
        return int(row[0]) if row else 0

    def revoke(self, token_id: str, user_id: str, now: datetime) -> bool:
        """Owner-scoped: revoking someone else's token id changes nothing and returns False."""
        rows = self.db.fetchall(
            "UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL RETURNING id",
            [now, token_id, user_id],
        )
        return bool(rows)

    def authenticate(self, plain: str, now: datetime) -> ApiTokenRow | None:
        """The active token with this value, or None; notes the use at most once a minute."""
        row = self.db.fetchone(
            f"SELECT {_COLS} FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL", [hash_token(plain)]
        )
        if row is None:
            return None
        token = _row(row)
        if token.last_used_at is None or now - token.last_used_at >= _TOUCH_EVERY:
            # Another request noting the use at the same moment conflicts; one note is enough.
            with contextlib.suppress(*self.db.conflict):
                self.db.execute("UPDATE api_tokens SET last_used_at = ? WHERE id = ?", [now, token.id])
        return token
