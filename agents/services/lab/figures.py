"""How Lab figures read, the same in the CLI, the HTTP API's text and the Lab tab."""

from __future__ import annotations

import math
from datetime import datetime

UNKNOWN = "—"


def missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def cost(value: float | None) -> str:
    """US dollars; a model the price table lacks shows "—", never a guessed figure."""
    if value is None or missing(value):
        return UNKNOWN
    if value == 0:
        return "$0"
    if value < 0.01:
        return f"${value:.6f}".rstrip("0")
    return f"${value:,.4f}".rstrip("0").rstrip(".")


def ms(value: float | None) -> str:
    if value is None or missing(value):
        return UNKNOWN
    return f"{value / 1000:.2f} s" if value >= 10_000 else f"{value:,.0f} ms"


def tokens(input_tokens: int | None, output_tokens: int | None) -> str:
    if missing(input_tokens) and missing(output_tokens):
        return UNKNOWN
    return f"{int(input_tokens or 0):,} → {int(output_tokens or 0):,}"


def version(value: int | None) -> str:
    if value is None or missing(value):
        return UNKNOWN
    return "v0 (built-in)" if int(value) == 0 else f"v{int(value)}"


def ratio(value: float | None) -> str:
    return UNKNOWN if missing(value) else f"{value:.0%}"


def when(value: datetime | None) -> str:
    return UNKNOWN if value is None else f"{value:%Y-%m-%d %H:%M:%S}"


FEEDBACK_MARK = {"up": "👍", "down": "👎", None: ""}
STATUS_MARK = {"done": "✅ done", "error": "⚠️ error", "interrupted": "⏹ interrupted", "refused": "🚫 refused"}
