"""What a turn claims before its model call (issue 26): one of its owner's daily turns and, when it
bills the server's model keys, a share of the shared daily budget.

Both are claimed in the store with one conditional UPDATE each (``store/limits.py``), so concurrent
turns can never pass a limit together; the budget claim reserves what the dearest turn so far cost
and the turn settles it with its real cost (``genai-prices``, as its trace records) when it ends.
A visitor's own key (typed in the browser) and the offline model are never counted against the budget.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from agents.core import guards, pricing
from agents.core.errors import GuardRefusal
from agents.core.events import Usage
from agents.core.messages import one, say
from agents.core.providers.base import Provider
from agents.core.store import Store
from agents.core.store.limits import CounterBusy

log = logging.getLogger(__name__)

SERVER = "server"  # the budget's subject: every server key together


def bills_server(provider: Provider) -> bool:
    """Whether the provider's calls are paid with a key from the server's environment."""
    return provider.name in pricing.PROVIDER_IDS and bool(getattr(provider, "server_key", False))


@dataclass
class TurnClaim:
    owner_id: str
    day: datetime
    reserved_usd: float | None = None  # None: the turn is not billed to the server
    taken: bool = True

    def release(self, store: Store) -> None:
        """The turn never ran (its message could not be saved): give everything back."""
        if not self.taken:
            return
        try:
            store.limits.release("turns", self.owner_id, self.day)
            if self.reserved_usd is not None:
                store.limits.settle_spend(SERVER, self.day, self.reserved_usd, 0.0)
        except Exception:  # the store is failing already; the caller reports that
            log.exception("could not release the usage claim of a turn of %s", self.owner_id)

    def settle(self, store: Store, provider: Provider, spans: list[dict[str, object]], usage: Usage, when: datetime) -> None:
        """Replace the budget reservation with what the turn cost. Never raises: the turn is over."""
        if self.reserved_usd is None:
            return
        try:
            cost = pricing.turn_cost(provider.name, provider.model, spans, usage.input_tokens, usage.output_tokens,
                                     when)
            store.limits.settle_spend(SERVER, self.day, self.reserved_usd, cost or 0.0)
        except Exception:
            log.exception("could not settle the budget reservation of a turn of %s", self.owner_id)


NO_CLAIM = TurnClaim("", datetime.min, taken=False)  # a refused turn claimed nothing


def claim_turn(store: Store, provider: Provider, owner_id: str, now: datetime, settings: guards.GuardSettings) -> TurnClaim:
    """Claim one turn of the owner's day and, for the server's keys, budget; GuardRefusal when either is used up."""
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    try:
        if store.limits.claim_turn(owner_id, day, settings.daily_turn_limit) is None:
            guards.check_usage(settings.daily_turn_limit, settings)  # raises the usage_limit refusal
    except CounterBusy as exc:
        raise _busy() from exc
    claim = TurnClaim(owner_id, day)
    try:
        claim.reserved_usd = _reserve(store, provider, now, day, settings, saved=True)
    except GuardRefusal:
        store.limits.release("turns", owner_id, day)
        raise
    return claim


def _reserve(store: Store, provider: Provider, now: datetime, day: datetime, settings: guards.GuardSettings, *,
             saved: bool) -> float | None:
    """For a call on the server's keys under a budget: its reservation (GuardRefusal when none is left);
    None when the call is not billed to the server."""
    budget = settings.provider_daily_budget_usd
    if budget is None or not bills_server(provider):
        return None
    if not pricing.is_priced(provider.name, provider.model):
        raise _unpriced(provider.name, provider.model, saved)
    try:
        reserved = store.limits.reserve_spend(SERVER, day, budget)
    except CounterBusy as exc:
        raise _busy(saved) from exc
    if reserved is None:
        raise _exhausted(budget, now, day, saved)
    return reserved


@dataclass
class CallClaim:
    """The budget a model call outside a turn reserved (a judge's grading, "Test connection")."""

    day: datetime
    reserved_usd: float | None

    def settle(self, store: Store, cost_usd: float | None) -> None:
        """Replace the reservation with what the call cost (an unknown cost keeps the reservation). Never raises."""
        if self.reserved_usd is None:
            return
        try:
            store.limits.settle_spend(SERVER, self.day, self.reserved_usd,
                                      self.reserved_usd if cost_usd is None else cost_usd)
        except Exception:
            log.exception("could not settle the budget reservation of a model call")


def claim_call(store: Store, provider: Provider, now: datetime, settings: guards.GuardSettings) -> CallClaim:
    """A model call that is not a turn still spends the server's keys: it counts against the shared daily
    budget like a turn (GuardRefusal, nothing sent, when the budget is used up)."""
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    return CallClaim(day, _reserve(store, provider, now, day, settings, saved=False))


def _usd(amount: float) -> str:
    return f"${amount:,.2f}" if amount >= 0.01 or amount == 0 else f"${amount:.6g}"


def _exhausted(budget: float, now: datetime, day: datetime, saved: bool = True) -> GuardRefusal:
    left = day + timedelta(days=1) - now
    hours, minutes = divmod(max(1, round(left.total_seconds() / 60)), 60)
    return GuardRefusal(
        say("budget_exhausted", budget=_usd(budget), hours=hours, minutes=minutes, **_saved("saved_refused", saved)),
        code="budget_exhausted", retryable=True,
    )


def _busy(saved: bool = True) -> GuardRefusal:
    return GuardRefusal(say("usage_busy", **_saved("saved_refused_it", saved)), code="usage_busy", retryable=True)


def _saved(key: str, saved: bool) -> dict[str, str]:
    """The "it was saved, marked refused" clause in both languages (empty for a call that saved nothing)."""
    return {"saved_ko": one(key, "ko"), "saved_en": one(key, "en")} if saved else {"saved_ko": "", "saved_en": ""}


def _unpriced(provider: str, model: str, saved: bool = True) -> GuardRefusal:
    return GuardRefusal(
        say("unpriced_model", provider=provider, model=model, **_saved("saved_refused_end", saved)),
        code="budget_unpriced_model",
    )
