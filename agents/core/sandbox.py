"""Sandbox users of a side-by-side comparison (``sbx-<id>-a`` and ``sbx-<id>-b``).

Each side runs as its own user so a mutation on one side cannot touch the other, yet both must
start from the same data for the comparison to be fair: generators that derive a user's sandbox
from the user id derive it from ``seed_identity`` instead, which both sides share.
"""

from __future__ import annotations

import re

_SIDE = re.compile(r"^(sbx-[0-9a-f]{6,32})-[ab]$")


def seed_identity(user_id: str) -> str:
    """The id a user's generated sandbox data is derived from: a comparison side's shared base."""
    match = _SIDE.match(user_id)
    return match.group(1) if match else user_id


def is_sandbox_user(user_id: str) -> bool:
    return _SIDE.match(user_id) is not None
