"""Cost of a turn: tokens x price from ``genai-prices`` (the maintained price table).

A model the table does not know costs ``None`` (shown as "—"), never a guess. The offline
rule-based model is free: 0. Each model call is priced on its own tokens, since some prices
change with the size of one request (tiers).
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from functools import lru_cache

# Our provider names -> genai-prices provider ids.
PROVIDER_IDS = {"openai": "openai", "gemini": "google"}
FREE_PROVIDERS = frozenset({"offline"})


@lru_cache(maxsize=256)
def is_priced(provider: str, model: str) -> bool:
    """Whether the price table knows this model (cached: a miss costs a scan of the table)."""
    if provider in FREE_PROVIDERS:
        return True
    return _price(provider, model, 1, 1, None) is not None


def _price(provider: str, model: str, input_tokens: int, output_tokens: int, when: datetime | None) -> Decimal | None:
    from genai_prices import Usage, calc_price

    provider_id = PROVIDER_IDS.get(provider)
    if provider_id is None or not model:
        return None
    if when is not None and when.tzinfo is None:
        when = when.replace(tzinfo=UTC)  # stored times are naive UTC
    try:
        result = calc_price(Usage(input_tokens=input_tokens, output_tokens=output_tokens), model,
                            provider_id=provider_id, genai_request_timestamp=when)
    except LookupError:
        return None
    return result.total_price


def call_cost(provider: str, model: str, input_tokens: int, output_tokens: int,
              when: datetime | None = None) -> float | None:
    """USD for one model call; ``None`` for a model the price table does not know."""
    if provider in FREE_PROVIDERS:
        return 0.0
    if not is_priced(provider, model):
        return None
    price = _price(provider, model, int(input_tokens or 0), int(output_tokens or 0), when)
    return None if price is None else float(price)


def turn_cost(provider: str, model: str, spans: list[dict[str, object]], input_tokens: int, output_tokens: int,
              when: datetime | None = None) -> float | None:
    """USD for a turn: the sum of its model calls, or its totals when no call recorded tokens."""
    calls = [s for s in spans if s.get("kind") == "model" and (s.get("input_tokens") or s.get("output_tokens"))]
    if not calls:
        if not input_tokens and not output_tokens:
            return 0.0 if provider in FREE_PROVIDERS or is_priced(provider, model) else None
        return call_cost(provider, model, input_tokens, output_tokens, when)
    total = 0.0
    for span in calls:
        tokens_in, tokens_out = span.get("input_tokens"), span.get("output_tokens")
        cost = call_cost(provider, model, tokens_in if isinstance(tokens_in, int) else 0,
                         tokens_out if isinstance(tokens_out, int) else 0, when)
        if cost is None:
            return None
        total += cost
    return total
