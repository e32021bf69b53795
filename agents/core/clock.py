"""An injectable clock so expiry and seeded data are testable."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    """Naive UTC: DuckDB TIMESTAMP columns hold UTC without a zone."""
    return datetime.now(UTC).replace(tzinfo=None)


class FrozenClock:
    """A clock for tests that moves only when told to."""

    def __init__(self, start: datetime) -> None:
        self.now = start.replace(tzinfo=None)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        from datetime import timedelta

        self.now = self.now + timedelta(**delta)


def aware(moment: datetime) -> datetime:
    """Stored naive UTC -> timezone-aware UTC for events and display."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
