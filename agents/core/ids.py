"""Identifier helpers: sortable, prefixed, url-safe."""

from __future__ import annotations

import hashlib
import os
import time


def new_id(prefix: str) -> str:
    # Millisecond time first so ids sort by creation; 8 random bytes avoid collisions.
    return f"{prefix}_{int(time.time() * 1000):012x}{os.urandom(8).hex()}"


def stable_id(prefix: str, *parts: str) -> str:
    """Deterministic id for the offline provider: same input, same id."""
    digest = hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:16]
    return f"{prefix}_{digest}"
