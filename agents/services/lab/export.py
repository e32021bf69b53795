"""Exports of traces, feedback and votes as CSV, JSON Lines or Parquet, written by DuckDB ``COPY``."""

from __future__ import annotations

import tempfile
from datetime import datetime
from pathlib import Path

from agents.core.inputs import InvalidInput
from agents.core.store import Store
from agents.core.store.lab import ORIGINS, ExportFormat, ExportKind, TraceFilter
from agents.services.lab.access import LabUser
from agents.services.lab.traces import scoped
from agents.services.messages import say

KINDS: tuple[ExportKind, ...] = ("traces", "feedback", "votes")
FORMATS: tuple[ExportFormat, ...] = ("csv", "jsonl", "parquet")
MEDIA_TYPES = {"csv": "text/csv", "jsonl": "application/x-ndjson", "parquet": "application/vnd.apache.parquet"}
MAX_LIMIT = 10_000_000


def export(store: Store, who: LabUser, kind: str, fmt: str, filters: TraceFilter | None = None, *,
           now: datetime, full: bool = False, folder: Path | None = None,
           limit: int | None = None) -> tuple[Path, int]:
    """Write the file (in a fresh temporary folder unless ``folder`` is given); returns it and its row count.
    ``limit`` keeps the newest rows only (written oldest first, like a whole export)."""
    if kind not in KINDS:
        raise InvalidInput("kind", say("export_kind_bad", choices=", ".join(KINDS), shown=kind))
    if fmt not in FORMATS:
        raise InvalidInput("format", say("export_format_bad", choices=", ".join(FORMATS), shown=fmt))
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT):
        raise InvalidInput("limit", say("export_limit_bad", most=MAX_LIMIT, shown=limit))
    folder = folder or _fresh_folder(now)
    path = folder / f"{kind}-{now:%Y%m%d-%H%M%S}.{fmt}"
    filters = filters or TraceFilter()
    if filters.origins is None:  # an export is the data: every origin (its origin column tells them apart)
        filters = filters.model_copy(update={"origins": list(ORIGINS)})
    count = store.lab.export(kind, fmt, path, scoped(filters, who), full=full, limit=limit)
    return path, count


EXPORT_ROOT = Path(tempfile.gettempdir()) / "playground-exports"
KEEP_SECONDS = 3600


def _fresh_folder(now: datetime) -> Path:
    """A new folder under one root; folders older than an hour are removed (their downloads are done)."""
    import shutil
    import time

    EXPORT_ROOT.mkdir(parents=True, exist_ok=True)
    for old in EXPORT_ROOT.iterdir():
        try:
            if time.time() - old.stat().st_mtime > KEEP_SECONDS:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:  # another process removed it first
            continue
    return Path(tempfile.mkdtemp(prefix=f"{now:%Y%m%d}-", dir=EXPORT_ROOT))
