"""Which screen a turn is about, and where the app's screen is kept between requests.

A turn works on the ``context_text`` the app sent, else the screen this conversation last left the
app on, else the sandbox app's default (home); ``done.meta.screen`` says which. The conversation's
screen lives in its stored state under ``tutor_app`` (route, tab, period, keyword, selected
entities, order, link, history), written by whoever moves the app: a turn's low-risk actions, a
confirmed high-risk action, the app's own buttons and keyword fallback. Each writes only its keys
(``put_state``), so a reload, another tab, the CLI and the HTTP API all see the same screen."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agents.core.errors import InvalidArgs
from agents.core.store import Store
from agents.tutor import contract, market
from agents.tutor.catalog import CatalogAction, catalog_for
from agents.tutor.inputs import TutorInputs
from agents.tutor.sandbox import AppState, default_state
from agents.tutor.store import PortfolioStore

if TYPE_CHECKING:
    from agents.core.turn import Turn

STATE_KEY = "tutor_app"  # the conversation's screen
# A turn sent from an app session whose reply carried no ui_action: that app session runs its keyword
# fallback once (it claims this record), a reload or another tab never does.
FALLBACK_KEY = "tutor_fallback"
DONE_KEY = "tutor_fallback_done"  # what that fallback did (turn, action, outcome), for the app's note
_TRANSIENT = {"last_prompt", "control_phase"}


@dataclass
class Screen:
    state: AppState
    contract: contract.ContextText
    catalog: list[CatalogAction]
    source: str  # context_text | conversation | default_home


def stored(state: Mapping[str, object] | None) -> AppState | None:
    """The screen kept in a conversation's state, if any (a malformed copy counts as none)."""
    raw = (state or {}).get(STATE_KEY)
    if not isinstance(raw, dict):
        return None
    try:
        return AppState.model_validate(raw)
    except ValueError:
        return None


def dump(state: AppState) -> dict[str, object]:
    return state.model_dump(mode="json", exclude=_TRANSIENT, exclude_none=True)


def save(store: Store, conversation_id: str, user_id: str, state: AppState, *, by_learner: bool = False) -> None:
    """Keep the screen; ``by_learner``: the learner moved the app, so the app's note about its own
    fallback is over."""
    store.conversations.put_state(conversation_id, user_id,
                                  {STATE_KEY: dump(state), **({DONE_KEY: None} if by_learner else {})})


def load(store: Store, conversation_id: str, user_id: str) -> AppState | None:
    row = store.conversations.get(conversation_id, user_id)
    return stored(row.state) if row is not None else None


def resolve(turn: Turn) -> Screen:
    cached = turn.memo.get("tutor_screen")
    if isinstance(cached, Screen):
        return cached
    raw = TutorInputs.of(turn).context_text
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
        saved = stored(turn.state)
        state = saved or default_state()
        ctx = contract.build(state, turn.now, portfolio_summary=portfolio, prompt=turn.text)
        screen = Screen(state, ctx, ctx.action_catalog, "conversation" if saved else "default_home")
    sent = screen.contract.ui_snapshot.portfolio_summary
    if sent is None:
        screen.contract.ui_snapshot.portfolio_summary = portfolio
    elif "positions" not in sent:  # the holdings' figures a ranked phrase ("손해 제일 많이 본 종목") is resolved against
        sent["positions"] = portfolio["positions"]
    turn.memo["tutor_screen"] = screen
    return screen


def _portfolio_summary(turn: Turn) -> dict[str, object]:
    store = PortfolioStore(turn.store)
    store.ensure(turn.user_id, turn.now)
    return market.summary(market.portfolio_value(store.holdings(turn.user_id), store.cash(turn.user_id)))


def remember(turn: Turn, state: AppState) -> None:
    """The app moved (a low-risk action ran): later calls of this turn work on the new screen."""
    screen = resolve(turn)
    screen.state = state
    screen.catalog = catalog_for(state)


def finish(turn: Turn, *, asked: bool) -> None:
    """At the end of a turn: keep the screen it left (when it differs from the stored one) and, for
    a message an app session sent whose reply moved nothing and asked nothing, the fallback record
    that session will claim."""
    screen = resolve(turn)
    values: dict[str, object] = {}
    kept = stored(turn.state)
    if kept is None or dump(kept) != dump(screen.state):
        values[STATE_KEY] = dump(screen.state)
    session = screen.contract.context.get("app_session") if screen.source == "context_text" else None
    if session and not turn.meta.get("ui_actions") and not asked:
        values[FALLBACK_KEY] = {"turn_id": turn.id, "app_session": str(session), "message": turn.text}
    elif FALLBACK_KEY in turn.state:
        values[FALLBACK_KEY] = None
    if DONE_KEY in turn.state:  # the app's note was about an earlier turn
        values[DONE_KEY] = None
    if values:
        turn.store.conversations.put_state(turn.conversation.id, turn.user_id, values)
        # The turn's own copy too: the runner writes turn.state whole when a turn changed it (the dialogue
        # state does), and a stale copy would put the old screen back.
        for key, value in values.items():
            if value is None:
                turn.state.pop(key, None)
            else:
                turn.state[key] = value
