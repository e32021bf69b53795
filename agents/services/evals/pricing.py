"""A turn's cost: tokens × price from ``genai-prices`` (the maintained price table) for known models.

The offline model is free (0). A model the table does not know has no cost (``None``), never a guess,
and a ``cost_max`` assertion on it is skipped, not passed.
"""

from __future__ import annotations

from functools import lru_cache

from agents.core.events import Usage

# Our provider names -> the table's provider ids.
_PROVIDER_IDS = {"openai": "openai", "gemini": "google"}


def cost_of(provider: str, model: str, usage: Usage) -> float | None:
    if provider == "offline":
        return 0.0
    price = _unit_price(provider, model)
    if price is None:
        return None
    per_input, per_output = price
    return usage.input_tokens * per_input + usage.output_tokens * per_output


@lru_cache(maxsize=64)
def _unit_price(provider: str, model: str) -> tuple[float, float] | None:
    """Dollars per input and per output token, read once per model from the table."""
    try:
        from genai_prices import Usage as PriceUsage
        from genai_prices import calc_price
    except ImportError:
        return None
    try:
        million = 1_000_000
        inp = calc_price(PriceUsage(input_tokens=million, output_tokens=0), model,
                         provider_id=_PROVIDER_IDS.get(provider, provider))
        out = calc_price(PriceUsage(input_tokens=0, output_tokens=million), model,
                         provider_id=_PROVIDER_IDS.get(provider, provider))
    except LookupError:
        return None
    except Exception:  # noqa: BLE001 - an unknown model or provider in the table is "no price", never a crash
        return None
    return float(inp.total_price) / million, float(out.total_price) / million
