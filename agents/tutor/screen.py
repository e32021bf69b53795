"""Which screen a turn is about: the ``context_text`` the app sent, else the screen this conversation
last left the app on, else the sandbox app's default (home). ``done.meta.screen`` says which."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agents.core.errors import InvalidArgs
from agents.tutor import contract, market
from agents.tutor.catalog import CatalogAction, catalog_for
from agents.tutor.sandbox import AppState, default_state
from agents.tutor.store import PortfolioStore

if TYPE_CHECKING:
    from agents.core.runner import Turn

STATE_KEY = "tutor_app"  # the conversation state's copy of the app state, for turns without a screen


@dataclass
class Screen:
    state: AppState
    contract: contract.ContextText
    catalog: list[CatalogAction]
    source: str  # context_text | conversation | default_home


def resolve(turn: Turn) -> Screen:
    cached = turn.extra.get("_tutor_screen")
    if isinstance(cached, Screen):
        return cached
    raw = turn.extra.get("context_text")
    portfolio = _portfolio_summary(turn)
    if raw:
        try:
            ctx = contract.parse(str(raw))
            state = contract.state_of(ctx)
        except contract.BadContext as exc:
            raise InvalidArgs(f"{exc} Send the sandbox app's context_text, or leave it out to use the home screen.") \
                from exc
        # The client names the ids it offers; the schemas and risks are always ours.
        offered = {a.id for a in ctx.action_catalog}
        catalog = [a for a in catalog_for(state) if a.id in offered]
        screen = Screen(state, ctx, catalog, "context_text")
    else:
        saved: dict[str, Any] | None = turn.state.get(STATE_KEY)
        state = AppState.model_validate(saved) if saved else default_state()
        ctx = contract.build(state, turn.now, portfolio_summary=portfolio, prompt=turn.text)
        screen = Screen(state, ctx, ctx.action_catalog, "conversation" if saved else "default_home")
    if screen.contract.ui_snapshot.portfolio_summary is None:
        screen.contract.ui_snapshot.portfolio_summary = portfolio
    turn.extra["_tutor_screen"] = screen
    return screen


def _portfolio_summary(turn: Turn) -> dict[str, Any]:
    store = PortfolioStore(turn.store)
    store.ensure(turn.user_id, turn.now)
    return market.summary(market.portfolio_value(store.holdings(turn.user_id), store.cash(turn.user_id)))


def remember(turn: Turn, state: AppState) -> None:
    """The app moved (a low-risk action ran): the next turn without a screen starts here."""
    screen = resolve(turn)
    screen.state = state
    screen.catalog = catalog_for(state)
    turn.state[STATE_KEY] = state.model_dump(mode="json", exclude={"history", "last_prompt", "control_phase"})
