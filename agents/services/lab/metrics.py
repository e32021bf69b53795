"""Metrics per agent x provider x model x prompt version over a period, and the same over time."""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from agents.core.fallbacks import FALLBACKS
from agents.core.store import Store
from agents.core.store.lab import TraceFilter
from agents.services.lab.access import LabUser
from agents.services.lab.traces import scoped
from agents.services.messages import say

if TYPE_CHECKING:  # pandas (seconds of CPU) loads with the first DataFrame, not with the CLI
    import pandas as pd

PERIODS: dict[str, timedelta | None] = {"24h": timedelta(hours=24), "7d": timedelta(days=7),
                                        "30d": timedelta(days=30), "all": None}
Period = Literal["24h", "7d", "30d", "all"]
KEYS = ["agent_id", "provider", "model", "prompt_version"]


def period_filter(period: str, now: datetime, base: TraceFilter | None = None) -> TraceFilter:
    """``base`` limited to the last ``period`` (24h, 7d, 30d or all)."""
    if period not in PERIODS:
        from agents.core.inputs import InvalidInput

        raise InvalidInput("period", say("period_bad", choices=", ".join(PERIODS), shown=period))
    span = PERIODS[period]
    base = base or TraceFilter()
    return base if span is None else base.model_copy(update={"since": now - span})


def metrics(store: Store, who: LabUser, filters: TraceFilter | None = None) -> pd.DataFrame:
    """One row per configuration; see ``LabRepo.metrics`` for the columns."""
    return store.lab.metrics(scoped(filters or TraceFilter(), who))


def over_time(store: Store, who: LabUser, filters: TraceFilter | None = None) -> pd.DataFrame:
    """Per hour when the turns in the period span two days or less, else per day."""
    filters = scoped(filters or TraceFilter(), who)
    first, last = store.lab.span(filters)
    bucket: Literal["hour", "day"] = "day"
    if first is not None and last is not None and last - first <= timedelta(days=2):
        bucket = "hour"  # the turns cover two days or less: days would be one or two points
    frame = store.lab.over_time(filters, bucket)
    frame["config"] = [config_label(r) for r in frame.to_dict("records")]
    return frame


def config_label(row: Mapping[Hashable, Any]) -> str:
    version = row.get("prompt_version")
    shown = "—" if version is None or (isinstance(version, float) and math.isnan(version)) else f"v{int(version)}"
    return f"{row['agent_id']} · {row['provider']}/{row['model']} · {shown}"


def records(frame: pd.DataFrame) -> list[dict[str, object]]:
    """JSON-ready rows: NaN and NA become None, numpy numbers plain numbers."""
    import pandas as pd  # already loaded: DuckDB made the frame with it

    out = []
    for row in frame.to_dict("records"):
        clean: dict[str, object] = {}
        for column, value in row.items():
            key = str(column)  # DuckDB's column names
            if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NA:
                clean[key] = None
            elif hasattr(value, "item"):
                clean[key] = value.item()
            elif isinstance(value, pd.Timestamp):
                clean[key] = value.to_pydatetime().isoformat()
            else:
                clean[key] = value
        version = clean.get("prompt_version")
        if isinstance(version, int | float | str):
            clean["prompt_version"] = int(version)
        counted = {name: clean.pop(f"fb_{name}") for name in FALLBACKS if f"fb_{name}" in clean}
        if counted:
            clean["fallbacks"] = counted
        out.append(clean)
    return out
