"""The account snapshot added to the system prompt each turn, and its parser.

A real model needs the roster to resolve "봄 시즌 캠페인" to an id; the offline model
reads the same lines, so both see exactly the same context.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agents.core.referents import dialogue_context
from agents.marketing.store import MarketingStore

if TYPE_CHECKING:
    from agents.core.turn import Turn

_LINE = re.compile(r"^- (cmp_\S+) \| (.+?) \| (ACTIVE|PAUSED) \| (OUTCOME_\w+) \| (\d+)$", re.M)
_TODAY = re.compile(r"^today: (\d{4}-\d{2}-\d{2})", re.M)


def build_context(turn: Turn) -> str:
    ms = MarketingStore(turn.store)
    ms.ensure_account(turn.user_id, turn.now)
    end = ms.data_end(turn.user_id)
    lines = [
        "[sandbox ad account]",
        f"today: {turn.now.date().isoformat()}",
        f"metrics through: {end.isoformat() if end else 'no data'} (periods end on this day)",
        "campaigns (id | name | status | objective | daily budget KRW):",
    ]
    lines += [f"- {c['id']} | {c['name']} | {c['status']} | {c['objective']} | {c['daily_budget']}"
              for c in ms.campaigns(turn.user_id)[:60]]
    if dialogue := dialogue_context(turn):
        lines += ["", dialogue]
    return "\n".join(lines)


def parse_context(system: str) -> tuple[list[tuple[str, str]], str]:
    """(id, name) pairs and today's date, from a system prompt built above."""
    roster = [(m.group(1), m.group(2)) for m in _LINE.finditer(system)]
    today = _TODAY.search(system)
    return roster, today.group(1) if today else "1970-01-01"


def parse_budgets(system: str) -> dict[str, int]:
    """Campaign id -> daily budget (KRW), from the same lines: "3만원 더" needs the current one."""
    return {m.group(1): int(m.group(5)) for m in _LINE.finditer(system)}


def parse_statuses(system: str) -> dict[str, str]:
    """Campaign id -> ACTIVE or PAUSED, from the same lines: pausing a paused campaign needs no card."""
    return {m.group(1): m.group(3) for m in _LINE.finditer(system)}
